//! `outflank-train pipeline --deep` (`cargo xtask train --deep`): the deep round, games played
//! at depth 10 instead of 6 (train/TRAINING.md). The labels above 16 empties are the results
//! of the games played on from each position, so better play makes better labels; a round big
//! enough to tell (about 4 M positions) takes hours of both cores, even with the levels'
//! search, which plays the pieces from the ninth on in an eighth of the plain search's time
//! ([`MPC_FROM`]).
//!
//! So the round is made in pieces of 1,000 games, each a step of its own with a stamp: the
//! command can be stopped at any time and run again to go on (a piece cut short is played
//! again). Every finished piece is also packed into the repository's `train/games/` (about
//! 71 KB a piece, `outflank-train pack`) to be committed, and a run unpacks the pieces it
//! finds there instead of playing them, so the round goes on from one machine to the next
//! through the repository.
//!
//! Every game of a round is played by one weights file, kept beside the games
//! (`train/games/played-by-r8.bin`, [`Round::EIGHT`]) and copied into the directory at the
//! first run: a later run with other weights there refuses to mix their games in. The build
//! is kept there too (`outflank-train`), and every game of the round is played by it: a change
//! to the search between two runs would otherwise change the games of the pieces still to come
//! (delete that copy to go on with the current build); the fit and everything after it run the
//! current build.
//!
//! Round 8 is 77 pieces of depth-10 games, 160,000 depth-6 games of round 7's kind (in 16
//! pieces) for the coverage a fit from zero needs, and the held-out games between stronger
//! players played by the same weights (as the pipeline makes them). Round 9 ([`Round::NINE`])
//! is as many depth-10 games again from other openings, played by round 8's fit with a build
//! of its own (`outflank-train-r9`): kept and unpacked, not fitted (beside round 8's games
//! they fit weights that play worse).
//!
//! The one candidate is the shipped file's recipe: fitted from zero on the depth-6 games with
//! round 8's depth-10 ones counted three times ([`MIX_WEIGHT`]), half the search's score in
//! the labels above 16 empties, a weight set for each phase of 4 empties with the neighbouring
//! phases' positions at half weight, and a weight decay of 2 ([`DECAY`]). It is rounded to
//! the finest quantum within the worker's budget, as the pipeline rounds its file, and its
//! held-out errors are printed beside those of the weights that played and of the shipped
//! file. The fit is deterministic, so with the games kept in the repository every run makes
//! `engine/weights/reversi8.bin` byte for byte, and says so. A candidate with other bytes (a
//! change to the recipe or the fit) plays the shipped file at level 8
//! ([`decide`](super::decide::decide)): one that beats it by two standard errors
//! ([`Points::clearly_better`](super::decide::Points::clearly_better)), or plays even within
//! one standard error in at most [`SMALLER`] of its bytes gzipped
//! ([`Points::even_or_better`](super::decide::Points::even_or_better)), replaces it, and any
//! other leaves it.

use std::fs;
use std::path::{Path, PathBuf};

use super::decide::{decide, describe_shares, ship, Measured, SMALLER};
use super::plan::{fit_step, measured_on, selfplay_args, Knobs, Step};
use super::scale::{FULL, QUICK};
use super::{gzip_size, requant_within_budget, run_logged, run_steps, Ctx, Result};

/// How big a deep round is.
pub(super) struct DeepScale {
    /// Pieces of depth-10 games, and games in each.
    pieces: u64,
    games: u64,
    /// How many of the first pieces the plain search played (see [`MPC_FROM`]).
    plain_pieces: u64,
    /// Pieces of round 9's games (as many as round 8's, all with the levels' search): see
    /// [`Round::NINE`].
    r9_pieces: u64,
    /// Pieces of depth-6 games (round 7's kind), and games in each: the coverage a fit from
    /// zero needs to play.
    d6_pieces: u64,
    d6_games: u64,
    epochs: &'static str,
    min_count: &'static str,
    /// Games of each match that decides (see [`decide`]).
    match_games: u32,
}

