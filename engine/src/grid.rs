//! Games where players take turns putting a stone on an empty point and a line wins:
//! the shared core of Gomoku and Tic-Tac-Toe. [`Grid`] plays the game ([`Game`]); the two
//! games around it add their options, their stored form and what they count.

use serde::{Deserialize, Serialize};

use crate::log::Log;
use crate::{Error, Game, LogEvent, LogItem, Move, Outcome, Player, Resignation, Square};

/// The four line directions through a point, as (column step, row step).
const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The winning rule of a grid game: the line that wins, and what a win scores.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LineRule {
    /// Stones in an unbroken line needed to win.
    pub length: u8,
    /// Whether a longer line (an overline) also wins.
    pub overline_wins: bool,
    /// The winner's score (BGS): Gomoku's 1, Tic-Tac-Toe's 100.
    pub points: u32,
}

/// A square grid of points with stones, the moves in order, and the result.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    size: u8,
    rule: LineRule,
    /// `cells[row * size + col]`.
    cells: Vec<Option<Player>>,
    moves: Vec<Square>,
    /// The winning line, once there is one.
    line: Vec<Square>,
    resigned: Option<Resignation>,
    /// Kept as the game is played.
    log: Log,
}

impl Grid {
    pub(crate) fn new(size: u8, rule: LineRule) -> Grid {
        Grid {
            size,
            rule,
            cells: vec![None; usize::from(size) * usize::from(size)],
            moves: Vec::new(),
            line: Vec::new(),
            resigned: None,
            log: Log::new(),
        }
    }

    /// Replays `moves` from an empty grid; any illegal move is an error naming it (1-based).
    pub(crate) fn replay(size: u8, rule: LineRule, moves: &[Square]) -> Result<Grid, Error> {
        let mut grid = Grid::new(size, rule);
        for (k, &sq) in moves.iter().enumerate() {
            grid.place(sq).map_err(|reason| Error::BadRecord {
                index: k + 1,
                text: sq.to_string(),
                reason: Box::new(reason),
            })?;
        }
        Ok(grid)
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn rule(&self) -> LineRule {
        self.rule
    }

    pub fn moves(&self) -> &[Square] {
        &self.moves
    }

    pub fn stone(&self, sq: Square) -> Option<Player> {
        sq.index(self.size)
            .and_then(|i| self.cells.get(i as usize).copied().flatten())
    }

    /// The line that won the game, in order along the line (empty until someone wins).
    pub fn winning_line(&self) -> &[Square] {
        &self.line
    }

    fn is_full(&self) -> bool {
        self.moves.len() == self.cells.len()
    }

    pub fn ended(&self) -> bool {
        self.resigned.is_some() || !self.line.is_empty() || self.is_full()
    }

    /// The player to move (black / X first); `None` once the game has ended.
    pub fn to_move(&self) -> Option<Player> {
        if self.ended() {
            None
        } else {
            Player::from_index(self.moves.len() % 2)
        }
    }

    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(r) = self.resigned {
            return Some(Outcome::Win(r.player().other()));
        }
        if let Some(&first) = self.line.first() {
            return self.stone(first).map(Outcome::Win);
        }
        self.is_full().then_some(Outcome::Draw)
    }

    /// Every empty point while the game goes on, in reading order.
    pub fn legal_moves(&self) -> Vec<Square> {
        if self.ended() {
            return Vec::new();
        }
        let n = self.size;
        (0..n)
            .flat_map(|row| (0..n).map(move |col| Square::new(col, row)))
            .filter(|&sq| self.stone(sq).is_none())
            .collect()
    }

    /// Puts a stone of the player to move on `sq` (whose turn it is was checked by
    /// [`Game::play_move`], or is the record's; the computer's search plays this way too).
    pub(crate) fn place(&mut self, sq: Square) -> Result<(), Error> {
        let mover = self.to_move().ok_or(Error::GameOver)?;
        let index = sq.index(self.size).ok_or(Error::OffBoard {
            square: sq,
            size: self.size,
        })?;
        let cell = self.cells.get_mut(index as usize).ok_or(Error::OffBoard {
            square: sq,
            size: self.size,
        })?;
        if cell.is_some() {
            return Err(Error::Occupied { square: sq });
        }
        *cell = Some(mover);
        self.moves.push(sq);
        self.line = self.line_through(sq, mover);
        self.log.push(LogItem::Move {
            player: mover,
            square: sq,
            flipped: Vec::new(),
        });
        self.log.end(self.outcome(), self.scores());
        Ok(())
    }

