//! The `outflank-train` program from the outside: each step's output on a few games, and
//! bad arguments refused before anything is written.

use std::process::{Command, Output};

fn train(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_outflank-train"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Six games of seed 5 at depth 2, every position solved from 14 empties, in a directory of
/// the test's own (`tag`): the directory, to remove, and the data file.
fn held_out_from_14(tag: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("outflank-train-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("held.bin");
    let made = train(&[
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
fn errors_prints_each_phase_with_its_standard_error() {
    // Held-out positions exact from 14 empties, measured with the shipped weights: each phase
    // row is the position-weighted mean of its rows by empties, with a standard error that
    // is positive where a phase has positions whose misses differ.
    let (dir, data) = held_out_from_14("errors");
    let data = data.to_str().unwrap();
    let weights = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/weights/reversi8.bin"
    );
    let out = train(&["errors", "--weights", weights, "--holdout", data]);
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
fn search_moves_counts_what_each_chosen_move_lost() {
    // Held-out positions exact from 14 empties, searched by two levels with --moves: level
    // 10 solves every one of them, so its moves lose nothing; level 1 (one ply, greedy and
    // noisy) must lose discs somewhere, or the measure could not see a mistake.
    let (dir, data) = held_out_from_14("moves");
    let data = data.to_str().unwrap();
    let rows = |level: &str| -> Vec<(usize, f64, usize, usize)> {
        let out = train(&[
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
    let dir = std::env::temp_dir().join(format!("outflank-train-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let play = |search: &str, name: &str| -> (Output, std::path::PathBuf) {
        let out = dir.join(name);
        let made = train(&[
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
    // What a run does with the pieces kept in the repository: the data file comes back byte
    // for byte, and games of other weights are refused, writing nothing.
    let dir = std::env::temp_dir().join(format!("outflank-train-pack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (data, packed, back) = (path("games.bin"), path("games.oftg"), path("back.bin"));
    let (weights, other) = (path("played-by.bin"), path("other.bin"));
    std::fs::write(&weights, b"the weights that played").unwrap();
    std::fs::write(&other, b"some other weights").unwrap();
    let made = train(&[
        "selfplay", "--games", "8", "--seed", "11", "--depth", "3", "--exact", "12", "--out", &data,
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let out = train(&[
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

    let refused = train(&[
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

    let out = train(&[
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
    let cut = train(&["unpack", "--games", &packed, "--out", &back]);
    assert!(!cut.status.success() && !dir.join("back.bin").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn fit_interpolated_knots_writes_a_knot_file_and_refuses_layouts_it_cannot_store() {
    let dir = std::env::temp_dir().join(format!("outflank-train-knots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let data = path("games.bin");
    let made = train(&[
        "selfplay", "--games", "8", "--seed", "3", "--depth", "2", "--exact", "12", "--out", &data,
    ]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let fit = |out: &str, layout: &[&str]| {
        let mut args = vec!["fit", "--data", &data, "--epochs", "2", "--out", out];
        args.extend_from_slice(layout);
        train(&args)
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
fn labels_scores_the_guessed_labels_of_the_same_games_solved_from_more_empties() {
    let dir = std::env::temp_dir().join(format!("outflank-train-labels-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (guessed, solved) = (path("exact-8.bin"), path("exact-12.bin"));
    for (exact, out) in [("8", &guessed), ("12", &solved)] {
        let made = train(&[
            "selfplay", "--games", "6", "--seed", "5", "--depth", "2", "--exact", exact, "--out",
            out,
        ]);
        assert!(made.status.success(), "{}", text(&made.stderr));
    }
    let labels = |args: &[&str]| {
        let mut all = vec!["labels"];
        all.extend_from_slice(args);
        train(&all)
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
fn book_builds_a_tiny_book_extends_it_and_checks_it() {
    let dir = std::env::temp_dir().join(format!("outflank-train-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (small, bigger) = (dir.join("small.book"), dir.join("bigger.book"));
    let small_s = small.to_str().unwrap();
    let build = |extra: &[&str]| {
        let mut args = vec!["book", "--level", "3", "--margin", "1", "--full", "2"];
        args.extend(extra);
        let out = train(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let said = build(&["--plies", "3", "--out", small_s]);
    let last = said.lines().last().unwrap();
    assert!(
        last.starts_with("book ") && last.contains(" gzipped, "),
        "{said}"
    );
    assert!(last.contains("complete"), "{said}");
    // The same command, the same bytes.
    let again = dir.join("again.book");
    build(&["--plies", "3", "--out", again.to_str().unwrap()]);
    assert_eq!(
        std::fs::read(&small).unwrap(),
        std::fs::read(&again).unwrap()
    );
    // Extended by a ply, with a check of 6 of its values against level 4.
    let said = build(&[
        "--plies",
        "4",
        "--extend",
        small_s,
        "--out",
        bigger.to_str().unwrap(),
        "--check",
        "6",
        "--check-level",
        "4",
    ]);
    let check = said.lines().last().unwrap();
    assert!(
        check.starts_with("check 6 positions against level 4: book values "),
        "{said}"
    );
    let (a, b) = (
        outflank_engine::book::Book::read_file(&small).unwrap(),
        outflank_engine::book::Book::read_file(&bigger).unwrap(),
    );
    assert!(b.len() > a.len(), "{} then {}", a.len(), b.len());
    assert_eq!(b.recipe.plies, 4);
    // No time at all: the book is written as it was.
    let same = dir.join("same.book");
    build(&[
        "--plies",
        "9",
        "--extend",
        small_s,
        "--minutes",
        "0",
        "--out",
        same.to_str().unwrap(),
    ]);
    assert_eq!(
        outflank_engine::book::Book::read_file(&same).unwrap().len(),
        a.len()
    );
    // Valued by depth; extended without saying how, it goes on as it was made.
    let deep = dir.join("deep.book");
    let deep_s = deep.to_str().unwrap();
    for args in [
        &["book", "--depth", "3", "--plies", "2", "--out", deep_s][..],
        &["book", "--plies", "3", "--extend", deep_s, "--out", deep_s],
    ] {
        let out = train(args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).starts_with("book from "));
        assert!(text(&out.stdout)
            .lines()
            .next()
            .unwrap()
            .ends_with("depth 3"));
    }
    let d = outflank_engine::book::Book::read_file(&deep).unwrap();
    assert_eq!(
        (d.recipe.judge, d.recipe.plies),
        (Some(outflank_engine::book::Judge::Depth(3)), 3)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_get_an_error_and_a_non_zero_exit() {
    let cases: &[&[&str]] = &[
        &[],
        &["dance"],
        &["selfplay"],
        &["fit", "--out", "x.bin"],
        &[
            "errors",
            "--weights",
            "/no/such/file",
            "--holdout",
            "/no/such/file",
        ],
        &["unpack", "--games", "/no/such/file", "--out", "x.bin"],
        &["pipeline", "--jobs", "0"],
        &["book", "--out", "x.book", "--extend", "/no/such/file"],
        &["book", "--out", "x.book", "--extend", "Cargo.toml"],
        &["book", "--out", "x.book", "--minutes", "-1"],
        &["book", "--out", "x.book", "--level", "12"],
        &["book", "--out", "x.book", "--depth", "0"],
        &["book", "--out", "x.book", "--depth", "41"],
        &["book", "--out", "x.book", "--level", "8", "--depth", "12"],
    ];
    for args in cases {
        let out = train(args);
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!stderr.trim().is_empty(), "{args:?}: no message");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // --help of the steps with examples shows them.
    for sub in [
        "selfplay", "fit", "search", "pack", "unpack", "labels", "pipeline", "book",
    ] {
        let out = train(&[sub, "--help"]);
        assert!(out.status.success());
        assert!(text(&out.stdout).contains("Example"), "{sub} --help");
    }
}
