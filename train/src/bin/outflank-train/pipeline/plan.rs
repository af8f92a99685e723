//! The pipeline's plan: every step of a run in order, with the files each reads and writes
//! ([`plan`]), at the run's [`Scale`].

use std::path::{Path, PathBuf};

use super::scale::Scale;

/// One step: its name (and file name stem), the files it reads, the arguments after
/// `outflank-train`, and the file it writes.
pub(super) struct Step {
    pub(super) name: String,
    pub(super) needs: Vec<PathBuf>,
    pub(super) args: Vec<String>,
    pub(super) out: PathBuf,
    /// Where a copy of `out` is kept once it is made (the repository's `train/games/`,
    /// which outlives the machine): `None` for most steps.
    pub(super) keep: Option<PathBuf>,
}

/// The held-out games probed at 25-27 empties (see [`Scale::deep`]), and the games like
/// round 3's probed at 21-27 (see [`Scale::balanced_deep`]).
pub(super) const DEEP_HELD: [&str; 2] = ["held-c-s3001.bin", "held-f-s6001.bin"];

/// The held-out files the fit prints its errors on: the self-play of rounds 1 and 2
/// (random openings of 6-30 moves, so many lopsided positions), probed deeper, and games
/// played as round 3's, closer to games between good players.
pub(super) fn held_files(dir: &Path) -> Vec<PathBuf> {
    vec![
        dir.join("held-a-s1001.bin"),
        dir.join("held-b-s2001.bin"),
        dir.join("held-d-s4001.bin"),
    ]
}

/// The arguments of one `outflank-train selfplay` step: `games` games of `seed`, at
/// `depth`, solved from `exact` empties, then `extra`, played by `eval` (a weights file, or
/// `hand`), written to `out`.
pub(super) fn selfplay_args(
    games: u64,
    seed: u64,
    (depth, exact): (&str, &str),
    extra: &[&str],
    eval: &str,
    out: &Path,
) -> Vec<String> {
    let mut args: Vec<String> = [
        "selfplay",
        "--games",
        &games.to_string(),
        "--seed",
        &seed.to_string(),
        "--depth",
        depth,
        "--exact",
        exact,
    ]
    .map(String::from)
    .to_vec();
    args.extend(extra.iter().map(|a| a.to_string()));
    args.extend([
        "--eval".to_string(),
        eval.to_string(),
        "--out".to_string(),
        out.display().to_string(),
    ]);
    args
}

/// The knobs of a `fit` step (`outflank-train fit --help`).
pub(super) struct Knobs<'a> {
    pub(super) epochs: &'a str,
    pub(super) rate: &'a str,
    pub(super) min_count: &'a str,
    /// The share of the search's score in the labels without an exact score (`--blend`).
    pub(super) blend: Option<&'a str>,
    /// The ridge, in positions' worth (`--l2`; `None`: fit's default).
    pub(super) l2: Option<&'a str>,
    /// The weight decay (`--decay`; `None`: none).
    pub(super) decay: Option<&'a str>,
    /// Knots every 8 empties, each odd phase the mean of the two around it (`--phase-empties 8
    /// --interpolate`); else a weight set for each phase of 4 empties.
    pub(super) knots: bool,
    pub(super) quantum: &'a str,
}

