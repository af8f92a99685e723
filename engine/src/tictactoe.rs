//! Tic-Tac-Toe (seed 003): 3x3, X first, three in a line wins 100 points.

use serde::{Deserialize, Serialize};

use crate::grid::{Grid, GridData, LineRule};
use crate::{Error, Outcome, Player, Square};

const RULE: LineRule = LineRule { length: 3, overline_wins: true };

/// Tic-Tac-Toe has no options; the empty object is accepted for symmetry with the others.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicTacToeOptions {}

/// A game of Tic-Tac-Toe.
///
/// ```
/// use outflank_engine::{TicTacToe, Outcome, Player};
/// let mut g = TicTacToe::new();
/// for (k, m) in ["a1", "b1", "b2", "c1", "c3"].iter().enumerate() {
///     g.play(Player::from_index(k % 2).unwrap(), m.parse().unwrap()).unwrap();
/// }
/// //    a b c
/// // 1  X O O
/// // 2  . X .
/// // 3  . . X
/// assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
/// assert_eq!(g.scores(), [100, 0]);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TicTacToe {
    grid: Grid,
}

impl Default for TicTacToe {
    fn default() -> TicTacToe {
        TicTacToe::new()
    }
}

impl TicTacToe {
    pub fn new() -> TicTacToe {
        TicTacToe { grid: Grid::new(3, RULE) }
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub(crate) fn grid_mut(&mut self) -> &mut Grid {
        &mut self.grid
    }

    /// Plays for `player`, refusing a move out of turn. Nothing changes on error.
    pub fn play(&mut self, player: Player, sq: Square) -> Result<(), Error> {
        self.grid.play_as(player, sq)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.grid.outcome()
    }

    /// The winner scores 100 (seed 003).
    pub fn scores(&self) -> [u32; 2] {
        self.grid.winner_scores(100)
    }

    pub(crate) fn from_moves(moves: &[Square]) -> Result<TicTacToe, Error> {
        Ok(TicTacToe { grid: Grid::replay(3, RULE, moves)? })
    }
}

impl Serialize for TicTacToe {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GridData::new(TicTacToeOptions {}, &self.grid).serialize(s)
    }
}

impl<'de> Deserialize<'de> for TicTacToe {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TicTacToe, D::Error> {
        let data = GridData::<TicTacToeOptions>::deserialize(d)?;
        let mut game = TicTacToe::from_moves(&data.moves).map_err(serde::de::Error::custom)?;
        data.resign(&mut game.grid).map_err(serde::de::Error::custom)?;
        Ok(game)
    }
}
