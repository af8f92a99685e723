//! The named Othello openings (Tiger, Rose, Buffalo, Cow, Heath, Cat, ...) and which one a
//! game follows.
//!
//! [`openings`] is the table: 76 named lines of 8x8 Othello from the standard start, each
//! with its moves written from f5 and its name (and the other names it goes by).
//! [`openings_along`] finds, for a game's moves, every named opening the game reached and at
//! which ply; [`opening_of`] the last one, which is what a game "is" so far.
//!
//! A name belongs to a position, not to a move order: lookups compare the position after
//! each move with the table's positions under the eight symmetries of the board. So a game
//! that starts d3, c4 or e6 instead of f5 gets the same names, a line of the diagonal
//! opening mirrored after `f5 f6 e6` (`f4` for `d6`) is the same line, and a move order that
//! transposes into a named position gets its name. Without transpositions this is the
//! longest prefix of the game that is a named line, after turning the game so that its
//! first move is f5. Matching stops at the first pass or at a move that is not legal (a
//! game not from the standard 8x8 start has no opening name), and after the longest line.
//!
//! # Sources
//!
//! The names and lines are the list of named openings compiled by Robert Gatliff, as
//! players and programs have published it. The table here was written from these facts and
//! checked line by line, position by position, against three published versions of it:
//! the list of named openings in the samsoft Reversi strategy guide (77 lines, written from
//! c4), the opening-name table built into Gunnar Andersson's Zebra (`opname.c`, 76 lines,
//! from c4) and the opening map of Chris Welty's NBoard (73 lines, from f5, and a dozen it
//! adds); a fourth copy of the list, in a BASIC program, was read where they differ. A line
//! is in the table only if at least two of them give it, with the same name, reaching the
//! same position; other names are kept where two of them give them. Left out:
//!
//! - `f5 d6 c3 g5`, which samsoft and Zebra call "Bent Ganglion" but NBoard and another
//!   published copy of the list "Ganglion"; and so the name "Ganglion" for `f5 d6 c4 g5`,
//!   which all call "No-Cat" and only samsoft and Zebra also "Ganglion".
//! - Lines only one source gives (NBoard's Nicolet, Scorpion, Fishhook, Grand Central, ...).
//!
//! ```
//! use outflank_engine::{opening_of, openings_along, Square};
//!
//! let squares = |record: &str| -> Vec<Square> {
//!     outflank_engine::notation::split_record(record).map(|m| m.parse().unwrap()).collect()
//! };
//! // The Tiger, and the same game turned half a turn (first move c4).
//! assert_eq!(opening_of(&squares("f5d6c3d3c4")).unwrap().name(), "Tiger");
//! assert_eq!(opening_of(&squares("c4e3f6e6f5")).unwrap().name(), "Tiger");
//! // The Stephenson passes through the perpendicular opening and the Tiger; a game leaving
//! // the book keeps the last name it reached.
//! let reached: Vec<(usize, &str)> = openings_along(&squares("f5d6c3d3c4f4f6d3"))
//!     .into_iter()
//!     .map(|(ply, opening)| (ply, opening.name()))
//!     .collect();
//! assert_eq!(reached, [(2, "Perpendicular Opening"), (5, "Tiger"), (7, "Stephenson")]);
//! ```

mod table;

use std::sync::OnceLock;

use crate::{Position, Square, Variant};

/// A named opening: a line of moves from the standard 8x8 start, first move f5.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Opening {
    moves: &'static str,
    name: &'static str,
    also: &'static [&'static str],
}

impl Opening {
    /// The name players use most (`"Buffalo"`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The other names of the same line (`["Kenichi Variation"]`), often none.
    pub fn also(&self) -> &'static [&'static str] {
        self.also
    }

    /// The name followed by the other names: `"Buffalo / Kenichi Variation"`.
    pub fn full_name(&self) -> String {
        std::iter::once(self.name)
            .chain(self.also.iter().copied())
            .collect::<Vec<_>>()
            .join(" / ")
    }

    /// The line as a record from f5, as the table writes it (`"f5f6e6d6c3"`).
    pub fn record(&self) -> &'static str {
        self.moves
    }

    /// The line's moves from f5.
    pub fn squares(&self) -> Vec<Square> {
        crate::notation::split_record(self.moves)
            .filter_map(|m| m.parse().ok())
            .collect()
    }

    /// The number of moves (plies) in the line: the ply at which a game reaches it.
    pub fn plies(&self) -> usize {
        self.moves.len() / 2
    }
}

