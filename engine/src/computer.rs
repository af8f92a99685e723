//! The computer opponent for every game: one [`Computer`] that picks a move in any
//! [`AnyGame`] at a [`Level`].
//!
//! - Reversi (standard rules, 6x6, 8x8, 10x10): the midgame search and exact endgame solver
//!   of [`crate::search`].
//! - Reversi "bombs": a two-ply search on the disc count (the variant has no theory to lean
//!   on; it still never misses a capture of the last enemy disc).
//! - Gomoku: threats first (win now, block a five, make or block fours and open threes),
//!   then a count of the five-point windows each stone takes part in.
//! - Tic-Tac-Toe: perfect play from level 4 (minimax over the few positions there are);
//!   below, a share of random moves.

use crate::bitboard::{Eight, Geometry, Six, Ten};
use crate::grid::Grid;
use crate::rng::Rng;
use crate::search::{Analysis, Level, Searcher, Share, Stop, PLAY_TABLE_BITS};
use crate::{AnyBoard, AnyGame, Game, Move, Outcome, Player, Position, Square, Variant};

/// What the computer chose and why.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decision {
    pub square: Square,
    /// Reversi: the score for the mover in hundredths of a disc (exact if `exact`); other
    /// games: the heuristic value of the move.
    pub score: i32,
    pub depth: u8,
    pub exact: bool,
    pub nodes: u64,
}

/// A computer player that remembers its search tables between moves.
#[derive(Default)]
pub struct Computer {
    six: Option<Searcher<Six>>,
    eight: Option<Searcher<Eight>>,
    ten: Option<Searcher<Ten>>,
}

impl Computer {
    pub fn new() -> Computer {
        Computer::default()
    }

    /// Forgets what was learned (call on a new game); keeps the pattern weights.
    pub fn clear(&mut self) {
        let pattern = self.eight.as_ref().and_then(|s| s.pattern());
        *self = Computer::default();
        if pattern != crate::search::weights::default_weights() {
            self.set_pattern(pattern);
        }
    }

    /// The pattern evaluation's weights for 8x8 Reversi (`None`: the hand-made
    /// evaluation). Natively the embedded weights are the default; in the browser, set them
    /// once the weights file is loaded (`Weights::from_bytes`, then `Box::leak`).
    pub fn set_pattern(&mut self, weights: Option<&'static crate::search::weights::Weights>) {
        self.eight
            .get_or_insert_with(|| Searcher::new(PLAY_TABLE_BITS))
            .set_pattern(weights);
    }

    /// The move of the player to move, or `None` if the game is over. `seed` makes the
    /// weaker levels' mistakes reproducible; `stop` can cut a long search short (the best
    /// move found so far is played).
    pub fn choose(
        &mut self,
        game: &AnyGame,
        level: Level,
        seed: u64,
        stop: &Stop<'_>,
    ) -> Option<Decision> {
        game.to_move()?;
        match game {
            AnyGame::Reversi(r) => {
                let position = r.position();
                match position.variant() {
                    Variant::Standard => self.reversi(position.board(), level, seed, stop),
                    Variant::Bombs => bombs(position, level, seed),
                }
            }
            AnyGame::Gomoku(g) => gomoku(g.grid(), game, level, seed),
            AnyGame::TicTacToe(t) => tictactoe(t.grid(), level, seed),
        }
    }

    fn reversi(
        &mut self,
        board: AnyBoard,
        level: Level,
        seed: u64,
        stop: &Stop<'_>,
    ) -> Option<Decision> {
        fn run<G: Geometry>(
            slot: &mut Option<Searcher<G>>,
            board: crate::Board<G>,
            level: Level,
            seed: u64,
            stop: &Stop<'_>,
        ) -> Option<Decision> {
            let searcher = slot.get_or_insert_with(|| Searcher::new(PLAY_TABLE_BITS));
            let choice = searcher.choose(board, &level.settings(), seed, stop);
            let sq = choice.best?;
            Some(Decision {
                square: Square::from_index(sq, G::SIZE as u8),
                score: choice.score,
                depth: choice.depth,
                exact: choice.exact,
                nodes: choice.nodes,
            })
        }
        match board {
            AnyBoard::Six(b) => run(&mut self.six, b, level, seed, stop),
            AnyBoard::Eight(b) => run(&mut self.eight, b, level, seed, stop),
            AnyBoard::Ten(b) => run(&mut self.ten, b, level, seed, stop),
        }
    }

