//! The opening book of 8x8 standard Reversi: positions reached from the start, each with a
//! value in discs for the side to move, so that the computer plays its first moves without
//! searching and the study tools can show what each move is worth.
//!
//! A position stands for its eight images under the symmetries of the board (its [`key`]
//! is the smallest of them). It is either a *leaf*, valued by a search, or *expanded*:
//! every position one move further is in the book too, and its value is the best of its
//! moves' ([`Book::minimax`]). A move's value is the negated value of the position it
//! leads to. `outflank-train book` builds and extends books (train/TRAINING.md); the
//! shipped one is `engine/book/reversi8.book`, embedded in the native engine and fetched by
//! the browser's worker ([`default_book`]).
//!
//! ```
//! use outflank_engine::book::{Book, Entry};
//! use outflank_engine::{Board, Eight};
//!
//! // A book of two positions: the start (expanded) and the one after f5 (a leaf), worth
//! // -1 disc to light:
//! //
//! //   a b c d e f g h
//! // 4 - - - O X - - -
//! // 5 - - - X X X - -
//! let start = Board::<Eight>::start();
//! let f5 = 4 * 8 + 5;
//! let mut book = Book::new();
//! book.insert(&start, Entry { value: 0, expanded: true });
//! book.insert(&start.play_flips(f5, start.flips(f5)), Entry { value: -1, expanded: false });
//! book.minimax();
//!
//! // d3, c4, f5 and e6 lead to images of one position: each is worth +1 to dark.
//! let moves: Vec<(String, i32)> = book
//!     .moves(&start)
//!     .unwrap()
//!     .into_iter()
//!     .map(|(sq, v)| (outflank_engine::Square::from_index(sq, 8).to_string(), v))
//!     .collect();
//! assert_eq!(moves, [("d3".into(), 1), ("c4".into(), 1), ("f5".into(), 1), ("e6".into(), 1)]);
//! assert_eq!(book.value(&start), Some(1));
//!
//! // The file round trip, and a file that is not one.
//! let again = Book::from_bytes(&book.to_bytes())?;
//! assert_eq!(again.moves(&start), book.moves(&start));
//! assert!(Book::from_bytes(b"OFBK\x07").is_err());
//! # Ok::<(), outflank_engine::book::BookError>(())
//! ```

mod file;
mod grow;
mod judge;
mod store;

pub use file::BookError;
pub use judge::Judge;
use store::Store;

use crate::bitboard::{Bits, Eight};
use crate::search::endgame::final_score;
use crate::search::pattern::symmetries;
use crate::search::short_sort;
use crate::Board;

/// A position up to symmetry: the smallest `(player, opponent)` pair over the eight images
/// of the board.
pub type Key = (u64, u64);

/// The [`Key`] of `board`.
pub fn key(board: &Board<Eight>) -> Key {
    let (ps, os) = (symmetries(board.player), symmetries(board.opponent));
    ps.into_iter()
        .zip(os)
        .min()
        .unwrap_or((board.player, board.opponent))
}

/// The image of `board` that its [`Key`] names.
pub fn canonical(board: &Board<Eight>) -> Board<Eight> {
    let (player, opponent) = key(board);
    Board { player, opponent }
}

/// Plies from the start to `board`: the discs on it, less the four of the start (a pass is
/// no ply).
pub fn ply(board: &Board<Eight>) -> u32 {
    (board.player | board.opponent).count().saturating_sub(4)
}

/// The positions one move after `board`, each with its move (`None`: the pass the rules
/// force), moves in the order of their squares; none when the game is over.
pub fn children(board: &Board<Eight>) -> Vec<(Option<u32>, Board<Eight>)> {
    let moves = board.legal_moves();
    if moves.is_empty() {
        let passed = board.pass();
        return if passed.legal_moves().is_empty() {
            Vec::new()
        } else {
            vec![(None, passed)]
        };
    }
    Board::<Eight>::squares(moves)
        .map(|sq| (Some(sq), board.play_flips(sq, board.flips(sq))))
        .collect()
}

/// The most a value can be: every square won.
pub const MAX_VALUE: i8 = 64;

/// What the book knows of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// Discs ahead at the end for the side to move (a search's estimate, exact where the
    /// search reached the end), from -64 to 64.
    pub value: i8,
    /// Every position one move further is in the book, and `value` is the best of them.
    pub expanded: bool,
}

/// How a book was made (kept in its file, for `outflank book` and for extending it).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Recipe {
    /// What valued the leaves (none for a book made by hand).
    pub judge: Option<Judge>,
    /// The deepest ply expanded.
    pub plies: u8,
    /// Moves within this many discs of the best were expanded.
    pub margin: u8,
    /// Every move was expanded up to this ply.
    pub full: u8,
}

/// An opening book (see the module's documentation).
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Store,
    /// How it was made.
    pub recipe: Recipe,
}

impl PartialEq for Book {
    fn eq(&self, other: &Book) -> bool {
        self.recipe == other.recipe && self.positions() == other.positions()
    }
}

impl Eq for Book {}

