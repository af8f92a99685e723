//! The autosave: what [`HotSeat`] keeps in localStorage and how it comes back.

use outflank_engine::Game;
use serde::{Deserialize, Serialize};

use super::{HotSeat, Opponent};
use crate::clock::Clocks;
use crate::protocol::GameView;

/// The autosave format (localStorage), versioned: anything else is an old or corrupt
/// entry and starts a fresh game.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Saved {
    version: u32,
    data: GameView,
    /// A game against the computer (absent in hot-seat games and older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    computer: Option<Opponent>,
    /// The game's id (absent in older saves).
    #[serde(default, skip_serializing_if = "is_zero")]
    id: u64,
    /// The clocks, in a game with a time control (absent otherwise and in older saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clocks: Option<Clocks>,
}

fn is_zero(id: &u64) -> bool {
    *id == 0
}

const SAVE_VERSION: u32 = 2;

impl HotSeat {
    /// What the autosave keeps.
    pub fn saved(&self) -> Saved {
        Saved {
            version: SAVE_VERSION,
            data: self.data.clone(),
            computer: self.computer,
            id: self.id,
            clocks: self.clocks.clone(),
        }
    }

    /// Restores an autosave read at `now`; another version is an error. (A save that does
    /// not read as [`Saved`], an inconsistent game included, never gets here.)
    pub fn restore(saved: Saved, now: u64) -> Result<HotSeat, String> {
        if saved.version != SAVE_VERSION {
            return Err(format!(
                "saved by version {}, this is {SAVE_VERSION}",
                saved.version
            ));
        }
        let to_move = saved.data.game.to_move();
        let clocks = match saved.clocks {
            Some(clocks) => Some(
                clocks
                    .checked(to_move, now)
                    .map_err(|e| format!("the clocks: {e}"))?,
            ),
            None => None,
        };
        let mut h = HotSeat::around(saved.data)
            .with_computer(saved.computer)
            .map_err(|e| format!("the computer's seat: {e}"))?
            .with_id(saved.id);
        h.clocks = clocks;
        Ok(h)
    }
}