pub(super) const DEEP_FULL: DeepScale = DeepScale {
    // 77,000 games, about 4 M positions: where fits from zero on depth-6 games stop
    // improving.
    pieces: 77,
    games: 1_000,
    plain_pieces: MPC_FROM,
    r9_pieces: 77,
    // 160,000 games, 8.3 M positions, in pieces of 10,000 (12-17 minutes of a core), so that
    // a run stopped early still keeps some.
    d6_pieces: 16,
    d6_games: 10_000,
    epochs: "10",
    min_count: "30",
    // 2,000 games a seed (about 7 minutes on two cores): one standard error is 0.8 points in
    // a hundred over both seeds.
    match_games: 2000,
};

pub(super) const DEEP_QUICK: DeepScale = DeepScale {
    pieces: 2,
    games: 2,
    plain_pieces: 1,
    r9_pieces: 2,
    d6_pieces: 2,
    d6_games: 2,
    epochs: "2",
    min_count: "2",
    match_games: 2,
};

/// The seed of the round's openings (6-10 random moves).
const SEED: u64 = 3801;
/// The pieces from this one on are played with the levels' search (ProbCut and aspiration:
/// `outflank-train selfplay --search default`), the ones before it with the plain search
/// every other data file is made with. Capped at 200,000 nodes a move, the plain search
/// finishes depth 10 in only 31 of 80 positions of the round (depth 9 in 33, 8 in 16), where
/// ProbCut needs 43,000 nodes on average; played against each other, ProbCut at 45,000
/// nodes a move scores 55.5% against the plain search at 200,000: better play, at an eighth
/// of the time a game. The first eight pieces are kept as the plain search played them.
const MPC_FROM: u64 = 8;
/// The seed of the depth-6 games.
const D6_SEED: u64 = 3702;
/// How many times the fit reads the depth-10 games beside the depth-6 ones: their labels
/// count three times as much.
const MIX_WEIGHT: usize = 3;
/// The fit's weight decay (`--decay`): on a fit of millions of positions it moves the
/// weights by less than their rounding, and it is part of the recipe the shipped bytes follow.
const DECAY: &str = "2";

/// A round of games played by one weights file with one build.
struct Round {
    /// The weights that played it, kept beside its games in `train/games/` (`outflank-train
    /// unpack --played-by` checks them).
    played_by: &'static str,
    /// Their copy in the round's directory: a later run with other weights in the repository
    /// refuses to mix their games in.
    copy: &'static str,
    /// The build kept in the directory that plays the round's pieces (a copy of the current
    /// one at the first run).
    build: &'static str,
}

impl Round {
    /// Round 8: played by a file of round 7's kind (what the pipeline without `--deep`
    /// makes); its held-out games between stronger players too.
    const EIGHT: Round = Round {
        played_by: "played-by-r8.bin",
        copy: "played-by.bin",
        build: "outflank-train",
    };
    /// Round 9: as many games again, of round 8's kind from other openings ([`R9_SEED`]), all
    /// with the levels' search, played by round 8's fit (a piece of 1,000 games takes about
    /// 90 s of a core).
    const NINE: Round = Round {
        played_by: "played-by-r9.bin",
        copy: "played-by-r9.bin",
        build: "outflank-train-r9",
    };
}

/// The seed of round 9's openings.
const R9_SEED: u64 = 3901;