/// How a player plays from the book (see [`crate::search::Level::book_play`]): a move within
/// `margin` discs of the best ([`Book::choose`]) while the position is at most `last_ply`
/// moves from the start ([`ply`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BookPlay {
    pub margin: i32,
    pub last_ply: u32,
}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.len() == 0
    }

    /// What the book knows of `board` (or of any of its images).
    pub fn entry(&self, board: &Board<Eight>) -> Option<Entry> {
        self.entries.get(&key(board)).copied()
    }

    /// Sets what the book knows of `board` and its images. (An expanded position's
    /// positions one move further must be in the book too: [`Book::to_bytes`] writes one
    /// that lacks some as a leaf.)
    pub fn insert(&mut self, board: &Board<Eight>, entry: Entry) {
        let value = entry.value.clamp(-MAX_VALUE, MAX_VALUE);
        self.entries.insert(key(board), Entry { value, ..entry });
    }

    /// Expands `board` by hand: each of `moves`, a square with its value in discs for the
    /// side to move, leads to a leaf worth that value negated. ([`Book::minimax`] then
    /// values `board` and what leads to it.)
    pub fn set_moves(&mut self, board: &Board<Eight>, moves: &[(u32, i32)]) {
        let value = self.entry(board).map_or(0, |e| e.value);
        self.insert(
            board,
            Entry {
                value,
                expanded: true,
            },
        );
        for &(sq, v) in moves {
            let child = board.play_flips(sq, board.flips(sq));
            self.insert(
                &child,
                Entry {
                    value: -(v.clamp(-i32::from(MAX_VALUE), i32::from(MAX_VALUE)) as i8),
                    expanded: false,
                },
            );
        }
    }

    /// Every position with what the book knows of it, each as its canonical image, in the
    /// order of their keys.
    pub fn positions(&self) -> Vec<(Board<Eight>, Entry)> {
        self.entries
            .sorted()
            .into_iter()
            .map(|((player, opponent), e)| (Board { player, opponent }, e))
            .collect()
    }

    /// The value of `board` for the side to move, in discs, if it is in the book.
    pub fn value(&self, board: &Board<Eight>) -> Option<i32> {
        self.entry(board).map(|e| i32::from(e.value))
    }

    /// Every legal move of `board` with its value for the side to move (discs), best first
    /// (then by square), if `board` is expanded in the book and has a move to play.
    pub fn moves(&self, board: &Board<Eight>) -> Option<Vec<(u32, i32)>> {
        if !self.entry(board)?.expanded || board.legal_moves().is_empty() {
            return None;
        }
        let mut out: Vec<(u32, i32)> = children(board)
            .into_iter()
            .filter_map(|(sq, child)| Some((sq?, -self.value(&child)?)))
            .collect();
        short_sort::sort_by_key(&mut out, |&(sq, v)| (-v, sq));
        (!out.is_empty()).then_some(out)
    }

    /// A move of `board` from the book: one of those within `margin` discs of the best,
    /// picked by `seed` (the same seed, the same move), with its value; `None` out of book.
    pub fn choose(&self, board: &Board<Eight>, margin: i32, seed: u64) -> Option<(u32, i32)> {
        let moves = self.moves(board)?;
        let best = moves[0].1;
        let close = moves.iter().take_while(|m| m.1 >= best - margin).count();
        moves.get((mix(seed) % close as u64) as usize).copied()
    }

    /// A move of `board` from the book as `play` says (see [`BookPlay`]), with its value;
    /// `None` out of book or past `play.last_ply`.
    pub fn play(&self, board: &Board<Eight>, play: BookPlay, seed: u64) -> Option<(u32, i32)> {
        if ply(board) > play.last_ply {
            return None;
        }
        self.choose(board, play.margin, seed)
    }
}

/// The exact value of a finished game for the side to move, if `board` is one.
pub fn finished(board: &Board<Eight>) -> Option<i32> {
    children(board).is_empty().then(|| final_score(board))
}

