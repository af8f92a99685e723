//! The midgame search: iterative deepening negascout with a transposition table, switching
//! to the exact solver when few enough squares are left.
//!
//! On the 8x8 board the leaves are scored by the trained pattern evaluation
//! ([`crate::search::weights`]) when weights are present (embedded in the native engine, set
//! with [`Searcher::set_pattern`] in the browser); other sizes, or no weights, use the
//! hand-made evaluation ([`crate::search::eval`]).

use crate::bitboard::{Bits, Geometry};
use crate::rng::Rng;
use crate::search::short_sort;
use crate::search::table::Table;
use crate::search::weights::Weights;
use crate::search::{solve_full, solve_window, Choice, Helpers, Settings, Stop};
use crate::Board;

mod analysis;
mod deepen;
// Threads share memory natively, and in wasm built with atomics (the threaded worker).
mod probcut;
mod run;
mod share;
#[cfg(any(not(target_family = "wasm"), target_feature = "atomics"))]
mod threads;
mod tweaks;

use deepen::Deepened;
use run::Run;

pub use analysis::{Analysis, Share};
pub use probcut::{
    mpc_band, mpc_row, mpc_shallow, ENDGAME_T, MPC, MPC_BANDS, MPC_BY_BAND, MPC_MIN_DEPTH, MPC_T,
};
pub use tweaks::Tweaks;

/// Scores of finished games: the disc difference times this, beyond any evaluation.
pub const WIN: i32 = 100;

/// How deep the guess that centres each move's exact solve looks ([`Searcher::exact_scores`]).
const GUESS_DEPTH: u8 = 4;

/// The first aspiration window's half-width (hundredths of a disc).
const ASPIRATION: i32 = 400;

/// A computer player's memory: the tables it keeps from one move to the next.
pub struct Searcher<G: Geometry> {
    mid: Table<G::B>,
    end: Table<G::B>,
    /// The pattern evaluation's weights (8x8 only).
    pattern: Option<&'static Weights>,
    tweaks: Tweaks,
    /// Threads that help its searches ([`Searcher::set_helpers`]).
    helpers: Option<&'static dyn Helpers>,
    /// The midgame table the helpers share with the caller's thread (made when first
    /// needed, as large as `mid`).
    #[cfg(any(not(target_family = "wasm"), target_feature = "atomics"))]
    shared: Option<std::sync::Arc<crate::search::table::SharedTable<G::B>>>,
}

impl<G: Geometry> Default for Searcher<G> {
    fn default() -> Self {
        Searcher::new(super::PLAY_TABLE_BITS)
    }
}

impl<G: Geometry> Searcher<G> {
    /// A searcher with tables of `2^bits` entries each, using the embedded pattern weights
    /// on 8x8 (natively; in wasm none are embedded, see [`Searcher::set_pattern`]).
    pub fn new(bits: u32) -> Searcher<G> {
        let pattern = crate::search::weights::default_weights();
        Searcher {
            mid: Table::new(bits),
            end: Table::new(bits),
            pattern: if G::CELLS == 64 { pattern } else { None },
            tweaks: Tweaks::default(),
            helpers: None,
            #[cfg(any(not(target_family = "wasm"), target_feature = "atomics"))]
            shared: None,
        }
    }

    /// Searches on these threads too in [`Searcher::choose`]. The midgame search of the
    /// strong levels (no noise, no depth short of the end) shares its nodes' moves out to
    /// every thread, with a table they share, within the caller's thread's node budget
    /// (deeper in the same time; no longer reproducible node for node). The exact solve at
    /// the end splits its moves between the threads (from [`super::PARALLEL_FROM`] empties;
    /// the same score, sooner); it is not stopped by `choose`'s `stop`, and uses a table of
    /// its own.
    pub fn set_helpers(&mut self, helpers: Option<&'static dyn Helpers>) {
        self.helpers = helpers;
    }

    /// Turns the search's refinements on or off (see [`Tweaks`]); clears the tables.
    pub fn set_tweaks(&mut self, tweaks: Tweaks) {
        self.tweaks = tweaks;
        self.clear();
    }

