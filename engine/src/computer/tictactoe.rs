//! Tic-Tac-Toe: perfect play from level 4 (minimax over the few positions there are);
//! below, a share of random moves.

use super::Decision;
use crate::grid::Grid;
use crate::rng::Rng;
use crate::search::Level;
use crate::{Outcome, Square};

/// Tic-Tac-Toe: minimax over the whole game (perfect), with random moves at low levels.
pub(super) fn choose(grid: &Grid, level: Level, seed: u64) -> Option<Decision> {
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
