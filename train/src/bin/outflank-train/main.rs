//! `outflank-train`: the training pipeline of Outflank's 8x8 pattern evaluation
//! (train/TRAINING.md), a step at a time or all of it.
//!
//! ```text
//! outflank-train selfplay --games 1000 --seed 1 --out data/r1-s1.bin   labelled self-play games
//! outflank-train fit --data data/r1-s1.bin --out weights.bin           the weights fitted to them
//! outflank-train errors --weights weights.bin --holdout held.bin       their held-out errors
//! outflank-train pipeline [--quick] [--deep] [--jobs N] [--dir DIR]    every step (cargo xtask train)
//! outflank-train book --out engine/book/reversi8.book --plies 9        the opening book
//! ```
//!
//! Exit codes: 0 success, 1 a failed pipeline step, 2 bad input.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use outflank_engine::book::{Book, Judge};
use outflank_engine::search::arena::Contender;
use outflank_engine::search::midgame::Tweaks;
use outflank_engine::search::weights::Weights;
use outflank_engine::search::Level;
use outflank_train::{book, data, errors, fit, selfplay};

mod cli;
mod measure;
mod packed;
mod pipeline;
mod report;
mod steps;
use cli::{Cli, Step};
use measure::{mpc, search_errors};
use report::print_errors;
use steps::{run_book, run_fit, run_selfplay};

/// Bad input: the message, exit code 2.
fn bad(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("outflank-train: {message}");
    ExitCode::from(2)
}

fn read_weights(path: &Path) -> Result<Weights, String> {
    Weights::read(path)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let result = run(cli.step);
    let _ = std::io::stdout().flush();
    result
}