/// A `fit` step writing `<name>.bin` in `dir`: from zero (`init` None) or refining `init`,
/// on `data`, its held-out errors printed on `held` (none: no `--holdout`). It waits for
/// every file it reads that a step makes.
pub(super) fn fit_step(
    dir: &Path,
    name: &str,
    init: Option<&Path>,
    data: &[PathBuf],
    held: &[PathBuf],
    k: Knobs<'_>,
) -> Step {
    let path = |p: &Path| p.display().to_string();
    let out = dir.join(format!("{name}.bin"));
    let mut args: Vec<String> = vec!["fit".into()];
    let mut needs: Vec<PathBuf> = init.map(Path::to_path_buf).into_iter().collect();
    if let Some(init) = init {
        args.extend(["--init".into(), path(init)]);
    }
    args.push("--data".into());
    args.extend(data.iter().map(|d| path(d)));
    if !held.is_empty() {
        args.push("--holdout".into());
        args.extend(held.iter().map(|h| path(h)));
    }
    let blend = k.blend.map(|b| ["--blend", b]);
    let l2 = k.l2.map(|l| ["--l2", l]);
    let decay = k.decay.map(|d| ["--decay", d]);
    args.extend(
        [
            &[
                "--epochs",
                k.epochs,
                "--rate",
                k.rate,
                "--min-count",
                k.min_count,
            ][..],
            blend.as_ref().map_or(&[][..], |b| &b[..]),
            l2.as_ref().map_or(&[][..], |l| &l[..]),
            decay.as_ref().map_or(&[][..], |d| &d[..]),
            if k.knots {
                &["--phase-empties", "8", "--interpolate"][..]
            } else {
                &[][..]
            },
            &["--quantum", k.quantum][..],
        ]
        .concat()
        .into_iter()
        .map(String::from),
    );
    args.extend(["--out".into(), path(&out)]);
    needs.extend(data.iter().chain(held).cloned());
    Step {
        name: name.to_string(),
        needs,
        args,
        out,
        keep: None,
    }
}

/// A `requant` step: `<from>.bin` in `dir` rounded to `quantum` hundredths into `<name>.bin`.
pub(super) fn requant_step(dir: &Path, name: &str, from: &str, quantum: &str) -> Step {
    let (from, out) = (
        dir.join(format!("{from}.bin")),
        dir.join(format!("{name}.bin")),
    );
    Step {
        name: name.to_string(),
        args: [
            "requant",
            "--weights",
            &from.display().to_string(),
            "--quantum",
            quantum,
            "--out",
            &out.display().to_string(),
        ]
        .map(String::from)
        .to_vec(),
        needs: vec![from],
        out,
        keep: None,
    }
}

/// The held-out games the shipped file is measured on after it is made, played by that file
/// (so they are made again at every run, after the fit): 4-6 random moves, then a depth-12
/// search for both sides, as deep as self-play's 200,000 nodes a move reach: depth 8-10 in
/// practice, about level 8's play. Their positions are closer to games between good players
/// than any set above: the spread of their exact scores is about 12 discs, against 19 in
/// games played as round 3's (train/TRAINING.md). Five sets: `held-s`, every position solved
/// from `strong.1` empties; `held-t`, one position a game solved at `strong_deep.1` empties
/// (28: past every set above, about two minutes a solve) and every one from 14; `held-u`, the
/// same with its one position at `strong_deeper.1` (29-30, the top of the midgame's 20-30
/// empties: 3-56 minutes a game, 15 on average, so only 5 games a piece); `held-v`, one
/// position a game at
/// `strong_between.1` (25-27: 10-15 minutes a piece of 20 games); `held-w`, as `held-t` from
/// another seed (an hour or more a piece of 20: 29-42 minutes for 10). Each in two pieces of
/// one seed, one a core.
pub(super) fn measured_on(dir: &Path, s: &Scale, shipped: &Path) -> Vec<Step> {
    let (games, exact) = s.strong;
    let (deep_games, probe) = s.strong_deep;
    let (deeper_games, (deeper_from, deeper_to)) = s.strong_deeper;
    let (between_games, (between_from, between_to)) = s.strong_between;
    let sets = [
        (
            ["held-s-s9101a", "held-s-s9101b"],
            9101u64,
            exact,
            games,
            vec![],
        ),
        (
            ["held-t-s9202a", "held-t-s9202b"],
            9202,
            "14",
            deep_games,
            vec!["--probe-from", probe, "--probe", probe],
        ),
        (
            ["held-u-s9303a", "held-u-s9303b"],
            9303,
            "14",
            deeper_games,
            vec!["--probe-from", deeper_from, "--probe", deeper_to],
        ),
        (
            ["held-v-s9404a", "held-v-s9404b"],
            9404,
            "14",
            between_games,
            vec!["--probe-from", between_from, "--probe", between_to],
        ),
        (
            ["held-w-s9505a", "held-w-s9505b"],
            9505,
            "14",
            s.strong_deep_more,
            vec!["--probe-from", probe, "--probe", probe],
        ),
    ];
    let mut steps = Vec::new();
    for (names, seed, exact, games, extra) in sets {
        for (k, name) in names.into_iter().enumerate() {
            let out = dir.join(format!("{name}.bin"));
            let first = (k as u64 * games).to_string();
            let extra = [
                &["--first", &first, "--random-min", "4", "--random-max", "6"],
                &extra[..],
            ]
            .concat();
            let shipped = shipped.display().to_string();
            steps.push(Step {
                name: name.to_string(),
                // The shipped file is made before these steps are run, not by a step.
                needs: Vec::new(),
                args: selfplay_args(games, seed, ("12", exact), &extra, &shipped, &out),
                out,
                keep: None,
            });
        }
    }
    steps
}

