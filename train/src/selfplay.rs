//! Labelled positions from self-play.
//!
//! Each game starts with a random number of random moves (so the positions are varied),
//! then the engine plays itself with a fixed-depth search; from `exact` empties on, every
//! position is solved exactly and the best move played, so each game ends in a perfect
//! finish. Positions of the random opening are not kept (their result says little about
//! them after a random move); every later position is, with its label:
//! - at `exact` empties or fewer: the exact score (the solver's);
//! - before: the game's final result for the side to move (the played line backed up
//!   from the exact finish), plus the search's score when the move was chosen.
//!
//! Everything follows from the seed: the same seed gives the same file.

use crate::data::Sample;
use outflank_engine::bitboard::{Bits, Eight};
use outflank_engine::rng::Rng;
use outflank_engine::search::endgame::final_score;
use outflank_engine::search::table::Table;
use outflank_engine::search::{never, solve_full, Searcher, Settings};
use outflank_engine::Board;

/// How the games are played.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Random moves at the start of each game: uniformly `min..=max` plies.
    pub random_plies: (u32, u32),
    /// Search depth of the engine's moves after the opening.
    pub depth: u8,
    /// Node budget of each of those searches.
    pub max_nodes: u64,
    /// Solve exactly from this many empties.
    pub exact: u32,
    /// Also solve exactly the one position a game reaches at a number of empties drawn
    /// from `probe_from..=probe` (`probe` 0 = none; `probe_from` 0 = `exact + 1`): held-out
    /// sets with exact scores higher up.
    pub probe: u32,
    pub probe_from: u32,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            random_plies: (6, 30),
            depth: 4,
            max_nodes: 200_000,
            exact: 18,
            probe: 0,
            probe_from: 0,
        }
    }
}

/// Plays game number `index` of the run seeded by `seed` and returns its labelled
/// positions (the searcher's evaluation decides the engine's moves).
pub fn game(searcher: &mut Searcher<Eight>, plan: &Plan, seed: u64, index: u64) -> Vec<Sample> {
    let mut rng = Rng::new(
        seed.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15),
    );
    let (lo, hi) = plan.random_plies;
    let random = lo + rng.below(u64::from(hi.saturating_sub(lo)) + 1) as u32;
    // One draw from `from..=probe`, `from` being `exact + 1` unless `probe_from` says
    // otherwise: the draw every held-out file was made with.
    let from = if plan.probe_from == 0 {
        plan.exact + 1
    } else {
        plan.probe_from
    };
    let probe = if plan.probe >= from && plan.probe > plan.exact {
        from + rng.below(u64::from(plan.probe + 1 - from)) as u32
    } else {
        0
    };
    let settings = Settings {
        max_nodes: plan.max_nodes,
        ..Settings::to_depth(plan.depth)
    };
    searcher.clear();
    let mut table = Table::<u64>::new(20);
    let mut board = Board::<Eight>::start();
    // Positions kept, with whether dark was to move (labels are filled in at the end).
    let mut kept: Vec<(Sample, bool)> = Vec::new();
    let mut dark = true;
    let mut ply = 0u32;
    loop {
        let moves = board.legal_moves();
        if moves.is_empty() {
            if board.pass().legal_moves().is_empty() {
                break;
            }
            board = board.pass();
            dark = !dark;
            continue;
        }
        let empties = board.empty().count();
        let mut sample = Sample {
            player: board.player,
            opponent: board.opponent,
            label: 0,
            exact: false,
            search: 0,
        };
        let sq = if ply < random {
            let mut m = moves;
            for _ in 0..rng.below(u64::from(moves.count())) {
                m = m.without_lowest();
            }
            m.lowest()
        } else if empties <= plan.exact || empties == probe {
            // Ordered by the games' own evaluation, not the build's embedded weights: the
            // files then follow from the seed and the plan alone, so retraining from any
            // build gives the same data.
            let solved = solve_full(board, &mut table, &never, searcher.pattern());
            let Some(solved) = solved else { break };
            sample.label = solved.score as i8;
            sample.exact = true;
            kept.push((sample, dark));
            solved.best.unwrap_or_else(|| moves.lowest())
        } else {
            let choice = searcher.choose(board, &settings, seed ^ index, &never);
            sample.search = choice.score.clamp(-i16::MAX as i32, i16::MAX as i32) as i16;
            kept.push((sample, dark));
            choice.best.unwrap_or_else(|| moves.lowest())
        };
        board = board.play_flips(sq, board.flips(sq));
        dark = !dark;
        ply += 1;
    }
    let for_dark = if dark {
        final_score(&board)
    } else {
        -final_score(&board)
    };
    kept.into_iter()
        .map(|(mut s, was_dark)| {
            if !s.exact {
                s.label = (if was_dark { for_dark } else { -for_dark }) as i8;
            }
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_labelled_consistently_and_reproducibly() {
        let plan = Plan {
            random_plies: (4, 8),
            depth: 1,
            max_nodes: 10_000,
            exact: 10,
            probe: 0,
            probe_from: 0,
        };
        let mut searcher = Searcher::<Eight>::new(12);
        let a = game(&mut searcher, &plan, 7, 3);
        let b = game(&mut searcher, &plan, 7, 3);
        assert_eq!(a, b);
        assert!(a.len() > 20);
        // Exact from 10 empties on, and only there.
        for s in &a {
            assert_eq!(s.exact, s.empties() <= 10, "{s:?}");
        }
        // Along the perfect finish, consecutive exact scores agree (negated, or equal after a pass).
        let exact: Vec<&Sample> = a.iter().filter(|s| s.exact).collect();
        for w in exact.windows(2) {
            assert!(
                w[1].label == -w[0].label || w[1].label == w[0].label,
                "{w:?}"
            );
        }
        // The searched positions carry the game's result, which is the first exact score
        // (a perfect finish from there) from one side or the other.
        let result = exact[0].label;
        for s in a.iter().filter(|s| !s.exact) {
            assert!(s.label == result || s.label == -result, "{s:?} vs {result}");
        }
    }
}
