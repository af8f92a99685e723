//! Several threads searching one position: young brothers wait. A node searched with a null
//! window whose first move did not cut off offers its other moves as a [`SplitPoint`] in the
//! threads' [`Pool`]; idle threads take moves from it, and the thread that made it helps
//! below it until they are done. The exact solver and the midgame search share out their
//! work this way ([`Splits`]: how each searches one move of a split point).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::bitboard::Geometry;
use crate::Board;

/// A search that can share out its moves: one thread's side of a parallel search.
pub(crate) trait Splits<G: Geometry> {
    /// What a move of a split point is searched with besides the position (the midgame's
    /// depth, for example).
    type Node: Send + Sync;

    /// The innermost split point this thread works in (its ancestors through `parent`).
    fn current(&mut self) -> &mut Option<Arc<SplitPoint<G, Self::Node>>>;

    /// Whether the score in hand is void (the search stopped or a split point above cut).
    fn aborted(&mut self) -> &mut bool;

    /// Whether the work in hand is void: the search was stopped or ran out of nodes, or a
    /// split point it belongs to was cut off.
    fn must_stop(&self) -> bool;

    /// The score of the move `sq` turning over `flips` at `sp`, for the side to move
    /// there, searched with the split point's null window.
    fn search_move(&mut self, sp: &SplitPoint<G, Self::Node>, sq: u32, flips: G::B) -> i32;
}

/// Makes `moves` of `board` (its moves after the first, best first) a split point that idle
/// threads of `pool` can join, searches them with whoever joins in the null window
/// `alpha..alpha + 1`, and returns the node's best score and move (`best`, `best_sq`: those
/// of the moves already searched). While the others finish, `this` helps at split points
/// below this one. `this` is aborted afterwards if the result is void.
#[allow(clippy::too_many_arguments)]
pub(crate) fn split<G: Geometry, S: Splits<G>>(
    this: &mut S,
    pool: &Pool<G, S::Node>,
    board: &Board<G>,
    node: S::Node,
    moves: Vec<(u32, G::B)>,
    alpha: i32,
    best: i32,
    best_sq: u32,
) -> (i32, u32) {
    let sp = Arc::new(SplitPoint {
        board: *board,
        node,
        moves,
        next: AtomicUsize::new(0),
        alpha,
        best: Mutex::new((best, best_sq)),
        cut: AtomicBool::new(false),
        workers: AtomicUsize::new(0),
        parent: this.current().clone(),
    });
    pool.offer(&sp);
    let outer = this.current().replace(Arc::clone(&sp));
    work(this, &sp);
    pool.withdraw(&sp);
    // Wait for the threads still on its moves, helping below meanwhile.
    if sp.workers.load(Ordering::Acquire) > 0 {
        pool.idle.fetch_add(1, Ordering::AcqRel);
        while sp.workers.load(Ordering::Acquire) > 0 {
            if !help(this, pool, Some(&sp)) {
                pause();
            }
        }
        pool.idle.fetch_sub(1, Ordering::AcqRel);
    }
    *this.current() = outer;
    // Stopped from outside, or cut off above: the result is void.
    let aborted = this.must_stop();
    *this.aborted() = aborted;
    let (best, best_sq) = *sp.best();
    (if aborted { 0 } else { best }, best_sq)
}

/// Takes a split point offered in `pool` (one below `under`, if given) and works at it: an
/// idle thread (counted in `pool.idle`) looking for work. Whether there was one.
pub(crate) fn help<G: Geometry, S: Splits<G>>(
    this: &mut S,
    pool: &Pool<G, S::Node>,
    under: Option<&Arc<SplitPoint<G, S::Node>>>,
) -> bool {
    let Some(sp) = pool.take(under) else {
        return false;
    };
    let outer = this.current().replace(Arc::clone(&sp));
    let aborted = *this.aborted();
    work(this, &sp);
    *this.current() = outer;
    *this.aborted() = aborted;
    sp.workers.fetch_sub(1, Ordering::AcqRel);
    pool.idle.fetch_add(1, Ordering::AcqRel);
    true
}

