//! `outflank-train`: the training pipeline of Outflank's 8x8 pattern evaluation
//! (train/TRAINING.md), a step at a time or all of it.
//!
//! ```text
//! outflank-train selfplay --games 1000 --seed 1 --out data/r1-s1.bin   labelled self-play games
//! outflank-train fit --data data/r1-s1.bin --out weights.bin           the weights fitted to them
//! outflank-train errors --weights weights.bin --holdout held.bin       their held-out errors
//! outflank-train pipeline [--quick] [--deep] [--jobs N] [--dir DIR]    every step (cargo xtask train)
//! outflank-train book --out engine/book/reversi8.book --plies 13       the opening book
//! ```
//!
//! Exit codes: 0 success, 1 a failed pipeline step, 2 bad input.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use outflank_engine::book::Book;
use outflank_engine::search::arena::Contender;
use outflank_engine::search::midgame::Tweaks;
use outflank_engine::search::weights::Weights;
use outflank_engine::search::{Level, Searcher};
use outflank_engine::Eight;
use outflank_train::{book, data, errors, fit, selfplay};

mod measure;
mod packed;
mod pipeline;
mod report;
use measure::{mpc, search_errors};
use report::print_errors;

#[derive(Parser)]
#[command(
    name = "outflank-train",
    version,
    about = "The training pipeline of Outflank's 8x8 pattern evaluation: self-play data, fitting, held-out errors (train/TRAINING.md)"
)]
struct Cli {
    #[command(subcommand)]
    step: Step,
}

