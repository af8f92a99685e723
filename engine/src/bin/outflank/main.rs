//! `outflank`: Outflank's Reversi engine on the command line.
//!
//! ```text
//! outflank perft 9                      leaves of the game tree, with the speed
//! outflank solve ffo-01-39.txt          exact endgame scores of a file of positions
//! outflank best --level 10 <board> X    the engine's move in a position
//! outflank match --a 8 --b 4 --games 20 two levels play each other
//! outflank book <board> X               a position's moves in the opening book
//! outflank nboard                       talk the NBoard protocol on stdin/stdout
//! ```
//!
//! Exit codes: 0 success, 1 a failed check (solve disagreeing with its file), 2 bad input.

mod nboard;

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use outflank_engine::book::{self, Book};
use outflank_engine::search::{self, arena, Level, Searcher};
use outflank_engine::{ffo, notation, report, Board, Eight, Error, Square};

#[derive(Parser)]
#[command(
    name = "outflank",
    version,
    about = "Outflank's Reversi engine: perft, exact endgames, best moves, matches, the opening book, NBoard"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the game tree from the start position, depth by depth.
    #[command(
        after_help = "Example:\n  outflank perft 9\n  outflank perft 7 --size 6\n\nPrints `perft <depth> <leaves> <seconds> <M leaves/s>` per depth."
    )]
    Perft {
        /// Plies (1-30).
        #[arg(value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// Board side: 6, 8 or 10.
        #[arg(long, default_value_t = 8, value_parser = parse_size)]
        size: u8,
    },
    /// Solve endgame positions exactly (a file in the FFO format of ffo-01-39.txt).
    #[command(
        after_help = "Example:\n  outflank solve ../shared/data/ffo-01-39.txt\n  outflank solve ../shared/data/ffo-01-39.txt 38 39 --threads 2\n\nPrints `id score best_move nodes seconds` per position, then `total <positions> <seconds> <nodes>`;\nexits with 1 if a score or best move disagrees with the file."
    )]
    Solve {
        /// The positions: `id board side best_moves score empties` per line.
        file: std::path::PathBuf,
        /// Only these ids.
        ids: Vec<String>,
        /// Threads (one shared table, work split below the root; 1 = the plain solver).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: u16,
    },
    /// The engine's move in a position.
    #[command(
        after_help = "Example:\n  outflank best --level 10 --- (64 squares of X, O or -, a1 to h8) X\n  outflank best --level 10 --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X\n\nPrints `move score depth nodes ms`: score in discs for the side to move (exact when the\nendgame was solved), `pass` when the side to move has no legal move. A depth beyond the\nempty squares: the search reached the end of the game and went on with safer cuts."
    )]
    Best {
        /// 1 (a beginner) to 11 (expert).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=11))]
        level: u8,
        /// Stop thinking after this many milliseconds (the best move so far is played).
        #[arg(long)]
        time: Option<u64>,
        /// 64 characters, a1..h8 row by row: X (dark), O (light), - (empty).
        #[arg(allow_hyphen_values = true)]
        board: String,
        /// The side to move: X or O.
        side: String,
    },
    /// Two levels play each other, both colours from varied openings.
    #[command(
        after_help = "Example:\n  outflank match --a 8 --b 4 --games 20\n  outflank match --a 8 --b 7 --games 200 --threads 2   (two games at a time: the same games, in half the time on two cores)\n  outflank match --a 6 --b 6 --games 10 --openings openings.txt\n  outflank match --a 10 --b 10 --b-book none --opening-plies 4 --games 100   (the opening book's worth at level 10)\n  outflank match --a 10 --b 10 --a-threads 2 --games 20   (what a second core is worth)\n\nLevels 6-11 play from the opening book while a game is in it (--a-book, --b-book).\nPrints one line per game (the opening, A's colour, the disc difference for A; A's and B's time a move), then `match A B: wins W draws D losses L (points P of N) ...` for A."
    )]
    Match {
        /// Level of player A (1-11).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=11))]
        a: u8,
        /// Level of player B (1-11).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=11))]
        b: u8,
        /// Games in all (rounded up to an even number: each opening is played with both colours).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        games: u32,
        /// Openings, one game record per line (`f5d6c3`); by default random 6-move openings.
        #[arg(long)]
        openings: Option<std::path::PathBuf>,
        /// Random moves of each opening (without --openings).
        #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u8).range(0..=60))]
        opening_plies: u8,
        /// Seed of the random openings, of the weaker levels' mistakes and of the choice
        /// among the book's moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Player A's opening book at levels 6-11: `default` (the engine's own), `none`, or
        /// a book file.
        #[arg(long, default_value = "default")]
        a_book: String,
        /// Player B's opening book (as --a-book).
        #[arg(long, default_value = "default")]
        b_book: String,
        /// Openings played at once, one a thread (the games and the score do not depend on it).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: u16,
        /// Threads of player A's own search, each move (its midgame search shares a table
        /// between them; the games then vary from run to run).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        a_threads: u16,
        /// Threads of player B's own search (as --a-threads).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
        b_threads: u16,
        /// Player A's evaluation: a weights file, or `hand` for the hand-made one (default:
        /// the embedded weights). For comparing evaluations (train/TRAINING.md).
        #[arg(long, hide = true)]
        a_eval: Option<String>,
        /// Player B's evaluation (as --a-eval).
        #[arg(long, hide = true)]
        b_eval: Option<String>,
        /// Player A's search refinements: `default` (aspiration and ProbCut), `none`, or some
        /// of `asp,mpc,order` (to measure what each is worth).
        #[arg(long, hide = true, default_value = "default")]
        a_search: String,
        /// Player B's search refinements (as --a-search).
        #[arg(long, hide = true, default_value = "default")]
        b_search: String,
        /// Player A's node budget a move instead of its level's (to try a change of the
        /// search quickly at a smaller budget).
        #[arg(long, hide = true)]
        a_nodes: Option<u64>,
        /// Player B's node budget a move (as --a-nodes).
        #[arg(long, hide = true)]
        b_nodes: Option<u64>,
        /// How far from the book's best (discs) player A's book moves may be, instead of
        /// its level's margin (to measure what a margin costs).
        #[arg(long, value_parser = clap::value_parser!(i32).range(0..=64))]
        a_book_margin: Option<i32>,
        /// Player B's book margin (as --a-book-margin).
        #[arg(long, value_parser = clap::value_parser!(i32).range(0..=64))]
        b_book_margin: Option<i32>,
        /// The last ply (moves from the start) at which player A plays from the book (by
        /// default, while the position is in it), to see where the book is worth more than
        /// the search.
        #[arg(long)]
        a_book_plies: Option<u32>,
        /// The last ply at which player B plays from the book (as --a-book-plies).
        #[arg(long)]
        b_book_plies: Option<u32>,
    },
    /// A position's moves in the opening book, with their values.
    #[command(
        after_help = "Example:\n  outflank book ---------------------------OX------XO--------------------------- X\n  outflank book --book my.book ---------------------------OX------XXX-------------------------- O\n\nPrints `book <positions> positions, level L (or depth D), P plies, margin M, every move to ply F`, then\n`value <discs> <expanded|leaf>` for the position (or `out of book`), then `<move> <discs>` for\neach move in the book, best first: discs ahead at the end for the side to move, as the book's\nsearches and their minimax judge."
    )]
    Book {
        /// A book file instead of the engine's own.
        #[arg(long)]
        book: Option<std::path::PathBuf>,
        /// 64 characters, a1..h8 row by row: X (dark), O (light), - (empty).
        #[arg(allow_hyphen_values = true)]
        board: String,
        /// The side to move: X or O.
        side: String,
    },
    /// Speak the NBoard engine protocol on stdin/stdout (load `outflank nboard` in NBoard).
    #[command(
        after_help = "Example (> from the GUI, < from the engine):\n  > nboard 2\n  < set myname Outflank\n  > set game (;GM[Othello]PC[NBoard]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)\n  > set depth 10\n  > go\n  < === F5/0.00/0.1\n  > ping 1\n  < pong 1"
    )]
    Nboard {
        /// Play every move at this level (1-11; node budgets, as in `match`) instead of the
        /// depth the GUI sets with `set depth`.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=11))]
        level: Option<u8>,
    },
}