    /// Every legal move's value for the player to move and the line expected after the
    /// best one ([`Searcher::analyse`]): exact final scores from `exact_from` empty squares
    /// down (`u32::MAX`: always; the hints near the end), else a search of `max_nodes` nodes. `None` for other games than standard
    /// Reversi, when the player to move must pass or the game is over, or if `stop` cut the
    /// search short. An exact analysis tells `solved` each move's score, in discs, as soon
    /// as it is known, and solves only the moves of `share` ([`Share::WHOLE`]: all).
    pub fn analyse(
        &mut self,
        game: &AnyGame,
        exact_from: u32,
        max_nodes: u64,
        share: Share,
        stop: &Stop<'_>,
        solved: &mut dyn FnMut(Square, i32),
    ) -> Option<Analysis<Square>> {
        let AnyGame::Reversi(r) = game else {
            return None;
        };
        if r.position().variant() != Variant::Standard || r.ended() {
            return None;
        }
        fn run<G: Geometry>(
            slot: &mut Option<Searcher<G>>,
            board: crate::Board<G>,
            (exact_from, max_nodes, share): (u32, u64, Share),
            stop: &Stop<'_>,
            solved: &mut dyn FnMut(Square, i32),
        ) -> Option<Analysis<Square>> {
            let searcher = slot.get_or_insert_with(|| Searcher::new(PLAY_TABLE_BITS));
            let square = |sq| Square::from_index(sq, G::SIZE as u8);
            let analysis = searcher.analyse(
                board,
                exact_from,
                max_nodes,
                share,
                stop,
                &mut |sq, score| solved(square(sq), score),
            )?;
            Some(analysis.map(square))
        }
        let limits = (exact_from, max_nodes, share);
        match r.position().board() {
            AnyBoard::Six(b) => run(&mut self.six, b, limits, stop, solved),
            AnyBoard::Eight(b) => run(&mut self.eight, b, limits, stop, solved),
            AnyBoard::Ten(b) => run(&mut self.ten, b, limits, stop, solved),
        }
    }
}

/// Bombs: maximise the disc difference two plies ahead (a position where a side has no
/// disc left is lost for it), with level-dependent noise.
fn bombs(position: &Position, level: Level, seed: u64) -> Option<Decision> {
    const LOST: i32 = 10_000;
    fn value(p: &Position) -> i32 {
        let [a, b] = p.counts();
        let (mine, theirs) = if p.to_move() == Player::First {
            (a, b)
        } else {
            (b, a)
        };
        if mine == 0 {
            -LOST
        } else {
            mine as i32 - theirs as i32
        }
    }
    fn after(p: &Position, sq: Square) -> Option<Position> {
        p.check(sq).ok().map(|placed| p.after(placed))
    }
    let mut rng = Rng::new(seed);
    let noise = i32::from(10 - level.get()) * 2;
    let mut best: Option<(Square, i32, i32)> = None;
    for sq in position.legal_moves() {
        let Some(next) = after(position, sq) else {
            continue;
        };
        // The opponent's best reply, from their side.
        let reply = if next.is_over() {
            value(&next)
        } else {
            next.legal_moves()
                .into_iter()
                .filter_map(|r| after(&next, r))
                .map(|n| -value(&n))
                .max()
                .unwrap_or_else(|| value(&next))
        };
        let score = -reply;
        let noisy = score * 10 + rng.below(noise as u64 * 10 + 1) as i32;
        if best.is_none_or(|(_, _, b)| noisy > b) {
            best = Some((sq, score, noisy));
        }
    }
    best.map(|(square, score, _)| Decision {
        square,
        score: score * 100,
        depth: 2,
        exact: false,
        nodes: 0,
    })
}

/// Gomoku: immediate wins and blocks by the game's own rules (so `exactFive` is honoured),
/// then the windows heuristic.
fn gomoku(grid: &Grid, game: &AnyGame, level: Level, seed: u64) -> Option<Decision> {
    let me = grid.to_move()?;
    let n = grid.size();
    let occupied: Vec<Square> = grid.moves().to_vec();
    // Candidates: empty points within two of a stone (the centre on an empty board).
    let mut candidates: Vec<Square> = Vec::new();
    if occupied.is_empty() {
        candidates.push(Square::new(n / 2, n / 2));
    } else {
        for row in 0..n {
            for col in 0..n {
                let sq = Square::new(col, row);
                if grid.stone(sq).is_none()
                    && occupied
                        .iter()
                        .any(|s| s.col().abs_diff(col) <= 2 && s.row().abs_diff(row) <= 2)
                {
                    candidates.push(sq);
                }
            }
        }
    }
    let decide = |square: Square, score: i32| {
        Some(Decision {
            square,
            score,
            depth: 1,
            exact: false,
            nodes: 0,
        })
    };
    // Win now.
    for &sq in &candidates {
        let mut g = game.clone();
        if g.play_move(me, Move::Place(sq)).is_ok() && g.outcome() == Some(Outcome::Win(me)) {
            return decide(sq, 1_000_000);
        }
    }
    // Block the opponent's win (as if they were to move).
    for &sq in &candidates {
        if wins_at(grid, sq, me.other()) {
            return decide(sq, 500_000);
        }
    }
    let mut rng = Rng::new(seed);
    let noise = match level.get() {
        1 => 2000,
        2 => 800,
        3 => 300,
        4 => 100,
        5 => 40,
        6 => 15,
        _ => 0,
    };
    let mut best: Option<(Square, i32, i32)> = None;
    for &sq in &candidates {
        let attack = windows(grid, sq, me);
        let defence = windows(grid, sq, me.other());
        // Level 1 barely defends: a beginner looks at their own chances.
        let defence_weight = if level.get() <= 2 { 4 } else { 9 };
        let score = attack * 10 + defence * defence_weight;
        let noisy = score + rng.below(noise as u64 + 1) as i32;
        if best.is_none_or(|(_, _, b)| noisy > b) {
            best = Some((sq, score, noisy));
        }
    }
    best.map(|(square, score, _)| Decision {
        square,
        score,
        depth: 1,
        exact: false,
        nodes: 0,
    })
}