/// The pipeline's last fit, which it rounds to the budget (`reversi8.bin` in its directory).
pub(super) const FITTED: &str = "weights-r7-q1";

/// The pipeline of train/TRAINING.md. Round 1 plays with the hand-made evaluation, round 2
/// with round 1's weights, both at depth 4 after 6-30 random moves and solving exactly from
/// 18 empties; round 3 with round 2's weights at depth 6 after 6-10 random moves, solving
/// from 16 empties (positions like those of games between good players); rounds 4 and 5 as
/// round 3, with round 3's weights, and their fit refines those weights; round 6 as round 3,
/// with round 5's weights, and its fit refines round 3's weights with rounds 4-6; round 7 as
/// round 3, with round 6's weights, and the pipeline's last fit refines round 3's weights
/// with rounds 4-7. Each step's games use its `--eval` for the moves and for ordering the solver's moves, never
/// the build's embedded weights, so the files (and the weights fitted to them) follow from
/// this plan alone.
pub(super) fn plan(dir: &Path, s: &Scale) -> Vec<Step> {
    let file = |name: &str| dir.join(format!("{name}.bin"));
    let path = |p: &Path| p.display().to_string();
    // `eval`: the step whose weights play the games (and which it therefore waits for), or
    // None for the hand-made evaluation.
    let selfplay = |name: &'static str,
                    games: u64,
                    seed: u64,
                    depth_exact: (&str, &str),
                    extra: &[&str],
                    eval: Option<&str>| {
        let needs: Vec<PathBuf> = eval.map(file).into_iter().collect();
        let eval = needs.first().map_or("hand".to_string(), |p| path(p));
        Step {
            name: name.to_string(),
            needs,
            args: selfplay_args(games, seed, depth_exact, extra, &eval, &file(name)),
            out: file(name),
            keep: None,
        }
    };
    // A fit from zero (`init` None), or one refining earlier weights with new rounds.
    let fit = |name: &'static str,
               data: &[&str],
               quantum: &str,
               holdout: bool,
               (init, epochs, rate): (Option<&str>, &str, &str)| {
        let data: Vec<PathBuf> = data.iter().map(|d| file(d)).collect();
        let held = if holdout { held_files(dir) } else { Vec::new() };
        let knobs = Knobs {
            epochs,
            rate,
            min_count: s.min_count,
            blend: None,
            l2: None,
            decay: None,
            knots: false,
            quantum,
        };
        fit_step(dir, name, init.map(file).as_deref(), &data, &held, knobs)
    };
    // Earlier rounds' weights rounded as the next rounds' games are played with them.
    let requant =
        |name: &'static str, from: &str, quantum: &str| requant_step(dir, name, from, quantum);
    let scratch = (None, s.epochs, "2");
    // Rounds 4 and 5 refine round 3's weights with their games (a fit from zero on them
    // alone plays worse): a few gentle epochs from there.
    let refine = |init| (Some(init), "3", "0.5");
    let r1 = Some("weights-r1");
    let r2 = Some("weights-r2-q1");
    let r3 = Some("weights-r3");
    let r5 = Some("weights-r5");
    let r6 = Some("weights-r6");
    // Round 3's openings: 6-10 random moves.
    let short = ["--random-min", "6", "--random-max", "10"];
    // Each fit reads the self-play files of its rounds: rounds 1-3 are fitted from zero on
    // a growing prefix of the first list, rounds 5-7 refine round 3's weights with a growing
    // prefix of the second.
    let from_zero = ["r1-s1", "r1-s2", "r2-s3", "r2-s4", "r3-s5", "r3-s6"];
    let refining = [
        "r4-s7", "r4-s8", "r5-s9", "r5-s10", "r6-s11", "r6-s12", "r7-s13", "r7-s14",
    ];
    vec![
        selfplay("r1-s1", s.round1, 1, ("4", "18"), &[], None),
        selfplay("r1-s2", s.round1, 2, ("4", "18"), &[], None),
        fit("weights-r1", &from_zero[..2], "8", false, scratch),
        // The slowest step (a minute or more a solve), so it takes a slot first.
        selfplay(
            "held-c-s3001",
            s.deep,
            3001,
            ("4", "14"),
            &["--probe-from", s.deep_probe.0, "--probe", s.deep_probe.1],
            r1,
        ),
        selfplay("held-a-s1001", s.held, 1001, ("4", "20"), &[], None),
        // Its exact solves at 15-24 empties are ordered by round 1's weights: with the
        // hand-made evaluation alone they take several times as long.
        selfplay(
            "held-b-s2001",
            s.probe,
            2001,
            ("4", "14"),
            &["--probe", "24"],
            r1,
        ),
        selfplay("held-d-s4001", s.balanced, 4001, ("6", "20"), &short, r1),
        selfplay("r2-s3", s.round2, 3, ("4", "18"), &[], r1),
        selfplay("r2-s4", s.round2, 4, ("4", "18"), &[], r1),
        fit("weights-r2-q1", &from_zero[..4], "1", true, scratch),
        selfplay("r3-s5", s.round3, 5, ("6", "16"), &short, r2),
        selfplay("r3-s6", s.round3, 6, ("6", "16"), &short, r2),
        fit("weights-r3-q1", &from_zero, "1", true, scratch),
        // Round 3's weights rounded to 20 hundredths of a disc: they play rounds 4 and 5.
        requant("weights-r3", "weights-r3-q1", "20"),
        selfplay("r4-s7", s.round4, 7, ("6", "16"), &short, r3),
        selfplay("r4-s8", s.round4, 8, ("6", "16"), &short, r3),
        selfplay("r5-s9", s.round5.0, 9, ("6", "16"), &short, r3),
        selfplay("r5-s10", s.round5.1, 10, ("6", "16"), &short, r3),
        fit(
            "weights-r5-q1",
            &refining[..4],
            "1",
            true,
            refine("weights-r3"),
        ),
        // Round 5's weights rounded to 14 hundredths: they play round 6.
        requant("weights-r5", "weights-r5-q1", "14"),
        selfplay("r6-s11", s.round6.0, 11, ("6", "16"), &short, r5),
        selfplay("r6-s12", s.round6.1, 12, ("6", "16"), &short, r5),
        // Rounds 4-6 refine round 3's weights again (refining round 5's fit instead plays
        // even with this at level 8).
        fit(
            "weights-r6-q1",
            &refining[..6],
            "1",
            true,
            refine("weights-r3"),
        ),
        // Round 6's weights rounded to 14 hundredths: they play round 7.
        requant("weights-r6", "weights-r6-q1", "14"),
        selfplay("r7-s13", s.round7.0, 13, ("6", "16"), &short, r6),
        selfplay("r7-s14", s.round7.1, 14, ("6", "16"), &short, r6),
        // Rounds 4-7 refine round 3's weights once more: round 7 alone refining round 6's
        // plays worse.
        fit(FITTED, &refining, "1", true, refine("weights-r3")),
        // Last in the list, so it takes a slot only when no step before it can start.
        selfplay(
            "held-f-s6001",
            s.balanced_deep,
            6001,
            ("6", "14"),
            &[
                &short[..],
                &[
                    "--probe-from",
                    s.balanced_probe.0,
                    "--probe",
                    s.balanced_probe.1,
                ],
            ]
            .concat(),
            r1,
        ),
    ]
}
