//! The exact endgame solver: the final disc difference under perfect play.
//!
//! Scores count the empty squares for the winner (the FFO convention). The search is
//! negascout (principal variation search) on bitboards only, with:
//! - near the end (few empties), no move generation: each empty square is tried directly,
//!   those in regions with an odd number of empties first (parity), and the last empty
//!   square is scored without playing it;
//! - higher up, fastest-first ordering (the move that leaves the opponent the fewest
//!   replies first), the transposition table's best move before all, and a stability
//!   cut-off (discs the opponent can never lose bound the score from above);
//! - with many empties (from 12, `ORDER_EVAL`), the pattern evaluation of the position after
//!   each move (from 16, `ORDER_SEARCH`, of the opponent's best reply) joins the replies in
//!   the ordering: the solver's only use of an evaluation, and never of its scores.
//!
//! Several threads can solve one position together (`search::solve_parallel`): they share
//! one table ([`crate::search::table::SharedTable`]) and split the work below the root by
//! young brothers wait ([`crate::search::split`]).
//!
//! [`crate::search::solve`] is the way in: a [`Board`] of any size, and the score with a best
//! move.
//!
//! ```
//! use outflank_engine::{search, AnyBoard, Player, Position, Square, Variant};
//!
//! // Dark (X) to move, eight empty squares left:
//! //
//! //   a b c d e f g h
//! // 1 O X X X X O - O
//! // 2 O X X X X X O -
//! // 3 O X X X X O O -
//! // 4 O X X X O O - -
//! // 5 O X X X O O O O
//! // 6 O X O X O X O X
//! // 7 - X X X X X X -
//! // 8 - O O O O O O O
//! let rows = ["OXXXXO-O", "OXXXXXO-", "OXXXXOO-", "OXXXOO--",
//!             "OXXXOOOO", "OXOXOXOX", "-XXXXXX-", "-OOOOOOO"];
//! let position = Position::from_rows(&rows, Player::First, Variant::Standard)?;
//! let AnyBoard::Eight(board) = position.board() else { unreachable!() };
//! let solved = search::solve(board, &search::never).unwrap();
//! // Dark wins by 12 discs (empty squares count for the winner), playing h4:
//! assert_eq!(solved.score, 12);
//! assert_eq!(solved.best.map(|sq| Square::from_index(sq, 8).to_string()).as_deref(), Some("h4"));
//!
//! // g4 turns over the most discs, but after it light, to move, wins by 18.
//! let g4 = position.after(position.check("g4".parse()?)?);
//! let AnyBoard::Eight(board) = g4.board() else { unreachable!() };
//! assert_eq!(search::solve(board, &search::never).unwrap().score, 18);
//! # Ok::<(), outflank_engine::Error>(())
//! ```

use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::bitboard::{Bits, Geometry};
use crate::search::short_sort;
use crate::search::split::{self, Pool, SplitPoint, Splits};
use crate::search::stability::stable;
use crate::search::table::{Table, Transpositions, NO_MOVE};
use crate::search::weights::Weights;
use crate::search::Stop;
use crate::Board;

mod few;
mod order;

use order::UNORDERED;

/// At or below this many empties, squares are tried in parity order without move generation.
const SHALLOW: u32 = 6;
/// At or above this many empties, the transposition table and stability cut-offs are used
/// (measured over FFO #20-#39: from 7 empties the table saves more than it costs; 9 searched
/// 24% more nodes).
const DEEP: u32 = 7;

/// At or above this many empties, the children are looked up in the table before any is
/// searched (enhanced transposition cut-off): one known to be bad enough for the opponent
/// ends the search of this node.
const ETC: u32 = 8;

/// How often (in nodes) the solver asks whether to stop.
const CHECK_EVERY: u64 = 1 << 16;

/// In a parallel solve, a node with at least this many empties searched with a null window
/// whose first move did not cut off hands its other moves to any idle thread (a split
/// point).
const SPLIT: u32 = 10;

