//! The parallel solver (`search::solve_parallel`: a shared table, young brothers wait)
//! finds exactly the scores of the one-thread solver, and a best move among the file's, on
//! FFO positions of 15-20 empties, with two and three threads (and, ignored by default,
//! #20-#39 with two threads against the file).

use outflank_engine::search;
use outflank_engine::Square;

mod ffo_suite;
use ffo_suite::problems;

#[test]
fn two_and_three_threads_find_the_one_thread_scores() {
    // #21-#29 except #26: 15-20 empties, about two seconds in all in release.
    let ids = ["21", "22", "23", "24", "25", "27", "28", "29"];
    let chosen: Vec<_> = problems()
        .into_iter()
        .filter(|p| ids.contains(&p.id.as_str()))
        .collect();
    assert_eq!(chosen.len(), ids.len());
    for p in &chosen {
        let one = search::solve(p.board(), &search::never).expect("not stopped");
        assert_eq!(one.score, p.score, "FFO #{}: one thread", p.id);
        for threads in [2, 3] {
            let many = search::solve_parallel(p.board(), threads);
            assert_eq!(
                many.score, one.score,
                "FFO #{}: {threads} threads against one",
                p.id
            );
            let best = Square::from_index(many.best.expect("a move"), 8);
            assert!(
                p.best_moves.contains(&best),
                "FFO #{} ({threads} threads): {best} is not among {:?}",
                p.id,
                p.best_moves
            );
        }
    }
}

#[test]
#[ignore = "about 20 s in release on two cores; `cargo test --release -- --include-ignored` (CI) runs it"]
fn two_threads_solve_ffo_20_to_39_exactly() {
    let all = problems();
    let chosen: Vec<_> = all
        .iter()
        .filter(|p| (20..=39).contains(&p.id.parse::<u32>().unwrap()))
        .collect();
    assert_eq!(chosen.len(), 20);
    for p in chosen {
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
