//! Games between two computer players, for the strength check (`examples/match.rs`).

use crate::bitboard::{Bits, Eight};
use crate::search::{endgame::final_score, Level, Searcher, Settings, Stop};
use crate::Board;

/// `count` different openings of `plies` random legal moves from the start (seeded).
pub fn openings(count: usize, plies: usize, seed: u64) -> Vec<Vec<u32>> {
    let mut rng = seed | 1;
    let mut next = move |n: u32| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % u64::from(n)) as u32
    };
    let mut out: Vec<Vec<u32>> = Vec::new();
    let mut tries = 0;
    while out.len() < count && tries < count * 50 {
        tries += 1;
        let mut board = Board::<Eight>::start();
        let mut line = Vec::new();
        for _ in 0..plies {
            let mut moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            for _ in 0..next(moves.count()) {
                moves = moves.without_lowest();
            }
            let sq = moves.lowest();
            board = board.play_flips(sq, board.flips(sq));
            line.push(sq);
        }
        if !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// Plays one game after `opening`: `first` moves first (dark). Returns the final disc
/// difference for dark (empties to the winner).
pub fn play(first: Level, second: Level, opening: &[u32], seed: u64, stop: &Stop<'_>) -> i32 {
    play_settings([first.settings(), second.settings()], opening, seed, stop)
}

/// [`play`] with any settings for dark (`settings[0]`) and light.
pub fn play_settings(settings: [Settings; 2], opening: &[u32], seed: u64, stop: &Stop<'_>) -> i32 {
    let mut board = Board::<Eight>::start();
    let mut dark_to_move = true;
    for &sq in opening {
        board = board.play_flips(sq, board.flips(sq));
        dark_to_move = !dark_to_move;
        if board.legal_moves().is_empty() && !board.pass().legal_moves().is_empty() {
            board = board.pass();
            dark_to_move = !dark_to_move;
        }
    }
    let mut players = [Searcher::<Eight>::new(18), Searcher::<Eight>::new(18)];
    let mut ply = 0u64;
    loop {
        if board.legal_moves().is_empty() {
            if board.pass().legal_moves().is_empty() {
                let score = final_score(&board);
                return if dark_to_move { score } else { -score };
            }
            board = board.pass();
            dark_to_move = !dark_to_move;
            continue;
        }
        let side = usize::from(!dark_to_move);
        ply += 1;
        let choice = players[side].choose(board, &settings[side], seed.wrapping_add(ply * 7919), stop);
        let sq = choice.best.unwrap_or_else(|| board.legal_moves().lowest());
        board = board.play_flips(sq, board.flips(sq));
        dark_to_move = !dark_to_move;
    }
}