fn parse_size(s: &str) -> Result<u8, String> {
    match s.parse::<u8>() {
        Ok(n @ (6 | 8 | 10)) => Ok(n),
        _ => Err(format!("the board side is 6, 8 or 10, not {s:?}")),
    }
}

/// Bad input: the message, exit code 2.
fn bad(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("outflank: {message}");
    ExitCode::from(2)
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
    let result = match cli.command {
        Command::Perft { depth, size } => perft(depth, size),
        Command::Solve { file, ids, threads } => solve(&file, &ids, usize::from(threads)),
        Command::Best {
            level,
            time,
            board,
            side,
        } => best(level, time, &board, &side),
        Command::Match {
            a,
            b,
            games,
            openings,
            opening_plies,
            seed,
            a_book,
            b_book,
            threads,
            a_threads,
            b_threads,
            a_eval,
            b_eval,
            a_search,
            b_search,
            a_nodes,
            b_nodes,
            a_book_margin,
            b_book_margin,
            a_book_plies,
            b_book_plies,
        } => {
            match (
                arena::Contender::parse(a, a_eval.as_deref(), &a_search)
                    .and_then(|c| c.with_book(&a_book)),
                arena::Contender::parse(b, b_eval.as_deref(), &b_search)
                    .and_then(|c| c.with_book(&b_book)),
            ) {
                (Ok(a), Ok(b)) => play_match(
                    arena::Contender {
                        max_nodes: a_nodes,
                        book_margin: a_book_margin,
                        book_plies: a_book_plies,
                        ..a.with_threads(usize::from(a_threads))
                    },
                    arena::Contender {
                        max_nodes: b_nodes,
                        book_margin: b_book_margin,
                        book_plies: b_book_plies,
                        ..b.with_threads(usize::from(b_threads))
                    },
                    games,
                    (openings.as_deref(), usize::from(opening_plies)),
                    seed,
                    usize::from(threads),
                ),
                (Err(e), _) | (_, Err(e)) => bad(e),
            }
        }
        Command::Book { book, board, side } => show_book(book.as_deref(), &board, &side),
        Command::Nboard { level } => match nboard::run(
            io::stdin().lock(),
            &mut io::stdout().lock(),
            level.map(|l| Level::new(l).expect("clap checked 1-11")),
        ) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => bad(format!("nboard: {e}")),
        },
    };
    let _ = io::stdout().flush();
    result
}

