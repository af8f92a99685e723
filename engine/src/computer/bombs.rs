//! Reversi "bombs": a two-ply search on the disc count. The variant has no opening or
//! evaluation theory to lean on; two plies still never miss a capture of the last enemy disc.

use super::Decision;
use crate::rng::Rng;
use crate::search::Level;
use crate::{Player, Position, Square};

/// Bombs: maximise the disc difference two plies ahead (a position where a side has no
/// disc left is lost for it), with level-dependent noise.
pub(super) fn choose(position: &Position, level: Level, seed: u64) -> Option<Decision> {
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
