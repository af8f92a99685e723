//! Stable discs: discs that can never be turned over, whatever is played.
//!
//! A disc is stable if along each of the four lines through it (row, column, both
//! diagonals) it cannot be outflanked: one neighbour on that line is the board's edge or a
//! stable disc of its own colour, or the line is full. Starting from nothing and adding
//! discs that pass the test until none does finds a subset of the truly stable discs
//! (every corner disc, edges anchored to corners, and what leans on them): a safe bound for
//! the endgame solver and a strong feature for the evaluation.

use crate::bitboard::{Bits, Geometry};

/// Squares with an edge on the given line: the board's first and last columns for rows and
/// diagonals, its first and last rows for columns and diagonals.
#[inline(always)]
fn edge_ends<G: Geometry>() -> [G::B; 4] {
    let cols = !G::INNER_COLS & G::FULL;
    let rows = G::EDGES & !cols | G::CORNERS;
    // Row axis: first/last column; column axis: first/last row; diagonals: any edge.
    [cols, rows, G::EDGES, G::EDGES]
}

/// Shifts along one of the four axes, both ways, masking wraps around the side edges.
#[inline(always)]
fn both_ways<G: Geometry>(x: G::B, axis: usize) -> G::B {
    let (a, b) = (G::shift(x, 2 * axis), G::shift(x, 2 * axis + 1));
    match axis {
        // Column axis: vertical shifts never wrap.
        1 => (a | b) & G::FULL,
        // Rows and diagonals move one column: a shift east lands in the first column
        // only by wrapping, a shift west in the last.
        0 => ((a & G::NOT_FIRST_COL) | (b & G::NOT_LAST_COL)) & G::FULL,
        2 => ((a & G::NOT_FIRST_COL) | (b & G::NOT_LAST_COL)) & G::FULL,
        _ => ((a & G::NOT_LAST_COL) | (b & G::NOT_FIRST_COL)) & G::FULL,
    }
}

/// Squares whose whole line along `axis` is occupied.
fn full_lines<G: Geometry>(occupied: G::B, axis: usize) -> G::B {
    // A square's line is full if, walking from it both ways, every square is occupied: flood
    // the empties along the axis and take what they never reach.
    let empty = !occupied & G::FULL;
    let mut reach = empty;
    for _ in 0..G::SIZE {
        let next = reach | both_ways::<G>(reach, axis);
        if next == reach {
            break;
        }
        reach = next;
    }
    occupied & !reach
}

/// The stable discs of `mine` (a subset of them: see the module's doc).
pub fn stable<G: Geometry>(mine: G::B, theirs: G::B) -> G::B {
    let occupied = mine | theirs;
    if (mine & G::CORNERS).is_empty() && occupied != G::FULL {
        // Without a corner nothing on the edge is anchored; full lines alone rarely give
        // stable discs in play, and the search calls this often.
        return G::B::ZERO;
    }
    let ends = edge_ends::<G>();
    let mut secure = [G::B::ZERO; 4];
    for (axis, s) in secure.iter_mut().enumerate() {
        *s = ends[axis] | full_lines::<G>(occupied, axis);
    }
    let mut stable = mine & secure[0] & secure[1] & secure[2] & secure[3];
    loop {
        let mut next = mine;
        for (axis, s) in secure.iter().enumerate() {
            next &= *s | both_ways::<G>(stable, axis);
        }
        next |= stable;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Eight;

    fn bits(squares: &[&str]) -> u64 {
        squares
            .iter()
            .map(|s| {
                let sq: crate::Square = s.parse().unwrap();
                1u64 << (sq.row() * 8 + sq.col())
            })
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn a_corner_and_the_edge_it_anchors_are_stable() {
        let mine = bits(&["a1", "b1", "c1", "a2"]);
        let theirs = bits(&["d1", "b2"]);
        assert_eq!(
            stable::<Eight>(mine, theirs),
            bits(&["a1", "b1", "c1", "a2"])
        );
        // b2 is not stable for them: the a1-h8 diagonal is open beyond it.
        assert_eq!(stable::<Eight>(theirs, mine), 0);
    }

    #[test]
    fn without_a_corner_nothing_is_stable() {
        assert_eq!(stable::<Eight>(bits(&["b1", "c1", "d1"]), bits(&["e1"])), 0);
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let mine = 0x00FF_00FF_00FF_00FFu64;
        assert_eq!(stable::<Eight>(mine, !mine), mine);
        assert_eq!(stable::<Eight>(!mine, mine), !mine);
    }

    #[test]
    fn a_disc_the_opponent_can_still_flip_is_not_stable() {
        // a1 mine, b1 mine, c1 empty, d1 theirs: b1 is stable (anchored to a1 on the row,
        // on the edge for the other lines); a2 theirs would not be.
        let mine = bits(&["a1", "b1", "b2"]);
        let theirs = bits(&["d1", "c3"]);
        let s = stable::<Eight>(mine, theirs);
        assert_eq!(s & bits(&["a1", "b1"]), bits(&["a1", "b1"]));
        assert_eq!(
            s & bits(&["b2"]),
            0,
            "b2 can still be outflanked along a2-c2"
        );
    }
}
