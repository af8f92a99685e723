//! Perft: the number of leaves of the game tree to a given depth.
//!
//! Convention (the published Othello tables): a forced pass is a move and uses one ply; a
//! finished game is one leaf, at the depth where it ends.

use crate::bitboard::{Bits, Geometry};
use crate::{AnyBoard, Board};

/// Leaves of the standard-rules tree below `board` at `depth` plies.
///
/// ```
/// use outflank_engine::{perft::perft, Board, Eight};
/// assert_eq!(perft(&Board::<Eight>::start(), 4), 244);
/// ```
pub fn perft<G: Geometry>(board: &Board<G>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.legal_moves();
    if moves.is_empty() {
        if depth == 1 {
            // A pass and a finished game both make one leaf here.
            return 1;
        }
        let passed = board.pass();
        if passed.legal_moves().is_empty() {
            return 1;
        }
        return perft(&passed, depth - 1);
    }
    if depth == 1 {
        return u64::from(moves.count());
    }
    Board::<G>::squares(moves)
        .map(|sq| perft(&board.play_flips(sq, board.flips(sq)), depth - 1))
        .sum()
}

/// Perft from the start position of a board of any supported size.
pub fn perft_any(board: &AnyBoard, depth: u32) -> u64 {
    match board {
        AnyBoard::Six(b) => perft(b, depth),
        AnyBoard::Eight(b) => perft(b, depth),
        AnyBoard::Ten(b) => perft(b, depth),
    }
}
