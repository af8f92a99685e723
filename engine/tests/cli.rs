//! The `outflank` program from the outside: each subcommand's output, an NBoard session,
//! and garbage input (an error message and a non-zero exit, never a panic).

use std::io::Write;
use std::process::{Command, Output, Stdio};

use outflank_engine::{ffo, Square};

fn outflank(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_outflank"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

const FFO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/ffo-01-39.txt"
);

fn problems() -> Vec<ffo::Problem> {
    ffo::parse(&std::fs::read_to_string(FFO).expect("the shared FFO file")).unwrap()
}

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
        // The score without the seconds and milliseconds of the closing line.
        let last = lines.last().unwrap();
        let score = last.split(" in ").next().unwrap().to_string();
        let nodes: Vec<String> = last
            .split_whitespace()
            .filter(|w| w.chars().all(|c| c.is_ascii_digit()))
            .map(String::from)
            .collect();
        (lines[..14].to_vec(), score, nodes)
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

/// Six games of seed 5 at depth 2, every position solved from 14 empties, in a directory of
/// the test's own (`tag`): the directory, to remove, and the data file.
fn held_out_from_14(tag: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("outflank-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("held.bin");
    let made = outflank(&[
        "train",
        "selfplay",
        "--games",
        "6",
        "--seed",
        "5",
        "--depth",
        "2",
        "--exact",
        "14",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    (dir, data)
}

#[test]
fn train_errors_prints_each_phase_with_its_standard_error() {
    // Held-out positions exact from 14 empties, measured with the shipped weights: each phase
    // row is the position-weighted mean of its rows by empties, with a standard error that
    // is positive where a phase has positions whose misses differ.
    let (dir, data) = held_out_from_14("errors");
    let data = data.to_str().unwrap();
    let weights = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/reversi8.bin");
    let out = outflank(&["train", "errors", "--weights", weights, "--holdout", data]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let section = |header: &str| -> Vec<Vec<f64>> {
        stdout
            .lines()
            .skip_while(|l| !l.starts_with(header))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                // The first field, and the last four (a phase's span of empties, "0- 3" or
                // "12-15", between them is left out).
                [f[0]]
                    .into_iter()
                    .chain(f[f.len().max(4) - 4..].iter().copied())
                    .map(|f| f.parse().unwrap_or_else(|_| panic!("{l}")))
                    .collect()
            })
            .collect()
    };
    // `empties empties positions pattern hand-made`: the first field twice.
    let by_empties = section("held-out mean absolute error (discs) by empties");
    // `phase positions pattern hand-made se`.
    let header = "by phase: phase empties positions pattern hand-made, and the pattern error's standard error";
    let by_phase = section(header);
    assert!(by_phase.len() >= 3, "{stdout}");
    let positions: f64 = by_empties.iter().map(|r| r[2]).sum();
    assert_eq!(by_phase.iter().map(|r| r[1]).sum::<f64>(), positions);
    for row in &by_phase {
        let (phase, n, mae, se) = (row[0] as u32, row[1], row[2], row[4]);
        let rows: Vec<&Vec<f64>> = by_empties
            .iter()
            .filter(|r| outflank_engine::search::pattern::phase(r[0] as u32) == phase as usize)
            .collect();
        let weighted = rows.iter().map(|r| r[2] * r[3]).sum::<f64>() / n;
        assert!(
            (weighted - mae).abs() < 0.011,
            "phase {phase}: {weighted} against {mae}"
        );
        // Misses are never negative, so the standard error of their mean is at most the mean.
        assert!(
            se >= 0.0 && se <= mae + 0.01,
            "phase {phase}: se {se}, mae {mae}"
        );
        assert!(n < 2.0 || se > 0.0 || mae == 0.0, "phase {phase}: {row:?}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn train_search_moves_counts_what_each_chosen_move_lost() {
    // Held-out positions exact from 14 empties, searched by two levels with --moves: level
    // 10 solves every one of them, so its moves lose nothing; level 1 (one ply, greedy and
    // noisy) must lose discs somewhere, or the measure could not see a mistake.
    let (dir, data) = held_out_from_14("moves");
    let data = data.to_str().unwrap();
    let rows = |level: &str| -> Vec<(usize, f64, usize, usize)> {
        let out = outflank(&[
            "train",
            "search",
            "--level",
            level,
            "--holdout",
            data,
            "--min-empties",
            "8",
            "--per-empties",
            "4",
            "--moves",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        let header = stdout.lines().nth(1).unwrap();
        assert!(
            header.ends_with(" loss not_best result_changed"),
            "{header}"
        );
        // Per-empties rows: `empties positions search_mae eval_mae exact nodes ms loss not_best
        // result_changed`.
        stdout
            .lines()
            .skip(2)
            .take_while(|l| !l.starts_with("by phase"))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                assert_eq!(f.len(), 10, "{l}");
                (
                    f[1].parse().unwrap(),
                    f[7].parse().unwrap(),
                    f[8].parse().unwrap(),
                    f[9].parse().unwrap(),
                )
            })
            .collect()
    };
    let perfect = rows("10");
    assert!(perfect.len() >= 5, "{perfect:?}");
    assert!(
        perfect
            .iter()
            .all(|&(_, loss, not_best, changed)| loss == 0.0 && not_best == 0 && changed == 0),
        "{perfect:?}"
    );
    let weak = rows("1");
    let lost: f64 = weak.iter().map(|&(n, loss, _, _)| n as f64 * loss).sum();
    // A move that changes the result is one that is not best, and no move gains on perfect play.
    assert!(
        lost > 0.0
            && weak
                .iter()
                .all(|&(_, loss, not_best, changed)| loss >= 0.0 && changed <= not_best),
        "{weak:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn selfplay_with_the_levels_search_is_reproducible_and_a_bad_search_writes_nothing() {
    // The deep round's later pieces are played with `--search default` (ProbCut, aspiration):
    // the same games every time, as the packed pieces rely on, and other games than the
    // plain search's, or the flag would not be doing anything.
    let dir = std::env::temp_dir().join(format!("outflank-cli-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let play = |search: &str, name: &str| -> (Output, std::path::PathBuf) {
        let out = dir.join(name);
        let made = outflank(&[
            "train",
            "selfplay",
            "--games",
            "4",
            "--seed",
            "3",
            "--depth",
            "6",
            "--exact",
            "10",
            "--search",
            search,
            "--out",
            out.to_str().unwrap(),
        ]);
        (made, out)
    };
    let files: Vec<Vec<u8>> = [
        ("default", "a.bin"),
        ("default", "b.bin"),
        ("none", "c.bin"),
    ]
    .iter()
    .map(|&(search, name)| {
        let (made, out) = play(search, name);
        assert!(made.status.success(), "{}", text(&made.stderr));
        assert!(text(&made.stdout).contains("selfplay 4 games"));
        std::fs::read(out).unwrap()
    })
    .collect();
    assert_eq!(files[0], files[1], "the same seed and search, other games");
    assert_ne!(
        files[0], files[2],
        "ProbCut and the plain search played the same games"
    );

    let (refused, out) = play("deepest", "d.bin");
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("--search"),
        "{}",
        text(&refused.stderr)
    );
    assert!(!out.exists(), "a bad --search wrote {}", out.display());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn packed_games_unpack_to_the_same_file_and_only_for_the_weights_that_played_them() {
    // What a later session does with the pieces an earlier one committed: the data file
    // comes back byte for byte, and games of other weights are refused, writing nothing.
    let dir = std::env::temp_dir().join(format!("outflank-cli-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (data, packed, back) = (path("games.bin"), path("games.oftg"), path("back.bin"));
    let (weights, other) = (path("played-by.bin"), path("other.bin"));
    std::fs::write(&weights, b"the weights that played").unwrap();
    std::fs::write(&other, b"some other weights").unwrap();
    let made = outflank(&[
        "train", "selfplay", "--games", "8", "--seed", "11", "--depth", "3", "--exact", "12",
        "--out", &data,
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = outflank(&[
        "train",
        "pack",
        "--data",
        &data,
        "--played-by",
        &weights,
        "--out",
        &packed,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    let (raw, small) = (
        std::fs::metadata(&data).unwrap().len(),
        std::fs::metadata(&packed).unwrap().len(),
    );
    assert!(
        said.contains("(8 games with kept positions)")
            && said.contains(&format!("into {small} bytes")),
        "{said}"
    );
    assert!(small * 6 < raw, "{small} bytes packed from {raw}");

    let refused = outflank(&[
        "train",
        "unpack",
        "--games",
        &packed,
        "--played-by",
        &other,
        "--out",
        &back,
    ]);
    assert!(!refused.status.success());
    assert!(
        text(&refused.stderr).contains("other weights"),
        "{}",
        text(&refused.stderr)
    );
    assert!(!dir.join("back.bin").exists());

    let out = outflank(&[
        "train",
        "unpack",
        "--games",
        &packed,
        "--played-by",
        &weights,
        "--out",
        &back,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read(&back).unwrap(), std::fs::read(&data).unwrap());

    // A packed file cut short is an error, not a shorter data file.
    let bytes = std::fs::read(&packed).unwrap();
    std::fs::write(&packed, &bytes[..bytes.len() / 2]).unwrap();
    std::fs::remove_file(&back).unwrap();
    let cut = outflank(&["train", "unpack", "--games", &packed, "--out", &back]);
    assert!(!cut.status.success() && !dir.join("back.bin").exists());
    std::fs::remove_dir_all(&dir).ok();
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
fn fit_interpolated_knots_writes_a_knot_file_and_refuses_layouts_it_cannot_store() {
    let dir = std::env::temp_dir().join(format!("outflank-cli-knots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let data = path("games.bin");
    let made = outflank(&[
        "train", "selfplay", "--games", "8", "--seed", "3", "--depth", "2", "--exact", "12",
        "--out", &data,
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let fit = |out: &str, layout: &[&str]| {
        let mut args = vec![
            "train", "fit", "--data", &data, "--epochs", "2", "--out", out,
        ];
        args.extend_from_slice(layout);
        outflank(&args)
    };
    // A layout the file cannot store is refused before anything is read or written.
    for layout in [&["--interpolate"][..], &["--phase-empties", "6"][..]] {
        let refused = path("refused.bin");
        let out = fit(&refused, layout);
        assert!(!out.status.success(), "{layout:?} succeeded");
        assert!(text(&out.stderr).contains("--phase-empties"), "{layout:?}");
        assert!(
            !std::path::Path::new(&refused).exists(),
            "{layout:?} wrote a file"
        );
    }
    // Knots: one line a phase naming its knots, and a file of version 3 holding 8 phases that
    // the engine reads back as interpolated weights.
    let knots = path("knots.bin");
    let out = fit(&knots, &["--phase-empties", "8", "--interpolate"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("(empties 12-15, knots 1 and 2)"),
        "{stdout}"
    );
    // The options line does not claim the default smoothing, which knots do not take.
    assert!(stdout.contains("smooth: 0.0,"), "{stdout}");
    let bytes = std::fs::read(&knots).unwrap();
    assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 3);
    let w = outflank_engine::search::weights::Weights::from_bytes(&bytes).expect("its own file");
    assert!(
        format!("{w:?}").contains("odd phases interpolated"),
        "{w:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn train_labels_scores_the_guessed_labels_of_the_same_games_solved_from_more_empties() {
    let dir = std::env::temp_dir().join(format!("outflank-cli-labels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (guessed, solved) = (path("exact-8.bin"), path("exact-12.bin"));
    for (exact, out) in [("8", &guessed), ("12", &solved)] {
        let made = outflank(&[
            "train", "selfplay", "--games", "6", "--seed", "5", "--depth", "2", "--exact", exact,
            "--out", out,
        ]);
        assert!(made.status.success(), "{}", text(&made.stderr));
    }
    let labels = |args: &[&str]| {
        let mut all = vec!["train", "labels"];
        all.extend_from_slice(args);
        outflank(&all)
    };
    // The same games down to 12 empties: their positions at 9-12 are guessed in the first file
    // and solved in the second, a row each.
    let out = labels(&["--data", &guessed, "--exact", &solved]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let rows: Vec<u32> = stdout
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert!(
        !rows.is_empty() && rows.iter().all(|e| (9..=12).contains(e)),
        "{stdout}"
    );
    // Each row ends with the correlation of the evaluation's miss with the target's (within
    // -1..1) and the evaluation's miss beyond it.
    assert!(
        stdout
            .lines()
            .next()
            .unwrap()
            .ends_with("eval_to_target shared eval_beyond_target"),
        "{stdout}"
    );
    for line in stdout.lines().skip(1) {
        let v: Vec<f64> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(v.len(), 9, "{stdout}");
        assert!((-1.0..=1.0).contains(&v[7]), "{stdout}");
        assert!(v[8] >= 0.0, "{stdout}");
    }
    // Guesses scored against themselves share no solved position; a blend beyond 0-1 is refused.
    let none = labels(&["--data", &guessed, "--exact", &guessed]);
    assert!(!none.status.success());
    assert!(
        text(&none.stderr).contains("no position"),
        "{}",
        text(&none.stderr)
    );
    let blend = labels(&["--data", &guessed, "--exact", &solved, "--blend", "2"]);
    assert!(!blend.status.success());
    assert!(
        text(&blend.stderr).contains("--blend"),
        "{}",
        text(&blend.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn garbage_gets_an_error_and_a_non_zero_exit() {
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
        &["best", "--level", "11", &"-".repeat(64), "X"],
        &["match", "--a", "0", "--b", "1"],
        &["match", "--a", "1"],
        &["match", "--a", "1", "--b", "2", "--threads", "0"],
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
    for sub in ["perft", "solve", "best", "match", "nboard"] {
        let out = outflank(&[sub, "--help"]);
        assert!(out.status.success());
        assert!(text(&out.stdout).contains("Example"), "{sub} --help");
    }
}
