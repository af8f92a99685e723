//! The midgame search on several threads: every thread runs the iterations of the same
//! search on one shared table (lazy SMP). Half the helpers start a ply ahead of the caller's
//! thread, so what they learn is in the table when it gets there; all of them fill the table
//! with bounds and best moves that order its moves and cut its lines. The caller's thread's
//! node budget ends the search; the move is that of the deepest iteration a thread finished:
//! the helpers make the same budget reach deeper, in the same time.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::deepen::Deepened;
use super::run::Run;
use super::Tweaks;
use crate::bitboard::Geometry;
use crate::search::table::SharedTable;
use crate::search::weights::Weights;
use crate::search::{Helpers, Settings, Stop};
use crate::Board;

/// One search's settings, as every thread runs it.
pub(super) struct Search<G: Geometry> {
    pub(super) board: Board<G>,
    pub(super) settings: Settings,
    pub(super) pattern: Option<&'static Weights>,
    pub(super) tweaks: Tweaks,
}

/// What the threads of one search share.
struct Shared<G: Geometry> {
    search: Search<G>,
    table: Arc<SharedTable<G::B>>,
    /// The caller's thread has chosen: the helpers stop.
    done: AtomicBool,
    /// Helpers started so far (each one's number).
    started: AtomicUsize,
    /// The helpers' nodes.
    nodes: AtomicU64,
    /// The deepest search a helper finished (its iterations stop with the caller's).
    deepest: Mutex<Option<Deepened>>,
}

impl<G: Geometry> Shared<G> {
    /// A helper's part: the same iterations, until the caller's thread has chosen.
    fn help(&self) {
        let number = self.started.fetch_add(1, Ordering::Relaxed) + 1;
        let stop = |_| self.done.load(Ordering::Relaxed);
        let mut table = &*self.table;
        let mut run = self.search.run(&mut table, &stop, u64::MAX);
        let found = run.deepen(
            self.search.board,
            &self.search.settings,
            1 + (number % 2) as u8,
        );
        self.nodes.fetch_add(run.nodes, Ordering::Relaxed);
        let mut deepest = self.deepest.lock().unwrap_or_else(|e| e.into_inner());
        if deepest.as_ref().is_none_or(|d| found.reached > d.reached) {
            *deepest = Some(found);
        }
    }
}

impl<G: Geometry> Search<G> {
    fn run<'a>(
        &self,
        table: &'a mut &'a SharedTable<G::B>,
        stop: &'a Stop<'a>,
        max_nodes: u64,
    ) -> Run<'a, G, &'a SharedTable<G::B>> {
        Run {
            greedy: self.settings.greedy,
            ..Run::new(table, stop, max_nodes, self.pattern, self.tweaks)
        }
    }
}

/// The iterations of `search` on the caller's thread, within `max_nodes` and `stop`, with
/// `helpers` searching beside it on `table`; what the caller's thread found, and every
/// thread's nodes.
pub(super) fn deepen<G: Geometry>(
    helpers: &dyn Helpers,
    table: Arc<SharedTable<G::B>>,
    search: Search<G>,
    max_nodes: u64,
    stop: &Stop<'_>,
) -> (Deepened, u64) {
    let shared = Arc::new(Shared {
        search,
        table,
        done: AtomicBool::new(false),
        started: AtomicUsize::new(0),
        nodes: AtomicU64::new(0),
        deepest: Mutex::new(None),
    });
    let job = Arc::clone(&shared);
    let mut found = None;
    helpers.run(Arc::new(move || job.help()), &mut || {
        let mut table = &*shared.table;
        let mut run = shared.search.run(&mut table, stop, max_nodes);
        let deepened = run.deepen(shared.search.board, &shared.search.settings, 1);
        shared.done.store(true, Ordering::Relaxed);
        found = Some((deepened, run.nodes));
    });
    // (`Helpers::run` always runs the caller's part.)
    let (mut deepened, nodes) = found.unwrap_or_default();
    // A helper a ply ahead may have finished an iteration the caller's thread did not: its
    // moves are judged deeper.
    let helped = shared
        .deepest
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    if let Some(helped) = helped.filter(|h| h.reached > deepened.reached && !h.scored.is_empty()) {
        deepened = helped;
    }
    (deepened, nodes + shared.nodes.load(Ordering::Relaxed))
}
