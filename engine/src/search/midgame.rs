//! The midgame search: iterative deepening negascout with a transposition table, switching
//! to the exact solver when few enough squares are left.
//!
//! On the 8x8 board the leaves are scored by the trained pattern evaluation
//! ([`crate::search::weights`]) when weights are present (embedded in the native engine, set
//! with [`Searcher::set_pattern`] in the browser); other sizes, or no weights, use the
//! hand-made evaluation ([`crate::search::eval`]).

use crate::bitboard::{Bits, Geometry};
use crate::rng::Rng;
use crate::search::endgame::final_score;
use crate::search::eval::evaluate;
use crate::search::pattern_index::Indexes;
use crate::search::table::{Table, NO_MOVE};
use crate::search::weights::Weights;
use crate::search::{solve_full, solve_window, Choice, Settings, Stop};
use crate::Board;

mod analysis;
mod probcut;
mod tweaks;

pub use analysis::{Analysis, Share};
pub use probcut::{mpc_row, mpc_shallow, ENDGAME_T, MPC, MPC_MIN_DEPTH, MPC_T};
pub use tweaks::Tweaks;

/// Scores of finished games: the disc difference times this, beyond any evaluation.
pub const WIN: i32 = 100;

/// How deep the guess that centres each move's exact solve looks ([`Searcher::exact_scores`]).
const GUESS_DEPTH: u8 = 4;

/// The first aspiration window's half-width (hundredths of a disc).
const ASPIRATION: i32 = 400;

/// From this depth the moves are ordered by a shallow search.
const SHALLOW_ORDER_DEPTH: u8 = 6;

/// A computer player's memory: the tables it keeps from one move to the next.
pub struct Searcher<G: Geometry> {
    mid: Table<G::B>,
    end: Table<G::B>,
    /// The pattern evaluation's weights (8x8 only).
    pattern: Option<&'static Weights>,
    tweaks: Tweaks,
}

impl<G: Geometry> Default for Searcher<G> {
    fn default() -> Self {
        Searcher::new(18)
    }
}

struct Run<'a, G: Geometry> {
    table: &'a mut Table<G::B>,
    stop: &'a Stop<'a>,
    nodes: u64,
    max_nodes: u64,
    aborted: bool,
    greedy: bool,
    pattern: Option<&'static Weights>,
    tweaks: Tweaks,
    /// ProbCut's margin in standard deviations (infinite: no ProbCut); see [`ENDGAME_T`].
    mpc_t: f32,
    /// Score every root move in the whole window: the weaker levels' noise misjudges each
    /// move's own score, and a null-window search gives only a bound (often the window's
    /// edge itself, where ProbCut cut), which noise would turn into a random move.
    every_move: bool,
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
        }
    }

    /// Turns the search's refinements on or off (see [`Tweaks`]); clears the tables.
    pub fn set_tweaks(&mut self, tweaks: Tweaks) {
        self.tweaks = tweaks;
        self.clear();
    }

    /// The plain negascout score of `board` at `depth` (full window, no refinements, no
    /// node limit; the table is kept, so calling it depth after depth is iterative
    /// deepening, and [`Searcher::clear`] starts afresh): what `outflank train mpc` regresses.
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
            if let Some(s) = solve_full(board, &mut self.end, stop, self.pattern) {
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
            max_nodes: settings.max_nodes,
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
                // nothing cut by a guess: exact. (Without ProbCut the old stop at depth =
                // empties stays, where a full board can still be a depth-0 leaf.)
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

impl<G: Geometry> Run<'_, G> {
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.max_nodes || (self.nodes & 0x3FFF == 0 && (self.stop)(self.nodes)) {
            self.aborted = true;
        }
    }

    /// The pattern indexes of `board` for the root of a search (kept along its moves from
    /// there; unused without pattern weights).
    fn indexes(&self, board: &Board<G>) -> Indexes {
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
    fn child(&self, ix: &Indexes, sq: u32, flips: G::B) -> Indexes {
        match self.pattern {
            Some(_) => ix.play(sq, flips.to_u128() as u64),
            None => *ix,
        }
    }

    /// The evaluation of `board`, whose pattern indexes are `ix`. Not inlined: in the
    /// search compiled for each board size, a copy of both evaluations in each caller cost
    /// the browser worker 379 bytes of gzipped wasm (stop 26), and it has no room for them.
    #[inline(never)]
    fn evaluate(&self, board: &Board<G>, ix: &Indexes) -> i32 {
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
    fn root(
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
                scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
                return scored;
            }
            alpha = alpha.max(score);
            scored.push((sq, score));
            if score >= beta {
                break;
            }
        }
        scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
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
    fn order(
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
                // than the nodes it saves this close to the leaves (FIGURES.md, *Move order
                // near the leaves*).
                next.legal_moves().count() as i32
            } else {
                0
            };
            list.push((key, sq, flips));
        }
        if depth >= 2 {
            list.sort_by_key(|&(key, _, _)| key);
        } else if let Some(i) = list.iter().position(|&(key, _, _)| key == i32::MIN) {
            list.swap(0, i);
        }
        list.into_iter().map(|(_, sq, f)| (sq, f)).collect()
    }

    /// A node one ply above the horizon: each reply is a leaf, whose evaluation is already
    /// its exact score, so it is scored once (no null-window test to redo), without a move
    /// list or the table (see `search`).
    fn horizon(
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

    fn search(
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
        // table's memory traffic costs (FIGURES.md, *Move order near the leaves*).
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
        for (k, (sq, flips)) in self
            .order(&board, ix, moves, first, depth)
            .into_iter()
            .enumerate()
        {
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
