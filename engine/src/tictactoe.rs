//! Tic-Tac-Toe: 3x3, X first, three in a line wins 100 points.

use serde::{Deserialize, Serialize};

use crate::grid::{grid_game, Grid, GridData, LineRule};
use crate::{Error, Outcome, Square};

const RULE: LineRule = LineRule {
    length: 3,
    overline_wins: true,
    points: 100,
};

/// Tic-Tac-Toe has no options; the empty object is accepted for symmetry with the others.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TicTacToeOptions {}

/// A game of Tic-Tac-Toe, played through [`crate::Game`].
///
/// ```
/// use outflank_engine::{Game, Move, TicTacToe, Outcome, Player};
/// let mut g = TicTacToe::new();
/// for (k, m) in ["a1", "b1", "b2", "c1", "c3"].iter().enumerate() {
///     g.play_move(Player::from_index(k % 2).unwrap(), Move::Place(m.parse().unwrap())).unwrap();
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
        TicTacToe {
            grid: Grid::new(3, RULE),
        }
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.grid.outcome()
    }

    /// The winner scores 100.
    pub fn scores(&self) -> [u32; 2] {
        self.grid.scores()
    }

    pub(crate) fn from_moves(moves: &[Square]) -> Result<TicTacToe, Error> {
        Ok(TicTacToe {
            grid: Grid::replay(3, RULE, moves)?,
        })
    }
}

grid_game!(TicTacToe);

impl Serialize for TicTacToe {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GridData::new(TicTacToeOptions {}, &self.grid).serialize(s)
    }
}

impl<'de> Deserialize<'de> for TicTacToe {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<TicTacToe, D::Error> {
        let data = GridData::<TicTacToeOptions>::deserialize(d)?;
        let mut game = TicTacToe::from_moves(&data.moves).map_err(serde::de::Error::custom)?;
        data.resign(&mut game.grid)
            .map_err(serde::de::Error::custom)?;
        Ok(game)
    }
}
