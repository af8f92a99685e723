//! The New game form's settings: which game, size, variant, names, who starts, a record to
//! start from, and the computer's seat and level; checked into a new hot-seat host.

use outflank_engine::{GameKind, GameOptions, Player, Variant};

use crate::backend::{HotSeat, Opponent};

/// What the New game dialog edits.
#[derive(Clone, PartialEq, Debug)]
pub struct Setup {
    pub game: GameKind,
    pub size: u8,
    pub bombs: bool,
    pub exact_five: bool,
    pub names: [String; 2],
    /// The second name's player moves first (the names swap seats).
    pub second_starts: bool,
    pub record: String,
    /// Against the computer: which player it is, and its level.
    pub computer: Option<Player>,
    pub level: u8,
}

impl Setup {
    pub fn of(h: &HotSeat) -> Setup {
        let o = h.game().options();
        Setup {
            game: o.game,
            size: o.size.unwrap_or(3),
            bombs: o.variant == Some(Variant::Bombs),
            exact_five: o.exact_five.unwrap_or(false),
            names: [0, 1].map(|i| {
                h.data()
                    .players
                    .get(i)
                    .map(|p| p.name.clone())
                    .unwrap_or_default()
            }),
            second_starts: false,
            record: String::new(),
            computer: h.computer().map(|c| c.player),
            level: h.computer().map_or(5, |c| c.level),
        }
    }

    pub fn sizes(game: GameKind) -> &'static [u8] {
        match game {
            GameKind::Reversi => &[6, 8, 10],
            GameKind::Gomoku => &[15, 19],
            GameKind::TicTacToe => &[3],
        }
    }

    pub fn options(&self) -> GameOptions {
        match self.game {
            GameKind::Reversi => GameOptions {
                game: self.game,
                size: Some(self.size),
                variant: Some(if self.bombs {
                    Variant::Bombs
                } else {
                    Variant::Standard
                }),
                exact_five: None,
            },
            GameKind::Gomoku => GameOptions {
                game: self.game,
                size: Some(self.size),
                variant: None,
                exact_five: Some(self.exact_five),
            },
            GameKind::TicTacToe => GameOptions {
                game: self.game,
                ..GameOptions::default()
            },
        }
    }

    pub fn build(&self) -> Result<HotSeat, String> {
        let [a, b] = &self.names;
        let mut names = if self.second_starts && self.computer.is_none() {
            [b.to_string(), a.to_string()]
        } else {
            [a.to_string(), b.to_string()]
        };
        if let Some(c) = self.computer {
            if names[c.index()].trim().is_empty() {
                names[c.index()] = format!("Computer (level {})", self.level);
            }
        }
        let computer = self.computer.map(|player| Opponent {
            player,
            level: self.level,
        });
        HotSeat::new(
            &self.options(),
            [names[0].as_str(), names[1].as_str()],
            &self.record,
        )
        .and_then(|h| h.with_computer(computer))
        .map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::Game;

    #[test]
    fn the_form_repeats_the_game_and_builds_new_ones() {
        let h = HotSeat::new(
            &GameOptions {
                game: GameKind::Reversi,
                size: Some(6),
                variant: Some(Variant::Bombs),
                exact_five: None,
            },
            ["Ann", "Bo"],
            "",
        )
        .unwrap();
        let mut s = Setup::of(&h);
        assert_eq!((s.game, s.size, s.bombs), (GameKind::Reversi, 6, true));
        assert_eq!(s.build().unwrap().data(), h.data());
        // The second name moves first; the computer gets a name when it has none.
        s.second_starts = true;
        assert_eq!(
            s.build().unwrap().data().name(Player::First).as_deref(),
            Some("Bo")
        );
        s.computer = Some(Player::Second);
        s.names[1].clear();
        let against = s.build().unwrap();
        assert_eq!(
            against.data().name(Player::Second).as_deref(),
            Some("Computer (level 5)")
        );
        assert_eq!(against.computer().map(|c| c.level), Some(5));
        s.record = "f5f5".into();
        assert!(s.build().is_err());
        s.record = "a1".into();
        assert!(s.build().unwrap_err().contains("a1"));
        s.record.clear();
        s.game = GameKind::Gomoku;
        s.size = 15;
        assert_eq!(s.build().unwrap().game().size(), 15);
    }
}
