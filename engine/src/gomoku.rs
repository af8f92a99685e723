//! Gomoku: black first, a stone on any empty point, five in a row wins.

use serde::{Deserialize, Serialize};

use crate::grid::{grid_game, Grid, GridData, LineRule};
use crate::{Error, GameKind, Outcome, Player, Reason, Square};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields, default)]
pub struct GomokuOptions {
    /// 15 or 19 (default).
    pub size: u8,
    /// Only exactly five wins: an overline (six or more) does not.
    pub exact_five: bool,
}

impl Default for GomokuOptions {
    fn default() -> GomokuOptions {
        GomokuOptions {
            size: 19,
            exact_five: false,
        }
    }
}

/// A game of Gomoku, played through [`crate::Game`].
///
/// ```
/// use outflank_engine::{Game, Gomoku, GomokuOptions, Move, Outcome, Player};
/// let mut g = Gomoku::new(GomokuOptions::default()).unwrap();
/// for (k, m) in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"].iter().enumerate() {
///     let player = Player::from_index(k % 2).unwrap();
///     g.play_move(player, Move::Place(m.parse().unwrap())).unwrap();
/// }
/// assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
/// assert_eq!(g.scores(), [1, 0]);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Gomoku {
    options: GomokuOptions,
    grid: Grid,
}

impl Gomoku {
    pub fn new(options: GomokuOptions) -> Result<Gomoku, Error> {
        if options.size != 15 && options.size != 19 {
            return Err(Error::bad_option(Reason::Size {
                game: GameKind::Gomoku,
                size: options.size,
            }));
        }
        let rule = LineRule {
            length: 5,
            overline_wins: !options.exact_five,
            points: 1,
        };
        Ok(Gomoku {
            options,
            grid: Grid::new(options.size, rule),
        })
    }

    pub fn options(&self) -> GomokuOptions {
        self.options
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.grid.outcome()
    }

    /// The winner scores 1.
    pub fn scores(&self) -> [u32; 2] {
        self.grid.scores()
    }

    /// Stones a player still has in the bowl: black gets the odd one of an odd board
    /// (181 and 180 on 19x19).
    pub fn stones_left(&self, player: Player) -> u32 {
        let cells = u32::from(self.options.size).pow(2);
        let bowl = match player {
            Player::First => cells.div_ceil(2),
            Player::Second => cells / 2,
        };
        bowl - self.grid.placed(player)
    }

    pub(crate) fn from_moves(options: GomokuOptions, moves: &[Square]) -> Result<Gomoku, Error> {
        let mut game = Gomoku::new(options)?;
        game.grid = Grid::replay(options.size, game.grid.rule(), moves)?;
        Ok(game)
    }
}

grid_game!(Gomoku);

impl Serialize for Gomoku {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GridData::new(self.options, &self.grid).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Gomoku {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Gomoku, D::Error> {
        let data = GridData::<GomokuOptions>::deserialize(d)?;
        let mut game =
            Gomoku::from_moves(data.options, &data.moves).map_err(serde::de::Error::custom)?;
        data.resign(&mut game.grid)
            .map_err(serde::de::Error::custom)?;
        Ok(game)
    }
}
