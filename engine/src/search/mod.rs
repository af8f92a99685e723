//! The computer player: an evaluation, a midgame search and an exact endgame solver.
//!
//! - [`solve`]: the exact final score of a position and a best move ([`endgame`]).
//! - [`best_move`]: the move a player of a given [`Level`] chooses ([`midgame`]).
//! - [`stability`]: discs that can never be turned over, used by both.
//!
//! Searches run on [`Board`] bitboards of any size, standard rules. They take a [`Stop`]
//! callback, asked now and then with the node count, so a caller can cancel a search or
//! give it a time budget without the engine reading a clock (wasm in a browser has none
//! that `std` can read).

pub mod arena;
pub mod endgame;
pub mod eval;
pub mod last;
pub mod midgame;
pub mod pattern;
pub mod pattern_index;
pub mod pattern_sum;
pub mod short_sort;
mod split;
pub mod stability;
pub mod table;
pub mod weights;

pub use midgame::{Analysis, Searcher, Share};

use crate::bitboard::{Bits, Geometry};
use crate::book::BookPlay;
use crate::{Board, Error, Reason};

/// Asked with the number of nodes searched so far; `true` stops the search.
pub type Stop<'a> = dyn Fn(u64) -> bool + 'a;

/// A search that never stops early.
pub fn never(_: u64) -> bool {
    false
}

/// The result of an exact solve.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Solved {
    /// Final disc difference for the side to move under perfect play (empties to the winner).
    pub score: i32,
    /// A move reaching it, as a square index; `None` if the side to move must pass or the
    /// game is over.
    pub best: Option<u32>,
    pub nodes: u64,
}

/// Solves `board` exactly (`None` if `stop` cut the search short).
///
/// ```
/// use outflank_engine::{search, Board, Eight};
/// // Dark (X) to move, one empty square:   X O O O O O O -   (row 1)
/// //                                        O O O O O O O O   (rows 2-8: all light)
/// let rows = format!("XOOOOOO-{}", "O".repeat(56));
/// let bits = |c: char| rows.chars().enumerate().filter(|&(_, x)| x == c).map(|(i, _)| 1u64 << i).sum::<u64>();
/// let board = Board::<Eight>::new(bits('X'), bits('O')).unwrap();
/// let solved = search::solve(board, &search::never).unwrap();
/// // h1 turns b1..g1 over: dark ends with 8 discs, light with 56.
/// assert_eq!(solved.score, 8 - 56);
/// assert_eq!(solved.best, Some(7)); // h1
/// ```
pub fn solve<G: Geometry>(board: Board<G>, stop: &Stop<'_>) -> Option<Solved> {
    let mut table = table::Table::new(table_bits(board.empty().count()));
    solve_with(board, &mut table, stop)
}

/// [`solve`] with a table the caller keeps between searches.
pub fn solve_with<G: Geometry>(
    board: Board<G>,
    table: &mut table::Table<G::B>,
    stop: &Stop<'_>,
) -> Option<Solved> {
    solve_full(board, table, stop, weights::default_weights())
}

/// [`solve_with`], its moves ordered with the help of `pattern` where there are many empties
/// instead of the default weights': a solve whose work follows from `pattern` alone, not from
/// the build's embedded weights.
pub fn solve_full<G: Geometry>(
    board: Board<G>,
    table: &mut table::Table<G::B>,
    stop: &Stop<'_>,
    pattern: Option<&'static weights::Weights>,
) -> Option<Solved> {
    let cells = G::CELLS as i32;
    solve_window(board, table, stop, -cells - 1, cells + 1, pattern)
}

/// One solve in the window `alpha..beta` (see [`endgame::Solver::solve`]), its moves ordered
/// with the help of `pattern` where there are many empties (see
/// [`endgame::Solver::set_pattern`]; the browser has no embedded weights, so a
/// [`Searcher`] hands over the ones it was given).
pub(crate) fn solve_window<G: Geometry>(
    board: Board<G>,
    table: &mut table::Table<G::B>,
    stop: &Stop<'_>,
    alpha: i32,
    beta: i32,
    pattern: Option<&'static weights::Weights>,
) -> Option<Solved> {
    let mut solver = endgame::Solver::new(table, stop);
    solver.set_pattern(pattern);
    let (score, best) = solver.solve(board, alpha, beta);
    (!solver.aborted).then_some(Solved {
        score,
        best,
        nodes: solver.nodes,
    })
}

