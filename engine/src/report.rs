//! The figures the command-line tools print (the `outflank` binary and the examples share
//! them, so their output is the same). Native only: they read the clock.

use std::io::{self, Write};
use std::time::Instant;

use crate::ffo::Problem;
use crate::perft::perft_any;
use crate::{search, AnyBoard, Square};

/// Perft from the start of a `size` board, a line per depth up to `depth`:
/// `perft <depth> <leaves> <seconds> <millions of leaves per second>`.
pub fn perft(out: &mut impl Write, size: u8, depth: u32) -> io::Result<Option<u64>> {
    let Some(board) = AnyBoard::start(size) else {
        return Ok(None);
    };
    writeln!(
        out,
        "# perft from the {size}x{size} start position, one thread"
    )?;
    let mut last = 0;
    for d in 1..=depth {
        let t = Instant::now();
        let leaves = perft_any(&board, d);
        let secs = t.elapsed().as_secs_f64();
        let rate = if secs > 0.0 {
            leaves as f64 / secs / 1e6
        } else {
            0.0
        };
        writeln!(out, "perft {d} {leaves} {secs:.3} {rate:.1}")?;
        last = leaves;
    }
    Ok(Some(last))
}

/// Solves each problem exactly: a line `id score best_move nodes seconds` each (marked
/// `MISMATCH` when the score or move disagrees with the file), then
/// `total <positions> <seconds> <nodes>`, on `threads` threads. Returns how many disagreed.
pub fn solve(out: &mut impl Write, problems: &[Problem], threads: usize) -> io::Result<usize> {
    let (mut total_secs, mut total_nodes, mut wrong) = (0.0, 0u64, 0);
    for problem in problems {
        let t = Instant::now();
        let solved = if threads > 1 {
            search::solve_parallel(problem.board(), threads)
        } else {
            search::solve(problem.board(), &search::never)
                .ok_or_else(|| io::Error::other("the search stopped without being asked to"))?
        };
        let secs = t.elapsed().as_secs_f64();
        let best = solved.best.map(|sq| Square::from_index(sq, 8));
        let ok =
            solved.score == problem.score && best.is_none_or(|b| problem.best_moves.contains(&b));
        let shown = best.map_or("pass".to_string(), |b| b.to_string());
        let flag = if ok { "" } else { "  MISMATCH" };
        writeln!(
            out,
            "{} {:+} {shown} {} {secs:.3}{flag}",
            problem.id, solved.score, solved.nodes
        )?;
        out.flush()?;
        total_secs += secs;
        total_nodes += solved.nodes;
        wrong += usize::from(!ok);
    }
    writeln!(
        out,
        "total {} {total_secs:.3} {total_nodes}",
        problems.len()
    )?;
    Ok(wrong)
}