fn perft(depth: u32, size: u8) -> ExitCode {
    match report::perft(&mut io::stdout().lock(), size, depth) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => bad(e),
    }
}

fn solve(file: &std::path::Path, ids: &[String], threads: usize) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return bad(format!("cannot read {}: {e}", file.display())),
    };
    let problems = match ffo::parse(&text) {
        Ok(p) => p,
        Err(e) => return bad(format!("{}: {e}", file.display())),
    };
    if let Some(missing) = ids.iter().find(|id| !problems.iter().any(|p| &p.id == *id)) {
        return bad(format!(
            "{}: no position with id {missing:?}",
            file.display()
        ));
    }
    let chosen: Vec<_> = problems
        .into_iter()
        .filter(|p| ids.is_empty() || ids.contains(&p.id))
        .collect();
    match report::solve(&mut io::stdout().lock(), &chosen, threads) {
        Ok(0) => ExitCode::SUCCESS,
        Ok(wrong) => {
            eprintln!(
                "outflank: {wrong} position(s) disagree with {}",
                file.display()
            );
            ExitCode::FAILURE
        }
        Err(e) => bad(e),
    }
}

/// Reads a 64-square board and a side into the search's bitboards.
pub fn read_position(board: &str, side: &str) -> Result<Board<Eight>, String> {
    let why = |e: Error| match e {
        Error::MalformedState { reason } => reason.to_string(),
        other => other.to_string(),
    };
    let b = ffo::read_board(board, side).map_err(why)?;
    if b.player | b.opponent == 0 {
        return Err("the board has no discs at all".into());
    }
    Ok(b)
}

