//! A midgame node's moves shared out with idle threads (young brothers wait, as the exact
//! solver does: [`crate::search::split`]): what a split point carries for the midgame, and
//! how a thread searches one of its moves.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::run::Run;
use crate::bitboard::Geometry;
use crate::search::pattern_index::Indexes;
use crate::search::split::{self, Pool, SplitPoint, Splits};
use crate::search::table::Transpositions;
use crate::Board;
/// Below this depth a node keeps its moves to itself: sharing them out costs more than a
/// helper saves there.
pub(super) const SPLIT_DEPTH: u8 = 5;

/// What the moves of a midgame split point are searched with, besides the position.
pub(super) struct Node {
    /// The position's pattern indexes.
    pub(super) ix: Indexes,
    /// The node's depth (its moves are searched one ply less deep).
    pub(super) depth: u8,
    /// ProbCut's margin in the iteration that made it.
    pub(super) mpc_t: f32,
}

/// The split points of one search's threads.
pub(super) type MidPool<G> = Pool<G, Node>;

impl<G: Geometry, T: Transpositions<G::B>> Splits<G> for Run<'_, G, T> {
    type Node = Node;

    fn current(&mut self) -> &mut Option<Arc<SplitPoint<G, Node>>> {
        &mut self.current
    }

    fn aborted(&mut self) -> &mut bool {
        &mut self.aborted
    }

    fn must_stop(&self) -> bool {
        self.nodes >= self.max_nodes || (self.stop)(self.nodes) || self.void()
    }

    fn search_move(&mut self, sp: &SplitPoint<G, Node>, sq: u32, flips: G::B) -> i32 {
        let next = sp.board.play_flips(sq, flips);
        let ix = self.child(&sp.node.ix, sq, flips);
        self.mpc_t = sp.node.mpc_t;
        -self.search(
            next,
            &ix,
            sp.node.depth - 1,
            -sp.alpha - 1,
            -sp.alpha,
            false,
        )
    }
}

impl<G: Geometry, T: Transpositions<G::B>> Run<'_, G, T> {
    /// Whether another thread made the work in hand void: the search is over, or a split
    /// point it belongs to was cut off.
    pub(super) fn void(&self) -> bool {
        self.pool
            .is_some_and(|pool| pool.stopped.load(Ordering::Relaxed))
            || self
                .current
                .as_ref()
                .is_some_and(|sp| sp.cut_here_or_above())
    }

    /// Shares the moves `ordered[k..]` of `board` out with idle helpers, if there are any and
    /// the node is worth it; the node's best score and move, or `None` (the caller searches
    /// them itself). `alpha` is the node's null window's floor.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn share(
        &mut self,
        board: &Board<G>,
        ix: &Indexes,
        depth: u8,
        ordered: &[(u32, G::B)],
        alpha: i32,
        best: i32,
        best_sq: u8,
    ) -> Option<(i32, u8)> {
        let pool = self
            .pool
            .filter(|pool| pool.idle.load(Ordering::Relaxed) > 0)?;
        let node = Node {
            ix: *ix,
            depth,
            mpc_t: self.mpc_t,
        };
        let (score, sq) = split::split(
            self,
            pool,
            board,
            node,
            ordered.to_vec(),
            alpha,
            best,
            u32::from(best_sq),
        );
        Some((score, sq as u8))
    }
}