/// Whether `player` putting a stone on `sq` makes an unbroken line of five or more
/// (a block is needed even when `exactFive` would not count an overline: it costs nothing).
fn wins_at(grid: &Grid, sq: Square, player: Player) -> bool {
    let n = i32::from(grid.size());
    [(1, 0), (0, 1), (1, 1), (1, -1)].iter().any(|&(dc, dr)| {
        let run = |sign: i32| {
            (1..5)
                .take_while(|k| {
                    let (c, r) = (
                        i32::from(sq.col()) + sign * k * dc,
                        i32::from(sq.row()) + sign * k * dr,
                    );
                    (0..n).contains(&c)
                        && (0..n).contains(&r)
                        && grid.stone(Square::new(c as u8, r as u8)) == Some(player)
                })
                .count()
        };
        run(1) + run(-1) + 1 >= 5
    })
}

/// The value of a stone of `player` on `sq`: over every window of five points through it
/// (in the four directions) that the other player has no stone in, more for windows that
/// already hold more of `player`'s stones. Open threes and fours show up as several rich
/// windows at once.
fn windows(grid: &Grid, sq: Square, player: Player) -> i32 {
    const WEIGHT: [i32; 6] = [0, 1, 8, 64, 900, 20_000];
    let n = i32::from(grid.size());
    let mut total = 0;
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for start in -4..=0 {
            let mut mine = 1;
            let mut blocked = false;
            for k in start..start + 5 {
                if k == 0 {
                    continue;
                }
                let (c, r) = (i32::from(sq.col()) + k * dc, i32::from(sq.row()) + k * dr);
                if !(0..n).contains(&c) || !(0..n).contains(&r) {
                    blocked = true;
                    break;
                }
                match grid.stone(Square::new(c as u8, r as u8)) {
                    Some(p) if p == player => mine += 1,
                    Some(_) => {
                        blocked = true;
                        break;
                    }
                    None => {}
                }
            }
            if !blocked {
                total += WEIGHT[mine];
            }
        }
    }
    total
}

/// Tic-Tac-Toe: minimax over the whole game (perfect), with random moves at low levels.
fn tictactoe(grid: &Grid, level: Level, seed: u64) -> Option<Decision> {
    let mut rng = Rng::new(seed);
    let legal = grid.legal_moves();
    let random_share = match level.get() {
        1 => 70,
        2 => 45,
        3 => 20,
        _ => 0,
    };
    if rng.below(100) < random_share {
        let square = legal[rng.below(legal.len() as u64) as usize];
        return Some(Decision {
            square,
            score: 0,
            depth: 0,
            exact: false,
            nodes: 0,
        });
    }
    /// Negamax with alpha-beta: the score for the side to move in `grid`.
    fn minimax(grid: &Grid, alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
        *nodes += 1;
        if let Some(outcome) = grid.outcome() {
            // The side to move has just lost, or it is a draw; quicker wins score higher.
            let left = grid.legal_moves().len() as i32;
            return match outcome {
                Outcome::Draw => 0,
                Outcome::Win(_) => -(10 + left),
            };
        }
        let mut alpha = alpha;
        for sq in grid.legal_moves() {
            let mut next = grid.clone();
            // Every empty point is a legal move in a running game.
            if next.place(sq).is_err() {
                continue;
            }
            alpha = alpha.max(-minimax(&next, -beta, -alpha, nodes));
            if alpha >= beta {
                break;
            }
        }
        alpha
    }
    let mut nodes = 0;
    let mut best: Option<(Square, i32)> = None;
    for sq in legal {
        let mut next = grid.clone();
        if next.place(sq).is_err() {
            continue;
        }
        // A full window per root move: every move's exact value, so ties break by order.
        let score = -minimax(&next, -100, 100, &mut nodes);
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((sq, score));
        }
    }
    best.map(|(square, score)| Decision {
        square,
        score,
        depth: 9,
        exact: true,
        nodes,
    })
}
