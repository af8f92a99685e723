//! The exact solver's move order: fastest-first (the replies left to the opponent), corners,
//! the frontier, and with many empties the pattern evaluation after each move; the table's
//! move before all, the others keyed only once it has been searched and failed to cut off.

use crate::bitboard::{Bits, Geometry};
use crate::search::pattern_index::Indexes;
use crate::search::short_sort;
use crate::search::table::Transpositions;
use crate::search::weights::Weights;
use crate::Board;

use super::Solver;

/// What each reply left to the opponent weighs in a move's sort key (a corner reply half
/// as much again), and each of our discs next to an empty square after the move (a source
/// of later replies). Over FFO #20-#39 with the evaluation's weights below, 16 and 1 gave
/// 140 M nodes, 24 and 1 130 M, 24 and 4 122 M, 24 and 6 127 M, 20 and 4 125 M.
const REPLY_WEIGHT: i32 = 24;
const FRONTIER_WEIGHT: i32 = 4;

/// At or above this many empties, the pattern evaluation of the position after each move
/// joins the move's sort key (8x8, when weights are present): over FFO #20-#39 it cut the
/// nodes from 577 M to 170 M (from 14 empties: 180 M; from 10: 166 M, but more
/// evaluations cost more time than they saved). The figures here and below were measured
/// one change at a time, in the order of the constants, and so with a reply weighing 16
/// and the frontier 1 until those were tuned last.
const ORDER_EVAL: u32 = 12;

/// What a disc of evaluation (100) weighs in the sort key, per 100: 12, so a reply left to
/// the opponent ([`REPLY_WEIGHT`]) weighs as much as 2 discs. Over FFO #20-#39 from 12 empties, 4 gave
/// 220 M nodes, 16 gave 178 M, 24 gave 209 M.
const EVAL_WEIGHT: i32 = 12;

/// At or above this many empties, the evaluation in the sort key is that of the
/// opponent's best reply (a one-ply search), weighing [`SEARCH_WEIGHT`]: over FFO #20-#39
/// 140 M nodes instead of 170 M, and less time (from 14 empties: 135 M nodes but more time;
/// from 18: 147 M). A two-ply search from 20 empties searched four times the nodes: a
/// position after our own move is judged worse than one after the opponent's.
const ORDER_SEARCH: u32 = 16;

/// [`EVAL_WEIGHT`] for the one-ply search (FFO #20-#39 from 16 empties: 5 gave 156 M
/// nodes, 12 gave 148 M).
const SEARCH_WEIGHT: i32 = 8;

/// The sort key of the moves after the table's move until that one has been searched
/// (see [`Solver::order_keys`]).
pub(super) const UNORDERED: i32 = i32::MAX;

