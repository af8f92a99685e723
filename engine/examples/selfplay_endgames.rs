//! Endgame positions from the engine's own games, in the format of the FFO files, for the
//! solver's test (`engine/tests/data/selfplay-endgames.txt`, checked by
//! `engine/tests/endgame_selfplay.rs`).
//!
//! `cargo run --release -p outflank-engine --example selfplay_endgames -- GAMES SEED LEVEL MAX_NODES`
//!
//! Each game starts from a seeded random 8-move opening and is played by the computer at
//! LEVEL on one side and at level 1 on the other (dark at LEVEL in the even games) until
//! 24, 25 or 26 squares are empty (in turn, game by game) and the side to move has a move.
//! (Between equals at level 5, none of the first 14 games' positions took the solver under
//! 60 M nodes, and one took 364 M: too slow for a test.) The solver gives the exact score and a best move (the
//! best-move column holds that move, not necessarily every best move); positions the solver
//! needs more than MAX_NODES nodes for are left out, so that the test stays quick.

use outflank_engine::search::{self, arena, Level};
use outflank_engine::{Board, Eight, Square};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("GAMES SEED LEVEL MAX_NODES: numbers"))
        .collect();
    let [games, seed, level, max_nodes] = args[..] else {
        eprintln!("usage: selfplay_endgames GAMES SEED LEVEL MAX_NODES");
        std::process::exit(2);
    };
    let level = Level::new(level as u8).expect("a level from 1 to 11");
    println!(
        "# Positions from Outflank's own games: selfplay_endgames {games} {seed} {} {max_nodes}",
        level.get()
    );
    println!("# Columns as in ffo-01-39.txt: id board side_to_move best_move exact_score empties");
    for (k, opening) in arena::openings(games as usize, 8, seed).iter().enumerate() {
        let target = 24 + (k as u32 % 3);
        let mut board = Board::<Eight>::start();
        let mut dark_to_move = true;
        for &sq in opening {
            board = board.play_flips(sq, board.flips(sq));
            dark_to_move = !dark_to_move;
        }
        loop {
            if board.legal_moves() == 0 {
                if board.pass().legal_moves() == 0 {
                    break;
                }
                board = board.pass();
                dark_to_move = !dark_to_move;
                continue;
            }
            if board.empty().count_ones() <= target {
                break;
            }
            // LEVEL plays one side (dark in even games), level 1 the other: lopsided games,
            // whose endgames the solver finishes quickly enough for a test.
            let mover = if dark_to_move == (k % 2 == 0) {
                level
            } else {
                Level::MIN
            };
            let choice = search::best_move(board, mover, seed + k as u64, &search::never);
            let sq = choice.best.expect("a legal move");
            board = board.play_flips(sq, board.flips(sq));
            dark_to_move = !dark_to_move;
        }
        let empties = board.empty().count_ones();
        if empties != target || board.legal_moves() == 0 {
            continue;
        }
        let Some(solved) = search::solve(board, &|nodes| nodes > max_nodes) else {
            eprintln!(
                "game {}: {empties} empties: the solver needs more than {max_nodes} nodes",
                k + 1
            );
            continue;
        };
        let (dark, light) = if dark_to_move {
            (board.player, board.opponent)
        } else {
            (board.opponent, board.player)
        };
        let squares: String = (0..64)
            .map(|i| {
                if dark >> i & 1 == 1 {
                    'X'
                } else if light >> i & 1 == 1 {
                    'O'
                } else {
                    '-'
                }
            })
            .collect();
        let side = if dark_to_move { 'X' } else { 'O' };
        let best = Square::from_index(solved.best.expect("a move"), 8);
        println!(
            "{} {squares} {side} {best} {:+} {empties}",
            k + 1,
            solved.score
        );
        eprintln!("game {}: {empties} empties, {} nodes", k + 1, solved.nodes);
    }
}
