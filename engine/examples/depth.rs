//! Nodes and time the midgame search takes to finish a fixed depth, position by position:
//! what move ordering and pruning are worth. (A level's node budget hides it: a search
//! needing fewer nodes to each depth goes one deeper in the same budget only now and then.)
//!
//! `python3 tests/strength/positions.py --more | cargo run --release -p outflank-engine --example depth -- 16 [TWEAKS]`
//!
//! Reads `BOARD SIDE` lines (64 squares of X, O or -, a1 to h8; X or O to move), searches
//! each to DEPTH with the search tweaks TWEAKS (as `outflank match --a-search` reads them;
//! default `default`), fresh tables, no node limit and no exact solving, and prints
//! `move score depth nodes ms` per position (score in hundredths of a disc), then
//! `total <nodes> nodes <ms> ms`.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use outflank_engine::search::midgame::Tweaks;
use outflank_engine::search::{Searcher, Settings};
use outflank_engine::{ffo, Board, Eight, Square};

fn main() -> ExitCode {
    let Some(depth) = std::env::args().nth(1).and_then(|d| d.parse::<u8>().ok()) else {
        eprintln!("usage: depth DEPTH [TWEAKS] < positions (BOARD SIDE lines)");
        return ExitCode::from(2);
    };
    let tweaks = match Tweaks::parse(std::env::args().nth(2).as_deref().unwrap_or("default")) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("depth: {e}");
            return ExitCode::from(2);
        }
    };
    let settings = Settings::to_depth(depth);
    let (mut nodes, mut ms) = (0, 0.0);
    let mut out = std::io::stdout().lock();
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line.unwrap_or_default();
        let Some(board) = parse(&line) else {
            eprintln!("depth: line {}: not `BOARD SIDE`: {line:?}", n + 1);
            return ExitCode::from(2);
        };
        // Made before the clock starts: the first one also loads the weights.
        let mut searcher = Searcher::<Eight>::new(20);
        searcher.set_tweaks(tweaks);
        let start = Instant::now();
        let choice = searcher.choose(board, &settings, 1, &|_| false);
        let took = start.elapsed().as_secs_f64() * 1000.0;
        let name = choice.best.map_or("pass".to_string(), |sq| {
            Square::from_index(sq, 8).to_string()
        });
        // A closed pipe (`| head`) ends the run quietly.
        if writeln!(
            out,
            "{name} {} {} {} {took:.0}",
            choice.score, choice.depth, choice.nodes
        )
        .is_err()
        {
            return ExitCode::SUCCESS;
        }
        nodes += choice.nodes;
        ms += took;
    }
    let _ = writeln!(out, "total {nodes} nodes {ms:.0} ms");
    ExitCode::SUCCESS
}

/// `BOARD SIDE` as the board for the side to move, read as `outflank best` reads them.
fn parse(line: &str) -> Option<Board<Eight>> {
    let mut words = line.split_whitespace();
    let (squares, side) = (words.next()?, words.next()?);
    if words.next().is_some() {
        return None;
    }
    ffo::read_board(squares, side).ok()
}