impl<G: Geometry, T: Transpositions<G::B>> Solver<'_, G, T> {
    /// Legal moves with their flips onto the end of `lists`, best first: fastest-first
    /// (fewest replies), corners before other squares, and `first` (the table's move) before
    /// everything. With `etc_beta` below `i32::MAX`, each
    /// child is first looked up in the table (enhanced transposition cut-off): when one is
    /// known to be bad enough for the opponent that this node scores at least `etc_beta`,
    /// the search of this node ends there, and that bound is returned (the caller takes the
    /// partial list off).
    pub(super) fn push_ordered(
        &mut self,
        board: &Board<G>,
        mut moves: G::B,
        first: u8,
        etc_beta: i32,
    ) -> Option<i32> {
        let start = self.lists.len();
        // All the lookups before any ordering work; the flips are kept for it.
        while !moves.is_empty() {
            let sq = moves.lowest();
            moves = moves.without_lowest();
            let flips = board.flips(sq);
            if etc_beta != i32::MAX {
                let next = board.play_flips(sq, flips);
                if let Some(e) = self.table.probe(next.player, next.opponent) {
                    // The child's score is at most `upper`: ours is at least `-upper`.
                    let bound = -i32::from(e.upper);
                    if bound >= etc_beta {
                        return Some(bound);
                    }
                }
            }
            self.lists.push((0, sq, flips));
        }
        self.order_keys(board, start, first);
        short_sort::sort_by_key(&mut self.lists[start..], |&(key, _, _)| key);
        None
    }

    /// Gives the moves `lists[start..]` their sort keys: with `first` (the table's move)
    /// among them, that one alone, the others [`UNORDERED`] until it has been searched
    /// (it often cuts off, and then their keys, evaluations included, were wasted).
    #[inline(always)]
    fn order_keys(&mut self, board: &Board<G>, start: usize, first: u8) {
        let list = &mut self.lists[start..];
        if list.iter().any(|&(_, sq, _)| sq == u32::from(first)) {
            for m in list.iter_mut() {
                m.0 = if m.1 == u32::from(first) {
                    i32::MIN
                } else {
                    UNORDERED
                };
            }
        } else {
            self.key_moves(board, start, self.lists.len());
        }
    }

    /// Gives each move of `lists[from..to]` its [`Solver::order_key`].
    #[inline(always)]
    pub(super) fn key_moves(&mut self, board: &Board<G>, from: usize, to: usize) {
        let w = self.weights_for(board);
        for m in &mut self.lists[from..to] {
            m.0 = Self::order_key(board, m.1, m.2, w);
        }
    }

    /// The sort key of a move (lower first): the opponent's replies, their corners, ours,
    /// with `pattern` the evaluation of the position after the move (the opponent's view;
    /// from [`ORDER_SEARCH`] empties, a one-ply search of it). The replies alone order the many nodes near the end,
    /// where an evaluation costs more than it saves; higher up it finds the good moves that
    /// leave the opponent a few replies more (the evaluation alone, without the replies,
    /// searches more nodes than the replies alone).
    #[inline(always)]
    fn order_key(board: &Board<G>, sq: u32, flips: G::B, pattern: Option<&Weights>) -> i32 {
        let next = board.play_flips(sq, flips);
        let replies = next.legal_moves();
        let mut key = (replies.count() as i32) * REPLY_WEIGHT
            + (replies & G::CORNERS).count() as i32 * REPLY_WEIGHT / 2;
        if G::CORNERS.has(sq) {
            key -= 24;
        }
        if let Some(w) = pattern {
            let (depth, weight) = if board.empty().count() >= ORDER_SEARCH {
                (1, SEARCH_WEIGHT)
            } else {
                (0, EVAL_WEIGHT)
            };
            key += Self::shallow_eval(w, next, replies, depth, -i32::MAX, i32::MAX) * weight / 100;
        }
        // Fewer of our own discs on the edge of the empty region: fewer later replies.
        key + (G::neighbours(next.empty()) & next.opponent).count() as i32 * FRONTIER_WEIGHT
    }

    /// The score of `board` (whose legal moves are `moves`) for the side to move by a
    /// `depth`-ply search of the pattern evaluation, in `alpha..beta` (no table: only nodes
    /// with many empties ask, a few plies deep). A side without a move is judged as it is.
    fn shallow_eval(
        w: &Weights,
        board: Board<G>,
        moves: G::B,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if depth == 0 || moves.is_empty() {
            let (p, o) = (
                board.player.to_u128() as u64,
                board.opponent.to_u128() as u64,
            );
            return w.evaluate_indexed(&Indexes::new(p, o), p, o);
        }
        let (mut alpha, mut best) = (alpha, -i32::MAX);
        let mut m = moves;
        while !m.is_empty() {
            let sq = m.lowest();
            m = m.without_lowest();
            let next = board.play_flips(sq, board.flips(sq));
            let replies = if depth > 1 {
                next.legal_moves()
            } else {
                G::B::default()
            };
            let score = -Self::shallow_eval(w, next, replies, depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The pattern weights if `board` has enough empties for them to order its moves.
    #[inline(always)]
    fn weights_for(&self, board: &Board<G>) -> Option<&'static Weights> {
        self.pattern.filter(|_| board.empty().count() >= ORDER_EVAL)
    }
}
