//! Several threads solving one position: young brothers wait. A node whose first move
//! did not cut off offers its other moves as a [`SplitPoint`] in the threads' [`Pool`];
//! idle threads take moves from it, and the thread that made it helps below it until
//! they are done.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use super::Solver;
use crate::bitboard::Geometry;
use crate::search::table::Transpositions;
use crate::Board;

impl<G: Geometry, T: Transpositions<G::B>> Solver<'_, G, T> {
    /// Makes the moves `lists[from..end]` of `board` a split point that idle threads can
    /// join, searches them with whoever joins, and returns the node's best score and move
    /// (`best`, `best_sq`: those of the moves already searched). While the others finish,
    /// this thread helps at split points below this one.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split(
        &mut self,
        pool: &Pool<G>,
        board: &Board<G>,
        from: usize,
        end: usize,
        alpha: i32,
        beta: i32,
        best: i32,
        best_sq: u32,
    ) -> (i32, u32) {
        let moves = self.lists[from..end]
            .iter()
            .map(|&(_, sq, flips)| (sq, flips))
            .collect();
        let sp = Arc::new(SplitPoint {
            board: *board,
            moves,
            next: AtomicUsize::new(0),
            beta,
            state: Mutex::new(SplitState {
                alpha,
                best,
                best_sq,
            }),
            alpha_now: AtomicI32::new(alpha),
            open: beta - alpha > 1,
            cut: AtomicBool::new(false),
            workers: AtomicUsize::new(0),
            parent: self.current.clone(),
        });
        pool.offer(&sp);
        let outer = self.current.replace(Arc::clone(&sp));
        self.work(&sp);
        pool.withdraw(&sp);
        // Wait for the threads still on its moves, helping below meanwhile.
        if sp.workers.load(Ordering::Acquire) > 0 {
            pool.idle.fetch_add(1, Ordering::AcqRel);
            while sp.workers.load(Ordering::Acquire) > 0 {
                if !self.help(pool, Some(&sp)) {
                    pause();
                }
            }
            pool.idle.fetch_sub(1, Ordering::AcqRel);
        }
        self.current = outer;
        // Stopped from outside, or cut off or outdated above: the result is void.
        self.aborted = self.must_stop();
        let state = sp.lock();
        (if self.aborted { 0 } else { state.best }, state.best_sq)
    }

    /// Takes a split point offered in `pool` (one below `under`, if given) and works at
    /// it: an idle thread (counted in `pool.idle`) looking for work. Whether there was one.
    pub fn help(&mut self, pool: &Pool<G>, under: Option<&Arc<SplitPoint<G>>>) -> bool {
        let Some(sp) = pool.take(under) else {
            return false;
        };
        let outer = self.current.replace(Arc::clone(&sp));
        let aborted = self.aborted;
        self.work(&sp);
        self.current = outer;
        self.aborted = aborted;
        sp.workers.fetch_sub(1, Ordering::AcqRel);
        pool.idle.fetch_add(1, Ordering::AcqRel);
        true
    }

    /// Searches moves of a split point until none is left, or it is cut off.
    fn work(&mut self, sp: &Arc<SplitPoint<G>>) {
        let mut retry = None;
        loop {
            if sp.cut.load(Ordering::Relaxed) {
                break;
            }
            let i = match retry.take() {
                Some(i) => i,
                None => sp.next.fetch_add(1, Ordering::Relaxed),
            };
            let Some(&(sq, flips)) = sp.moves.get(i) else {
                break;
            };
            let next = sp.board.play_flips(sq, flips);
            let alpha = sp.lock().alpha;
            if sp.open {
                self.watched.push((Arc::clone(sp), alpha));
            }
            let mut score = -self.search(next, -alpha - 1, -alpha, false);
            if score > alpha && score < sp.beta && !self.aborted {
                score = -self.search(next, -sp.beta, -score, false);
            }
            if sp.open {
                self.watched.pop();
            }
            if self.aborted {
                // The search stopped, or this split point or one above was cut off: the
                // caller sorts it out. Only this move's alpha was raised: again with it.
                self.aborted = false;
                if self.must_stop() || sp.cut.load(Ordering::Relaxed) {
                    break;
                }
                retry = Some(i);
                continue;
            }
            let mut state = sp.lock();
            if score > state.best {
                state.best = score;
                state.best_sq = sq;
                if score > state.alpha {
                    state.alpha = score;
                    sp.alpha_now.store(score, Ordering::Relaxed);
                    if score >= sp.beta {
                        sp.cut.store(true, Ordering::Relaxed);
                    }
                }
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

/// The moves of a node that the threads of a parallel solve share out (young brothers
/// wait: made only once the node's first move is searched and did not cut off).
pub struct SplitPoint<G: Geometry> {
    board: Board<G>,
    /// The moves left, best first, taken one at a time through `next`.
    moves: Vec<(u32, G::B)>,
    next: AtomicUsize,
    beta: i32,
    state: Mutex<SplitState>,
    /// `state.alpha`, read without the lock.
    pub(super) alpha_now: AtomicI32,
    /// Whether the window is wider than a null window (alpha can rise).
    open: bool,
    /// A move scored `beta` or more: the others are no longer needed.
    cut: AtomicBool,
    /// Threads other than its owner working at it.
    workers: AtomicUsize,
    /// The split point the owner was working in when it made this one.
    parent: Option<Arc<SplitPoint<G>>>,
}

struct SplitState {
    alpha: i32,
    best: i32,
    best_sq: u32,
}

impl<G: Geometry> SplitPoint<G> {
    fn lock(&self) -> MutexGuard<'_, SplitState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn cut_here_or_above(&self) -> bool {
        let mut sp = Some(self);
        while let Some(p) = sp {
            if p.cut.load(Ordering::Relaxed) {
                return true;
            }
            sp = p.parent.as_deref();
        }
        false
    }

    fn is_below(&self, other: &SplitPoint<G>) -> bool {
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

/// Where the threads of a parallel solve offer and take split points.
pub struct Pool<G: Geometry> {
    /// Threads looking for work.
    pub idle: AtomicUsize,
    offered: Mutex<Vec<Arc<SplitPoint<G>>>>,
}

impl<G: Geometry> Default for Pool<G> {
    fn default() -> Self {
        Pool {
            idle: AtomicUsize::new(0),
            offered: Mutex::new(Vec::new()),
        }
    }
}

impl<G: Geometry> Pool<G> {
    fn offered(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint<G>>>> {
        self.offered.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn offer(&self, sp: &Arc<SplitPoint<G>>) {
        self.offered().push(Arc::clone(sp));
    }

    /// No thread joins `sp` after this.
    fn withdraw(&self, sp: &Arc<SplitPoint<G>>) {
        self.offered().retain(|x| !Arc::ptr_eq(x, sp));
    }

    /// A split point with moves left (below `under`, if given), counted as joined.
    fn take(&self, under: Option<&Arc<SplitPoint<G>>>) -> Option<Arc<SplitPoint<G>>> {
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
