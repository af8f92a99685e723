//! One search over the game tree: negascout with the transposition table, Multi-ProbCut
//! and move ordering, from the root's moves down to the evaluation at the leaves, within a
//! node budget. [`Searcher`](super::Searcher) makes one for each move it chooses and runs
//! its iterations, deeper and deeper, through [`Run::root`].

use std::marker::PhantomData;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::share::{MidPool, Node, SPLIT_DEPTH};
use super::{Tweaks, MPC_MIN_DEPTH, WIN};
use crate::bitboard::{Bits, Geometry};
use crate::search::endgame::final_score;
use crate::search::eval::evaluate;
use crate::search::pattern_index::Indexes;
use crate::search::short_sort;
use crate::search::split::SplitPoint;
use crate::search::table::{Transpositions, NO_MOVE};
use crate::search::weights::Weights;
use crate::search::Stop;
use crate::Board;

/// From this depth the moves are ordered by a shallow search.
const SHALLOW_ORDER_DEPTH: u8 = 6;

/// One search: its table, its node count and budget, and what it may cut.
pub(super) struct Run<'a, G: Geometry, T> {
    /// The transposition table: the searcher's own, or one its threads share.
    pub(super) table: &'a mut T,
    pub(super) geometry: PhantomData<G>,
    pub(super) stop: &'a Stop<'a>,
    pub(super) nodes: u64,
    pub(super) max_nodes: u64,
    pub(super) aborted: bool,
    pub(super) greedy: bool,
    pub(super) pattern: Option<&'static Weights>,
    pub(super) tweaks: Tweaks,
    /// ProbCut's margin in standard deviations (infinite: no ProbCut); see
    /// [`ENDGAME_T`](super::ENDGAME_T).
    pub(super) mpc_t: f32,
    /// Score every root move in the whole window: the weaker levels' noise misjudges each
    /// move's own score, and a null-window search gives only a bound (often the window's
    /// edge itself, where ProbCut cut), which noise would turn into a random move.
    pub(super) every_move: bool,
    /// On several threads, where they share out their moves.
    pub(super) pool: Option<&'a MidPool<G>>,
    /// The innermost split point this thread works in (its ancestors through `parent`).
    pub(super) current: Option<Arc<SplitPoint<G, Node>>>,
}

impl<'a, G: Geometry, T: Transpositions<G::B>> Run<'a, G, T> {
    /// A search on `table` within `max_nodes` and `stop`, scoring leaves with `pattern`
    /// (or the hand-made evaluation), with `tweaks`' refinements and ProbCut margin; not
    /// greedy, and testing moves with null windows (the fields say otherwise where needed).
    pub(super) fn new(
        table: &'a mut T,
        stop: &'a Stop<'a>,
        max_nodes: u64,
        pattern: Option<&'static Weights>,
        tweaks: Tweaks,
    ) -> Self {
        Run {
            table,
            geometry: PhantomData,
            stop,
            nodes: 0,
            max_nodes,
            aborted: false,
            greedy: false,
            pattern,
            tweaks,
            mpc_t: tweaks.mpc_margin(),
            every_move: false,
            pool: None,
            current: None,
        }
    }

