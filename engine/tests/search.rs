//! The computer player: exact endgame scores against the FFO test positions, determinism,
//! cancellation, and that stronger levels win.

use outflank_engine::search::midgame::Tweaks;
use outflank_engine::search::{self, arena, Level, Searcher, Settings};
use outflank_engine::{ffo, Board, Eight, Square};

mod ffo_suite;
use ffo_suite::problems;

fn check_solved(ids: std::ops::RangeInclusive<u32>) {
    let mut checked = 0;
    for p in problems()
        .iter()
        .filter(|p| ids.contains(&p.id.parse::<u32>().unwrap()))
    {
        let solved = search::solve(p.board(), &search::never).expect("not stopped");
        assert_eq!(solved.score, p.score, "FFO #{}: score", p.id);
        let best = Square::from_index(solved.best.expect("a move"), 8);
        assert!(
            p.best_moves.contains(&best),
            "FFO #{}: {best} is not among {:?}",
            p.id,
            p.best_moves
        );
        checked += 1;
    }
    assert_eq!(
        checked,
        ids.count(),
        "every position of the range is in the file"
    );
}

#[test]
fn ffo_1_to_19_exact_scores_and_best_moves() {
    check_solved(1..=19);
}

#[test]
#[ignore = "about 30 s in release; `cargo test --release -- --include-ignored` (CI) runs it"]
fn ffo_20_to_39_exact_scores_and_best_moves() {
    check_solved(20..=39);
}

#[test]
fn two_threads_find_the_same_exact_scores() {
    for p in problems().iter().take(22) {
        let solved = search::solve_parallel(p.board(), 2);
        assert_eq!(solved.score, p.score, "FFO #{}", p.id);
        let best = Square::from_index(solved.best.expect("a move"), 8);
        assert!(
            p.best_moves.contains(&best),
            "FFO #{}: {best} is not among {:?}",
            p.id,
            p.best_moves
        );
    }
}

#[test]
fn win_loss_draw_agrees_with_the_exact_score() {
    for p in problems().iter().take(19) {
        let wld = search::solve_wld(p.board(), &search::never).unwrap();
        assert_eq!(wld, p.score.cmp(&0), "FFO #{}", p.id);
    }
}