/// [`solve`] on `threads` threads sharing one table (young brothers wait): once the first
/// move of a node with enough empties has been searched without a cut-off, its other moves
/// are shared out between the threads that are idle, and a thread waiting for the others
/// at such a split point helps below it meanwhile. The same exact score as [`solve`]; the
/// node count is the threads' total. Where threads cannot be started (wasm32-unknown-unknown:
/// a browser's worker brings its own, see [`solve_helped`]), one thread solves.
pub fn solve_parallel<G: Geometry>(board: Board<G>, threads: usize) -> Solved {
    if cfg!(all(target_family = "wasm", target_os = "unknown")) {
        return solve(board, &never).expect("never stopped");
    }
    solve_helped(board, &Threads(threads), weights::default_weights())
}

/// [`solve_parallel`] with the threads of `helpers` (a browser's worker brings its own, see
/// [`Helpers`]), its moves ordered with the help of `pattern` where there are many empties
/// (as in [`solve_full`]). The same exact score as [`solve`].
pub fn solve_helped<G: Geometry>(
    board: Board<G>,
    helpers: &dyn Helpers,
    pattern: Option<&'static weights::Weights>,
) -> Solved {
    let cells = G::CELLS as i32;
    let empties = board.empty().count();
    if helpers.helpers() == 0 || empties < PARALLEL_FROM {
        let mut table = table::Table::new(table_bits(empties));
        return solve_full(board, &mut table, &never, pattern).expect("never stopped");
    }
    parallel::solve(
        board,
        helpers,
        table_bits(empties),
        -cells - 1,
        cells + 1,
        pattern,
    )
}

/// Threads that help one search: each runs a job the search gives it, alongside the
/// caller's own thread. Natively they are threads started for the search ([`Threads`]); a
/// browser's worker cannot start threads itself and brings its own (Web Workers sharing
/// its memory), which is why the engine asks for them through this trait.
pub trait Helpers: Sync {
    /// How many threads help (the caller's thread not counted).
    fn helpers(&self) -> usize;

    /// Runs `help` on every helping thread that is free, and `main` on the caller's thread;
    /// returns once `main` and every `help` started have returned. (A helper that cannot
    /// start in time is simply not there: `help` must not count on being run.)
    fn run(&self, help: Job, main: &mut dyn FnMut());
}

/// The job a search gives its [`Helpers`].
pub type Job = std::sync::Arc<dyn Fn() + Send + Sync>;

/// `.0 - 1` native threads, started for each search ([`Helpers`]).
#[derive(Debug)]
pub struct Threads(pub usize);

impl Helpers for Threads {
    fn helpers(&self) -> usize {
        self.0.saturating_sub(1)
    }