#[derive(Subcommand)]
enum Step {
    /// Self-play games from random openings, every position after the opening labelled
    /// (exact near the end, the game's result before), written to a data file.
    #[command(
        after_help = "Example:\n  outflank-train selfplay --games 1000 --seed 1 --out data/r1-s1.bin\n\nPrints progress every 100 games and `selfplay <games> games <positions> positions (<exact> exact) in <s>s`."
    )]
    Selfplay {
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the openings (game k of seed s is always the same game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Number of the first game: a long run made in pieces (`--first 0 --games 1000`,
        /// then `--first 1000 ...`) gives the same games as one run.
        #[arg(long, default_value_t = 0)]
        first: u64,
        /// The data file to write.
        #[arg(long)]
        out: PathBuf,
        /// Search depth of the engine's moves.
        #[arg(long, default_value_t = 4)]
        depth: u8,
        /// Solve exactly from this many empties.
        #[arg(long, default_value_t = 18)]
        exact: u32,
        /// Also solve exactly one position per game, at --probe-from to this many empties (0 = none).
        #[arg(long, default_value_t = 0)]
        probe: u32,
        /// The fewest empties of the probed position (default: --exact + 1).
        #[arg(long, default_value_t = 0)]
        probe_from: u32,
        /// Fewest and most random moves at the start of a game.
        #[arg(long, default_value_t = 6)]
        random_min: u32,
        #[arg(long, default_value_t = 30)]
        random_max: u32,
        /// The engine's evaluation: a weights file, or `hand` for the hand-made one
        /// (default: the embedded weights).
        #[arg(long)]
        eval: Option<String>,
        /// The search's refinements, as `outflank match --a-search` reads them: `none` (the
        /// plain fixed-depth search every data file of `cargo xtask train` is made with) or
        /// `default` (the levels' search: ProbCut and aspiration reach depth 10 in about an
        /// eighth of the plain search's nodes; the deep round's later pieces).
        #[arg(long, default_value = "none")]
        search: String,
    },
    /// Calibrate Multi-ProbCut: on positions from data files, regress each depth's plain
    /// search score on the shallower search's that ProbCut pairs with it; prints the table
    /// for `search::midgame::MPC`.
    #[command(
        after_help = "Example:\n  outflank-train mpc --data data/mpc.bin --positions 300 --min-empties 30 --max-empties 39 --max-depth 12\n\nPrints `depth shallow a b sigma r positions` per depth, then the Rust rows."
    )]
    Mpc {
        /// Data files (`train selfplay`) to take positions from.
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        /// How many positions (spread evenly over the files' positions).
        #[arg(long, default_value_t = 200)]
        positions: usize,
        /// Only positions with at least this many empties.
        #[arg(long, default_value_t = 24)]
        min_empties: u32,
        /// Only positions with at most this many empties.
        #[arg(long, default_value_t = 60)]
        max_empties: u32,
        /// Deepest search to calibrate.
        #[arg(long, default_value_t = 10)]
        max_depth: u8,
    },
    /// Fit the weights to data files by least squares (Adam), print the held-out errors,
    /// write the weights file.
    #[command(
        after_help = "Example:\n  outflank-train fit --data data/r1-s1.bin --holdout data/held-a-s1001.bin --out data/weights-r1.bin\n\nPrints each phase's training error, then the held-out mean absolute error (discs) by empties and by phase."
    )]
    Fit {
        /// Training data files.
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        /// Held-out data files (their exact positions are scored).
        #[arg(long, num_args = 1..)]
        holdout: Vec<PathBuf>,
        /// The weights file to write.
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value_t = 20)]
        epochs: u32,
        /// Adam's starting step (hundredths of a disc).
        #[arg(long, default_value_t = 2.0)]
        rate: f32,
        /// Ridge penalty: every weight is pulled toward zero as if this many positions had seen
        /// it there (0: none, as the pipeline's fits).
        #[arg(long, default_value_t = 0.0)]
        l2: f32,
        /// Weight decay: each batch that touches a weight adds 2 decay theta / N to its
        /// gradient, N the fit's positions (0: none; the shipped weights were fitted with 2).
        #[arg(long, default_value_t = 0.0)]
        decay: f32,
        /// Weight of the neighbouring phases' positions.
        #[arg(long, default_value_t = 0.5)]
        smooth: f32,
        /// Configurations seen fewer times than this keep a zero weight.
        #[arg(long, default_value_t = 3)]
        min_count: u32,
        /// Share of the search score in the target of positions without an exact label.
        #[arg(long, default_value_t = 0.0)]
        blend: f32,
        /// Round weights to multiples of this (hundredths of a disc; a smaller file).
        #[arg(long, default_value_t = 1)]
        quantum: u8,
        /// Start from this weights file instead of zero (an earlier round's fit); a
        /// configuration seen fewer than --min-count times keeps its weight from it.
        #[arg(long)]
        init: Option<PathBuf>,
        /// With --init: pull every weight back toward its starting value as if this many
        /// positions had seen it there (0: none), so new data refines without forgetting.
        #[arg(long, default_value_t = 0.0)]
        anchor: f32,
        /// Huber's threshold in discs (0: least squares): errors beyond it pull no harder
        /// than one at it.
        #[arg(long, default_value_t = 0.0)]
        huber: f32,
        /// Fit only the positions with at most this many empties: with --init, the phases
        /// above (and the configurations too rare below) keep its weights.
        #[arg(long, default_value_t = 60)]
        max_empties: u32,
        /// Empties a fitted phase spans: 4, or 8 to fit each pair of the evaluation's phases
        /// as one (half the weights, twice the positions each; the file stores each pair once).
        #[arg(long, default_value_t = 4)]
        phase_empties: u32,
        /// With --phase-empties 8: fit a weight set every 8 empties (at the even phases) and
        /// give each phase between two of them their mean, instead of tying pairs of phases
        /// (as many stored weights, no jump at every eighth empty; --smooth does not apply).
        #[arg(long)]
        interpolate: bool,
    },
    /// Round a weights file to a coarser quantum (and zero its smallest weights): the size
    /// budget is met from one fit at `--quantum 1`. Prints the file's size and, with
    /// `--holdout`, the held-out errors as `errors` does.
    Requant {
        #[arg(long)]
        weights: PathBuf,
        /// Round to multiples of this (hundredths of a disc).
        #[arg(long)]
        quantum: u8,
        /// Weights smaller than this after rounding (hundredths of a disc) become zero.
        #[arg(long, default_value_t = 0)]
        drop: i16,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, num_args = 1..)]
        holdout: Vec<PathBuf>,
    },
    /// A level's search against the exact scores of held-out positions: how far its score
    /// is off, and its evaluation's, by empties and by phase, with its nodes and time.
    #[command(
        after_help = "Example:\n  outflank-train search --level 10 --holdout data/pipeline/held-c-s3001.bin --min-empties 21\n\nPrints `empties positions search_mae eval_mae exact nodes ms` per count of empties, then by phase; with --moves also `loss not_best result_changed`."
    )]
    Search {
        #[arg(long, default_value_t = 10)]
        level: u8,
        /// Held-out data files (their exact positions are searched).
        #[arg(long, num_args = 1.., required = true)]
        holdout: Vec<PathBuf>,
        /// Only positions with at least this many empties.
        #[arg(long, default_value_t = 21)]
        min_empties: u32,
        /// At most this many positions for each count of empties (spread evenly over them).
        #[arg(long, default_value_t = 50)]
        per_empties: usize,
        /// The evaluation: a weights file, or `hand` (default: the embedded weights).
        #[arg(long)]
        eval: Option<String>,
        /// Also solve the position after each chosen move: what the move lost against
        /// perfect play (discs), how many moves were not a best one, and how many turned a
        /// win, draw or loss into another.
        #[arg(long)]
        moves: bool,
    },
    /// Pack a self-play data file small enough to commit (about a fifteenth of its size):
    /// `unpack` gives it back byte for byte.
    #[command(
        after_help = "Example:\n  outflank-train pack --data data/deep/d10-s3801-0.bin --played-by data/deep/played-by.bin --out games/d10-s3801-0.oftg\n\nPrints `packed <positions> positions (<games> games with kept positions) into <bytes> bytes`: a game that ends within its random opening keeps none."
    )]
    Pack {
        /// The data file (`train selfplay`).
        #[arg(long)]
        data: PathBuf,
        /// The weights file that played the games, recorded by its fingerprint.
        #[arg(long)]
        played_by: Option<PathBuf>,
        #[arg(long)]
        out: PathBuf,
    },
    /// Unpack a packed games file into the data file it came from.
    #[command(
        after_help = "Example:\n  outflank-train unpack --games games/d10-s3801-0.oftg --played-by games/played-by-r8.bin --out data/deep/d10-s3801-0.bin"
    )]
    Unpack {
        #[arg(long)]
        games: PathBuf,
        /// Refuse unless these are the weights that played the games.
        #[arg(long)]
        played_by: Option<PathBuf>,
        #[arg(long)]
        out: PathBuf,
    },
    /// The held-out errors of a weights file (and of the hand-made evaluation).
    Errors {
        #[arg(long)]
        weights: PathBuf,
        #[arg(long, num_args = 1.., required = true)]
        holdout: Vec<PathBuf>,
    },
    /// How far the labels of positions not solved are from their exact scores, and a weights
    /// file from both: the same games played again with `selfplay --exact` higher solve them.
    #[command(
        after_help = "Example:\n  outflank-train selfplay --games 200 --seed 3801 --depth 10 --exact 16 --out sp-16.bin\n  outflank-train selfplay --games 200 --seed 3801 --depth 10 --exact 22 --out sp-22.bin\n  outflank-train labels --data sp-16.bin --exact sp-22.bin --blend 0.5 --weights ../engine/weights/reversi8.bin\n\nPrints `empties positions result search target eval eval_to_target shared eval_beyond_target` for each count of empties: the mean absolute error (discs) against the exact score of the game's result, of the search's score, of the fit's target (--blend of the search's score), of the evaluation, and the evaluation's distance from the target; then the correlation of the evaluation's miss with the target's, and the evaluation's mean miss once the part the target's miss accounts for is taken out (least squares through the origin)."
    )]
    Labels {
        /// Data files whose labels are scored.
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<PathBuf>,
        /// Data files holding the same positions solved.
        #[arg(long, num_args = 1.., required = true)]
        exact: Vec<PathBuf>,
        /// The share of the search's score in the target, as `fit --blend`.
        #[arg(long, default_value_t = 0.5)]
        blend: f32,
        /// The evaluation (default: the embedded weights).
        #[arg(long)]
        weights: Option<PathBuf>,
    },
    /// Build or extend the opening book: from the start, every move within --margin discs of
    /// the best (and every move before --full) expanded to --plies, each leaf valued by a
    /// search at --level, the values minimaxed back up the book.
    #[command(
        after_help = "Example:\n  outflank-train book --out engine/book/reversi8.book --plies 13 --margin 2 --full 4 --level 8 --check 60   (the shipped book)\n  outflank-train book --extend engine/book/reversi8.book --out bigger.book --plies 14 --minutes 60\n\nPrints a line per ply, then `book <positions> positions, <bytes> bytes, <gzipped> gzipped, <s>s`\n(`complete` when no leaf is left to expand, `stopped` when the time ran out: run it again to go on);\nwith --check N, the mean distance of N of its values from a level --check-level search."
    )]
    Book {
        /// The book file to write.
        #[arg(long)]
        out: PathBuf,
        /// Start from this book (the same file as --out to extend it in place).
        #[arg(long)]
        extend: Option<PathBuf>,
        /// Expand positions before this ply.
        #[arg(long, default_value_t = 13, value_parser = clap::value_parser!(u32).range(0..=60))]
        plies: u32,
        /// Expand the moves within this many discs of the best.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=64))]
        margin: u32,
        /// Expand every move before this ply.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=60))]
        full: u32,
        /// The level whose search values the leaves (1-11).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=11))]
        level: u8,
        /// Stop expanding after this many minutes (the book written is whole).
        #[arg(long)]
        minutes: Option<f64>,
        /// Then compare this many of its values with deeper searches (0: none).
        #[arg(long, default_value_t = 0)]
        check: usize,
        /// The level of those deeper searches.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=11))]
        check_level: u8,
    },
    /// Every step of the pipeline, each as a run of this program, as many at once as `--jobs`
    /// (what `cargo xtask train` runs): self-play, fits, held-out sets and measures into
    /// `--dir`; with `--deep`, the deep round, whose candidate may replace the shipped weights.
    #[command(
        after_help = "Example:\n  outflank-train pipeline --quick\n  outflank-train pipeline --deep --jobs 2\n\nA run stopped midway goes on where it stopped when started again with the same arguments."
    )]
    Pipeline {
        /// A few games of each step, into target/train-quick (or target/train-deep-quick):
        /// the smoke test; the shipped weights are not touched.
        #[arg(long)]
        quick: bool,
        /// The deep round (depth-10 games, its candidate fit and the matches that decide
        /// whether it replaces engine/weights/reversi8.bin) instead of rounds 1-7.
        #[arg(long)]
        deep: bool,
        /// Steps run at once (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        jobs: Option<u16>,
        /// The directory of the run's files (default: train/data/pipeline, train/data/deep).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

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

fn run(step: Step) -> ExitCode {
    match step {
        Step::Pipeline {
            quick,
            deep,
            jobs,
            dir,
        } => {
            let jobs = jobs.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                usize::from,
            );
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
            minutes,
            check,
            check_level,
        } => {
            let (Ok(level), Ok(check_level)) = (Level::new(level), Level::new(check_level)) else {
                return bad("levels are 1 to 11");
            };
            let time = match minutes {
                None => None,
                Some(m) if m.is_finite() && m >= 0.0 => Some(Duration::from_secs_f64(m * 60.0)),
                Some(m) => return bad(format!("--minutes {m}: a number of minutes")),
            };
            let plan = book::Plan {
                plies,
                margin,
                full,
                level,
                time,
            };
            run_book(&out, extend.as_deref(), &plan, (check, check_level))
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

fn run_book(
    out: &Path,
    extend: Option<&Path>,
    plan: &book::Plan,
    (check, check_level): (usize, Level),
) -> ExitCode {
    let mut opening_book = match extend {
        None => Book::new(),
        Some(path) => match Book::read_file(path) {
            Ok(b) => b,
            Err(e) => return bad(e),
        },
    };
    println!(
        "book from {} positions: plies {}, margin {}, every move to ply {}, level {}{}",
        opening_book.len(),
        plan.plies,
        plan.margin,
        plan.full,
        plan.level.get(),
        plan.time.map_or(String::new(), |t| format!(
            ", {:.0} minutes",
            t.as_secs_f64() / 60.0
        ))
    );
    let start = Instant::now();
    let built = book::build(&mut opening_book, plan, |line| println!("  {line}"));
    let seconds = start.elapsed().as_secs_f64();
    let bytes = opening_book.to_bytes();
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = std::fs::write(out, &bytes) {
        return bad(format!("cannot write {}: {e}", out.display()));
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let gzipped = gz
        .write_all(&bytes)
        .and_then(|()| gz.finish())
        .map_or(0, |g| g.len());
    println!(
        "book {} positions, {} bytes, {gzipped} gzipped, {seconds:.1}s ({} searches, {} expanded, {}) -> {}",
        opening_book.len(),
        bytes.len(),
        built.searches,
        built.expanded,
        if built.complete { "complete" } else { "stopped" },
        out.display()
    );
    if check > 0 {
        run_book_check(&opening_book, check, plan.level, check_level);
    }
    ExitCode::SUCCESS
}

fn run_book_check(opening_book: &Book, positions: usize, level: Level, deeper: Level) {
    let start = Instant::now();
    let c = book::check(opening_book, positions, level, deeper, |line| {
        println!("{line}")
    });
    println!(
        "check {} positions against level {}: book values {:.2} discs from it; the {} expanded ones {:.2}, where level {} searches alone are {:.2}; {:.1}s",
        c.positions,
        deeper.get(),
        c.book,
        c.expanded_positions,
        c.expanded,
        level.get(),
        c.search,
        start.elapsed().as_secs_f64()
    );
}

fn run_selfplay(
    games: std::ops::Range<u64>,
    seed: u64,
    out: &std::path::Path,
    plan: &selfplay::Plan,
    pattern: Option<&'static Weights>,
    tweaks: Tweaks,
) -> ExitCode {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return bad(format!("cannot create {}: {e}", dir.display()));
        }
    }
    let file = match std::fs::File::create(out) {
        Ok(f) => f,
        Err(e) => return bad(format!("cannot create {}: {e}", out.display())),
    };
    println!(
        "selfplay seed {seed} games {}..{} plan {plan:?} search {tweaks:?} -> {}",
        games.start,
        games.end,
        out.display()
    );
    let mut w = BufWriter::new(file);
    if let Err(e) = data::write(&mut w, &[]) {
        return bad(format!("{}: {e}", out.display()));
    }
    let mut searcher = Searcher::<Eight>::new(18);
    searcher.set_pattern(pattern);
    // By default the plain search the documented data files were made with (same seed,
    // same file, whatever ProbCut's table).
    searcher.set_tweaks(tweaks);
    let start = Instant::now();
    let (mut positions, mut exact) = (0usize, 0usize);
    let count = games.end - games.start;
    for (done, k) in games.enumerate() {
        let samples = selfplay::game(&mut searcher, plan, seed, k);
        positions += samples.len();
        exact += samples.iter().filter(|s| s.exact).count();
        if let Err(e) = data::append(&mut w, &samples).and_then(|_| w.flush()) {
            return bad(format!("{}: {e}", out.display()));
        }
        if (done + 1) % 100 == 0 {
            println!(
                "  {} games {positions} positions {:.0}s",
                done + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "selfplay {count} games {positions} positions ({exact} exact) in {:.1}s",
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

fn run_fit(
    data_files: &[PathBuf],
    holdout: &[PathBuf],
    out: &std::path::Path,
    opts: &fit::FitOptions,
    init: Option<&Weights>,
    max_empties: u32,
) -> ExitCode {
    let start = Instant::now();
    let mut samples = match data::read_files(data_files) {
        Ok(s) => s,
        Err(e) => return bad(e),
    };
    samples.retain(|s| s.empties() <= max_empties);
    let held = match data::read_files(holdout) {
        Ok(s) => s,
        Err(e) => return bad(e),
    };
    let exact = samples.iter().filter(|s| s.exact).count();
    println!(
        "fit {opts:?}: {} positions ({exact} exact) from {} file(s), {} held out{}",
        samples.len(),
        data_files.len(),
        held.len(),
        if init.is_some() {
            ", from earlier weights"
        } else {
            ""
        }
    );
    let weights = fit::fit(&samples, opts, init, |line| println!("  {line}"));
    println!("fitted in {:.1}s", start.elapsed().as_secs_f64());
    let bytes = weights.to_bytes();
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = std::fs::write(out, &bytes) {
        return bad(format!("cannot write {}: {e}", out.display()));
    }
    println!("wrote {} ({} bytes)", out.display(), bytes.len());
    if !held.is_empty() {
        print_errors(&held, &weights);
    }
    ExitCode::SUCCESS
}
