//! The engine against the simple reference implementation (tests/common), over random
//! games of every size and variant. proptest runs from a fixed seed; a failure prints the
//! shrunk game (size, variant and the move choices) to replay it.

use outflank_engine::{Action, Game, Move, Player, Reversi, ReversiOptions, Square, Variant};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};

mod common;
use common::{name, RefBoard};

fn squares(v: &[(i32, i32)]) -> Vec<String> {
    v.iter().map(|&(c, r)| name(c, r)).collect()
}

fn names(v: &[Square]) -> Vec<String> {
    v.iter().map(Square::to_string).collect()
}

/// Plays one game, choosing moves by `choices`, and compares everything at every step.
fn compare_game(size: u8, variant: Variant, choices: &[usize]) -> Result<(), TestCaseError> {
    let mut game = Reversi::new(ReversiOptions {
        size,
        variant,
        start: None,
    })
    .unwrap();
    let mut reference = RefBoard::start(size as i32, variant == Variant::Bombs);
    let mut passes = 0;
    for (step, &choice) in choices.iter().chain(std::iter::repeat(&0)).enumerate() {
        let ended = reference.ended();
        prop_assert_eq!(game.ended(), ended, "ended at step {}", step);
        let [a, b] = game.scores();
        prop_assert_eq!(
            (a, b),
            (reference.count(0), reference.count(1)),
            "scores at step {}",
            step
        );
        if ended {
            prop_assert_eq!(game.to_move(), None);
            break;
        }
        let mover = reference.to_move;
        prop_assert_eq!(game.to_move(), Player::from_index(mover as usize));
        let legal = reference.legal(mover);
        prop_assert_eq!(
            names(&game.legal_moves()),
            squares(&legal),
            "legal moves at step {}",
            step
        );
        for &(c, r) in &legal {
            let sq = Square::new(c as u8, r as u8);
            prop_assert_eq!(
                names(&game.flips(sq)),
                squares(&reference.turned_over(c, r, mover)),
                "flips of {} at step {}",
                sq,
                step
            );
        }
        let (c, r) = legal[choice % legal.len()];
        let passed = reference.play(c, r);
        game.play_move(
            Player::from_index(mover as usize).unwrap(),
            Move::Place(Square::new(c as u8, r as u8)),
        )
        .unwrap();
        if passed {
            passes += 1;
            prop_assert_eq!(game.turns().last().map(|t| t.action), Some(Action::Pass));
        }
    }
    let recorded = game
        .turns()
        .iter()
        .filter(|t| t.action == Action::Pass)
        .count();
    prop_assert_eq!(recorded, passes);
    Ok(())
}

fn config() -> Config {
    Config {
        cases: 150,
        rng_seed: RngSeed::Fixed(20261122),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn standard_games_agree_with_the_reference(
        size in prop::sample::select(vec![6u8, 8, 10]),
        choices in prop::collection::vec(0usize..64, 0..100),
    ) {
        compare_game(size, Variant::Standard, &choices)?;
    }

    #[test]
    fn bombs_games_agree_with_the_reference(
        size in prop::sample::select(vec![6u8, 8, 10]),
        choices in prop::collection::vec(0usize..64, 0..100),
    ) {
        compare_game(size, Variant::Bombs, &choices)?;
    }
}

/// Random standard games reach passes; make sure the generator covers them at least once
/// (otherwise the pass comparison above would prove nothing).
#[test]
fn random_games_include_passes() {
    let mut found = false;
    for seed in 0..400u64 {
        let choices: Vec<usize> = (0..100)
            .map(|i| ((seed * 7919 + i * 104729) % 61) as usize)
            .collect();
        let mut game = Reversi::default();
        let mut i = 0;
        while let Some(player) = game.to_move() {
            let legal = game.legal_moves();
            game.play_move(
                player,
                Move::Place(legal[choices[i % choices.len()] % legal.len()]),
            )
            .unwrap();
            i += 1;
        }
        if game.turns().iter().any(|t| t.action == Action::Pass) {
            found = true;
            break;
        }
    }
    assert!(found, "no pass in 400 deterministic games");
}
