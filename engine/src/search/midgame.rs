//! The midgame search: iterative deepening negascout with a transposition table, switching
//! to the exact solver when few enough squares are left.
//!
//! On the 8x8 board the leaves are scored by the trained pattern evaluation
//! ([`crate::search::weights`]) when weights are present (embedded in the native engine, set
//! with [`Searcher::set_pattern`] in the browser); other sizes, or no weights, use the
//! hand-made evaluation ([`crate::search::eval`]).

use crate::bitboard::{Bits, Geometry};
use crate::rng::Rng;
use crate::search::table::Table;
use crate::search::weights::Weights;
use crate::search::{solve_full, solve_window, Choice, Helpers, Settings, Stop};
use crate::Board;

mod analysis;
mod probcut;
mod run;
mod tweaks;

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
    /// Threads that help its exact solves ([`Searcher::set_helpers`]).
    helpers: Option<&'static dyn Helpers>,
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
        }
    }

    /// Solves the position exactly on these threads too when [`Searcher::choose`] reaches
    /// the end (from [`super::PARALLEL_FROM`] empties; the same score, sooner). Such a solve
    /// is not stopped by `choose`'s `stop`, and uses a table of its own.
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
            table: &mut self.mid,
            stop: &crate::search::never,
            nodes: 0,
            max_nodes: u64::MAX,
            aborted: false,
            greedy: false,
            pattern: self.pattern,
            tweaks: Tweaks::NONE,
            mpc_t: MPC_T,
            every_move: false,
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
        let mut run = Run {
            table: &mut self.mid,
            stop,
            nodes: 0,
            max_nodes: self.tweaks.budget(settings.max_nodes, empties),
            aborted: false,
            greedy: settings.greedy,
            pattern: self.pattern,
            tweaks: self.tweaks,
            mpc_t: self.tweaks.mpc_margin(),
            every_move: settings.noise > 0,
        };
        let root_ix = run.indexes(&board);
        let mut scored: Vec<(u32, i32)> = Vec::new();
        let mut reached = 0;
        let mut exact = false;
        let mut depth = 1;
        const INF: i32 = i32::MAX / 2;
        // Without ProbCut the iteration at depth = empties is already exact.
        let last = if run.tweaks.probcut {
            empties + ENDGAME_T.len() as u32
        } else {
            empties
        };
        while depth <= settings.depth.max(1) {
            run.mpc_t = match (depth as u32).checked_sub(empties + 1) {
                Some(step) => ENDGAME_T[step as usize],
                None => run.tweaks.mpc_margin(),
            };
            let result =
                if run.tweaks.aspiration && depth >= 4 && settings.noise == 0 && !scored.is_empty()
                {
                    // Aspiration: a window around the last score, widened on the side it fails.
                    let guess = scored[0].1;
                    let (mut below, mut above) = (ASPIRATION, ASPIRATION);
                    loop {
                        let (lo, hi) = (
                            guess.saturating_sub(below).max(-INF),
                            guess.saturating_add(above).min(INF),
                        );
                        let r = run.root(board, &root_ix, depth, lo, hi);
                        if run.aborted || r.is_empty() {
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
                    run.root(board, &root_ix, depth, -INF, INF)
                };
            if run.aborted {
                // A deeper iteration cut off by the budget still counts if it scored a
                // move above its window's floor: its best move is then at least as good at
                // the deeper depth as the last full iteration's (see `root`). A fifth of level 10's
                // budget goes into that last iteration on average, up to half.
                if !result.is_empty() && run.tweaks.partial_root {
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
                exact = run.tweaks.probcut;
                break;
            }
            depth += 1;
        }
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
            nodes: run.nodes,
        }
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
        guessed.sort_by_key(|&(guess, sq, _)| (guess, sq));
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
        out.sort_by_key(|&(sq, score)| (-score, sq));
        Some((out, nodes))
    }
}
