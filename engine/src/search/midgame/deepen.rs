//! Iterative deepening: a search's iterations, one ply deeper each, each ordered by the
//! table the ones before it filled, until the depth of its settings, the end of the game or
//! its node budget.

use super::run::Run;
use super::{ASPIRATION, ENDGAME_T};
use crate::bitboard::{Bits, Geometry};
use crate::search::table::Transpositions;
use crate::search::Settings;
use crate::Board;

/// What the iterations of one search found.
#[derive(Default)]
pub(super) struct Deepened {
    /// The root's moves with their scores, best first (empty if not even the first
    /// iteration finished).
    pub(super) scored: Vec<(u32, i32)>,
    /// The depth of the last iteration that finished.
    pub(super) reached: u8,
    /// Whether that iteration saw every line to the end of the game.
    pub(super) exact: bool,
}

impl<G: Geometry, T: Transpositions<G::B>> Run<'_, G, T> {
    /// Searches `board` at depth `first`, then one ply deeper each time, up to
    /// `settings.depth`.
    pub(super) fn deepen(&mut self, board: Board<G>, settings: &Settings, first: u8) -> Deepened {
        let empties = board.empty().count();
        let root_ix = self.indexes(&board);
        let mut scored: Vec<(u32, i32)> = Vec::new();
        let mut reached = 0;
        let mut exact = false;
        let mut depth = first.max(1);
        const INF: i32 = i32::MAX / 2;
        // Without ProbCut the iteration at depth = empties is already exact.
        let last = if self.tweaks.probcut {
            empties + ENDGAME_T.len() as u32
        } else {
            empties
        };
        while depth <= settings.depth.max(1) {
            self.mpc_t = match (depth as u32).checked_sub(empties + 1) {
                Some(step) => ENDGAME_T[step as usize],
                None => self.tweaks.mpc_margin(),
            };
            let result = if self.tweaks.aspiration
                && depth >= 4
                && settings.noise == 0
                && !scored.is_empty()
            {
                // Aspiration: a window around the last score, widened on the side it fails.
                let guess = scored[0].1;
                let (mut below, mut above) = (ASPIRATION, ASPIRATION);
                loop {
                    let (lo, hi) = (
                        guess.saturating_sub(below).max(-INF),
                        guess.saturating_add(above).min(INF),
                    );
                    let r = self.root(board, &root_ix, depth, lo, hi);
                    if self.aborted || r.is_empty() {
                        break r;
                    }
                    let best = r[0].1;
                    if best <= lo && lo > -INF {
                        below = below.saturating_mul(4);
                    } else if best >= hi && hi < INF {
                        above = above.saturating_mul(4);
                    } else {
                        break r;
                    }
                }
            } else {
                self.root(board, &root_ix, depth, -INF, INF)
            };
            if self.aborted {
                // A deeper iteration cut off by the budget still counts if it scored a
                // move above its window's floor: its best move is then at least as good at
                // the deeper depth as the last full iteration's (see `root`). A fifth of
                // level 10's budget goes into that last iteration on average, up to half.
                if !result.is_empty() && self.tweaks.partial_root {
                    scored = result;
                }
                break;
            }
            scored = result;
            reached = depth;
            if depth as u32 >= last {
                // Past the end of the game (no leaf is scored by the evaluation) and
                // nothing cut by a guess: exact. (Without ProbCut the iterations end at
                // depth = empties, where a full board can still be a depth-0 leaf.)
                exact = self.tweaks.probcut;
                break;
            }
            depth += 1;
        }
        Deepened {
            scored,
            reached,
            exact,
        }
    }
}
