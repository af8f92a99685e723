//! Gomoku: threats first (win now, block a five), then a count of the five-point windows
//! each stone takes part in, which makes and blocks fours and open threes.

use super::Decision;
use crate::grid::Grid;
use crate::rng::Rng;
use crate::search::Level;
use crate::{AnyGame, Game, Move, Outcome, Player, Square};

/// Gomoku: immediate wins and blocks by the game's own rules (so `exactFive` is honoured),
/// then the windows heuristic.
pub(super) fn choose(grid: &Grid, game: &AnyGame, level: Level, seed: u64) -> Option<Decision> {
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
