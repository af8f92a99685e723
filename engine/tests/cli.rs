//! The `outflank` program from the outside: each subcommand's output, an NBoard session,
//! and garbage input (an error message and a non-zero exit, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use outflank_engine::Square;

fn outflank(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_outflank"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

mod ffo_suite;
use ffo_suite::{problems, FILE as FFO};

#[test]
fn perft_prints_the_published_counts() {
    let out = outflank(&["perft", "7"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let table = include_str!("data/perft-8x8.txt");
    for line in stdout.lines().filter(|l| l.starts_with("perft ")) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let expected = table
            .lines()
            .find_map(|t| {
                let mut f = t.split_whitespace();
                (f.next() == Some(fields[1])).then(|| f.next().unwrap().to_string())
            })
            .expect("the depth is in the table");
        assert_eq!(fields[2], expected, "{line}");
    }
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("perft ")).count(),
        7
    );
    let six = text(&outflank(&["perft", "4", "--size", "6"]).stdout);
    assert!(six.contains("6x6"), "{six}");
}

#[test]
fn solve_prints_exact_scores_and_a_total() {
    let out = outflank(&["solve", FFO, "1", "2", "3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert!(lines[0].starts_with("1 +18 g8 "), "{}", lines[0]);
    assert!(lines[3].starts_with("total 3 "), "{}", lines[3]);
}

#[test]
fn best_finds_the_exact_score_and_a_best_move_of_ffo_1_to_19() {
    for p in problems()
        .iter()
        .filter(|p| p.id.parse::<u32>().unwrap() <= 19)
    {
        let board: String = p.position.to_rows().concat();
        let side = if p.position.to_move().index() == 0 {
            "X"
        } else {
            "O"
        };
        let out = outflank(&["best", "--level", "10", &board, side]);
        assert!(out.status.success(), "FFO #{}: {}", p.id, text(&out.stderr));
        let stdout = text(&out.stdout);
        let fields: Vec<&str> = stdout.split_whitespace().collect();
        assert_eq!(fields.len(), 5, "move score depth nodes ms: {stdout}");
        let mv: Square = fields[0].parse().unwrap();
        assert!(
            p.best_moves.contains(&mv),
            "FFO #{}: {mv} not among {:?}",
            p.id,
            p.best_moves
        );
        assert_eq!(fields[1].parse::<i32>().unwrap(), p.score, "FFO #{}", p.id);
    }
}

#[test]
fn best_says_pass_when_there_is_no_move() {
    // Light's a1 cannot be outflanked, so dark (b1) has no move; light has c1.
    let mut board = vec!['-'; 64];
    board[0] = 'O';
    board[1] = 'X';
    let board: String = board.into_iter().collect();
    let out = outflank(&["best", &board, "X"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).starts_with("pass "),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn match_plays_both_colours_and_prints_the_score() {
    let out = outflank(&["match", "--a", "4", "--b", "1", "--games", "4"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().filter(|l| l.contains(" A-dark ")).count(), 2);
    assert_eq!(
        stdout.lines().filter(|l| l.contains(" A-light ")).count(),
        2
    );
    let last = stdout.lines().last().unwrap();
    assert!(last.starts_with("match 4 1: wins "), "{last}");
}

#[test]
fn match_on_several_threads_plays_the_same_games_in_the_same_order() {
    // Level 5 against 4 from 7 openings (14 games): one thread, then three, which finish
    // their games out of turn; the lines and the score must be the same, all but the times.
    let run = |threads: &str| {
        let out = outflank(&[
            "match",
            "--a",
            "5",
            "--b",
            "4",
            "--games",
            "14",
            "--seed",
            "3",
            "--threads",
            threads,
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let lines: Vec<String> = stdout.lines().map(String::from).collect();
        assert_eq!(lines.len(), 15, "{stdout}");
        // Each game's line ends with that game's times a move, which vary with the load.
        let games: Vec<String> = lines[..14]
            .iter()
            .map(|l| {
                let (game, times) = l.split_once("; ").unwrap_or_else(|| panic!("{l}"));
                assert!(
                    times.starts_with("A ") && times.ends_with(" ms a move"),
                    "{l}"
                );
                game.to_string()
            })
            .collect();
        // The score without the seconds and milliseconds of the closing line.
        let last = lines.last().unwrap();
        let score = last.split(" in ").next().unwrap().to_string();
        let nodes: Vec<String> = last
            .split_whitespace()
            .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
            .map(String::from)
            .collect();
        (games, score, nodes)
    };
    let one = run("1");
    let three = run("3");
    assert_eq!(one.0, three.0, "the games");
    assert_eq!(one.1, three.1, "the score");
    // The nodes a move of both sides (the integers of the closing line after the score).
    assert_eq!(
        one.2[one.2.len() - 2..],
        three.2[three.2.len() - 2..],
        "nodes a move"
    );
    assert!(one.1.starts_with("match 5 4: wins "), "{}", one.1);
}

/// A board of 64 squares whose rows 4 and 5 are these, the others empty.
fn centre(row4: &str, row5: &str) -> String {
    format!("{0}{row4}{row5}{0}", "-".repeat(24))
}

#[test]
fn book_prints_a_positions_moves_and_values() {
    use outflank_engine::book::Book;
    use outflank_engine::{Board, Eight};
    // A book of the start (expanded: f5 and its images) and the position after f5,
    // expanded too: light's d6 0, f4 -1, f6 -3.
    let start = Board::<Eight>::start();
    let f5 = 4 * 8 + 5;
    let after = start.play_flips(f5, start.flips(f5));
    let sq = |name: &str| name.parse::<Square>().unwrap().index(8).unwrap();
    let mut book = Book::new();
    book.set_moves(&start, &[(f5, 0)]);
    book.set_moves(&after, &[(sq("d6"), 0), (sq("f4"), -1), (sq("f6"), -3)]);
    book.minimax();
    let path = std::env::temp_dir().join(format!("outflank-cli-{}.book", std::process::id()));
    std::fs::write(&path, book.to_bytes()).unwrap();
    let file = path.to_str().unwrap();
    // After f5, light (O) to move.
    let after_f5 = centre("---OX---", "---XXX--");
    let out = outflank(&["book", "--book", file, &after_f5, "O"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "book 5 positions, values set by hand", "{stdout}");
    assert_eq!(
        lines[1..],
        ["value +0 expanded", "d6 +0", "f4 -1", "f6 -3"],
        "{stdout}"
    );
    // The start's four moves lead to images of one position; e6 then d6 is out of book.
    let out = outflank(&["book", "--book", file, &centre("---OX---", "---XO---"), "X"]);
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.lines().filter(|l| l.ends_with(" +0")).count(),
        4,
        "{stdout}"
    );
    let out = outflank(&["book", "--book", file, &"-".repeat(64), "X"]);
    assert!(!out.status.success(), "a board without discs");
    let _ = std::fs::remove_file(&path);
    // The engine's own book opens the game.
    let out = outflank(&["book", &centre("---OX---", "---XO---"), "X"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let first = stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("book ") && first.contains(", depth 18, "),
        "{stdout}"
    );
}

#[test]
fn an_nboard_session() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_outflank"))
        .arg("nboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let script = "nboard 2\n\
        set depth 4\n\
        set contempt 0\n\
        set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[E6]W[F4];)\n\
        ping 1\n\
        go\n\
        hint 2\n\
        something new\n\
        move F3\n\
        go\n\
        set game garbage\n\
        ping 2\n\
        learn\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "set myname Outflank");
    assert!(
        lines.contains(&"pong 1") && lines.contains(&"pong 2"),
        "{stdout}"
    );
    assert!(lines.contains(&"learned"));
    let answers: Vec<&str> = lines
        .iter()
        .filter(|l| l.starts_with("=== "))
        .copied()
        .collect();
    assert_eq!(answers.len(), 2, "{stdout}");
    // After f5 f6 e6 f4, black's legal moves (any of them is a valid answer).
    let legal = [
        "E3", "F3", "G3", "G4", "G5", "G6", "C3", "D3", "C4", "C5", "C6", "D6", "E7", "F7", "G7",
        "E2", "D2", "F2",
    ];
    let first = answers[0]
        .trim_start_matches("=== ")
        .split('/')
        .next()
        .unwrap();
    assert!(legal.contains(&first), "{first} in {stdout}");
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("search ")).count(),
        2,
        "{stdout}"
    );
    assert!(stdout.contains("status cannot read the game"), "{stdout}");
}

#[test]
fn garbage_gets_an_error_and_a_non_zero_exit() {
    let start = centre("---OX---", "---XO---");
    let cases: &[&[&str]] = &[
        &[],
        &["dance"],
        &["perft"],
        &["perft", "x"],
        &["perft", "99"],
        &["perft", "3", "--size", "7"],
        &["solve"],
        &["solve", "/no/such/file"],
        &["solve", "Cargo.toml"],
        &["solve", FFO, "999"],
        &["best"],
        &["best", "XO", "X"],
        &["best", &"?".repeat(64), "X"],
        &["best", &"-".repeat(64), "X"],
        &["best", &"-".repeat(64), "Q"],
        &["best", "--level", "12", &"-".repeat(64), "X"],
        &["match", "--a", "0", "--b", "1"],
        &["match", "--a", "1"],
        &["match", "--a", "1", "--b", "2", "--threads", "0"],
        &["match", "--a", "1", "--b", "2", "--a-book", "/no/such/file"],
        &["match", "--a", "1", "--b", "2", "--b-book", "Cargo.toml"],
        &["book"],
        &["book", "--book", "/no/such/file", &start, "X"],
        &["book", "--book", "Cargo.toml", &start, "X"],
        &[
            "match",
            "--a",
            "1",
            "--b",
            "2",
            "--openings",
            "/no/such/file",
        ],
    ];
    for args in cases {
        let out = outflank(args);
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // --help of each subcommand shows an example.
    for sub in ["perft", "solve", "best", "match", "book", "nboard"] {
        let out = outflank(&[sub, "--help"]);
        assert!(out.status.success());
        assert!(text(&out.stdout).contains("Example"), "{sub} --help");
    }
}