    /// The plain negascout score of `board` at `depth` (full window, no refinements, no
    /// node limit; the table is kept, so calling it depth after depth is iterative
    /// deepening, and [`Searcher::clear`] starts afresh): what `outflank-train mpc` regresses.
    pub fn plain_score(&mut self, board: Board<G>, depth: u8) -> i32 {
        let mut run = Run {
            mpc_t: MPC_T,
            ..Run::new(
                &mut self.mid,
                &crate::search::never,
                u64::MAX,
                self.pattern,
                Tweaks::NONE,
            )
        };
        let ix = run.indexes(&board);
        run.search(board, &ix, depth, -i32::MAX / 2, i32::MAX / 2, false)
    }

    /// Scores leaves with these pattern weights (`None`: the hand-made evaluation). Ignored
    /// on boards other than 8x8, which the patterns do not fit. Clears the tables (their
    /// scores came from the other evaluation).
    pub fn set_pattern(&mut self, weights: Option<&'static Weights>) {
        self.pattern = if G::CELLS == 64 { weights } else { None };
        self.clear();
    }

    /// The pattern weights scoring the leaves, if any.
    pub fn pattern(&self) -> Option<&'static Weights> {
        self.pattern
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.mid.clear();
        self.end.clear();
        #[cfg(any(not(target_family = "wasm"), target_feature = "atomics"))]
        {
            self.shared = None;
        }
    }

    /// The move to play with `settings`; `seed` drives the randomness of the weaker levels.
    pub fn choose(
        &mut self,
        board: Board<G>,
        settings: &Settings,
        seed: u64,
        stop: &Stop<'_>,
    ) -> Choice {
        let moves = board.legal_moves();
        if moves.is_empty() {
            return Choice {
                best: None,
                score: 0,
                depth: 0,
                exact: false,
                nodes: 0,
            };
        }
        let empties = board.empty().count();
        if empties <= u32::from(settings.exact_empties) {
            let helped = self
                .helpers
                .filter(|h| h.helpers() > 0 && empties >= super::PARALLEL_FROM)
                .map(|h| super::solve_helped(board, h, self.pattern));
            if let Some(s) = helped.or_else(|| solve_full(board, &mut self.end, stop, self.pattern))
            {
                return Choice {
                    best: s.best,
                    score: s.score * WIN,
                    depth: empties as u8,
                    exact: true,
                    nodes: s.nodes,
                };
            }
        }
        let max_nodes = self.tweaks.budget(settings.max_nodes, empties);
        let (
            Deepened {
                mut scored,
                reached,
                exact,
            },
            nodes,
        ) = match self.deepen_helped(board, settings, max_nodes, stop) {
            Some(found) => found,
            None => {
                let mut run = Run {
                    greedy: settings.greedy,
                    every_move: settings.noise > 0,
                    ..Run::new(&mut self.mid, stop, max_nodes, self.pattern, self.tweaks)
                };
                (run.deepen(board, settings, 1), run.nodes)
            }
        };
        if scored.is_empty() {
            // Not even depth 1 finished: any legal move beats none.
            scored = vec![(moves.lowest(), 0)];
        }
        // Weaker levels misjudge: noise on each move's score, from the seed.
        let mut rng = Rng::from_state(seed ^ 0x9E37_79B9_7F4A_7C15);
        let mut best = (scored[0].0, i32::MIN, scored[0].1);
        for &(sq, score) in &scored {
            let noise = if settings.noise > 0 {
                rng.below(2 * settings.noise as u64 + 1) as i32 - settings.noise
            } else {
                0
            };
            if score + noise > best.1 {
                best = (sq, score + noise, score);
            }
        }
        Choice {
            best: Some(best.0),
            score: best.2,
            depth: reached,
            exact,
            nodes,
        }
    }

    /// The midgame iterations on the helpers' threads too, if there are any and the search
    /// is one of the strong levels': no noise, and deep enough to reach the end of the game,
    /// so that its node budget is what ends it. (The weaker levels stay reproducible move
    /// for move, which a shared table would not allow.) What the caller's thread's
    /// iterations found, and every thread's nodes.
    #[cfg(any(not(target_family = "wasm"), target_feature = "atomics"))]
    fn deepen_helped(
        &mut self,
        board: Board<G>,
        settings: &Settings,
        max_nodes: u64,
        stop: &Stop<'_>,
    ) -> Option<(Deepened, u64)> {
        let helpers = self.helpers.filter(|h| {
            h.helpers() > 0
                && settings.noise == 0
                && !settings.greedy
                && u32::from(settings.depth) >= board.empty().count()
        })?;
        let bits = self.mid.bits();
        let table = self.shared.get_or_insert_with(|| {
            std::sync::Arc::new(crate::search::table::SharedTable::new(bits))
        });
        let search = threads::Search {
            board,
            settings: *settings,
            pattern: self.pattern,
            tweaks: self.tweaks,
        };
        Some(threads::deepen(
            helpers,
            std::sync::Arc::clone(table),
            search,
            max_nodes,
            stop,
        ))
    }

    /// No threads to help in this build (wasm without atomics).
    #[cfg(not(any(not(target_family = "wasm"), target_feature = "atomics")))]
    fn deepen_helped(
        &mut self,
        _: Board<G>,
        _: &Settings,
        _: u64,
        _: &Stop<'_>,
    ) -> Option<(Deepened, u64)> {
        None
    }

    /// The exact final score of every legal move of `share` (for hints near the end), best
    /// first; `None` if `stop` cut the search short. `solved` hears each move's score as soon as it
    /// is known, the likeliest best first (a page shows them while the others are solved).
    ///
    /// Each move is solved in a narrow window around a shallow search's guess, widened on
    /// the side it fails: a solve with a full window costs many times more, and every move
    /// needs its own (from 20 empty squares, seconds instead of a fraction of one).
    pub fn exact_scores(
        &mut self,
        board: Board<G>,
        share: Share,
        stop: &Stop<'_>,
        solved: &mut dyn FnMut(u32, i32),
    ) -> Option<Vec<(u32, i32)>> {
        self.exact_scores_counted(board, share, stop, solved)
            .map(|(scores, _)| scores)
    }

    /// [`Searcher::exact_scores`] and the solver's nodes (the guesses' midgame searches
    /// not counted).
    pub(crate) fn exact_scores_counted(
        &mut self,
        board: Board<G>,
        share: Share,
        stop: &Stop<'_>,
        solved: &mut dyn FnMut(u32, i32),
    ) -> Option<(Vec<(u32, i32)>, u64)> {
        let mut nodes = 0;
        let mut moves = board.legal_moves();
        let mut guessed = Vec::new();
        while !moves.is_empty() {
            let sq = moves.lowest();
            moves = moves.without_lowest();
            let next = board.play_flips(sq, board.flips(sq));
            // The guess, from the opponent's side, in discs; final scores on an even board
            // are even, so the window (guess - 1, guess + 1) holds the guess alone.
            let guess =
                (self.plain_score(next, GUESS_DEPTH) as f32 / WIN as f32 / 2.0).round() as i32 * 2;
            guessed.push((guess, sq, next));
        }
        short_sort::sort_by_key(&mut guessed, |&(guess, sq, _)| (guess, sq));
        let mut out = Vec::new();
        let cells = G::CELLS as i32;
        let mine = guessed
            .into_iter()
            .enumerate()
            .filter(|&(rank, _)| share.takes(rank));
        for (guess, sq, next) in mine.map(|(_, guessed)| guessed) {
            let (mut lo, mut hi) = (
                (guess - 1).clamp(-cells - 1, cells),
                (guess + 1).clamp(-cells, cells + 1),
            );
            let mut step = 4;
            let score = loop {
                let result = solve_window(next, &mut self.end, stop, lo, hi, self.pattern)?;
                nodes += result.nodes;
                let s = result.score;
                if s <= lo && lo > -cells - 1 {
                    (lo, hi) = ((s - step).max(-cells - 1), s + 1);
                } else if s >= hi && hi < cells + 1 {
                    (lo, hi) = (s - 1, (s + step).min(cells + 1));
                } else {
                    break s;
                }
                step *= 2;
            };
            solved(sq, -score);
            out.push((sq, -score));
        }
        short_sort::sort_by_key(&mut out, |&(sq, score)| (-score, sq));
        Some((out, nodes))
    }
}
