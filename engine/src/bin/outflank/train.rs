//! `outflank train ...`: the pattern evaluation's training pipeline (see engine/TRAINING.md).

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Subcommand;
use outflank_engine::search::Searcher;
use outflank_engine::train::{data, selfplay};
use outflank_engine::Eight;

use crate::bad;

#[derive(Subcommand)]
pub enum Step {
    /// Self-play games from random openings, every position after the opening labelled
    /// (exact near the end, the game's result before), written to a data file.
    #[command(
        after_help = "Example:\n  outflank train selfplay --games 1000 --seed 1 --out engine/data/r1-s1.bin\n\nPrints progress every 100 games and `selfplay <games> games <positions> positions (<exact> exact) in <s>s`."
    )]
    Selfplay {
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Seed of the openings (game k of seed s is always the same game).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The data file to write.
        #[arg(long)]
        out: PathBuf,
        /// Search depth of the engine's moves.
        #[arg(long, default_value_t = 4)]
        depth: u8,
        /// Solve exactly from this many empties.
        #[arg(long, default_value_t = 18)]
        exact: u32,
        /// Also solve exactly one position per game, at exact+1 to this many empties (0 = none).
        #[arg(long, default_value_t = 0)]
        probe: u32,
        /// Fewest and most random moves at the start of a game.
        #[arg(long, default_value_t = 6)]
        random_min: u32,
        #[arg(long, default_value_t = 30)]
        random_max: u32,
    },
}

pub fn run(step: Step) -> ExitCode {
    match step {
        Step::Selfplay {
            games,
            seed,
            out,
            depth,
            exact,
            probe,
            random_min,
            random_max,
        } => {
            let plan = selfplay::Plan {
                random_plies: (random_min, random_max.max(random_min)),
                depth,
                max_nodes: 200_000,
                exact,
                probe,
            };
            run_selfplay(games, seed, &out, &plan)
        }
    }
}

fn run_selfplay(games: u64, seed: u64, out: &std::path::Path, plan: &selfplay::Plan) -> ExitCode {
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
        "selfplay seed {seed} games {games} plan {plan:?} -> {}",
        out.display()
    );
    let mut w = BufWriter::new(file);
    if let Err(e) = data::write(&mut w, &[]) {
        return bad(format!("{}: {e}", out.display()));
    }
    let mut searcher = Searcher::<Eight>::new(18);
    let start = Instant::now();
    let (mut positions, mut exact) = (0usize, 0usize);
    for k in 0..games {
        let samples = selfplay::game(&mut searcher, plan, seed, k);
        positions += samples.len();
        exact += samples.iter().filter(|s| s.exact).count();
        if let Err(e) = data::append(&mut w, &samples).and_then(|_| w.flush()) {
            return bad(format!("{}: {e}", out.display()));
        }
        if (k + 1) % 100 == 0 {
            println!(
                "  {} games {positions} positions {:.0}s",
                k + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "selfplay {games} games {positions} positions ({exact} exact) in {:.1}s",
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