/// The final score of a finished game, empties to the winner.
#[inline(always)]
pub fn final_score<G: Geometry>(b: &Board<G>) -> i32 {
    let (p, o) = (b.player.count() as i32, b.opponent.count() as i32);
    let empties = G::CELLS as i32 - p - o;
    match p.cmp(&o) {
        std::cmp::Ordering::Greater => p - o + empties,
        std::cmp::Ordering::Less => p - o - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Which quarter of the board a square is in (the parity regions).
#[inline(always)]
fn quadrant<G: Geometry>(sq: u32) -> u32 {
    let half = G::SIZE / 2;
    (u32::from(sq / G::SIZE >= half) << 1) | u32::from(sq % G::SIZE >= half)
}

/// One exact solve (or one thread of a parallel solve): its counters and the tables it uses.
pub struct Solver<'a, G: Geometry, T: Transpositions<G::B> = Table<<G as Geometry>::B>> {
    pub nodes: u64,
    table: &'a mut T,
    stop: &'a Stop<'a>,
    /// In a parallel solve, the threads' meeting place.
    pool: Option<&'a Pool<G, ()>>,
    /// The innermost split point this thread works in (its ancestors through `parent`).
    current: Option<Arc<SplitPoint<G, ()>>>,
    check_every: u64,
    /// Set once `stop` said so; every score after that is meaningless.
    pub aborted: bool,
    /// When to ask `stop` next (node count).
    next_check: u64,
    /// The ordered move lists of the nodes on the current line, one after the other: a
    /// solve visits millions of nodes, and a list per node from the heap cost a tenth of the
    /// time.
    lists: Vec<(i32, u32, G::B)>,
    /// The pattern evaluation that helps order the moves of nodes with many empties (8x8).
    pattern: Option<&'static Weights>,
}

impl<'a, G: Geometry, T: Transpositions<G::B>> Solver<'a, G, T> {
    pub fn new(table: &'a mut T, stop: &'a Stop<'a>) -> Solver<'a, G, T> {
        let pattern = if G::CELLS == 64 {
            crate::search::weights::default_weights()
        } else {
            None
        };
        Solver {
            nodes: 0,
            table,
            stop,
            pool: None,
            current: None,
            check_every: CHECK_EVERY,
            aborted: false,
            next_check: CHECK_EVERY,
            lists: Vec::with_capacity(1024),
            pattern,
        }
    }

    /// Orders the moves of nodes with many empties with these pattern weights too (`None`:
    /// by mobility alone). Ignored on boards other than 8x8.
    pub fn set_pattern(&mut self, weights: Option<&'static Weights>) {
        self.pattern = if G::CELLS == 64 { weights } else { None };
    }

    /// One thread of a parallel solve: the table is shared, split points are offered and
    /// taken through `pool`, and `stop` (and whether a split point above was cut off) is
    /// asked every `check_every` nodes.
    pub fn parallel(
        table: &'a mut T,
        stop: &'a Stop<'a>,
        pool: &'a Pool<G, ()>,
        check_every: u64,
    ) -> Solver<'a, G, T> {
        let check_every = check_every.max(1);
        Solver {
            pool: Some(pool),
            check_every,
            next_check: check_every,
            ..Solver::new(table, stop)
        }
    }

    /// The exact score of `board` for the side to move and a move reaching it (`None` if
    /// the side to move must pass or the game is over), searched in `alpha..beta`: a
    /// result at or below `alpha` is an upper bound, at or above `beta` a lower bound.
    pub fn solve(&mut self, board: Board<G>, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        let moves = board.legal_moves();
        if moves.is_empty() {
            let score = if board.pass().legal_moves().is_empty() {
                final_score(&board)
            } else {
                -self.search(board.pass(), -beta, -alpha, true)
            };
            return (score, None);
        }
        let start = self.lists.len();
        self.push_ordered(&board, moves, NO_MOVE, i32::MAX);
        let (best, best_sq) = self.negascout(&board, start, alpha, beta);
        (best, Some(best_sq))
    }

    /// Searches the ordered moves `lists[start..]` of `board` (see [`Solver::push_ordered`]),
    /// the first with the full window, the others with a null window first, and takes them
    /// off the list. Returns the best score and move.
    ///
    /// In a parallel solve, on a node of at least [`SPLIT`] empties searched with a null
    /// window, once the first move has not cut off and a thread is idle, the moves left are
    /// shared out ([`split::split`]).
    fn negascout(&mut self, board: &Board<G>, start: usize, alpha: i32, beta: i32) -> (i32, u32) {
        let end = self.lists.len();
        let (mut alpha, mut best, mut best_sq) = (alpha, i32::MIN, self.lists[start].1);
        let pool = if T::SHARED {
            self.pool.filter(|_| board.empty().count() >= SPLIT)
        } else {
            None
        };
        // The children push their lists after `end` and take them off again.
        for (k, i) in (start..end).enumerate() {
            if k == 1 && self.lists[i].0 == UNORDERED {
                // The table's move did not cut off: now the others are worth ordering.
                self.key_moves(board, i, end);
                short_sort::sort_by_key(&mut self.lists[i..end], |&(key, _, _)| key);
            }
            if let Some(pool) = pool.filter(|p| {
                k > 0 && end - i >= 2 && beta - alpha == 1 && p.idle.load(Ordering::Relaxed) > 0
            }) {
                // Young brothers wait: the first move is searched, the rest is shared out.
                let moves = self.lists[i..end]
                    .iter()
                    .map(|&(_, sq, flips)| (sq, flips))
                    .collect();
                (best, best_sq) = split::split(self, pool, board, (), moves, alpha, best, best_sq);
                break;
            }
            let (_, sq, flips) = self.lists[i];
            let score = self.child(board.play_flips(sq, flips), k == 0, alpha, beta);
            if self.aborted {
                best = 0;
                break;
            }
            if score > best {
                best = score;
                best_sq = sq;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists.truncate(start);
        (best, best_sq)
    }

    /// The score of the child `next`: the first move with the full window, the others with
    /// a null window first, searched again when they beat `alpha`.
    #[inline(always)]
    fn child(&mut self, next: Board<G>, first: bool, alpha: i32, beta: i32) -> i32 {
        if first {
            return -self.search(next, -beta, -alpha, false);
        }
        let score = -self.search(next, -alpha - 1, -alpha, false);
        if score > alpha && score < beta && !self.aborted {
            return -self.search(next, -beta, -score, false);
        }
        score
    }

    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + self.check_every;
            self.aborted = Splits::must_stop(self);
        }
    }

    /// Negascout below the root.
    pub(crate) fn search(&mut self, board: Board<G>, alpha: i32, beta: i32, passed: bool) -> i32 {
        let empties = board.empty().count();
        if empties <= SHALLOW {
            return self.shallow(board, alpha, beta, passed, empties);
        }
        self.tick();
        if self.aborted {
            return 0;
        }
        let (mut alpha, mut beta) = (alpha, beta);
        let mut first = NO_MOVE;
        if empties >= DEEP {
            // The opponent's stable discs bound our score from above. Stable discs are
            // among the opponent's discs: when even all of them could not bring the bound
            // down to alpha, the costly count is skipped.
            let cells = G::CELLS as i32;
            if cells - 2 * board.opponent.count() as i32 <= alpha {
                let bound = cells - 2 * stable::<G>(board.opponent, board.player).count() as i32;
                if bound <= alpha {
                    return bound;
                }
            }
            if let Some(e) = self.table.probe(board.player, board.opponent) {
                let (lower, upper) = (i32::from(e.lower), i32::from(e.upper));
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
                first = e.best;
            }
        }
        let moves = board.legal_moves();
        if moves.is_empty() {
            if passed {
                return final_score(&board);
            }
            return -self.search(board.pass(), -beta, -alpha, true);
        }
        let start = self.lists.len();
        if let Some(bound) = self.push_ordered(
            &board,
            moves,
            first,
            if empties >= ETC { beta } else { i32::MAX },
        ) {
            self.lists.truncate(start);
            return bound;
        }
        let (best, best_sq) = self.negascout(&board, start, alpha, beta);
        if self.aborted {
            return 0;
        }
        if empties >= DEEP {
            self.table.store(
                board.player,
                board.opponent,
                empties as u8,
                (alpha, beta),
                best,
                best_sq as u8,
            );
        }
        best
    }
}

impl<G: Geometry, T: Transpositions<G::B>> Splits<G> for Solver<'_, G, T> {
    type Node = ();

    fn current(&mut self) -> &mut Option<Arc<SplitPoint<G, ()>>> {
        &mut self.current
    }

    fn aborted(&mut self) -> &mut bool {
        &mut self.aborted
    }

    fn must_stop(&self) -> bool {
        (self.stop)(self.nodes)
            || self
                .current
                .as_ref()
                .is_some_and(|sp| sp.cut_here_or_above())
    }

    fn search_move(&mut self, sp: &SplitPoint<G, ()>, sq: u32, flips: G::B) -> i32 {
        let next = sp.board.play_flips(sq, flips);
        -self.search(next, -sp.alpha - 1, -sp.alpha, false)
    }
}
