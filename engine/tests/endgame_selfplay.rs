//! The exact solver on positions of 24-26 empties from Outflank's own games
//! (`data/selfplay-endgames.txt`, made by
//! `cargo run --release -p outflank-engine --example selfplay_endgames -- 24 16 5 60000000`),
//! checked against a plain reference search. The games are lopsided (level 5 against
//! level 1: see the example), so most of these scores are wipeouts.
//!
//! The reference is negamax with alpha-beta and nothing else: no table, no move ordering
//! (squares in index order), no stability, parity or special last moves; moves and flips
//! come from the engine's board code. It cannot finish 24-26 empties in a test's time (on
//! such positions from the engine's games it settled none of seven within 50-100 M nodes,
//! even with a narrow window and corners first), so the test follows the solver's own
//! line: at each step the position is solved afresh with a new table, its score must be
//! the previous one negated (a pass too changes the side to move), and its best move is
//! played, down to [`REFERENCE_EMPTIES`], where the reference must find the same exact
//! score. The root's score must also be the file's, and its move the file's or one
//! reaching the same score.

mod ffo_suite;

use outflank_engine::search;
use outflank_engine::{ffo, Board, Eight, Square};

/// Where the reference search takes over.
const REFERENCE_EMPTIES: u32 = 16;

/// The final disc difference (empties to the winner) of a finished game.
fn final_score(b: &Board<Eight>) -> i32 {
    let (p, o) = (b.player.count_ones() as i32, b.opponent.count_ones() as i32);
    let empties = 64 - p - o;
    match p.cmp(&o) {
        std::cmp::Ordering::Greater => p - o + empties,
        std::cmp::Ordering::Less => p - o - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Fail-hard alpha-beta: the exact score if it lies strictly inside `alpha..beta`, else
/// `alpha` (the score is at most that) or `beta` (at least that).
fn reference(b: Board<Eight>, mut alpha: i32, beta: i32, passed: bool, nodes: &mut u64) -> i32 {
    *nodes += 1;
    let mut moves = b.legal_moves();
    if moves == 0 {
        if passed {
            return final_score(&b).clamp(alpha, beta);
        }
        return -reference(b.pass(), -beta, -alpha, true, nodes);
    }
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        let score = -reference(b.play_flips(sq, b.flips(sq)), -beta, -alpha, false, nodes);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

#[test]
fn the_reference_search_finds_the_ffo_scores_at_14_empties() {
    let problems = ffo_suite::problems();
    let p = problems
        .iter()
        .find(|p| p.empties == 14)
        .expect("a 14-empty position");
    let (mut nodes, s) = (0, p.score);
    assert_eq!(
        reference(p.board(), s - 1, s + 1, false, &mut nodes),
        s,
        "FFO #{}",
        p.id
    );
    // A window just off the score fails on the right side.
    assert_eq!(
        reference(p.board(), s + 1, s + 3, false, &mut nodes),
        s + 1,
        "FFO #{}",
        p.id
    );
    assert_eq!(
        reference(p.board(), s - 3, s - 1, false, &mut nodes),
        s - 1,
        "FFO #{}",
        p.id
    );
}

#[test]
#[ignore = "about a minute in release; `cargo test --release -- --include-ignored` (CI) runs it"]
fn the_solver_agrees_with_a_plain_search_on_positions_from_its_own_games() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/selfplay-endgames.txt"
    );
    let problems =
        ffo::parse(&std::fs::read_to_string(path).expect("the data file")).expect("it parses");
    assert!(problems.len() >= 5, "a handful of positions");
    for p in &problems {
        assert!(
            (24..=26).contains(&p.empties),
            "#{}: {} empties",
            p.id,
            p.empties
        );
        let mut board = p.board();
        let solved = search::solve(board, &search::never).expect("not stopped");
        assert_eq!(solved.score, p.score, "#{}: the solver's score", p.id);
        let sq = solved.best.expect("a move");
        let first = Square::from_index(sq, 8);
        if !p.best_moves.contains(&first) {
            // The file holds the move the solver chose when it was written, not every best
            // move (in a wipeout several often are): another must reach the same score.
            let after = search::solve(board.play_flips(sq, board.flips(sq)), &search::never)
                .expect("not stopped");
            assert_eq!(
                -after.score, p.score,
                "#{}: {first} is not among {:?} and scores less",
                p.id, p.best_moves
            );
        }
        // Down the solver's line; `score` is for the side to move in `board`.
        let mut score = solved.score;
        let mut line = Vec::new();
        while board.empty().count_ones() > REFERENCE_EMPTIES {
            let solved = search::solve(board, &search::never).expect("not stopped");
            assert_eq!(
                solved.score, score,
                "#{}: the solver's score after {line:?}",
                p.id
            );
            match solved.best {
                Some(sq) => {
                    board = board.play_flips(sq, board.flips(sq));
                    score = -score;
                    line.push(Square::from_index(sq, 8).to_string());
                }
                None if board.pass().legal_moves() != 0 => {
                    board = board.pass();
                    score = -score;
                    line.push("pass".to_string());
                }
                None => break,
            }
        }
        let mut nodes = 0;
        assert_eq!(
            reference(board, score - 1, score + 1, false, &mut nodes),
            score,
            "#{}: the reference's score after {line:?}",
            p.id
        );
        eprintln!(
            "#{}: {} empties, {:+}, line {}, reference {nodes} nodes",
            p.id,
            p.empties,
            p.score,
            line.join(" ")
        );
    }
}
