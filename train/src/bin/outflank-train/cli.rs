//! The command line: each step of the pipeline and its arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "outflank-train",
    version,
    about = "The training pipeline of Outflank's 8x8 pattern evaluation: self-play data, fitting, held-out errors (train/TRAINING.md)"
)]
pub struct Cli {
    #[command(subcommand)]
    pub step: Step,
}

#[derive(Subcommand)]
pub enum Step {
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
    /// the best (and every move before --full) expanded to --plies, each leaf valued by
    /// searches to --depth (or at --level), the values minimaxed back up the book.
    #[command(
        after_help = "Example:\n  outflank-train book --out engine/book/reversi8.book --plies 9 --margin 2 --full 4 --depth 18   (the shipped book)\n  outflank-train book --extend engine/book/reversi8.book --out bigger.book --plies 10 --minutes 60\n\nPrints a line per ply, then `book <positions> positions, <bytes> bytes, <gzipped> gzipped, <s>s`\n(`complete` when no leaf is left to expand, `stopped` when the time ran out: run it again to go on);\nwith --check N, the mean distance of N of its values from a level --check-level search\n(`outflank-train book --extend engine/book/reversi8.book --out /tmp/same.book --minutes 0 --check 60 --check-level 11`)."
    )]
    Book {
        /// The book file to write.
        #[arg(long)]
        out: PathBuf,
        /// Start from this book (the same file as --out to extend it in place).
        #[arg(long)]
        extend: Option<PathBuf>,
        /// Expand positions before this ply.
        #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(0..=60))]
        plies: u32,
        /// Expand the moves within this many discs of the best.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=64))]
        margin: u32,
        /// Expand every move before this ply.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=60))]
        full: u32,
        /// Value the leaves by this level's search (1-11) instead.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=11))]
        level: Option<u8>,
        /// Value the leaves by the mean of searches to this depth and the one before it, with
        /// no node budget (1-40; by default 18, or what valued the extended book).
        #[arg(long, conflicts_with = "level", value_parser = clap::value_parser!(u8).range(1..=40))]
        depth: Option<u8>,
        /// Stop expanding after this many minutes (the book written is whole).
        #[arg(long)]
        minutes: Option<f64>,
        /// Then compare this many of its values with deeper searches (0: none).
        #[arg(long, default_value_t = 0)]
        check: usize,
        /// The level of those deeper searches.
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=11))]
        check_level: u8,
        /// Searches run side by side, a thread each (default: one per core; the book is the
        /// same whatever the number).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        jobs: Option<u16>,
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
