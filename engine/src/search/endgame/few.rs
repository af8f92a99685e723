//! The last empties of an exact solve (at most [`SHALLOW`](super::SHALLOW)): no move
//! generation, no table, the squares tried in parity order; from 4 empties down, a solver
//! for each count, and the last square scored without playing it.

use super::{final_score, quadrant, Solver};
use crate::bitboard::{Bits, Geometry};
use crate::search::last;
use crate::search::table::Transpositions;
use crate::Board;

impl<G: Geometry, T: Transpositions<G::B>> Solver<'_, G, T> {
    /// The last few empties (at most [`SHALLOW`](super::SHALLOW)): no move generation,
    /// parity order, no table; from 4 empties down, the dedicated solvers.
    pub(super) fn shallow(
        &mut self,
        board: Board<G>,
        alpha: i32,
        beta: i32,
        passed: bool,
        empties: u32,
    ) -> i32 {
        if empties <= 4 {
            return self.few(board, alpha, beta, passed, empties);
        }
        self.nodes += 1;
        let empty = board.empty();
        // Squares in quadrants with an odd number of empties first.
        let mut parity = 0u32;
        let mut e = empty;
        while !e.is_empty() {
            parity ^= 1 << quadrant::<G>(e.lowest());
            e = e.without_lowest();
        }
        let mut alpha = alpha;
        let mut best = i32::MIN;
        for pass in 0..2 {
            let mut e = empty;
            while !e.is_empty() {
                let sq = e.lowest();
                e = e.without_lowest();
                let odd = parity & (1 << quadrant::<G>(sq)) != 0;
                if odd != (pass == 0) || !may_flip(&board, sq) {
                    continue;
                }
                let flips = board.flips(sq);
                if flips.is_empty() {
                    continue;
                }
                let score = -self.shallow(
                    board.play_flips(sq, flips),
                    -beta,
                    -alpha,
                    false,
                    empties - 1,
                );
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
                }
            }
        }
        if best == i32::MIN {
            // No move: pass, or the game is over.
            if passed {
                return final_score(&board);
            }
            return -self.shallow(board.pass(), -beta, -alpha, true, empties);
        }
        best
    }

    /// At most 4 empties: the squares listed once, those in quadrants with an odd number
    /// of empties first, and handed to the solver for that many.
    fn few(&mut self, board: Board<G>, alpha: i32, beta: i32, passed: bool, empties: u32) -> i32 {
        let empty = board.empty();
        let mut parity = 0u32;
        let mut e = empty;
        while !e.is_empty() {
            parity ^= 1 << quadrant::<G>(e.lowest());
            e = e.without_lowest();
        }
        let mut sq = [0u32; 4];
        let mut n = 0;
        for odd in [true, false] {
            let mut e = empty;
            while !e.is_empty() {
                let s = e.lowest();
                e = e.without_lowest();
                if (parity & (1 << quadrant::<G>(s)) != 0) == odd {
                    sq[n] = s;
                    n += 1;
                }
            }
        }
        match empties {
            4 => self.solve4(board, alpha, beta, passed, sq),
            3 => self.solve3(board, alpha, beta, passed, [sq[0], sq[1], sq[2]]),
            2 => self.solve2(board, beta, passed, sq[0], sq[1]),
            1 => self.last(board, sq[0]),
            _ => {
                self.nodes += 1;
                final_score(&board)
            }
        }
    }

    /// Four empties, tried in the order given.
    fn solve4(
        &mut self,
        board: Board<G>,
        alpha: i32,
        beta: i32,
        passed: bool,
        sq: [u32; 4],
    ) -> i32 {
        self.nodes += 1;
        let (mut alpha, mut best) = (alpha, i32::MIN);
        for i in 0..4 {
            let x = sq[i];
            if !may_flip(&board, x) {
                continue;
            }
            let flips = board.flips(x);
            if flips.is_empty() {
                continue;
            }
            let rest = match i {
                0 => [sq[1], sq[2], sq[3]],
                1 => [sq[0], sq[2], sq[3]],
                2 => [sq[0], sq[1], sq[3]],
                _ => [sq[0], sq[1], sq[2]],
            };
            let score = -self.solve3(board.play_flips(x, flips), -beta, -alpha, false, rest);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best == i32::MIN {
            if passed {
                return final_score(&board);
            }
            return -self.solve4(board.pass(), -beta, -alpha, true, sq);
        }
        best
    }

    /// Three empties, tried in the order given.
    fn solve3(
        &mut self,
        board: Board<G>,
        alpha: i32,
        beta: i32,
        passed: bool,
        sq: [u32; 3],
    ) -> i32 {
        self.nodes += 1;
        // Parity again: when two of the three share a quadrant, the lone one first.
        let (q0, q1, q2) = (
            quadrant::<G>(sq[0]),
            quadrant::<G>(sq[1]),
            quadrant::<G>(sq[2]),
        );
        let sq = if q0 == q1 && q1 != q2 {
            [sq[2], sq[0], sq[1]]
        } else if q0 == q2 && q0 != q1 {
            [sq[1], sq[0], sq[2]]
        } else {
            sq
        };
        let (mut alpha, mut best) = (alpha, i32::MIN);
        for i in 0..3 {
            let x = sq[i];
            if !may_flip(&board, x) {
                continue;
            }
            let flips = board.flips(x);
            if flips.is_empty() {
                continue;
            }
            let (a, b) = match i {
                0 => (sq[1], sq[2]),
                1 => (sq[0], sq[2]),
                _ => (sq[0], sq[1]),
            };
            let score = -self.solve2(board.play_flips(x, flips), -alpha, false, a, b);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best == i32::MIN {
            if passed {
                return final_score(&board);
            }
            return -self.solve3(board.pass(), -beta, -alpha, true, sq);
        }
        best
    }

    /// Two empties `a` and `b`: each answer is scored exactly by [`Solver::last`], so only
    /// `beta` matters (a cut after the first).
    fn solve2(&mut self, board: Board<G>, beta: i32, passed: bool, a: u32, b: u32) -> i32 {
        self.nodes += 1;
        let mut best = i32::MIN;
        if may_flip(&board, a) {
            let flips = board.flips(a);
            if !flips.is_empty() {
                best = -self.last(board.play_flips(a, flips), b);
                if best >= beta {
                    return best;
                }
            }
        }
        if may_flip(&board, b) {
            let flips = board.flips(b);
            if !flips.is_empty() {
                best = best.max(-self.last(board.play_flips(b, flips), a));
            }
        }
        if best == i32::MIN {
            if passed {
                return final_score(&board);
            }
            // `beta` does not bound the opponent's search: pass an open window.
            return -self.solve2(board.pass(), i32::MAX, true, a, b);
        }
        best
    }

    /// The score with one empty square `sq` left, the side to move playing it if it can,
    /// else the opponent, else nobody.
    #[inline]
    fn last(&mut self, board: Board<G>, sq: u32) -> i32 {
        self.nodes += 1;
        if G::SIZE == 8 {
            return last::score(board.player.to_u128() as u64, sq);
        }
        let cells = G::CELLS as i32;
        let mine = board.player.count() as i32;
        let flips = board.flips(sq).count() as i32;
        if flips > 0 {
            // The board is then full.
            return 2 * (mine + flips + 1) - cells;
        }
        let theirs = board.pass().flips(sq).count() as i32;
        if theirs > 0 {
            return 2 * (mine - theirs) - cells;
        }
        // Nobody can play there: the empty square goes to the winner.
        let diff = 2 * mine - (cells - 1);
        if diff > 0 {
            diff + 1
        } else if diff < 0 {
            diff - 1
        } else {
            0
        }
    }
}

/// Whether a disc on `sq` could turn anything over: a square next to none of the
/// opponent's discs cannot.
#[inline(always)]
fn may_flip<G: Geometry>(board: &Board<G>, sq: u32) -> bool {
    let around = if G::SIZE == 8 {
        G::B::from_u128(u128::from(last::NEIGHBOURS[sq as usize]))
    } else {
        G::neighbours(G::B::bit(sq))
    };
    !(around & board.opponent).is_empty()
}