/// Runs the round into `dir` with the build kept there (a copy of `built` at the first run),
/// `jobs` steps at once.
pub(super) fn deep(ctx: &Ctx, built: &Path, dir: &Path, quick: bool, jobs: usize) -> Result {
    let s = if quick { &DEEP_QUICK } else { &DEEP_FULL };
    if quick {
        // A test of the whole round: afresh each time, so the pieces are played and packed
        // before they are unpacked again.
        let _ = fs::remove_dir_all(dir);
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let (played_by, outflank) = &set_up(ctx, built, dir, &Round::EIGHT, quick)?;
    let (played_by_r9, outflank_r9) = &set_up(ctx, built, dir, &Round::NINE, quick)?;
    // The pieces are kept packed in the repository (quick: beside the round, not to be committed).
    let kept = if quick { dir.join("kept") } else { ctx.games() };
    let Plan {
        rounds: [games, games_r9],
        fit,
        held,
        candidates,
    } = plan(dir, s, quick, [played_by, played_by_r9], &kept);
    println!(
        "train: the deep round: {} steps into {}, up to {jobs} at once",
        games.len() + games_r9.len() + 1,
        dir.display()
    );
    // The games are played (or unpacked) by the build kept for their round; the fit and
    // everything after it run the current one, so that a change to the fit or the search is
    // what they measure.
    run_steps(ctx, outflank, games, jobs)?;
    run_steps(ctx, outflank_r9, games_r9, jobs)?;
    run_steps(ctx, built, vec![fit], jobs)?;
    // Each candidate as it would ship: at the finest quantum within the worker's budget.
    let mut measured = Vec::new();
    for (name, fitted) in &candidates {
        let out = dir.join(format!("weights-{name}.bin"));
        requant_within_budget(ctx, built, fitted, &out, &[], quick)?;
        measured.push((*name, out));
    }
    let shipped = ctx.weights();
    for (name, weights) in [
        ("played-by", played_by.clone()),
        ("shipped", shipped.clone()),
    ]
    .into_iter()
    .chain(measured.iter().cloned())
    {
        let mut c = ctx.cmd(built);
        c.args(["errors", "--weights"])
            .arg(&weights)
            .arg("--holdout")
            .args(&held);
        let log = dir.join(format!("errors-{name}.log"));
        run_logged(c, &log)?;
        println!("train: {name} ({}): {}", weights.display(), log.display());
        print!("{}", fs::read_to_string(&log).unwrap_or_default());
    }
    let file = shipped.display();
    if !quick {
        // A candidate that is the shipped file already has nothing to prove.
        let shipped_bytes = fs::read(&shipped).ok();
        if let Some((name, _)) = measured
            .iter()
            .find(|(_, w)| fs::read(w).ok() == shipped_bytes)
        {
            println!("train: the deep round is done; {name} is {file} byte for byte");
            return Ok(());
        }
    }
    let results = decide(dir, s.match_games, &shipped, &measured, jobs)?;
    if quick {
        again_from_kept(ctx, outflank, dir, [played_by, played_by_r9], &kept)?;
        println!("train: the deep round is done (quick: nothing shipped)");
        return Ok(());
    }
    let shares = describe_shares(&measured, &results);
    let sizes = measured
        .iter()
        .map(|(_, w)| gzip_size(ctx, w))
        .collect::<Result<Vec<u64>>>()?;
    let weighed: Vec<Measured<'_>> = measured
        .iter()
        .zip(&sizes)
        .zip(&results)
        .map(|(((name, weights), &gzipped), &points)| Measured {
            name,
            weights,
            gzipped,
            points,
        })
        .collect();
    let shipped_gzipped = gzip_size(ctx, &shipped)?;
    match ship(&shipped, shipped_gzipped, &weighed)? {
        None => println!(
            "train: the deep round is done; no candidate beat {file} by two standard errors, \
             or played even with it in at most {:.0}% of its {shipped_gzipped} bytes gzipped \
             ({shares}; gzipped: {sizes:?}), so it stays",
            SMALLER * 100.0
        ),
        Some(name) => println!(
            "train: the deep round is done; {name} ({shares}) replaced {file} (rebuild the \
             engine and the site to ship it)"
        ),
    }
    Ok(())
}

/// The copy in `dir` of the weights that played `round`, made at the first run and checked
/// against the repository's at every other, and the build kept there that plays its pieces.
fn set_up(
    ctx: &Ctx,
    built: &Path,
    dir: &Path,
    round: &Round,
    quick: bool,
) -> Result<(PathBuf, PathBuf)> {
    let source = ctx.games().join(round.played_by);
    let copy = dir.join(round.copy);
    let weights =
        fs::read(&source).map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    match fs::read(&copy) {
        Ok(old) if old == weights => {}
        Ok(_) => {
            return Err(format!(
                "the games in {} were played by other weights than {} (their copy: {}); \
                 move the directory away to start a round with these",
                dir.display(),
                source.display(),
                copy.display()
            ))
        }
        Err(_) => fs::write(&copy, &weights)
            .map_err(|e| format!("cannot write {}: {e}", copy.display()))?,
    }
    let outflank = dir.join(round.build);
    if quick || !outflank.exists() {
        fs::copy(built, &outflank).map_err(|e| {
            format!(
                "cannot copy {} to {}: {e}",
                built.display(),
                outflank.display()
            )
        })?;
    }
    Ok((copy, outflank))
}

/// The quick round's pieces made again into a new directory, as on a machine that has only
/// the repository: every one comes from its kept packed copy, the same bytes as played.
fn again_from_kept(
    ctx: &Ctx,
    outflank: &Path,
    dir: &Path,
    played_by: [&Path; 2],
    kept: &Path,
) -> Result {
    let again = dir.join("again");
    let _ = fs::remove_dir_all(&again);
    fs::create_dir_all(&again).map_err(|e| format!("cannot create {}: {e}", again.display()))?;
    let Plan { rounds, .. } = plan(&again, &DEEP_QUICK, true, played_by, kept);
    let pieces: Vec<Step> = rounds
        .into_iter()
        .flatten()
        .filter(|s| ["selfplay", "unpack"].contains(&s.args[0].as_str()))
        .collect();
    if let Some(s) = pieces.iter().find(|s| s.args[0] != "unpack") {
        return Err(format!("{} was not kept in {}", s.name, kept.display()));
    }
    let outs: Vec<PathBuf> = pieces.iter().map(|s| s.out.clone()).collect();
    run_steps(ctx, outflank, pieces, 2)?;
    for out in outs {
        let played = dir.join(out.file_name().unwrap_or_default());
        if fs::read(&out).ok() != fs::read(&played).ok() {
            return Err(format!(
                "{} unpacked is not {} as played",
                out.display(),
                played.display()
            ));
        }
    }
    println!(
        "train: the pieces unpack from {} to the games as played",
        kept.display()
    );
    Ok(())
}

/// Each piece of self-play, from the packed copy in `kept` where a run (on this machine or
/// another) left one, played by the same weights `eval` (`unpack` checks it); else played,
/// then packed and kept there (a fifteenth of its size, so it can be committed). Other steps
/// are as they were.
fn from_kept(played: Vec<Step>, eval: &str, kept: &Path) -> Vec<Step> {
    let mut steps = Vec::new();
    for piece in played {
        if piece.args[0] != "selfplay" {
            steps.push(piece);
            continue;
        }
        let packed = kept.join(format!("{}.oftg", piece.name));
        let out = piece.out.display().to_string();
        if packed.exists() {
            steps.push(Step {
                args: [
                    "unpack",
                    "--games",
                    &packed.display().to_string(),
                    "--played-by",
                    eval,
                    "--out",
                    &out,
                ]
                .map(String::from)
                .to_vec(),
                ..piece
            });
        } else {
            let here = piece.out.with_extension("oftg");
            let (made, name) = (piece.out.clone(), format!("pack-{}", piece.name));
            steps.push(piece);
            steps.push(Step {
                name,
                needs: vec![made],
                args: [
                    "pack",
                    "--data",
                    &out,
                    "--played-by",
                    eval,
                    "--out",
                    &here.display().to_string(),
                ]
                .map(String::from)
                .to_vec(),
                out: here,
                keep: Some(packed),
            });
        }
    }
    steps
}

/// What [`plan`] lays out.
struct Plan {
    /// Each round's games, played or unpacked by the build kept for it: round 8's (with the
    /// held-out games between stronger players, played by the same weights), then round 9's.
    rounds: [Vec<Step>; 2],
    /// The candidate's fit, on every game of both rounds.
    fit: Step,
    /// The held-out files.
    held: Vec<PathBuf>,
    /// The candidates to measure: each one's name and fitted file (at quantum 1, rounded
    /// after the steps).
    candidates: Vec<(&'static str, PathBuf)>,
}

/// The rounds' steps. `played_by`: the copies of the weights that played rounds 8 and 9.
fn plan(
    dir: &Path,
    s: &DeepScale,
    quick: bool,
    [played_by, played_by_r9]: [&Path; 2],
    kept: &Path,
) -> Plan {
    let file = |name: &str| dir.join(format!("{name}.bin"));
    let path = |p: &Path| p.display().to_string();
    let (eval, eval_r9) = (path(played_by), path(played_by_r9));
    let short = ["--random-min", "6", "--random-max", "10"];
    // Pieces `from..to` of `games` games of `seed` at `depth` played by `eval`, exact from 16
    // empties, the plain search unless `search` is given (its name then tells the pieces apart).
    let pieces = |(from, to): (u64, u64),
                  games: u64,
                  seed: u64,
                  depth: &str,
                  search: Option<&str>,
                  eval: &str| {
        (from..to)
            .map(|k| {
                let first = (k * games).to_string();
                let kind = if search.is_some() { "mpc" } else { "" };
                let name = format!("d{depth}{kind}-s{seed}-{first}");
                let mut extra = [&["--first", first.as_str()][..], &short[..]].concat();
                if let Some(search) = search {
                    extra.extend(["--search", search]);
                }
                let out = file(&name);
                Step {
                    args: selfplay_args(games, seed, (depth, "16"), &extra, eval, &out),
                    out,
                    name,
                    needs: Vec::new(),
                    keep: None,
                }
            })
            .collect::<Vec<Step>>()
    };
    let plain = s.plain_pieces.min(s.pieces);
    let mut round8 = pieces((0, plain), s.games, SEED, "10", None, &eval);
    round8.extend(pieces(
        (plain, s.pieces),
        s.games,
        SEED,
        "10",
        Some("default"),
        &eval,
    ));
    let round9 = pieces(
        (0, s.r9_pieces),
        s.games,
        R9_SEED,
        "10",
        Some("default"),
        &eval_r9,
    );
    let deep: Vec<PathBuf> = round8.iter().map(|p| p.out.clone()).collect();
    let d6 = pieces((0, s.d6_pieces), s.d6_games, D6_SEED, "6", None, &eval);
    let mut mixed: Vec<PathBuf> = d6.iter().map(|p| p.out.clone()).collect();
    for _ in 0..MIX_WEIGHT {
        mixed.extend(deep.iter().cloned());
    }
    round8.extend(d6);
    // The one candidate, the shipped file's recipe: from zero on the depth-6 games with round
    // 8's depth-10 ones counted three times, half the search's score in the labels above 16
    // empties. Round 9's games are kept and unpacked, not fitted: beside round 8's they fit
    // weights that play worse. Refining the shipped file with the depth-10 games alone plays
    // even with it, and fitted from zero on them alone the weights lack the coverage to play
    // (train/TRAINING.md). It reads no held-out games: their errors are measured after the
    // steps, and it is fitted once every game is played or unpacked (by the current build,
    // see `deep`).
    let knobs = Knobs {
        epochs: s.epochs,
        rate: "2",
        min_count: s.min_count,
        blend: Some("0.5"),
        l2: None,
        decay: Some(DECAY),
        knots: false,
        quantum: "1",
    };
    let fit = fit_step(dir, "weights-r8-mix-q1", None, &mixed, &[], knobs);
    let candidates = vec![("r8-mix", fit.out.clone())];
    // The pipeline's games between stronger players, played by round 8's weights.
    let strong = measured_on(dir, if quick { &QUICK } else { &FULL }, played_by);
    let held: Vec<PathBuf> = strong.iter().map(|p| p.out.clone()).collect();
    round8.extend(strong);
    // Every game of the rounds is kept packed: a later run goes on from what this one played.
    Plan {
        rounds: [
            from_kept(round8, &eval, kept),
            from_kept(round9, &eval_r9, kept),
        ],
        fit,
        held,
        candidates,
    }
}
