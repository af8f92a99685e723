//! Gomoku (seed 001): black first, a stone on any empty point, five in a row wins.

use serde::{Deserialize, Serialize};

use crate::grid::{Grid, LineRule, Resignation};
use crate::{Error, Outcome, Player, Square};

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
        GomokuOptions { size: 19, exact_five: false }
    }
}

/// A game of Gomoku.
///
/// ```
/// use outflank_engine::{Gomoku, GomokuOptions, Outcome, Player};
/// let mut g = Gomoku::new(GomokuOptions::default()).unwrap();
/// for (k, m) in ["h8", "h9", "i8", "i9", "j8", "j9", "k8", "k9", "l8"].iter().enumerate() {
///     let player = Player::from_index(k % 2).unwrap();
///     g.play(player, m.parse().unwrap()).unwrap();
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
            return Err(Error::BadOption {
                reason: format!("a goban is 15 or 19 points wide, not {}", options.size),
            });
        }
        let rule = LineRule { length: 5, overline_wins: !options.exact_five };
        Ok(Gomoku { options, grid: Grid::new(options.size, rule) })
    }

    pub fn options(&self) -> GomokuOptions {
        self.options
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Plays for `player`, refusing a move out of turn. Nothing changes on error.
    pub fn play(&mut self, player: Player, sq: Square) -> Result<(), Error> {
        check_turn(&self.grid, player)?;
        self.grid.play(sq)
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.grid.outcome()
    }

    /// The winner scores 1.
    pub fn scores(&self) -> [u32; 2] {
        winner_scores(self.outcome(), 1)
    }

    /// Stones a player still has in the bowl: black gets the odd one of an odd board
    /// (181 and 180 on 19x19, as seed 001's counters).
    pub fn stones_left(&self, player: Player) -> u32 {
        let cells = u32::from(self.options.size).pow(2);
        let bowl = match player {
            Player::First => cells.div_ceil(2),
            Player::Second => cells / 2,
        };
        bowl - self.grid.placed(player)
    }

    pub(crate) fn grid_mut(&mut self) -> &mut Grid {
        &mut self.grid
    }

    pub(crate) fn from_moves(options: GomokuOptions, moves: &[Square]) -> Result<Gomoku, Error> {
        let mut game = Gomoku::new(options)?;
        game.grid = Grid::replay(options.size, game.grid.rule(), moves)?;
        Ok(game)
    }
}

/// Refuses a move by the player who is not to move (or any move once the game is over).
pub(crate) fn check_turn(grid: &Grid, player: Player) -> Result<(), Error> {
    match grid.to_move() {
        None => Err(Error::GameOver),
        Some(p) if p != player => Err(Error::NotYourTurn { player }),
        Some(_) => Ok(()),
    }
}

/// `points` for the winner, 0 for the loser, 0 each on a draw or while running.
pub(crate) fn winner_scores(outcome: Option<Outcome>, points: u32) -> [u32; 2] {
    let mut scores = [0, 0];
    if let Some(Outcome::Win(p)) = outcome {
        scores[p.index()] = points;
    }
    scores
}

/// The stored form of a grid game: the moves, replayed and checked when read back.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct GridData<O> {
    pub options: O,
    pub moves: Vec<Square>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dropped: Option<Player>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conceded: Option<Player>,
}

impl<O> GridData<O> {
    pub fn new(options: O, grid: &Grid) -> GridData<O> {
        let (dropped, conceded) = match grid.resigned() {
            Some(Resignation::Dropped(p)) => (Some(p), None),
            Some(Resignation::Conceded(p)) => (None, Some(p)),
            None => (None, None),
        };
        GridData { options, moves: grid.moves().to_vec(), dropped, conceded }
    }

    /// Applies the stored resignation to a replayed grid.
    pub fn resign(&self, grid: &mut Grid) -> Result<(), Error> {
        let how = match (self.dropped, self.conceded) {
            (Some(_), Some(_)) => return Err(Error::malformed("a game cannot be both dropped and conceded")),
            (Some(p), None) => Resignation::Dropped(p),
            (None, Some(p)) => Resignation::Conceded(p),
            (None, None) => return Ok(()),
        };
        grid.resign(how).map_err(|e| Error::malformed(format!("the resignation: {e}")))
    }
}

impl Serialize for Gomoku {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GridData::new(self.options, &self.grid).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Gomoku {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Gomoku, D::Error> {
        let data = GridData::<GomokuOptions>::deserialize(d)?;
        let mut game = Gomoku::from_moves(data.options, &data.moves).map_err(serde::de::Error::custom)?;
        data.resign(&mut game.grid).map_err(serde::de::Error::custom)?;
        Ok(game)
    }
}
