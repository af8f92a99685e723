//! The midgame search on several threads: the caller's thread runs the iterations, and a
//! node searched with a null window whose first move did not cut off shares its other moves
//! out to idle helpers ([`super::share`]). The threads share one table. The caller's
//! thread's node budget ends the search (its own nodes, the moves it searches at split
//! points included): the helpers search the rest of the same tree, which reaches deeper in
//! the same time.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::deepen::Deepened;
use super::run::Run;
use super::share::MidPool;
use super::Tweaks;
use crate::bitboard::Geometry;
use crate::search::split;
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
    pool: MidPool<G>,
    /// The caller's thread has chosen: the helpers stop looking for work.
    done: AtomicBool,
    /// The helpers' nodes.
    nodes: AtomicU64,
}

impl<G: Geometry> Shared<G> {
    /// A search on the shared table within `max_nodes` and `stop`, sharing out its moves.
    fn run<'a>(
        &'a self,
        table: &'a mut &'a SharedTable<G::B>,
        stop: &'a Stop<'a>,
        max_nodes: u64,
    ) -> Run<'a, G, &'a SharedTable<G::B>> {
        let search = &self.search;
        Run {
            greedy: search.settings.greedy,
            pool: Some(&self.pool),
            ..Run::new(table, stop, max_nodes, search.pattern, search.tweaks)
        }
    }

    /// A helper's part: joins split points until the caller's thread has chosen.
    fn help(&self) {
        let stop = |_| self.done.load(Ordering::Relaxed);
        let mut table = &*self.table;
        let mut run = self.run(&mut table, &stop, u64::MAX);
        self.pool.idle.fetch_add(1, Ordering::AcqRel);
        while !self.done.load(Ordering::Acquire) {
            if !split::help(&mut run, &self.pool, None) {
                split::pause();
            }
        }
        self.nodes.fetch_add(run.nodes, Ordering::Relaxed);
    }
}

/// The iterations of `search` on the caller's thread, within `max_nodes` and `stop`, with
/// `helpers` taking its nodes' moves on `table`; what it found, and every thread's nodes.
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
        pool: MidPool::default(),
        done: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
    });
    let job = Arc::clone(&shared);
    let mut found = None;
    helpers.run(Arc::new(move || job.help()), &mut || {
        let mut table = &*shared.table;
        let mut run = shared.run(&mut table, stop, max_nodes);
        let deepened = run.deepen(shared.search.board, &shared.search.settings, 1);
        shared.done.store(true, Ordering::Release);
        found = Some((deepened, run.nodes));
    });
    // (`Helpers::run` always runs the caller's part.)
    let (deepened, nodes) = found.unwrap_or_default();
    (deepened, nodes + shared.nodes.load(Ordering::Relaxed))
}