/// Searches moves of a split point until none is left, it is cut off or the search stops.
fn work<G: Geometry, S: Splits<G>>(this: &mut S, sp: &SplitPoint<G, S::Node>) {
    while !sp.cut.load(Ordering::Relaxed) {
        let i = sp.next.fetch_add(1, Ordering::Relaxed);
        let Some(&(sq, flips)) = sp.moves.get(i) else {
            break;
        };
        let score = this.search_move(sp, sq, flips);
        if *this.aborted() {
            // Stopped, or this split point or one above was cut off: the owner sorts it out.
            *this.aborted() = false;
            break;
        }
        let mut best = sp.best();
        if score > best.0 {
            *best = (score, sq);
            if score > sp.alpha {
                sp.cut.store(true, Ordering::Relaxed);
            }
        }
    }
}

/// What a thread with no work does before it looks again. Natively it gives its time slice
/// up; in a browser `yield_now` does nothing (a Web Worker has no scheduler to yield to), so
/// a thread there waits a few microseconds, which leaves the core to the threads that have
/// work when there are more threads than free cores.
pub fn pause() {
    #[cfg(all(target_family = "wasm", target_feature = "atomics"))]
    std::thread::sleep(std::time::Duration::from_micros(20));
    #[cfg(not(all(target_family = "wasm", target_feature = "atomics")))]
    std::thread::yield_now();
}

/// The moves of a node that the threads of a parallel search share out (young brothers
/// wait: made only once the node's first move is searched and did not cut off). Its window
/// is null: a move that beats `alpha` cuts it off.
pub struct SplitPoint<G: Geometry, N> {
    pub(crate) board: Board<G>,
    pub(crate) node: N,
    /// The moves left, best first, taken one at a time through `next`.
    moves: Vec<(u32, G::B)>,
    next: AtomicUsize,
    pub(crate) alpha: i32,
    /// The best score and move so far.
    best: Mutex<(i32, u32)>,
    /// A move scored above `alpha`: the others are no longer needed.
    cut: AtomicBool,
    /// Threads other than its owner working at it.
    workers: AtomicUsize,
    /// The split point the owner was working in when it made this one.
    parent: Option<Arc<SplitPoint<G, N>>>,
}

impl<G: Geometry, N> SplitPoint<G, N> {
    fn best(&self) -> MutexGuard<'_, (i32, u32)> {
        self.best.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether this split point or one it lies below was cut off: its work is void.
    pub(crate) fn cut_here_or_above(&self) -> bool {
        let mut sp = Some(self);
        while let Some(p) = sp {
            if p.cut.load(Ordering::Relaxed) {
                return true;
            }
            sp = p.parent.as_deref();
        }
        false
    }

    fn is_below(&self, other: &SplitPoint<G, N>) -> bool {
        let mut sp = self.parent.as_deref();
        while let Some(p) = sp {
            if std::ptr::eq(p, other) {
                return true;
            }
            sp = p.parent.as_deref();
        }
        false
    }
}

/// Where the threads of a parallel search offer and take split points.
pub struct Pool<G: Geometry, N> {
    /// Threads looking for work.
    pub idle: AtomicUsize,
    /// The search is over or out of nodes: every thread's work is void.
    pub stopped: AtomicBool,
    offered: Mutex<Vec<Arc<SplitPoint<G, N>>>>,
}

impl<G: Geometry, N> Default for Pool<G, N> {
    fn default() -> Self {
        Pool {
            idle: AtomicUsize::new(0),
            stopped: AtomicBool::new(false),
            offered: Mutex::new(Vec::new()),
        }
    }
}

impl<G: Geometry, N> Pool<G, N> {
    fn offered(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint<G, N>>>> {
        self.offered.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn offer(&self, sp: &Arc<SplitPoint<G, N>>) {
        self.offered().push(Arc::clone(sp));
    }

    /// No thread joins `sp` after this.
    fn withdraw(&self, sp: &Arc<SplitPoint<G, N>>) {
        self.offered().retain(|x| !Arc::ptr_eq(x, sp));
    }

    /// A split point with moves left (below `under`, if given), counted as joined.
    fn take(&self, under: Option<&Arc<SplitPoint<G, N>>>) -> Option<Arc<SplitPoint<G, N>>> {
        let offered = self.offered();
        let sp = offered.iter().find(|sp| {
            sp.next.load(Ordering::Relaxed) < sp.moves.len()
                && !sp.cut.load(Ordering::Relaxed)
                && under.is_none_or(|u| sp.is_below(u))
        })?;
        sp.workers.fetch_add(1, Ordering::AcqRel);
        self.idle.fetch_sub(1, Ordering::AcqRel);
        Some(Arc::clone(sp))
    }
}