    /// Refuses an action by the player who is not to move (or any once the game is over).
    fn check_turn(&self, player: Player) -> Result<(), Error> {
        match self.to_move() {
            None => Err(Error::GameOver),
            Some(p) if p != player => Err(Error::NotYourTurn { player }),
            Some(_) => Ok(()),
        }
    }

    /// The rule's points for the winner, 0 for the loser, 0 each on a draw or while running.
    pub fn scores(&self) -> [u32; 2] {
        let mut scores = [0, 0];
        if let Some(Outcome::Win(p)) = self.outcome() {
            scores[p.index()] = self.rule.points;
        }
        scores
    }

    /// The winning line through the stone just played at `sq`, if it made one: only the
    /// four lines through that point can have changed.
    fn line_through(&self, sq: Square, player: Player) -> Vec<Square> {
        for (dc, dr) in LINES {
            let run = |sign: i32| {
                (1..)
                    .map(move |k| {
                        (
                            i32::from(sq.col()) + sign * k * dc,
                            i32::from(sq.row()) + sign * k * dr,
                        )
                    })
                    .take_while(|&(c, r)| {
                        c >= 0
                            && r >= 0
                            && self.stone(Square::new(c as u8, r as u8)) == Some(player)
                            && (c as u8) < self.size
                            && (r as u8) < self.size
                    })
                    .map(|(c, r)| Square::new(c as u8, r as u8))
            };
            let mut line: Vec<Square> = run(-1).collect();
            line.reverse();
            line.push(sq);
            line.extend(run(1));
            let long = line.len() as u8;
            let wins = if self.rule.overline_wins {
                long >= self.rule.length
            } else {
                long == self.rule.length
            };
            if wins {
                return line;
            }
        }
        Vec::new()
    }

    /// The player leaves or concedes: the game ends and the other player wins.
    fn resign(&mut self, how: Resignation) -> Result<(), Error> {
        if self.ended() {
            return Err(Error::GameOver);
        }
        self.resigned = Some(how);
        self.log.push(LogItem::Event(match how {
            Resignation::Conceded(player) => LogEvent::Concede { player },
            Resignation::Dropped(player) => LogEvent::Drop { player },
            Resignation::OutOfTime(player) => LogEvent::Timeout { player },
        }));
        self.log.end(self.outcome(), self.scores());
        Ok(())
    }

    /// Stones placed by `player`.
    pub fn placed(&self, player: Player) -> u32 {
        self.moves.iter().skip(player.index()).step_by(2).count() as u32
    }

    /// Share of the points filled, 0-100 (100 once the game has ended).
    pub fn progression(&self) -> u8 {
        if self.ended() {
            100
        } else {
            (self.moves.len() * 100 / self.cells.len()) as u8
        }
    }
}