    pub(super) fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.max_nodes || (self.nodes & 0x3FFF == 0 && (self.stop)(self.nodes)) {
            self.aborted = true;
            if let Some(pool) = self.pool.filter(|_| T::SHARED) {
                // The caller's thread is done: so is every thread's work.
                pool.stopped.store(true, Ordering::Relaxed);
            }
        } else if T::SHARED && self.nodes & 0x3FF == 0 && self.void() {
            self.aborted = true;
        }
    }

    /// The pattern indexes of `board` for the root of a search (kept along its moves from
    /// there; unused without pattern weights).
    pub(super) fn indexes(&self, board: &Board<G>) -> Indexes {
        match self.pattern {
            Some(_) => Indexes::new(
                board.player.to_u128() as u64,
                board.opponent.to_u128() as u64,
            ),
            None => Indexes::default(),
        }
    }

    /// The indexes after the move `sq` turning over `flips` from the position of `ix`.
    #[inline]
    pub(super) fn child(&self, ix: &Indexes, sq: u32, flips: G::B) -> Indexes {
        match self.pattern {
            Some(_) => ix.play(sq, flips.to_u128() as u64),
            None => *ix,
        }
    }

    /// The evaluation of `board`, whose pattern indexes are `ix`. Not inlined: the search
    /// is compiled for each board size, and a copy of both evaluations in each caller would
    /// add 379 bytes of gzipped wasm to the browser worker, which has no room for them.
    #[inline(never)]
    pub(super) fn evaluate(&self, board: &Board<G>, ix: &Indexes) -> i32 {
        if board.player.is_empty() {
            // Wiped out: the game is over and lost by every square. The leaves after a
            // move are where this shows first (the mover always has discs), and the
            // evaluation, fitted on real games, scores such a board as it scores any
            // other: a line that wipes a side out would look like a guess, not a loss by 64
            // (engine/tests/search.rs, `a_wipe_out_is_seen_as_a_loss_by_64`).
            return final_score(board) * WIN;
        }
        if self.greedy {
            // A beginner: more discs now is all that counts.
            (board.player.count() as i32 - board.opponent.count() as i32) * WIN
        } else if let Some(w) = self.pattern {
            w.evaluate_indexed(
                ix,
                board.player.to_u128() as u64,
                board.opponent.to_u128() as u64,
            )
        } else {
            evaluate(board)
        }
    }

    /// Every root move's score at `depth` in the window `lo..hi`, best first (the best exact
    /// when inside the window, the rest bounds; stops at the first move reaching `hi`).
    ///
    /// If the node budget runs out first, the moves searched so far, best first, provided
    /// one of them scored above `lo`: the first move's score is then its value at `depth`
    /// (or a later move's null-window test proved that move better than all before it,
    /// even if the wider search that followed was cut off). Otherwise nothing.
    pub(super) fn root(
        &mut self,
        board: Board<G>,
        ix: &Indexes,
        depth: u8,
        lo: i32,
        hi: i32,
    ) -> Vec<(u32, i32)> {
        let first = self
            .table
            .probe(board.player, board.opponent)
            .map_or(NO_MOVE, |e| e.best);
        let ordered = self.order(&board, ix, board.legal_moves(), first, depth);
        let mut alpha = lo;
        let beta = hi;
        let mut scored = Vec::with_capacity(ordered.len());
        for (k, &(sq, flips)) in ordered.iter().enumerate() {
            let next = board.play_flips(sq, flips);
            let next_ix = self.child(ix, sq, flips);
            // The first move's window is still (lo, beta): alpha starts at lo.
            let score = if k == 0 || self.every_move {
                -self.search(next, &next_ix, depth - 1, -beta, -lo, false)
            } else {
                let s = -self.search(next, &next_ix, depth - 1, -alpha - 1, -alpha, false);
                if s > alpha && s < beta && !self.aborted {
                    let wide = -self.search(next, &next_ix, depth - 1, -beta, -s, false);
                    if self.aborted {
                        // Cut off while measuring by how much it is better: the null
                        // window's bound is all that is known, and enough to prefer it.
                        scored.push((sq, s));
                    }
                    wide
                } else {
                    s
                }
            };
            if self.aborted {
                // A score above `lo` is a move's value or a lower bound that beats every
                // move before it; below, all that is known is that the moves fail low.
                if self.every_move || !scored.iter().any(|&(_, s)| s > lo) {
                    return Vec::new();
                }
                short_sort::sort_by_key(&mut scored, |&(_, s)| std::cmp::Reverse(s));
                return scored;
            }
            alpha = alpha.max(score);
            scored.push((sq, score));
            if score >= beta {
                break;
            }
        }
        short_sort::sort_by_key(&mut scored, |&(_, s)| std::cmp::Reverse(s));
        if let Some(&(sq, score)) = scored.first() {
            self.table.store(
                board.player,
                board.opponent,
                depth,
                (lo, hi),
                score,
                sq as u8,
            );
        }
        scored
    }

    /// Moves with their flips in search order: the table's move, then by the evaluation of
    /// the position after each (from depth 3), by the opponent's replies (fewest first, at
    /// depth 2), or by square (the root's first iteration).
    pub(super) fn order(
        &mut self,
        board: &Board<G>,
        ix: &Indexes,
        mut moves: G::B,
        first: u8,
        depth: u8,
    ) -> Vec<(u32, G::B)> {
        let mut list: Vec<(i32, u32, G::B)> = Vec::with_capacity(moves.count() as usize);
        while !moves.is_empty() {
            let sq = moves.lowest();
            moves = moves.without_lowest();
            let flips = board.flips(sq);
            let next = board.play_flips(sq, flips);
            if depth >= 3 {
                // Its search (depth - 1 >= 2) starts with a table probe: load the bucket now.
                // (Depth 1 reads no table, see `search`.)
                self.table.prefetch(next.player, next.opponent);
            }
            let key = if sq == u32::from(first) {
                i32::MIN
            } else if self.tweaks.shallow_order && depth >= SHALLOW_ORDER_DEPTH {
                // The opponent's view after the move, by a shallow search.
                let ds = if depth >= 10 { 2 } else { 1 };
                self.search(
                    next,
                    &self.child(ix, sq, flips),
                    ds,
                    -i32::MAX / 2,
                    i32::MAX / 2,
                    false,
                )
            } else if depth >= 3 {
                // The opponent's view of the position after the move: lower is better for us.
                self.evaluate(&next, &self.child(ix, sq, flips))
            } else if depth == 2 {
                // Fewest replies first: the evaluation would order better, but costs more
                // than the nodes it saves this close to the leaves (the `depth` example's
                // nodes and time, docs/benchmarks.md, *The computer's speed*).
                next.legal_moves().count() as i32
            } else {
                0
            };
            list.push((key, sq, flips));
        }
        if depth >= 2 {
            short_sort::sort_by_key(&mut list, |&(key, _, _)| key);
        } else if let Some(i) = list.iter().position(|&(key, _, _)| key == i32::MIN) {
            list.swap(0, i);
        }
        list.into_iter().map(|(_, sq, f)| (sq, f)).collect()
    }

    /// A node one ply above the horizon: each reply is a leaf, whose evaluation is already
    /// its exact score, so it is scored once (no null-window test to redo), without a move
    /// list or the table (see `search`).
    pub(super) fn horizon(
        &mut self,
        board: Board<G>,
        ix: &Indexes,
        moves: G::B,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut alpha = alpha;
        let mut best = i32::MIN;
        // The replies by kind of square: corners, the inner squares, the edges' A and B
        // squares, last the C and X squares beside the corners, which most often give a
        // corner away. Each reply scored costs an evaluation, and the likeliest cut-off
        // first spares the rest.
        let near = G::neighbours(G::CORNERS);
        for group in [
            G::CORNERS,
            !G::EDGES & !near,
            G::EDGES & !near & !G::CORNERS,
            near,
        ] {
            let mut rest = moves & group;
            while !rest.is_empty() {
                let sq = rest.lowest();
                rest = rest.without_lowest();
                let flips = board.flips(sq);
                self.tick();
                if self.aborted {
                    return 0;
                }
                let next = board.play_flips(sq, flips);
                let score = -self.evaluate(&next, &self.child(ix, sq, flips));
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
        best
    }

    pub(super) fn search(
        &mut self,
        board: Board<G>,
        ix: &Indexes,
        depth: u8,
        alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        self.tick();
        if self.aborted {
            return 0;
        }
        if depth == 0 {
            return self.evaluate(&board, ix);
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let mut first = NO_MOVE;
        // Not at depth 1: there a cut-off or a best move to try first saves less than the
        // table's memory traffic costs (the `depth` example, docs/benchmarks.md).
        let entry = if depth > 1 {
            self.table.probe(board.player, board.opponent)
        } else {
            None
        };
        if let Some(e) = entry {
            if e.depth >= depth {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta || lower == upper {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
            first = e.best;
        }
        let moves = board.legal_moves();
        if moves.is_empty() {
            if passed {
                return final_score(&board) * WIN;
            }
            return -self.search(board.pass(), &ix.pass(), depth, -beta, -alpha, true);
        }
        if depth == 1 {
            return self.horizon(board, ix, moves, alpha, beta);
        }
        if self.tweaks.probcut && self.mpc_t.is_finite() && depth >= MPC_MIN_DEPTH && !self.greedy {
            if let Some(cut) = self.probcut(board, ix, depth, alpha, beta) {
                return cut;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = i32::MIN;
        let mut best_sq = NO_MOVE;
        let ordered = self.order(&board, ix, moves, first, depth);
        for (k, &(sq, flips)) in ordered.iter().enumerate() {
            if T::SHARED
                && k > 0
                && beta - alpha == 1
                && depth >= SPLIT_DEPTH
                && ordered.len() - k >= 2
            {
                // Young brothers wait: the first move is searched, the rest can be shared.
                if let Some(shared) =
                    self.share(&board, ix, depth, &ordered[k..], alpha, best, best_sq)
                {
                    (best, best_sq) = shared;
                    break;
                }
            }
            let next = board.play_flips(sq, flips);
            let next_ix = self.child(ix, sq, flips);
            let mut score;
            if k == 0 {
                score = -self.search(next, &next_ix, depth - 1, -beta, -alpha, false);
            } else {
                score = -self.search(next, &next_ix, depth - 1, -alpha - 1, -alpha, false);
                if score > alpha && score < beta {
                    score = -self.search(next, &next_ix, depth - 1, -beta, -score, false);
                }
            }
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_sq = sq as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        if self.aborted {
            return 0;
        }
        // Scores are clamped into the table's i16: evaluations stay far inside it.
        self.table.store(
            board.player,
            board.opponent,
            depth,
            (alpha0, beta0),
            best,
            best_sq,
        );
        best
    }
}