fn best(level: u8, time: Option<u64>, board: &str, side: &str) -> ExitCode {
    let board = match read_position(board, side) {
        Ok(b) => b,
        Err(e) => return bad(format!("invalid position: {e}")),
    };
    let Ok(level) = Level::new(level) else {
        return bad("the level is 1 to 11");
    };
    let start = Instant::now();
    let budget = time.map(Duration::from_millis);
    let stop = move |_nodes: u64| budget.is_some_and(|b| start.elapsed() >= b);
    let choice =
        Searcher::<Eight>::new(search::PLAY_TABLE_BITS).choose(board, &level.settings(), 1, &stop);
    let ms = start.elapsed().as_millis();
    match choice.best {
        // A closed stdout (`| head`) is not an error worth a panic: nothing more to say.
        None => {
            let _ = writeln!(io::stdout(), "pass 0 0 0 {ms}");
        }
        Some(sq) => {
            let score = if choice.exact {
                format!("{:+}", choice.score / 100)
            } else {
                format!("{:+.2}", f64::from(choice.score) / 100.0)
            };
            let _ = writeln!(
                io::stdout(),
                "{} {score} {} {} {ms}",
                Square::from_index(sq, 8),
                choice.depth,
                choice.nodes
            );
        }
    }
    ExitCode::SUCCESS
}

fn show_book(file: Option<&std::path::Path>, board: &str, side: &str) -> ExitCode {
    let board = match read_position(board, side) {
        Ok(b) => b,
        Err(e) => return bad(format!("invalid position: {e}")),
    };
    let read;
    let book = match file {
        Some(path) => match Book::read_file(path) {
            Ok(b) => {
                read = b;
                &read
            }
            Err(e) => return bad(e),
        },
        None => match book::default_book() {
            Some(b) => b,
            None => return bad("the embedded opening book does not read"),
        },
    };
    let mut out = io::stdout().lock();
    let r = book.recipe;
    let _ = match r.judge {
        Some(judge) => writeln!(
            out,
            "book {} positions, {judge}, {} plies, margin {}, every move to ply {}",
            book.len(),
            r.plies,
            r.margin,
            r.full
        ),
        None => writeln!(out, "book {} positions, values set by hand", book.len()),
    };
    match book.entry(&board) {
        None => {
            let _ = writeln!(out, "out of book");
        }
        Some(e) => {
            let kind = if e.expanded { "expanded" } else { "leaf" };
            let _ = writeln!(out, "value {:+} {kind}", e.value);
            for (sq, v) in book.moves(&board).unwrap_or_default() {
                let _ = writeln!(out, "{} {v:+}", Square::from_index(sq, 8));
            }
        }
    }
    ExitCode::SUCCESS
}

fn play_match(
    a: arena::Contender,
    b: arena::Contender,
    games: u32,
    (openings, plies): (Option<&std::path::Path>, usize),
    seed: u64,
    threads: usize,
) -> ExitCode {
    let (la, lb) = (a.level, b.level);
    let pairs = games.div_ceil(2) as usize;
    let lines: Vec<Vec<u32>> = match openings {
        None => arena::openings(pairs, plies, seed),
        Some(path) => match read_openings(path) {
            Ok(lines) if lines.is_empty() => {
                return bad(format!("{}: no openings", path.display()))
            }
            Ok(lines) => lines.into_iter().cycle().take(pairs).collect(),
            Err(e) => return bad(e),
        },
    };
    let start = Instant::now();
    let mut out = io::stdout().lock();
    let score = arena::run_match_threads(a, b, &lines, seed, threads, |game, [ea, eb]| {
        // Each game's times as it ends: a match stopped early still tells them.
        let _ = writeln!(
            out,
            "{game}; A {:.0} ms, B {:.0} ms a move",
            ea.ms_per_move(),
            eb.ms_per_move()
        );
    });
    let _ = writeln!(
        out,
        "{}",
        score.summary(la, lb, start.elapsed().as_secs_f64())
    );
    ExitCode::SUCCESS
}

/// One opening per line, a game record from the start (`f5d6c3`); `#` comments.
fn read_openings(path: &std::path::Path) -> Result<Vec<Vec<u32>>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut board = Board::<Eight>::start();
        let mut squares = Vec::new();
        for text in notation::split_record(line) {
            let fail = |why: &str| format!("{} line {}: {text}: {why}", path.display(), k + 1);
            let sq: Square = text.parse().map_err(|_| fail("not a square"))?;
            let index = sq.index(8).ok_or_else(|| fail("off the board"))?;
            if board.legal_moves() & (1 << index) == 0 {
                return Err(fail("not a legal move here"));
            }
            board = board.play_flips(index, board.flips(index));
            if board.legal_moves() == 0 && board.pass().legal_moves() != 0 {
                board = board.pass();
            }
            squares.push(index);
        }
        out.push(squares);
    }
    Ok(out)
}
