//! The midgame search on several threads (a table shared between them): searched to the end
//! of the game it finds the exact score the FFO file gives, whatever the threads did to the
//! table on the way; and the weaker levels, whose moves come from a seed, play the same
//! moves with helpers as without.

use outflank_engine::bitboard::Eight;
use outflank_engine::search::midgame::WIN;
use outflank_engine::search::{self, Helpers, Level, Searcher, Settings, Threads};
use outflank_engine::{Board, Square};

static THREE: Threads = Threads(3);

mod ffo_suite;
use ffo_suite::problems;

#[test]
fn three_threads_search_to_the_exact_score() {
    // #1-#7: 14 empties; the midgame search alone (no solver), deeper until exact.
    let settings = Settings::to_depth(40);
    let mut searcher = Searcher::<Eight>::default();
    searcher.set_helpers(Some(&THREE as &dyn Helpers));
    for p in problems()
        .iter()
        .filter(|p| p.id.parse::<u32>().unwrap() <= 7)
    {
        let choice = searcher.choose(p.board(), &settings, 1, &search::never);
        assert!(choice.exact, "FFO #{}: not searched to the end", p.id);
        assert_eq!(choice.score, p.score * WIN, "FFO #{}", p.id);
        let best = Square::from_index(choice.best.expect("a move"), 8);
        assert!(
            p.best_moves.contains(&best),
            "FFO #{}: {best} is not among {:?}",
            p.id,
            p.best_moves
        );
    }
}

#[test]
fn weaker_levels_play_the_same_moves_with_helpers() {
    // Levels that misjudge by a seeded noise (3), or stop at a set depth (8), search on the
    // caller's thread alone and stay reproducible move for move.
    for level in [3, 8] {
        let play = |helpers: Option<&'static dyn Helpers>| {
            let mut searcher = Searcher::<Eight>::default();
            searcher.set_helpers(helpers);
            let settings = Level::new(level).unwrap().settings();
            let mut board = Board::<Eight>::start();
            let mut moves = Vec::new();
            for ply in 0..24 {
                let Some(sq) = searcher.choose(board, &settings, ply, &search::never).best else {
                    break;
                };
                moves.push(sq);
                board = board.play_flips(sq, board.flips(sq));
            }
            moves
        };
        assert_eq!(play(Some(&THREE)), play(None), "level {level}");
    }
}
