//! The local leader board (the Phoenix Reversi app's, for one device): every finished
//! hot-seat game and game against the computer, by player name, ranked by a rule the page
//! states. Plain data, tested natively; kept in localStorage by [`crate::storage`].
//!
//! The board keeps each finished game once, under the game's id, with its result as it
//! stands: a game undone from its end leaves the board until it ends again, and renaming a
//! player after the end moves that game to the new name.

use std::cmp::Reverse;

use outflank_engine::{GameKind, Player};
use serde::{Deserialize, Serialize};

/// How the table is ranked, in words (the page shows it beside the table).
pub const RANKING_RULE: &str = "Ranked by victories, then by disc differential (in Reversi: \
     discs at the end of each game minus the opponent's), then by fewest defeats.";

/// One finished game, as the board keeps it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Finished {
    /// The game's id (when it was started, in milliseconds since 1970).
    pub id: u64,
    pub kind: GameKind,
    /// The players' names as shown (the computer as "Computer (level N)", in the language
    /// the game was started in).
    pub names: [String; 2],
    /// `None` for a draw.
    pub winner: Option<Player>,
    /// Each player's discs at the end (Reversi); 0 in the other games.
    pub discs: [u32; 2],
}

/// A player's line in the table.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Standing {
    pub name: String,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Discs scored minus discs conceded, over all their games.
    pub discs: i64,
}

impl Standing {
    pub fn played(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// The stored board: versioned, so an old or corrupt entry is recognised, not misread.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderBoard {
    version: u32,
    games: Vec<Finished>,
    /// Games up to this id were cleared away: they never come back (the game on the board
    /// when the player cleared it included).
    #[serde(default)]
    cleared_up_to: u64,
}

impl Default for LeaderBoard {
    fn default() -> LeaderBoard {
        LeaderBoard {
            version: LeaderBoard::VERSION,
            games: Vec::new(),
            cleared_up_to: 0,
        }
    }
}

impl LeaderBoard {
    pub const VERSION: u32 = 1;

    /// Checks a board read from storage.
    pub fn checked(self) -> Result<LeaderBoard, String> {
        if self.version != LeaderBoard::VERSION {
            return Err(format!(
                "saved by version {}, this is {}",
                self.version,
                LeaderBoard::VERSION
            ));
        }
        Ok(self)
    }

    /// An empty board that no game up to `id` (the current game's) joins again.
    pub fn cleared(id: u64) -> LeaderBoard {
        LeaderBoard {
            cleared_up_to: id,
            ..LeaderBoard::default()
        }
    }

    /// Game `id` is now `result` (`None`: not finished). Returns whether the board changed.
    pub fn update(&mut self, id: u64, result: Option<Finished>) -> bool {
        if id <= self.cleared_up_to {
            return false;
        }
        let at = self.games.iter().position(|g| g.id == id);
        match (at, result) {
            (Some(i), Some(r)) if self.games[i] == r => false,
            (Some(i), Some(r)) => {
                self.games[i] = r;
                true
            }
            (None, Some(r)) => {
                self.games.push(r);
                true
            }
            (Some(i), None) => {
                self.games.remove(i);
                true
            }
            (None, None) => false,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// The table of `kind`'s games, ranked by [`RANKING_RULE`] (then by name).
    pub fn standings(&self, kind: GameKind) -> Vec<Standing> {
        let mut table: Vec<Standing> = Vec::new();
        for game in self.games.iter().filter(|g| g.kind == kind) {
            for player in Player::BOTH {
                let name = &game.names[player.index()];
                let at = match table.iter().position(|s| &s.name == name) {
                    Some(i) => i,
                    None => {
                        table.push(Standing {
                            name: name.clone(),
                            ..Standing::default()
                        });
                        table.len() - 1
                    }
                };
                let line = &mut table[at];
                match game.winner {
                    None => line.draws += 1,
                    Some(w) if w == player => line.wins += 1,
                    Some(_) => line.losses += 1,
                }
                let (own, other) = (game.discs[player.index()], game.discs[1 - player.index()]);
                line.discs += i64::from(own) - i64::from(other);
            }
        }
        // A total order (the name last), so the unstable sort is deterministic.
        table.sort_unstable_by(|a, b| {
            (Reverse(a.wins), Reverse(a.discs), a.losses, &a.name).cmp(&(
                Reverse(b.wins),
                Reverse(b.discs),
                b.losses,
                &b.name,
            ))
        });
        table
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: u64, names: [&str; 2], winner: Option<Player>, discs: [u32; 2]) -> Finished {
        Finished {
            id,
            kind: GameKind::Reversi,
            names: names.map(String::from),
            winner,
            discs,
        }
    }

    #[test]
    fn standings_count_each_game_once_and_rank_by_the_stated_rule() {
        let mut b = LeaderBoard::default();
        assert!(b.update(
            1,
            Some(game(1, ["Ann", "Bo"], Some(Player::First), [40, 24]))
        ));
        assert!(!b.update(
            1,
            Some(game(1, ["Ann", "Bo"], Some(Player::First), [40, 24]))
        ));
        assert!(b.update(
            2,
            Some(game(2, ["Bo", "Cy"], Some(Player::First), [33, 31]))
        ));
        assert!(b.update(3, Some(game(3, ["Cy", "Ann"], None, [32, 32]))));
        assert!(!b.update(4, None));
        let table = b.standings(GameKind::Reversi);
        let names: Vec<_> = table.iter().map(|s| s.name.as_str()).collect();
        // Ann and Bo have a win each: Ann's +16 beats Bo's -14.
        assert_eq!(names, ["Ann", "Bo", "Cy"]);
        assert_eq!(
            (
                table[0].wins,
                table[0].draws,
                table[0].losses,
                table[0].discs
            ),
            (1, 1, 0, 16)
        );
        assert_eq!(
            (table[1].wins, table[1].losses, table[1].discs),
            (1, 1, -14)
        );
        assert_eq!((table[2].played(), table[2].discs), (2, -2));
        assert!(b.standings(GameKind::Gomoku).is_empty());
        // Undone from its end: the game leaves the board; renamed: it moves.
        assert!(b.update(2, None));
        assert!(b.update(
            1,
            Some(game(1, ["Annie", "Bo"], Some(Player::First), [40, 24]))
        ));
        let names: Vec<_> = b
            .standings(GameKind::Reversi)
            .into_iter()
            .map(|s| s.name)
            .collect();
        assert_eq!(names, ["Annie", "Ann", "Cy", "Bo"]);
        // Cleared while game 3 is on the board: it does not come back, later games do.
        let mut b = LeaderBoard::cleared(3);
        assert!(!b.update(3, Some(game(3, ["Cy", "Ann"], None, [32, 32]))));
        assert!(b.is_empty());
        assert!(b.update(4, Some(game(4, ["Cy", "Ann"], None, [32, 32]))));
    }

    #[test]
    fn another_version_is_an_error() {
        let b: LeaderBoard = serde_json::from_str(r#"{"version":9,"games":[]}"#).unwrap();
        assert!(b.checked().is_err());
        assert!(serde_json::from_str::<LeaderBoard>(r#"{"games":[]}"#).is_err());
        let back: LeaderBoard =
            serde_json::from_str(&serde_json::to_string(&LeaderBoard::default()).unwrap()).unwrap();
        assert_eq!(back.checked(), Ok(LeaderBoard::default()));
    }
}
