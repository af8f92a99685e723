//! The local hot-seat game: a [`Reversi`] plus everything the viewer says about it
//! (status line, cell labels, what to save). Plain Rust, no DOM: tested natively.

use outflank_engine::{Action, Error, Outcome, Player, Reversi, ReversiOptions, Square};
use serde::{Deserialize, Serialize};

/// What a cell shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cell {
    pub square: Square,
    pub disc: Option<Player>,
    pub legal: bool,
}

/// The colour name of a player's discs: "Dark" or "Light".
pub fn colour(player: Player) -> &'static str {
    player.colour_name()
}

/// The hot-seat game the page owns.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HotSeat {
    game: Reversi,
}

/// What is kept in localStorage: the options and the record, replayed on load (so a
/// saved game is validated by the engine's own rules, whatever its serde format).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Saved {
    pub options: ReversiOptions,
    pub record: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<Player>,
}

impl HotSeat {
    pub fn new(options: ReversiOptions) -> Result<HotSeat, Error> {
        Ok(HotSeat {
            game: Reversi::new(options)?,
        })
    }

    pub fn game(&self) -> &Reversi {
        &self.game
    }

    pub fn size(&self) -> u8 {
        self.game.size()
    }

    /// Every square in reading order (a1, b1, ..., a2, ...).
    pub fn squares(&self) -> Vec<Square> {
        let n = self.size();
        (0..n)
            .flat_map(|row| (0..n).map(move |col| Square::new(col, row)))
            .collect()
    }

    pub fn cell(&self, square: Square) -> Cell {
        Cell {
            square,
            disc: self.game.disc(square),
            legal: self.game.is_legal(square),
        }
    }

    /// Plays `square` for whoever is to move; the game is unchanged on error.
    pub fn play(&mut self, square: Square) -> Result<(), Error> {
        self.game.try_play(square)
    }

    pub fn scores(&self) -> [u32; 2] {
        self.game.scores()
    }

    pub fn to_move(&self) -> Option<Player> {
        self.game.to_move()
    }

    /// The pass that happened right before the current turn, if any: the player who passed.
    pub fn last_pass(&self) -> Option<Player> {
        match self.game.turns().last() {
            Some(turn) if turn.action == Action::Pass => Some(turn.player),
            _ => None,
        }
    }

    /// The status line: whose turn, a pass just made, or the result.
    pub fn status(&self) -> String {
        let [dark, light] = self.scores();
        if let Some(outcome) = self.game.outcome() {
            let result = match outcome {
                Outcome::Win(Player::First) => format!("Dark wins {dark}-{light}"),
                Outcome::Win(Player::Second) => format!("Light wins {light}-{dark}"),
                Outcome::Draw => format!("Draw {dark}-{light}"),
            };
            return match self.game.conceded() {
                Some(p) => format!("{} concedes. {result}", colour(p)),
                None => result,
            };
        }
        let Some(player) = self.to_move() else {
            return String::new();
        };
        let turn = format!("{} must play a disc", colour(player));
        match self.last_pass() {
            Some(passer) => format!("{} has no legal move and passes. {turn}", colour(passer)),
            None => turn,
        }
    }

    /// The screen-reader label of a cell: "f5, empty, legal move", "d4, light disc".
    pub fn cell_label(&self, square: Square) -> String {
        let cell = self.cell(square);
        match (cell.disc, cell.legal) {
            (Some(p), _) => format!("{square}, {} disc", colour(p).to_lowercase()),
            (None, true) => format!("{square}, empty, legal move"),
            (None, false) => format!("{square}, empty"),
        }
    }

    pub fn saved(&self) -> Saved {
        Saved {
            options: self.game.options(),
            record: self.game.record(),
            conceded: self.game.conceded(),
        }
    }

    /// Rebuilds a saved game; any inconsistency is an error (the caller starts fresh).
    pub fn restore(saved: &Saved) -> Result<HotSeat, Error> {
        let mut game = Reversi::from_record(saved.options, &saved.record)?;
        if let Some(p) = saved.conceded {
            game.concede(p)?;
        }
        Ok(HotSeat { game })
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.saved()).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<HotSeat, String> {
        let saved: Saved = serde_json::from_str(text).map_err(|e| e.to_string())?;
        HotSeat::restore(&saved).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn from_record(record: &str) -> HotSeat {
        HotSeat {
            game: Reversi::from_record(ReversiOptions::default(), record).unwrap(),
        }
    }

    #[test]
    fn start_position() {
        let h = HotSeat::default();
        assert_eq!(h.squares().len(), 64);
        assert_eq!(h.squares()[0], sq("a1"));
        assert_eq!(h.squares()[9], sq("b2"));
        assert_eq!(h.status(), "Dark must play a disc");
        assert_eq!(h.scores(), [2, 2]);
        let legal: Vec<String> = h
            .squares()
            .into_iter()
            .filter(|&s| h.cell(s).legal)
            .map(|s| s.to_string())
            .collect();
        assert_eq!(legal, ["d3", "c4", "f5", "e6"]);
        assert_eq!(h.cell(sq("d5")).disc, Some(Player::First));
        assert_eq!(h.cell(sq("d4")).disc, Some(Player::Second));
        assert_eq!(h.cell_label(sq("f5")), "f5, empty, legal move");
        assert_eq!(h.cell_label(sq("d4")), "d4, light disc");
        assert_eq!(h.cell_label(sq("e5")), "e5, light disc");
        assert_eq!(h.cell_label(sq("a1")), "a1, empty");
    }

    #[test]
    fn turns_alternate_and_illegal_moves_change_nothing() {
        let mut h = HotSeat::default();
        h.play(sq("f5")).unwrap();
        assert_eq!(h.status(), "Light must play a disc");
        let before = h.clone();
        assert!(h.play(sq("a1")).is_err());
        assert!(h.play(sq("f5")).is_err());
        assert_eq!(h, before);
    }

    #[test]
    fn game_end_names_the_winner() {
        // Dark wipes out light in nine moves.
        let h = from_record("d3c3b3d2e1d6d7e3f4");
        assert_eq!(h.status(), "Dark wins 13-0");
        assert_eq!(h.to_move(), None);
        assert!(h.squares().iter().all(|&s| !h.cell(s).legal));
    }

    #[test]
    fn save_and_restore() {
        let h = from_record("f5d6c3d3c4");
        let back = HotSeat::from_json(&h.to_json()).unwrap();
        assert_eq!(back, h);
        assert!(HotSeat::from_json("{not json").is_err());
        assert!(HotSeat::from_json(r#"{"options":{"size":8},"record":"f5f5"}"#).is_err());
        assert!(HotSeat::from_json(r#"{"options":{"size":7},"record":""}"#).is_err());
    }

    #[test]
    fn a_pass_is_announced() {
        // Search for a short game in which somebody passes while the game goes on.
        let mut stack = vec![HotSeat::default()];
        let mut found = None;
        'search: while let Some(h) = stack.pop() {
            for s in h.game().legal_moves() {
                let mut next = h.clone();
                next.play(s).unwrap();
                if next.last_pass().is_some() && next.to_move().is_some() {
                    found = Some(next);
                    break 'search;
                }
                if next.game().turns().len() < 14 {
                    stack.push(next);
                }
            }
        }
        let h = found.expect("a game with a pass");
        let passer = h.last_pass().unwrap();
        assert_eq!(
            h.status(),
            format!(
                "{} has no legal move and passes. {} must play a disc",
                colour(passer),
                colour(passer.other())
            )
        );
    }
}
