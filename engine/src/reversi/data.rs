//! The JSON form of a Reversi game, checked when read back by replaying its moves.

use serde::{Deserialize, Serialize};

use super::{Action, Reversi, ReversiOptions};
use crate::{Error, Game, Player, Position, Resignation, Square};

/// The JSON form of a game: everything a host stores, checked when read back.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ReversiData {
    options: ReversiOptions,
    /// Every turn in order: squares, and `"pass"` for the automatic passes.
    turns: Vec<String>,
    /// Rows of `X`, `O` and `-`, row 1 first.
    board: Vec<String>,
    /// The player to move, `null` once the game has ended.
    to_move: Option<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    conceded: Option<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    dropped: Option<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    timed_out: Option<Player>,
}

impl Serialize for Reversi {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [conceded, dropped, timed_out] = Resignation::stored(self.resigned);
        ReversiData {
            options: self.options,
            turns: self.turns.iter().map(|t| t.action.notation()).collect(),
            board: self.position.to_rows(),
            to_move: self.to_move(),
            conceded,
            dropped,
            timed_out,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Reversi {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Reversi, D::Error> {
        let data = ReversiData::deserialize(d)?;
        Reversi::try_from_data(data).map_err(serde::de::Error::custom)
    }
}

impl Reversi {
    /// Checks stored data by replaying its moves: the board, the turn, the passes and the
    /// concession must all be what the moves lead to.
    fn try_from_data(data: ReversiData) -> Result<Reversi, Error> {
        let options = data.options;
        let mut game = Reversi::new(options)?;
        let stored = Position::from_rows(&data.board, Player::First, options.variant)?;
        if stored.size() != options.size {
            return Err(Error::malformed(format!(
                "the board is {0}x{0} but the options say {1}x{1}",
                stored.size(),
                options.size
            )));
        }
        let placements = data.turns.iter().filter(|t| t.as_str() != "pass").count() as u32;
        let discs: u32 = stored.counts().iter().sum();
        let at_start = game.start_discs();
        if discs != at_start + placements {
            return Err(Error::malformed(format!(
                "{discs} discs on the board cannot follow {placements} moves from a start \
                 with {at_start}"
            )));
        }
        for (k, text) in data.turns.iter().enumerate() {
            if text == "pass" {
                // Passes are replayed automatically; check one was due here.
                if game.turns.get(k).map(|t| t.action) != Some(Action::Pass) {
                    return Err(Error::malformed(format!(
                        "turn {} is a pass that was not forced",
                        k + 1
                    )));
                }
                continue;
            }
            if game.turns.len() != k {
                return Err(Error::malformed(format!(
                    "turn {} should be a forced pass",
                    k + 1
                )));
            }
            let sq = text
                .parse::<Square>()
                .map_err(|e| Error::malformed(format!("turn {}: {e}", k + 1)))?;
            game.place(sq)
                .map_err(|e| Error::malformed(format!("turn {}: {e}", k + 1)))?;
        }
        if game.turns.len() != data.turns.len() {
            return Err(Error::malformed(
                "the turns end without the forced pass that follows them",
            ));
        }
        if game.position.to_rows() != data.board {
            return Err(Error::malformed(
                "the board is not the one the turns lead to",
            ));
        }
        if let Some(how) = Resignation::from_stored([data.conceded, data.dropped, data.timed_out])?
        {
            game.resign(how)
                .map_err(|e| Error::malformed(format!("the resignation: {e}")))?;
        }
        if game.to_move() != data.to_move {
            return Err(Error::malformed(
                "the player to move is not the one the turns lead to",
            ));
        }
        Ok(game)
    }
}
