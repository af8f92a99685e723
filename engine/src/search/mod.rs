//! The computer player: an evaluation, a midgame search and an exact endgame solver.
//!
//! - [`solve`]: the exact final score of a position and a best move ([`endgame`]).
//! - [`best_move`]: the move a player of a given [`Level`] chooses ([`midgame`]).
//! - [`stability`]: discs that can never be turned over, used by both.
//!
//! Searches run on [`Board`] bitboards of any size, standard rules. They take a [`Stop`]
//! callback, asked now and then with the node count, so a caller can cancel a search or
//! give it a time budget without the engine reading a clock (wasm in a browser has none
//! that `std` can read).

pub mod endgame;
pub mod stability;
pub mod table;

use crate::bitboard::{Bits, Geometry};
use crate::Board;

/// Asked with the number of nodes searched so far; `true` stops the search.
pub type Stop<'a> = dyn Fn(u64) -> bool + 'a;

/// A search that never stops early.
pub fn never(_: u64) -> bool {
    false
}

/// The result of an exact solve.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Solved {
    /// Final disc difference for the side to move under perfect play (empties to the winner).
    pub score: i32,
    /// A move reaching it, as a square index; `None` if the side to move must pass or the
    /// game is over.
    pub best: Option<u32>,
    pub nodes: u64,
}

/// Solves `board` exactly (`None` if `stop` cut the search short).
///
/// ```
/// use outflank_engine::{search, Board, Eight};
/// // Dark (X) to move, one empty square:   X O O O O O O -   (row 1)
/// //                                        O O O O O O O O   (rows 2-8: all light)
/// let rows = format!("XOOOOOO-{}", "O".repeat(56));
/// let bits = |c: char| rows.chars().enumerate().filter(|&(_, x)| x == c).map(|(i, _)| 1u64 << i).sum::<u64>();
/// let board = Board::<Eight>::new(bits('X'), bits('O')).unwrap();
/// let solved = search::solve(board, &search::never).unwrap();
/// // h1 turns b1..g1 over: dark ends with 8 discs, light with 56.
/// assert_eq!(solved.score, 8 - 56);
/// assert_eq!(solved.best, Some(7)); // h1
/// ```
pub fn solve<G: Geometry>(board: Board<G>, stop: &Stop<'_>) -> Option<Solved> {
    let mut table = table::Table::new(table_bits(board.empty().count()));
    solve_with(board, &mut table, stop)
}

/// [`solve`] with a table the caller keeps between searches.
pub fn solve_with<G: Geometry>(board: Board<G>, table: &mut table::Table<G::B>, stop: &Stop<'_>) -> Option<Solved> {
    let cells = G::CELLS as i32;
    let mut solver = endgame::Solver::new(table, stop);
    let (score, best) = solver.solve(board, -cells - 1, cells + 1);
    (!solver.aborted).then_some(Solved { score, best, nodes: solver.nodes })
}

/// A table size that suits a search of about `empties` empty squares.
fn table_bits(empties: u32) -> u32 {
    match empties {
        0..=14 => 12,
        15..=20 => 18,
        _ => 21,
    }
}