    fn run(&self, help: Job, main: &mut dyn FnMut()) {
        std::thread::scope(|scope| {
            let mut started = Vec::with_capacity(self.helpers());
            for _ in 0..self.helpers() {
                let help = std::sync::Arc::clone(&help);
                // A thread that cannot be started is simply not there.
                match std::thread::Builder::new().spawn_scoped(scope, move || help()) {
                    Ok(thread) => started.push(thread),
                    Err(_) => break,
                }
            }
            main();
            // Joined, not left to the scope: the scope waits only until `help` returns, and
            // a thread still exiting after that can write to memory the caller has reused
            // by then (WASI's threads do, in Node).
            for thread in started {
                if let Err(panic) = thread.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
    }
}

/// Below this many empties a solve takes milliseconds: one thread.
pub const PARALLEL_FROM: u32 = 14;

mod parallel {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;

    use super::{endgame, never, split, table, weights, Helpers, Solved};
    use crate::bitboard::Geometry;
    use crate::Board;

    /// How often (nodes) a thread asks whether its work is still wanted.
    const CHECK_EVERY: u64 = 1 << 10;

    /// What the threads of one solve share.
    struct Shared<G: Geometry> {
        table: table::SharedTable<G::B>,
        pool: split::Pool<G, ()>,
        /// The solve is over: the helpers stop looking for work.
        done: AtomicBool,
        /// The helpers' nodes.
        nodes: AtomicU64,
        pattern: Option<&'static weights::Weights>,
    }

    impl<G: Geometry> Shared<G> {
        /// A helper's part: joins split points until the solve is over.
        fn help(&self) {
            let mut handle = &self.table;
            let mut solver =
                endgame::Solver::<G, _>::parallel(&mut handle, &never, &self.pool, CHECK_EVERY);
            solver.set_pattern(self.pattern);
            self.pool.idle.fetch_add(1, Ordering::AcqRel);
            while !self.done.load(Ordering::Acquire) {
                if !split::help(&mut solver, &self.pool, None) {
                    split::pause();
                }
            }
            self.pool.idle.fetch_sub(1, Ordering::AcqRel);
            self.nodes.fetch_add(solver.nodes, Ordering::Relaxed);
        }
    }

    pub(super) fn solve<G: Geometry>(
        board: Board<G>,
        helpers: &dyn Helpers,
        bits: u32,
        alpha: i32,
        beta: i32,
        pattern: Option<&'static weights::Weights>,
    ) -> Solved {
        let shared = Arc::new(Shared {
            table: table::SharedTable::<G::B>::new(bits),
            pool: split::Pool::default(),
            done: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            pattern,
        });
        let job = Arc::clone(&shared);
        let mut result = (0, None, 0);
        helpers.run(Arc::new(move || job.help()), &mut || {
            let mut handle = &shared.table;
            let mut solver =
                endgame::Solver::<G, _>::parallel(&mut handle, &never, &shared.pool, CHECK_EVERY);
            solver.set_pattern(pattern);
            let (score, best) = solver.solve(board, alpha, beta);
            shared.done.store(true, Ordering::Release);
            result = (score, best, solver.nodes);
        });
        let (score, best, main_nodes) = result;
        Solved {
            score,
            best,
            nodes: main_nodes + shared.nodes.load(Ordering::Relaxed),
        }
    }
}

/// Win, loss or draw for the side to move under perfect play, without the margin: a
/// null-window solve around zero, much faster than the exact score (`None` if stopped).
///
/// ```
/// use outflank_engine::{search, Board, Eight, Outcome};
/// // The position of `solve`'s example: dark loses by 48.
/// let rows = format!("XOOOOOO-{}", "O".repeat(56));
/// let bits = |c: char| rows.chars().enumerate().filter(|&(_, x)| x == c).map(|(i, _)| 1u64 << i).sum::<u64>();
/// let board = Board::<Eight>::new(bits('X'), bits('O')).unwrap();
/// assert_eq!(search::solve_wld(board, &search::never), Some(std::cmp::Ordering::Less));
/// ```
pub fn solve_wld<G: Geometry>(board: Board<G>, stop: &Stop<'_>) -> Option<std::cmp::Ordering> {
    let mut table = table::Table::new(table_bits(board.empty().count()));
    solve_window(board, &mut table, stop, -1, 1, weights::default_weights())
        .map(|s| s.score.cmp(&0))
}

/// The size of each of the computer's two search tables (`2^bits` entries of 24 bytes: 6 MiB
/// a table) wherever it plays a game: the browser's worker ([`crate::Computer`]), `outflank
/// move`, `match` and `nboard`, level 10's measure in `outflank-train search`, [`best_move`]
/// and `Searcher::default()`. (Self-play for training keeps its own size, so that its data
/// files stay as they were made.) One size
/// for all, because a level's moves depend on it: the strength and error figures are then
/// those of the computer in the browser.
pub const PLAY_TABLE_BITS: u32 = 18;

/// A table size that suits a search of about `empties` empty squares.
fn table_bits(empties: u32) -> u32 {
    match empties {
        0..=14 => 12,
        15..=20 => 18,
        _ => 21,
    }
}

/// How strong the computer plays: 1 (a beginner who misses most tactics) to 10 (about a
/// second per move in the browser) and 11 (expert, about two).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(11);

    pub fn new(level: u8) -> Result<Level, Error> {
        if (Level::MIN.0..=Level::MAX.0).contains(&level) {
            Ok(Level(level))
        } else {
            Err(Error::bad_option(Reason::Level { level }))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// How the level plays from the opening book ([`crate::book`]); `None` below level 6.
    ///
    /// Levels 6 to 11 play from it while the position is in it: a move within a margin of
    /// the book's best, the stronger the level the closer, so that games vary. The book's
    /// leaves are valued by searches to a fixed depth about as deep as level 10 looks from
    /// them, and its minimax looks further above them: played whole, it is worth as much to
    /// level 10 as its own search, in less time (`outflank match --a 10 --b 10 --b-book none
    /// --opening-plies 4`, README).
    pub fn book_play(self) -> Option<BookPlay> {
        let margin = match self.0 {
            0..=5 => return None,
            6 => 3,
            7 | 8 => 2,
            _ => 1,
        };
        Some(BookPlay {
            margin,
            last_ply: u32::MAX,
        })
    }

    /// What the level means for the search.
    pub fn settings(self) -> Settings {
        // depth, exact endgame from this many empties, noise (hundredths of a disc), node budget
        let (depth, exact_empties, noise, max_nodes) = match self.0 {
            1 => (1, 0, 400, 10_000),
            2 => (1, 4, 250, 10_000),
            3 => (2, 6, 100, 50_000),
            4 => (3, 8, 30, 100_000),
            5 => (4, 10, 0, 1_000_000),
            6 => (5, 12, 0, 2_000_000),
            7 => (7, 14, 0, 2_000_000),
            8 => (9, 16, 0, 3_000_000),
            9 => (12, 18, 0, 4_000_000),
            // 5.5 M nodes: about a second a move in the browser's worker. On threads it is
            // the first thread's, and the helpers add theirs: the strength follows the
            // first thread's own nodes (shared out with a helper, the same budget answers
            // sooner on two threads but plays weaker than on one).
            10 => (60, 20, 0, 5_500_000),
            // Expert: twice level 10's nodes, about two seconds a move in the browser, and
            // exact two empties sooner, which the solver's threads pay for.
            _ => (60, 22, 0, 12_000_000),
        };
        Settings {
            depth,
            exact_empties,
            noise,
            max_nodes,
            greedy: self.0 == 1,
        }
    }
}

/// The knobs of a search (see [`Level::settings`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Settings {
    /// Deepest iteration of the midgame search (plies).
    pub depth: u8,
    /// Solve exactly when this many squares or fewer are empty.
    pub exact_empties: u8,
    /// Each root move's score is misjudged by up to this much (hundredths of a disc).
    pub noise: i32,
    /// The midgame search stops after this many nodes (keeping its last full iteration):
    /// a time budget that is the same on every machine, so games are reproducible (on one
    /// thread: threads that share a table do not play twice alike). On several threads it is
    /// the caller's thread's; the helpers' nodes come on top of it.
    pub max_nodes: u64,
    /// Judge positions by the disc count alone, as a beginner does.
    pub greedy: bool,
}

impl Settings {
    /// A plain search to `depth`: no exact solver, no noise, no node limit (what the
    /// measurements and the tests of the search itself use).
    pub fn to_depth(depth: u8) -> Settings {
        Settings {
            depth,
            exact_empties: 0,
            noise: 0,
            max_nodes: u64::MAX,
            greedy: false,
        }
    }
}

/// The computer's choice.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Choice {
    /// The square to play; `None` if the side to move must pass or the game is over.
    pub best: Option<u32>,
    /// Its score for the side to move, in hundredths of a disc; exact (a multiple of 100)
    /// when `exact` is set.
    pub score: i32,
    /// The depth of the last finished iteration (the empties, when exact). The move and
    /// score can come from the iteration after it, when the node budget cut that one off
    /// after it had scored a move (see [`midgame::Tweaks::partial_root`]).
    pub depth: u8,
    pub exact: bool,
    pub nodes: u64,
}

/// The move a player of `level` chooses in `board` (a fresh searcher; keep a [`Searcher`]
/// between moves to reuse what it learned).
///
/// ```
/// use outflank_engine::{search, Board, Eight};
/// let level = search::Level::new(5).unwrap();
/// let choice = search::best_move(Board::<Eight>::start(), level, 1, &search::never);
/// // One of d3, c4, f5, e6 (all equivalent by symmetry).
/// assert!([19, 26, 37, 44].contains(&choice.best.unwrap()));
/// ```
pub fn best_move<G: Geometry>(board: Board<G>, level: Level, seed: u64, stop: &Stop<'_>) -> Choice {
    Searcher::<G>::new(PLAY_TABLE_BITS).choose(board, &level.settings(), seed, stop)
}