#[test]
fn every_move_gets_its_exact_score() {
    let p = &problems()[0];
    let mut searcher = Searcher::<Eight>::new(16);
    let scores = searcher
        .exact_scores(
            p.board(),
            search::Share::WHOLE,
            &search::never,
            &mut |_, _| (),
        )
        .unwrap();
    assert_eq!(scores.len() as u32, p.board().legal_moves().count_ones());
    assert_eq!(
        scores[0].1, p.score,
        "the best move's score is the position's"
    );
    assert!(p.best_moves.contains(&Square::from_index(scores[0].0, 8)));
    assert!(scores.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
}

#[test]
fn a_fixed_depth_search_is_deterministic() {
    let settings = Settings::to_depth(5);
    for p in problems().iter().take(6) {
        let a = Searcher::<Eight>::new(16).choose(p.board(), &settings, 1, &search::never);
        let b = Searcher::<Eight>::new(12).choose(p.board(), &settings, 2, &search::never);
        assert_eq!(
            (a.best, a.score, a.depth),
            (b.best, b.score, b.depth),
            "FFO #{}",
            p.id
        );
        assert_eq!(a.depth, 5);
        assert!(p.board().legal_moves() & (1 << a.best.unwrap()) != 0);
    }
}

#[test]
fn the_midgame_search_hands_over_to_the_exact_solver() {
    let p = &problems()[4];
    let settings = Settings {
        exact_empties: 20,
        ..Settings::to_depth(4)
    };
    let choice = Searcher::<Eight>::new(16).choose(p.board(), &settings, 0, &search::never);
    assert!(choice.exact);
    assert_eq!(choice.score, p.score * 100);
}

#[test]
fn the_midgame_search_past_the_end_of_the_game_ends_exact() {
    // No exact solver (exact_empties 0) and no node limit: after the iteration at depth =
    // empties (ProbCut still on, so a guess) come the safer margins and one without
    // ProbCut, whose score must be the solver's.
    for p in problems().iter().take(3) {
        let empties = p.board().empty().count_ones() as u8;
        let settings = Settings::to_depth(60);
        let choice = Searcher::<Eight>::new(18).choose(p.board(), &settings, 0, &search::never);
        assert!(choice.exact, "FFO #{}", p.id);
        assert_eq!(
            choice.depth,
            empties + search::midgame::ENDGAME_T.len() as u8,
            "FFO #{}",
            p.id
        );
        assert_eq!(choice.score, p.score * 100, "FFO #{}", p.id);
        let best = Square::from_index(choice.best.unwrap(), 8);
        assert!(
            p.best_moves.contains(&best),
            "FFO #{}: {best} is not among {:?}",
            p.id,
            p.best_moves
        );
    }
    // With a budget too small for the last step the answer is a guess, and says so.
    let p = &problems()[0];
    let settings = Settings {
        max_nodes: 20_000,
        ..Settings::to_depth(60)
    };
    let choice = Searcher::<Eight>::new(18).choose(p.board(), &settings, 0, &search::never);
    assert!(
        choice.depth
            < p.board().empty().count_ones() as u8 + search::midgame::ENDGAME_T.len() as u8
    );
    assert!(!choice.exact);
}

#[test]
fn a_budget_that_cuts_an_iteration_short_plays_what_that_iteration_found() {
    // A search cut off one node before its deeper iteration ends has searched every root
    // move of that iteration but the last: where that iteration changed its mind, the
    // move it found is played, not the shallower iteration's (unless asked not to).
    let at = |depth: u8, max_nodes: u64| Settings {
        max_nodes,
        ..Settings::to_depth(depth)
    };
    let mut changed = 0;
    // FFO #20-#39: 6-26 empties, deep enough for iterations to change their minds.
    for p in problems().iter().skip(19) {
        for depth in 4..=7u8 {
            let choose = |settings: &Settings, tweaks: Tweaks| {
                let mut searcher = Searcher::<Eight>::new(16);
                searcher.set_tweaks(tweaks);
                searcher.choose(p.board(), settings, 0, &search::never)
            };
            let deeper = choose(&at(depth, u64::MAX), Tweaks::default());
            let shallower = choose(&at(depth - 1, u64::MAX), Tweaks::default());
            if deeper.best == shallower.best {
                continue;
            }
            changed += 1;
            let budget = at(depth, deeper.nodes - 1);
            let cut = choose(&budget, Tweaks::default());
            assert_eq!(cut.depth, depth - 1, "FFO #{} depth {depth}", p.id);
            assert_eq!(
                (cut.best, cut.score),
                (deeper.best, deeper.score),
                "FFO #{} depth {depth}",
                p.id
            );
            let old_way = Tweaks {
                partial_root: false,
                ..Tweaks::default()
            };
            let cut = choose(&budget, old_way);
            assert_eq!(
                (cut.best, cut.score),
                (shallower.best, shallower.score),
                "FFO #{} depth {depth}",
                p.id
            );
        }
    }
    assert!(
        changed >= 10,
        "only {changed} iterations changed their move"
    );
}

#[test]
fn a_stopped_search_still_answers_with_a_legal_move() {
    let p = &problems()[10];
    assert_eq!(search::solve(p.board(), &|_| true), None);
    let settings = Level::MAX.settings();
    let choice =
        Searcher::<Eight>::new(16).choose(Board::<Eight>::start(), &settings, 0, &|nodes| {
            nodes > 20_000
        });
    let best = choice.best.expect("a move");
    assert!(Board::<Eight>::start().legal_moves() & (1 << best) != 0);
}

// A position of a game against rust-reversi's MCTS (light after `e6d6c6f4c3e7
// f8c5g3f5b4f3e3`): scored by the evaluation, light's `c4` looks like +24 at depth 17,
// but dark's `g4` leaves light one disc and wipes it out two plies later (`d3 d2`, or any
// other reply). Boards with no discs of the side to move are lost by 64, not scored by the
// evaluation.
#[test]
fn a_wipe_out_is_seen_as_a_loss_by_64() {
    let before_c4 = ffo::read_board(
        "------------------X-XXX--X-XXO----XOXO----XXX-------X--------X--",
        "O",
    )
    .unwrap();
    let after_c4 = ffo::read_board(
        "------------------X-XXX--XOOOO----XOXO----XXX-------X--------X--",
        "X",
    )
    .unwrap();
    let c4 = "c4".parse::<Square>().unwrap().index(8).unwrap();
    let g4 = "g4".parse::<Square>().unwrap().index(8).unwrap();
    assert_eq!(
        before_c4.play_flips(c4, before_c4.flips(c4)),
        after_c4,
        "c4 leads to the second position"
    );
    // Dark wins by 64 with g4 and sees it at once: three plies, all three depths.
    for depth in [3, 4, 9] {
        let settings = Settings::to_depth(depth);
        let choice = Searcher::<Eight>::new(16).choose(after_c4, &settings, 0, &search::never);
        assert_eq!(
            (choice.best, choice.score),
            (Some(g4), 64 * 100),
            "depth {depth}"
        );
    }
    // And level 10 does not play into it.
    let choice =
        Searcher::<Eight>::new(20).choose(before_c4, &Level::MAX.settings(), 0, &search::never);
    assert_ne!(choice.best, Some(c4), "score {}", choice.score);
}

#[test]
fn levels_are_1_to_11() {
    assert!(Level::new(0).is_err());
    assert!(Level::new(12).is_err());
    let depths: Vec<u8> = (1..=11)
        .map(|l| Level::new(l).unwrap().settings().depth)
        .collect();
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
}

#[test]
fn a_stronger_level_wins_clearly() {
    // Level 5 against level 1, both colours from three openings: it must win nearly all.
    let mut points = 0.0;
    for (k, opening) in arena::openings(3, 4, 11).iter().enumerate() {
        let strong = Level::new(5).unwrap();
        let weak = Level::new(1).unwrap();
        let as_dark = arena::play(strong, weak, opening, k as u64, &search::never);
        let as_light = -arena::play(weak, strong, opening, k as u64, &search::never);
        for score in [as_dark, as_light] {
            points += match score.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
        }
    }
    assert!(
        points >= 5.0,
        "level 5 scored only {points} of 6 against level 1"
    );
}

#[test]
fn every_match_seed_opens_its_own_games() {
    // `outflank match --seed S` plays these openings: two seeds that give the same lines
    // make one sample look like two.
    let lines: Vec<Vec<Vec<u32>>> = (1..=40).map(|seed| arena::openings(8, 6, seed)).collect();
    for a in 0..lines.len() {
        for b in 0..a {
            let shared = lines[a].iter().filter(|l| lines[b].contains(l)).count();
            assert!(
                shared < 4,
                "seeds {} and {} share {shared} of 8 openings",
                a + 1,
                b + 1
            );
        }
    }
    // Odd seeds keep the games recorded with them: seed 61's first three lines as square
    // indexes (a1 = 0).
    assert_eq!(
        arena::openings(3, 6, 61),
        vec![
            vec![26, 18, 19, 20, 37, 33],
            vec![44, 29, 21, 45, 26, 20],
            vec![37, 29, 21, 45, 26, 20]
        ]
    );
}

#[test]
fn noise_misjudges_each_move_by_its_own_score_not_by_a_bound() {
    // The weaker levels add noise to every root move's score and play the highest. A move
    // that only failed low has a bound for a score (where ProbCut cut, the window's edge
    // itself), and noise on that bound picked moves many discs worse than the best: level 4
    // (depth 4, noise of 1 hundredth) once lost 39 games of 40 to level 3. Each chosen move,
    // searched on its own, must be within the noise of the best (and a disc of the
    // searches' own disagreement).
    let noisy = Settings {
        depth: 4,
        exact_empties: 0,
        noise: 50,
        max_nodes: u64::MAX,
        greedy: false,
    };
    let plain = Settings { noise: 0, ..noisy };
    let reply = Settings { depth: 3, ..plain };
    let mut checked = 0;
    for (k, opening) in arena::openings(12, 10, 3).iter().enumerate() {
        let mut board = Board::<Eight>::start();
        for &sq in opening {
            board = board.play_flips(sq, board.flips(sq));
        }
        if board.legal_moves().count_ones() < 4 {
            continue;
        }
        let best = Searcher::<Eight>::new(16)
            .choose(board, &plain, 0, &search::never)
            .score;
        for seed in 0..4 {
            let sq = Searcher::<Eight>::new(16)
                .choose(board, &noisy, seed, &search::never)
                .best
                .unwrap();
            let after = board.play_flips(sq, board.flips(sq));
            if after.legal_moves() == 0 {
                continue;
            }
            let own = -Searcher::<Eight>::new(16)
                .choose(after, &reply, 0, &search::never)
                .score;
            assert!(
                own >= best - 2 * noisy.noise - 100,
                "opening {k} {opening:?}, seed {seed}: {} scores {own}, the best {best}",
                Square::from_index(sq, 8)
            );
            checked += 1;
        }
    }
    assert!(checked >= 24, "only {checked} choices checked");
}