impl Game for Grid {
    fn size(&self) -> u8 {
        self.size
    }
    fn to_move(&self) -> Option<Player> {
        Grid::to_move(self)
    }
    fn ended(&self) -> bool {
        Grid::ended(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Grid::outcome(self)
    }
    fn scores(&self) -> [u32; 2] {
        Grid::scores(self)
    }
    fn progression(&self) -> u8 {
        Grid::progression(self)
    }
    fn legal_moves(&self) -> Vec<Square> {
        Grid::legal_moves(self)
    }
    fn piece(&self, sq: Square) -> Option<Player> {
        self.stone(sq)
    }
    fn play_move(&mut self, player: Player, mv: Move) -> Result<(), Error> {
        self.check_turn(player)?;
        match mv {
            Move::Place(sq) => self.place(sq),
            Move::Concede => self.resign(Resignation::Conceded(player)),
        }
    }
    fn drop_player(&mut self, player: Player) -> Result<(), Error> {
        Grid::resign(self, Resignation::Dropped(player))
    }
    fn time_out(&mut self, player: Player) -> Result<(), Error> {
        Grid::resign(self, Resignation::OutOfTime(player))
    }
    fn resigned(&self) -> Option<Resignation> {
        self.resigned
    }
    /// Takes back the last stone, or a resignation.
    fn undo(&mut self) -> Result<(), Error> {
        if self.resigned.take().is_some() {
            self.log.take_back();
            return Ok(());
        }
        let mut moves = std::mem::take(&mut self.moves);
        moves.pop().ok_or(Error::NothingToUndo)?;
        *self = Grid::replay(self.size, self.rule, &moves)?;
        Ok(())
    }
    fn log(&self) -> &[LogItem] {
        self.log.items()
    }
    fn record(&self) -> String {
        crate::notation::write_record(self.moves.iter().copied())
    }
}

/// [`Game`] for a grid game around a `grid` field: everything is the grid's.
macro_rules! grid_game {
    ($t:ty) => {
        impl $crate::Game for $t {
            fn size(&self) -> u8 {
                self.grid.size()
            }
            fn to_move(&self) -> Option<$crate::Player> {
                self.grid.to_move()
            }
            fn ended(&self) -> bool {
                self.grid.ended()
            }
            fn outcome(&self) -> Option<$crate::Outcome> {
                self.grid.outcome()
            }
            fn scores(&self) -> [u32; 2] {
                self.grid.scores()
            }
            fn progression(&self) -> u8 {
                self.grid.progression()
            }
            fn legal_moves(&self) -> Vec<$crate::Square> {
                self.grid.legal_moves()
            }
            fn piece(&self, sq: $crate::Square) -> Option<$crate::Player> {
                self.grid.stone(sq)
            }
            fn play_move(
                &mut self,
                player: $crate::Player,
                mv: $crate::Move,
            ) -> Result<(), $crate::Error> {
                self.grid.play_move(player, mv)
            }
            fn drop_player(&mut self, player: $crate::Player) -> Result<(), $crate::Error> {
                self.grid.drop_player(player)
            }
            fn time_out(&mut self, player: $crate::Player) -> Result<(), $crate::Error> {
                $crate::Game::time_out(&mut self.grid, player)
            }
            fn resigned(&self) -> Option<$crate::Resignation> {
                $crate::Game::resigned(&self.grid)
            }
            fn undo(&mut self) -> Result<(), $crate::Error> {
                $crate::Game::undo(&mut self.grid)
            }
            fn log(&self) -> &[$crate::LogItem] {
                $crate::Game::log(&self.grid)
            }
            fn record(&self) -> String {
                $crate::Game::record(&self.grid)
            }
        }
    };
}
pub(crate) use grid_game;

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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timed_out: Option<Player>,
}

impl<O> GridData<O> {
    pub fn new(options: O, grid: &Grid) -> GridData<O> {
        let [conceded, dropped, timed_out] = Resignation::stored(grid.resigned);
        GridData {
            options,
            moves: grid.moves().to_vec(),
            dropped,
            conceded,
            timed_out,
        }
    }

    /// Applies the stored resignation to a replayed grid.
    pub fn resign(&self, grid: &mut Grid) -> Result<(), Error> {
        let Some(how) = Resignation::from_stored([self.conceded, self.dropped, self.timed_out])?
        else {
            return Ok(());
        };
        Grid::resign(grid, how).map_err(|e| Error::malformed(format!("the resignation: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE: LineRule = LineRule {
        length: 5,
        overline_wins: true,
        points: 1,
    };

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_line_that_touches_the_edge_wins() {
        // Black a1..a5 (column a), white elsewhere.
        let moves: Vec<Square> = ["a1", "c1", "a2", "c2", "a3", "c3", "a4", "c4", "a5"]
            .iter()
            .map(|s| sq(s))
            .collect();
        let g = Grid::replay(15, FIVE, &moves).unwrap();
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(g.winning_line().len(), 5);
        assert_eq!(g.to_move(), None);
    }

    #[test]
    fn stones_in_a_line_with_a_gap_do_not_win() {
        // Five stones on a line are not enough: they must be consecutive.
        let moves: Vec<Square> = ["a1", "o15", "b1", "o14", "c1", "o13", "d1", "o12", "f1"]
            .iter()
            .map(|s| sq(s))
            .collect();
        let g = Grid::replay(15, FIVE, &moves).unwrap();
        assert_eq!(g.outcome(), None);
        assert_eq!(g.to_move(), Some(Player::Second));
    }
}
