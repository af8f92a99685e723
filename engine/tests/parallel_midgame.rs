//! The midgame search on several threads (a table shared between them): searched to the end
//! of the game it finds the exact score the FFO file gives, whatever the threads did to the
//! table on the way; and the weaker levels, whose moves come from a seed, play the same
//! moves with helpers as without; the strong levels spend their node budget on the first
//! thread, the helpers search on top of it.

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

#[test]
fn the_node_budget_is_the_first_threads_and_the_helpers_search_on_top_of_it() {
    // Levels 10 and 11 on several threads spend their whole budget on the caller's thread:
    // the strength follows that thread's own nodes, so more cores never make a level weaker.
    // A search checks its budget every 16,384 nodes, so it may overrun by a little.
    const BUDGET: u64 = 1_000_000;
    let mut board = Board::<Eight>::start();
    for name in ["f5", "d6", "c3", "d3", "c4", "f4"] {
        let sq = name.parse::<Square>().unwrap().index(8).unwrap();
        board = board.play_flips(sq, board.flips(sq));
    }
    for level in [10, 11] {
        let settings = Settings {
            max_nodes: BUDGET,
            ..Level::new(level).unwrap().settings()
        };
        let search = |helpers: Option<&'static dyn Helpers>| {
            let mut searcher = Searcher::<Eight>::default();
            searcher.set_helpers(helpers);
            searcher.choose(board, &settings, 1, &search::never)
        };
        let alone = search(None);
        assert!(
            (BUDGET..BUDGET + 2 * 16_384).contains(&alone.nodes),
            "level {level} on one thread: {} nodes for a budget of {BUDGET}",
            alone.nodes
        );
        let helped = search(Some(&THREE));
        assert!(helped.best.is_some(), "level {level}: no move");
        // How much the helpers take on depends on how often the machine lets them run (a
        // loaded machine, a few hundred nodes); that they search on top is what counts.
        assert!(
            helped.nodes > alone.nodes,
            "level {level} on four threads: {} nodes in all, {} on one thread, for a budget of \
             {BUDGET} on the first",
            helped.nodes,
            alone.nodes
        );
    }
}
