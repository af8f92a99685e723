//! The evaluation: how good a position is for the side to move, in hundredths of a disc
//! (a won ending by 10 discs is worth about 1000).
//!
//! It weighs what Othello players weigh, with weights that shift from the opening to the
//! end (by the share of empty squares):
//! - mobility: own moves against the opponent's (having choices, leaving none);
//! - frontier: own discs next to empty squares (they hand the opponent moves);
//! - corners, and the squares next to an empty corner that give it away (X and C squares);
//! - stable discs (never lost), which decide the end;
//! - parity: who will play last in the remaining region;
//! - the disc count, which only matters near the end.

use crate::bitboard::{Bits, Geometry};
use crate::search::stability::stable;
use crate::Board;

/// The squares diagonally next to a corner (X) and next to it on the edge (C), for each
/// corner: `(corner, x, c)`.
fn corner_zones<G: Geometry>() -> [(G::B, G::B, G::B); 4] {
    let mut zones = [(G::B::ZERO, G::B::ZERO, G::B::ZERO); 4];
    let mut corners = G::CORNERS;
    for zone in zones.iter_mut() {
        let corner = corners.lowest_bit();
        corners = corners.without_lowest();
        let around = G::neighbours(corner);
        *zone = (corner, around & !G::EDGES, around & G::EDGES);
    }
    zones
}

/// The evaluation of `board` for the side to move.
pub fn evaluate<G: Geometry>(board: &Board<G>) -> i32 {
    let (p, o) = (board.player, board.opponent);
    let empty = board.empty();
    let empties = empty.count() as i32;
    let cells = G::CELLS as i32;
    // 0 at the start, 64 at the end (on any board size).
    let late = (cells - empties) * 64 / cells;

    let my_moves = board.legal_moves().count() as i32;
    let their_moves = board.pass().legal_moves().count() as i32;
    let mobility = 100 * (my_moves - their_moves) / (my_moves + their_moves + 2);

    let rim = G::neighbours(empty);
    let frontier = (o & rim).count() as i32 - (p & rim).count() as i32;

    let mut corners = 0;
    let mut risky = 0;
    for (corner, x, c) in corner_zones::<G>() {
        corners += (p & corner).count() as i32 - (o & corner).count() as i32;
        if !(empty & corner).is_empty() {
            risky += 3 * ((o & x).count() as i32 - (p & x).count() as i32);
            risky += (o & c).count() as i32 - (p & c).count() as i32;
        }
    }
    let stability = stable::<G>(p, o).count() as i32 - stable::<G>(o, p).count() as i32;
    let parity = if empties % 2 == 1 { 1 } else { -1 };
    let discs = p.count() as i32 - o.count() as i32;

    // Weights per feature, from opening (late = 0) to end (late = 64).
    let w = |early: i32, end: i32| early + (end - early) * late / 64;
    mobility * w(14, 6)
        + frontier * w(40, 20)
        + corners * w(700, 450)
        + risky * w(120, 60)
        + stability * w(80, 120)
        + parity * w(0, 80)
        + discs * w(-8, 40)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Eight;

    #[test]
    fn the_start_is_even_and_the_evaluation_is_antisymmetric() {
        let b = Board::<Eight>::start();
        assert_eq!(evaluate(&b), evaluate(&b.pass()));
        let f5 = 4 * 8 + 5;
        let after = b.play_flips(f5, b.flips(f5));
        // Antisymmetric but for parity, which favours whoever is to move (59 empties: odd;
        // 5 discs of 64 played: its weight is 80 * 5 / 64).
        assert_eq!(
            evaluate(&after) + evaluate(&after.pass()),
            2 * (80 * 5 / 64)
        );
    }

    #[test]
    fn a_corner_is_worth_a_lot() {
        // Same discs but one side owns a1 instead of b2.
        let with_corner =
            Board::<Eight>::new(1 | (1 << 27) | (1 << 36), (1 << 28) | (1 << 35)).unwrap();
        let with_x =
            Board::<Eight>::new((1 << 9) | (1 << 27) | (1 << 36), (1 << 28) | (1 << 35)).unwrap();
        assert!(evaluate(&with_corner) > evaluate(&with_x) + 500);
    }
}