/// Every named opening, grouped by White's first reply (perpendicular, parallel, diagonal).
pub fn openings() -> &'static [Opening] {
    table::TABLE
}

/// The named openings a game reached, in order, each with the ply that reached it (the
/// number of moves played, so `5` for the Tiger): the openings to mark in a move list.
/// `moves` are the squares played from the standard 8x8 start, passes left out; matching
/// stops at a pass or at a move that is not legal.
pub fn openings_along(moves: &[Square]) -> Vec<(usize, &'static Opening)> {
    let index = index();
    let mut reached = Vec::new();
    let Ok(mut position) = Position::start(8, Variant::Standard) else {
        return reached;
    };
    for (k, &square) in moves.iter().enumerate().take(index.longest) {
        // A side with no move would have to pass: `check` refuses every square then.
        let Ok(placed) = position.check(square) else {
            break;
        };
        position = position.after(placed);
        let key = key(&position);
        if let Some(i) = index.keys.iter().position(|k| *k == Some(key)) {
            reached.push((k + 1, &table::TABLE[i]));
        }
    }
    reached
}

/// The most specific named opening a game has followed so far (the last one it reached),
/// if any; see [`openings_along`].
pub fn opening_of(moves: &[Square]) -> Option<&'static Opening> {
    openings_along(moves).pop().map(|(_, opening)| opening)
}

/// The table's positions, computed once.
struct Index {
    /// The position at the end of each line of the table (same order), `None` for a line
    /// that cannot be played (the tests make sure there is none).
    keys: Vec<Option<Key>>,
    /// The longest line's number of moves: no name can be reached after it.
    longest: usize,
}

/// A position up to symmetry: the smallest (first player's, second player's) discs over the
/// eight symmetries. Whose turn it is follows from the number of discs, as the named lines
/// have no pass.
type Key = (u64, u64);

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| Index {
        keys: table::TABLE
            .iter()
            .map(|opening| replay(&opening.squares()).map(|p| key(&p)))
            .collect(),
        longest: table::TABLE.iter().map(Opening::plies).max().unwrap_or(0),
    })
}

/// The position after `moves` from the standard 8x8 start, if every move is legal.
fn replay(moves: &[Square]) -> Option<Position> {
    let mut position = Position::start(8, Variant::Standard).ok()?;
    for &square in moves {
        position = position.after(position.check(square).ok()?);
    }
    Some(position)
}

fn key(position: &Position) -> Key {
    let (first, second) = position.discs();
    let (first, second) = (first as u64, second as u64);
    (0..8)
        .map(|s| (transform(first, s), transform(second, s)))
        .min()
        .unwrap_or((first, second))
}

/// The image of a set of squares (8x8, bit `row * 8 + col`) under one of the eight
/// symmetries of the square: `symmetry` bit 0 mirrors the columns, bit 1 the rows, bit 2
/// swaps columns and rows (after the mirrors).
fn transform(bits: u64, symmetry: u8) -> u64 {
    let mut image = 0;
    let mut rest = bits;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        let (mut col, mut row) = (i % 8, i / 8);
        if symmetry & 1 != 0 {
            col = 7 - col;
        }
        if symmetry & 2 != 0 {
            row = 7 - row;
        }
        if symmetry & 4 != 0 {
            std::mem::swap(&mut col, &mut row);
        }
        image |= 1 << (row * 8 + col);
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_invertible() {
        let f5 = 1u64 << (4 * 8 + 5);
        let images: std::collections::HashSet<u64> = (0..8).map(|s| transform(f5, s)).collect();
        assert_eq!(images.len(), 8);
        // The four symmetries that keep the start position map f5 to the four first moves.
        let start = replay(&[]).map(|p| p.discs()).unwrap();
        let keeps: Vec<u8> = (0..8)
            .filter(|&s| {
                transform(start.0 as u64, s) == start.0 as u64
                    && transform(start.1 as u64, s) == start.1 as u64
            })
            .collect();
        let mut firsts: Vec<u32> = keeps
            .iter()
            .map(|&s| transform(f5, s).trailing_zeros())
            .collect();
        firsts.sort();
        let names: Vec<String> = firsts
            .iter()
            .map(|&i| Square::from_index(i, 8).to_string())
            .collect();
        assert_eq!(names, ["d3", "c4", "f5", "e6"]);
    }
}
