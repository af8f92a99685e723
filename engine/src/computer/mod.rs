//! The computer opponent for every game: one [`Computer`] that picks a move in any
//! [`AnyGame`] at a [`Level`], by the game's own method (one module each):
//!
//! - Reversi, standard rules, 6x6, 8x8 and 10x10: the midgame search and exact endgame
//!   solver of [`crate::search`].
//! - Reversi "bombs": a two-ply search on the disc count.
//! - Gomoku: threats first, then a count of the five-point windows each stone takes part in.
//! - Tic-Tac-Toe: perfect play from level 4, a share of random moves below.

mod bombs;
mod gomoku;
mod reversi;
mod tictactoe;

use crate::bitboard::{Eight, Six, Ten};
use crate::book::Book;
use crate::search::{Helpers, Level, Searcher, Stop, PLAY_TABLE_BITS};
use crate::{AnyGame, Game, Square, Variant};

/// What the computer chose and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decision {
    pub square: Square,
    /// Reversi: the score for the mover in hundredths of a disc (exact if `exact`); other
    /// games: the heuristic value of the move.
    pub score: i32,
    /// The search's depth; 0 for a move of the opening book (no search).
    pub depth: u8,
    pub exact: bool,
    pub nodes: u64,
}

/// A computer player that remembers its search tables between moves.
///
/// ```
/// use outflank_engine::search::{self, Level};
/// use outflank_engine::{AnyGame, Computer, GameOptions};
///
/// // Dark (X) to move, eight empty squares left:
/// //
/// //   a b c d e f g h
/// // 1 O X X X X O - O
/// // 2 O X X X X X O -
/// // 3 O X X X X O O -
/// // 4 O X X X O O - -
/// // 5 O X X X O O O O
/// // 6 O X O X O X O X
/// // 7 - X X X X X X -
/// // 8 - O O O O O O O
/// let start = "OXXXXO-O OXXXXXO- OXXXXOO- OXXXOO-- OXXXOOOO OXOXOXOX -XXXXXX- -OOOOOOO X";
/// let game = AnyGame::new(&GameOptions { start: Some(start.parse()?), ..GameOptions::default() })?;
/// let mut computer = Computer::new();
/// let decision = computer.choose(&game, Level::new(5)?, 0, &search::never).unwrap();
/// // So near the end every level solves the position exactly: h4 wins by 12 discs (g4, which
/// // turns over the most, would lose by 18).
/// assert_eq!(decision.square.to_string(), "h4");
/// assert!(decision.exact);
/// assert_eq!(decision.score, 1200); // hundredths of a disc
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Computer {
    six: Option<Searcher<Six>>,
    eight: Option<Searcher<Eight>>,
    ten: Option<Searcher<Ten>>,
    /// The opening book of 8x8 standard Reversi that levels 6 to 11 play from.
    book: Option<&'static Book>,
    /// Threads that help the searches of standard Reversi ([`Computer::set_helpers`]).
    helpers: Option<&'static dyn Helpers>,
}

impl Default for Computer {
    fn default() -> Computer {
        Computer {
            six: None,
            eight: None,
            ten: None,
            book: crate::book::default_book(),
            helpers: None,
        }
    }
}

impl Computer {
    pub fn new() -> Computer {
        Computer::default()
    }

    /// Forgets what was learned (call on a new game); keeps the pattern weights and the
    /// book.
    pub fn clear(&mut self) {
        let pattern = self.eight.as_ref().and_then(|s| s.pattern());
        *self = Computer {
            book: self.book,
            helpers: self.helpers,
            ..Computer::default()
        };
        if pattern != crate::search::weights::default_weights() {
            self.set_pattern(pattern);
        }
    }

    /// The opening book levels 6 to 11 play from on the 8x8 board, standard rules (`None`:
    /// none, they search from the first move). Natively the embedded book is the default; in
    /// the browser, set it once the book file is loaded (`Book::from_bytes`, then
    /// `Box::leak`).
    pub fn set_book(&mut self, book: Option<&'static Book>) {
        self.book = book;
    }

    /// Threads that help its searches of standard Reversi at the strong levels (`None`: it
    /// searches on the caller's thread alone; see [`crate::search::Searcher::set_helpers`]). Natively a
    /// program can give it [`crate::search::Threads`]; a browser's worker gives its own.
    pub fn set_helpers(&mut self, helpers: Option<&'static dyn Helpers>) {
        self.helpers = helpers;
    }

    /// The opening book in use, if any.
    pub fn book(&self) -> Option<&'static Book> {
        self.book
    }

    /// The pattern evaluation's weights for 8x8 Reversi (`None`: the hand-made
    /// evaluation). Natively the embedded weights are the default; in the browser, set them
    /// once the weights file is loaded (`Weights::from_bytes`, then `Box::leak`).
    pub fn set_pattern(&mut self, weights: Option<&'static crate::search::weights::Weights>) {
        self.eight
            .get_or_insert_with(|| Searcher::new(PLAY_TABLE_BITS))
            .set_pattern(weights);
    }

    /// The move of the player to move, or `None` if the game is over. `seed` makes the
    /// weaker levels' mistakes reproducible; `stop` can cut a long search short (the best
    /// move found so far is played).
    pub fn choose(
        &mut self,
        game: &AnyGame,
        level: Level,
        seed: u64,
        stop: &Stop<'_>,
    ) -> Option<Decision> {
        game.to_move()?;
        match game {
            AnyGame::Reversi(r) => {
                let position = r.position();
                match position.variant() {
                    Variant::Standard => self.reversi(position.board(), level, seed, stop),
                    Variant::Bombs => bombs::choose(position, level, seed),
                }
            }
            AnyGame::Gomoku(g) => gomoku::choose(g.grid(), game, level, seed),
            AnyGame::TicTacToe(t) => tictactoe::choose(t.grid(), level, seed),
        }
    }
}
