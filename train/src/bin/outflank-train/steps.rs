//! The steps that write a file: self-play, the fit and the opening book.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use outflank_engine::book::Book;
use outflank_engine::search::midgame::Tweaks;
use outflank_engine::search::weights::Weights;
use outflank_engine::search::{Level, Searcher};
use outflank_engine::Eight;
use outflank_train::{book, data, fit, selfplay};

use crate::bad;
use crate::report::print_errors;

pub fn run_book(
    out: &Path,
    mut opening_book: Book,
    plan: &book::Plan,
    (check, check_level): (usize, Level),
) -> ExitCode {
    println!(
        "book from {} positions: plies {}, margin {}, every move to ply {}, {}{}",
        opening_book.len(),
        plan.plies,
        plan.margin,
        plan.full,
        plan.judge,
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
        run_book_check(&opening_book, check, plan, check_level);
    }
    ExitCode::SUCCESS
}

fn run_book_check(opening_book: &Book, positions: usize, plan: &book::Plan, deeper: Level) {
    let start = Instant::now();
    let own = plan.judge;
    let c = book::check(opening_book, positions, own, deeper, plan.jobs);
    println!(
        "check {} positions against level {}: book values {:.2} discs from it; the {} expanded ones {:.2}, where {own} searches alone are {:.2}; {:.1}s",
        c.positions,
        deeper.get(),
        c.book,
        c.expanded_positions,
        c.expanded,
        c.search,
        start.elapsed().as_secs_f64()
    );
}

pub fn run_selfplay(
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

pub fn run_fit(
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