/// A seed mixed into a number whose every bit depends on all of the seed's (splitmix64's
/// finaliser): the games' seeds of consecutive moves differ in a few low bits.
fn mix(seed: u64) -> u64 {
    let mut z = seed ^ 0x0B00_C0DE_5EED_0001;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The book the engine plays from by default: the embedded one natively, none in wasm (the
/// browser's worker fetches the file and hands it to [`crate::Computer::set_book`]).
pub fn default_book() -> Option<&'static Book> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return embedded();
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    None
}

/// The book built by `outflank-train book` (train/TRAINING.md), embedded in the native
/// engine; `None` if the embedded file does not read.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn embedded() -> Option<&'static Book> {
    static EMBEDDED: std::sync::OnceLock<Option<Book>> = std::sync::OnceLock::new();
    EMBEDDED
        .get_or_init(|| Book::from_bytes(include_bytes!("../../book/reversi8.book")).ok())
        .as_ref()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    pub(super) fn play(board: Board<Eight>, moves: &str) -> Board<Eight> {
        moves.as_bytes().chunks(2).fold(board, |b, m| {
            let sq: crate::Square = std::str::from_utf8(m).unwrap().parse().unwrap();
            let i = sq.index(8).unwrap();
            assert!(b.legal_moves().has(i), "{moves}");
            b.play_flips(i, b.flips(i))
        })
    }

    /// A small book: the start and every position to ply 2 expanded, leaves valued by a
    /// made-up rule (the number of the leaf's own moves less the opponent's).
    pub(super) fn small_book() -> Book {
        let mut book = Book::new();
        let leaf = |b: &Board<Eight>| Entry {
            value: b.legal_moves().count() as i8 - b.pass().legal_moves().count() as i8,
            expanded: false,
        };
        let start = Board::<Eight>::start();
        book.insert(
            &start,
            Entry {
                value: 0,
                expanded: true,
            },
        );
        for (_, c) in children(&start) {
            book.insert(
                &c,
                Entry {
                    value: 0,
                    expanded: true,
                },
            );
            for (_, g) in children(&c) {
                book.insert(
                    &g,
                    Entry {
                        value: 0,
                        expanded: true,
                    },
                );
                for (_, l) in children(&g) {
                    book.insert(&l, leaf(&l));
                }
            }
        }
        book.minimax();
        book.recipe = Recipe {
            judge: Some(Judge::Level(crate::search::Level::new(3).unwrap())),
            plies: 3,
            margin: 1,
            full: 3,
        };
        book
    }

    #[test]
    fn images_of_a_position_share_its_entry() {
        let book = small_book();
        let start = Board::<Eight>::start();
        // f5 d6 and its images by the symmetries that keep the start: e6 f4, d3 c5, c4 e3.
        let lines = ["f5d6", "e6f4", "d3c5", "c4e3"];
        let values: Vec<_> = lines
            .iter()
            .map(|l| book.entry(&play(start, l)).unwrap())
            .collect();
        assert!(values.windows(2).all(|w| w[0] == w[1]), "{values:?}");
        let moves: Vec<_> = lines
            .iter()
            .map(|l| {
                book.moves(&play(start, l))
                    .unwrap()
                    .iter()
                    .map(|m| m.1)
                    .collect::<Vec<_>>()
            })
            .collect();
        assert!(moves.windows(2).all(|w| w[0] == w[1]), "{moves:?}");
        // A position the book does not hold.
        assert_eq!(book.entry(&play(start, "f5d6c3d3")), None);
        assert_eq!(
            book.moves(&play(start, "f5d6c3")),
            None,
            "a leaf has no book moves"
        );
    }

    #[test]
    fn minimax_takes_the_best_move() {
        let book = small_book();
        let start = Board::<Eight>::start();
        for (board, e) in book.positions() {
            if e.expanded {
                let best = book.moves(&board).unwrap()[0].1;
                assert_eq!(i32::from(e.value), best);
            }
        }
        assert_eq!(book.value(&start), Some(book.moves(&start).unwrap()[0].1));
    }

    #[test]
    fn choices_stay_within_the_margin_and_follow_the_seed() {
        let book = small_book();
        let board = play(Board::start(), "f5");
        let moves = book.moves(&board).unwrap();
        let best = moves[0].1;
        let mut picked = HashSet::new();
        for seed in 0..200 {
            let (sq, v) = book.choose(&board, 1, seed).unwrap();
            assert!(v >= best - 1);
            assert_eq!(book.choose(&board, 1, seed), Some((sq, v)));
            picked.insert(sq);
        }
        let close = moves.iter().filter(|m| m.1 >= best - 1).count();
        assert_eq!(picked.len(), close);
        assert_eq!(book.choose(&board, 0, 5).unwrap().1, best);
    }

    #[test]
    fn the_frontier_follows_the_margin() {
        let start = Board::<Eight>::start();
        let mut book = Book::new();
        assert_eq!(book.frontier(4, 1, 0), vec![canonical(&start)]);
        book.insert(
            &start,
            Entry {
                value: 0,
                expanded: true,
            },
        );
        book.insert(
            &play(start, "f5"),
            Entry {
                value: 0,
                expanded: true,
            },
        );
        // After f5, light's moves: d6 worth 0, f6 worth -3, f4 worth +1.
        let after = play(start, "f5");
        let values = [("d6", 0), ("f6", 3), ("f4", -1)];
        for (m, v) in values {
            book.insert(
                &play(after, m),
                Entry {
                    value: v,
                    expanded: false,
                },
            );
        }
        for (_, c) in children(&after) {
            assert!(book.entry(&c).is_some(), "{c:?}");
        }
        book.minimax();
        assert_eq!(book.value(&after), Some(1));
        let names = |f: Vec<Board<Eight>>| -> Vec<Key> { f.iter().map(key).collect() };
        // Margin 1: f4 (+1) and d6 (0); f6 (-3) only with margin 4 or before ply `full`.
        let mut want = vec![key(&play(after, "f4")), key(&play(after, "d6"))];
        want.sort();
        assert_eq!(names(book.frontier(4, 1, 0)), want);
        assert_eq!(book.frontier(4, 4, 0).len(), 3);
        assert_eq!(book.frontier(4, 0, 2).len(), 3);
        assert_eq!(book.frontier(4, 0, 0).len(), 1);
        assert!(book.frontier(2, 4, 0).is_empty(), "ply 2 is the last");
    }
}