/// The cores this machine offers (one if it cannot tell).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn run(step: Step) -> ExitCode {
    match step {
        Step::Pipeline {
            quick,
            deep,
            jobs,
            dir,
        } => {
            let jobs = jobs.map_or_else(cores, usize::from);
            match pipeline::run(quick, deep, jobs, dir) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("\noutflank-train: pipeline: FAILED: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Step::Book {
            out,
            extend,
            plies,
            margin,
            full,
            level,
            depth,
            minutes,
            check,
            check_level,
            jobs,
        } => {
            let Ok(check_level) = Level::new(check_level) else {
                return bad("levels are 1 to 11");
            };
            let time = match minutes {
                None => None,
                Some(m) if m.is_finite() && m >= 0.0 => Some(Duration::from_secs_f64(m * 60.0)),
                Some(m) => return bad(format!("--minutes {m}: a number of minutes")),
            };
            let opening_book = match extend.as_deref().map(Book::read_file) {
                None => Book::new(),
                Some(Ok(b)) => b,
                Some(Err(e)) => return bad(e),
            };
            // Given, or the extended book's own, or the shipped book's.
            let judge = match (level, depth) {
                (_, Some(d)) => Judge::Depth(d),
                (Some(l), None) => match Level::new(l) {
                    Ok(l) => Judge::Level(l),
                    Err(_) => return bad("levels are 1 to 11"),
                },
                (None, None) => opening_book.recipe.judge.unwrap_or(Judge::SHIPPED),
            };
            let plan = book::Plan {
                judge,
                plies,
                margin,
                full,
                time,
                jobs: jobs.map_or_else(cores, usize::from),
            };
            run_book(&out, opening_book, &plan, (check, check_level))
        }
        Step::Mpc {
            data,
            positions,
            min_empties,
            max_empties,
            max_depth,
        } => mpc(&data, positions, min_empties..=max_empties, max_depth),
        Step::Search {
            level,
            holdout,
            min_empties,
            per_empties,
            eval,
            moves,
        } => match Contender::parse(level, eval.as_deref(), "default") {
            Ok(c) => search_errors(c, &holdout, min_empties, per_empties, moves),
            Err(e) => bad(e),
        },
        Step::Fit {
            data,
            holdout,
            out,
            epochs,
            rate,
            l2,
            decay,
            smooth,
            min_count,
            blend,
            quantum,
            init,
            anchor,
            huber,
            max_empties,
            phase_empties,
            interpolate,
        } => {
            let phases = match (phase_empties, interpolate) {
                (4, false) => fit::PhaseLayout::Each,
                (8, false) => fit::PhaseLayout::Pairs,
                (8, true) => fit::PhaseLayout::Interpolated,
                (4, true) => return bad("--interpolate needs --phase-empties 8"),
                (other, _) => return bad(format!("--phase-empties {other}: 4 or 8")),
            };
            let opts = fit::FitOptions {
                epochs,
                rate,
                l2,
                decay,
                // Knots take no smoothing (the mean is theirs): the options line says so.
                smooth: if phases == fit::PhaseLayout::Interpolated {
                    0.0
                } else {
                    smooth
                },
                min_count,
                blend,
                quantum,
                anchor,
                huber: huber * 100.0,
                phases,
            };
            let init = match init.as_deref().map(read_weights).transpose() {
                Ok(w) => w,
                Err(e) => return bad(e),
            };
            run_fit(&data, &holdout, &out, &opts, init.as_ref(), max_empties)
        }
        Step::Requant {
            weights,
            quantum,
            drop,
            out,
            holdout,
        } => {
            let w = match read_weights(&weights) {
                Ok(w) => w.requantized(quantum, drop),
                Err(e) => return bad(e),
            };
            let bytes = w.to_bytes();
            if let Err(e) = std::fs::write(&out, &bytes) {
                return bad(format!("cannot write {}: {e}", out.display()));
            }
            println!("wrote {} ({} bytes, {w:?})", out.display(), bytes.len());
            if holdout.is_empty() {
                return ExitCode::SUCCESS;
            }
            match data::read_files(&holdout) {
                Ok(samples) => {
                    print_errors(&samples, &w);
                    ExitCode::SUCCESS
                }
                Err(e) => bad(e),
            }
        }
        Step::Pack {
            data,
            played_by,
            out,
        } => packed::pack(&data, played_by.as_deref(), &out),
        Step::Unpack {
            games,
            played_by,
            out,
        } => packed::unpack(&games, played_by.as_deref(), &out),
        Step::Labels {
            data,
            exact,
            blend,
            weights,
        } => {
            if !(0.0..=1.0).contains(&blend) {
                return bad(format!("--blend {blend}: a share from 0 to 1"));
            }
            let w = match weights.as_deref().map(read_weights).transpose() {
                Ok(w) => w,
                Err(e) => return bad(e),
            };
            let w: &Weights = match &w {
                Some(w) => w,
                None => match outflank_engine::search::weights::embedded() {
                    Some(w) => w,
                    None => return bad("the embedded weights do not load"),
                },
            };
            let (labelled, solved) = match (data::read_files(&data), data::read_files(&exact)) {
                (Ok(l), Ok(s)) => (l, s),
                (Err(e), _) | (_, Err(e)) => return bad(e),
            };
            let rows = errors::label_errors(&labelled, &solved, blend, |s| {
                w.evaluate(s.player, s.opponent)
            });
            if rows.is_empty() {
                return bad("no position of --data without an exact label is solved in --exact");
            }
            println!("labels against the exact scores (discs): empties positions result search target eval eval_to_target shared eval_beyond_target");
            for r in rows {
                println!(
                    "  {:2} {:6} {:6.2} {:6.2} {:6.2} {:6.2} {:6.2} {:6.2} {:6.2}",
                    r.empties,
                    r.count,
                    r.result,
                    r.search,
                    r.target,
                    r.eval,
                    r.eval_to_target,
                    r.shared,
                    r.eval_beyond_target
                );
            }
            ExitCode::SUCCESS
        }
        Step::Errors { weights, holdout } => {
            let w = match read_weights(&weights) {
                Ok(w) => w,
                Err(e) => return bad(e),
            };
            match data::read_files(&holdout) {
                Ok(samples) => {
                    print_errors(&samples, &w);
                    ExitCode::SUCCESS
                }
                Err(e) => bad(e),
            }
        }
        Step::Selfplay {
            games,
            seed,
            first,
            out,
            depth,
            exact,
            probe,
            probe_from,
            random_min,
            random_max,
            eval,
            search,
        } => {
            let tweaks = match Tweaks::parse(&search) {
                Ok(t) => t,
                Err(e) => return bad(format!("--search: {e}")),
            };
            let plan = selfplay::Plan {
                random_plies: (random_min, random_max.max(random_min)),
                depth,
                max_nodes: 200_000,
                exact,
                probe,
                probe_from,
            };
            let pattern = match Contender::parse(1, eval.as_deref(), "default") {
                Ok(c) => c.pattern,
                Err(e) => return bad(e),
            };
            run_selfplay(
                first..first.saturating_add(games),
                seed,
                &out,
                &plan,
                pattern,
                tweaks,
            )
        }
    }
}
