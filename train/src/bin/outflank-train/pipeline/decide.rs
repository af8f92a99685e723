//! Whether a deep round's candidate replaces the shipped weights: its level-8 matches against
//! the shipped file ([`decide`]), and the copy when it wins clearly ([`ship`]).

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use outflank_engine::search::arena::{self, Contender};

use super::{copy_if_changed, Result};

/// The seeds of the openings of the matches that decide.
const MATCH_SEEDS: [u64; 2] = [61, 62];

/// The level both sides of a deciding match play at.
const MATCH_LEVEL: u8 = 8;

/// A candidate's points over its deciding matches, and the games they were of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Points {
    pub(super) won: f64,
    pub(super) games: f64,
}

impl Points {
    pub(super) fn share(self) -> f64 {
        self.won / self.games
    }

    /// More than half the points by two standard errors of a share (at most 0.5 / sqrt(games),
    /// less with draws): 51.6% over 4,000 games. Two files of one strength differ by more than
    /// one standard error in a third of such matches, so half the points alone would swap the
    /// shipped file for an equal one by chance.
    pub(super) fn clearly_better(self) -> bool {
        self.share() > 0.5 + 2.0 * self.standard_error()
    }

    /// Within one standard error of even, or above: 49.2% or more over 4,000 games. Enough for
    /// a candidate much smaller than the shipped file ([`SMALLER`]): the room it frees in the
    /// worker's budget is worth more than a difference the matches cannot tell from chance.
    pub(super) fn even_or_better(self) -> bool {
        self.share() >= 0.5 - self.standard_error()
    }

    /// The largest standard error of a share over these games (no draws).
    fn standard_error(self) -> f64 {
        0.5 / self.games.sqrt()
    }
}

/// A candidate at most this share of the shipped file's bytes gzipped replaces it when it
/// plays even ([`Points::even_or_better`]): knots every 8 empties take about 63% of the bytes
/// of a weight set a phase at the same quantum.
pub(super) const SMALLER: f64 = 0.8;

/// A candidate as [`ship`] weighs it: its weights file, its size gzipped, its points.
pub(super) struct Measured<'a> {
    pub(super) name: &'a str,
    pub(super) weights: &'a Path,
    pub(super) gzipped: u64,
    pub(super) points: Points,
}

impl Measured<'_> {
    /// Whether it replaces a shipped file of `shipped_gzipped` bytes gzipped.
    fn ships(&self, shipped_gzipped: u64) -> bool {
        let smaller = (self.gzipped as f64) <= SMALLER * shipped_gzipped as f64;
        self.points.clearly_better() || (smaller && self.points.even_or_better())
    }
}

/// Each candidate's share of the points, for the verdict's line.
pub(super) fn describe_shares(candidates: &[(&str, PathBuf)], results: &[Points]) -> String {
    candidates
        .iter()
        .zip(results)
        .map(|((name, _), p)| {
            format!(
                "{name}: {:.2}% of {} games against it",
                p.share() * 100.0,
                p.games
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Copies over `shipped` (of `shipped_gzipped` bytes gzipped) the first candidate that beat it
/// clearly ([`Points::clearly_better`]), or played even with it in at most [`SMALLER`] of its
/// bytes; returns its name, or `None` when the file stays.
pub(super) fn ship(
    shipped: &Path,
    shipped_gzipped: u64,
    candidates: &[Measured<'_>],
) -> Result<Option<String>> {
    let Some(c) = candidates.iter().find(|c| c.ships(shipped_gzipped)) else {
        return Ok(None);
    };
    copy_if_changed(c.weights, shipped)?;
    Ok(Some(c.name.to_string()))
}

/// The matches that decide whether a candidate replaces the shipped file: level 8 against
/// level 8, the candidate's evaluation against the shipped one, each opening with both
/// colours, `match_games` games from the openings of each of [`MATCH_SEEDS`], `jobs` at a
/// time: the games of `outflank match --a 8 --b 8 --a-eval <candidate> --b-eval <shipped>`. A
/// finished match's log is kept and printed again by a later run instead of being played
/// again, unless the candidate or the shipped file changed after it. Returns each
/// candidate's points.
pub(super) fn decide(
    dir: &Path,
    match_games: u32,
    shipped: &Path,
    candidates: &[(&str, PathBuf)],
    jobs: usize,
) -> Result<Vec<Points>> {
    // The match's last line, `match 8 8: wins W draws D losses L (points P of N) ...`, once
    // it has finished.
    let summary = |log: &Path| {
        let text = fs::read_to_string(log).ok()?;
        let last = text.lines().last()?;
        last.starts_with("match ").then(|| last.to_string())
    };
    let modified = |p: &Path| fs::metadata(p).and_then(|m| m.modified()).ok();
    let mut results = Vec::new();
    for (name, weights) in candidates {
        let mut total = Points {
            won: 0.0,
            games: 0.0,
        };
        for seed in MATCH_SEEDS {
            let log = dir.join(format!("match-{name}-vs-shipped-s{seed}.log"));
            if summary(&log).is_none()
                || modified(&log) < modified(weights)
                || modified(&log) < modified(shipped)
            {
                play_match(weights, shipped, match_games, seed, jobs, &log)?;
            }
            let Some(result) = summary(&log) else {
                return Err(format!("{} ends without a result", log.display()));
            };
            println!("train: {name} against the shipped file, seed {seed}: {result}");
            let (won, games) = points(&result)
                .ok_or_else(|| format!("{}: no points in {result:?}", log.display()))?;
            total.won += won;
            total.games += games;
        }
        results.push(total);
    }
    Ok(results)
}

/// One deciding match, `a` against `b` (weights files) at [`MATCH_LEVEL`], written to `log`
/// as `outflank match` prints it: a line a game, then the score.
fn play_match(a: &Path, b: &Path, games: u32, seed: u64, jobs: usize, log: &Path) -> Result {
    let contender = |weights: &Path| {
        let path = weights
            .to_str()
            .ok_or_else(|| format!("{} is not a UTF-8 path", weights.display()))?;
        Contender::parse(MATCH_LEVEL, Some(path), "default")
    };
    let (a, b) = (contender(a)?, contender(b)?);
    let openings = arena::openings(games.div_ceil(2) as usize, 6, seed);
    let file =
        fs::File::create(log).map_err(|e| format!("cannot create {}: {e}", log.display()))?;
    let mut out = BufWriter::new(file);
    let mut written = Ok(());
    let start = Instant::now();
    let score = arena::run_match_threads(a, b, &openings, seed, jobs, |game, _| {
        if written.is_ok() {
            written = writeln!(out, "{game}");
        }
    });
    written
        .and_then(|()| {
            writeln!(
                out,
                "{}",
                score.summary(a.level, b.level, start.elapsed().as_secs_f64())
            )
        })
        .and_then(|()| out.flush())
        .map_err(|e| format!("cannot write {}: {e}", log.display()))
}

/// The points and games of `outflank match`'s last line, `match A B: wins W draws D losses L
/// (points P of N) ...`.
fn points(summary: &str) -> Option<(f64, f64)> {
    let rest = summary.split_once("(points ")?.1;
    let (p, rest) = rest.split_once(" of ")?;
    let n = rest.split_once(')')?.0;
    let (p, n): (f64, f64) = (p.parse().ok()?, n.parse().ok()?);
    (n > 0.0).then_some((p, n))
}

#[cfg(test)]
mod tests {
    use super::{points, ship, Measured, Points};
    use std::fs;

    #[test]
    fn a_candidate_replaces_the_shipped_file_when_it_wins_clearly_or_plays_even_much_smaller() {
        let dir = std::env::temp_dir().join(format!("outflank-train-ship-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let shipped = dir.join("reversi8.bin");
        let (even, won) = (dir.join("even.bin"), dir.join("won.bin"));
        fs::write(&shipped, b"old").unwrap();
        fs::write(&even, b"even").unwrap();
        fs::write(&won, b"won").unwrap();
        let over_4000 = |won| Points { won, games: 4000.0 };
        // A shipped file of 269,763 bytes gzipped, near the worker's budget.
        let shipped_gzipped = 269_763;
        let candidates = |[(even_gz, even_pts), (won_gz, won_pts)]: [(u64, f64); 2]| {
            vec![
                Measured {
                    name: "even",
                    weights: &even,
                    gzipped: even_gz,
                    points: over_4000(even_pts),
                },
                Measured {
                    name: "won",
                    weights: &won,
                    gzipped: won_gz,
                    points: over_4000(won_pts),
                },
            ]
        };
        // 49.4% and 51.3%, both as big as the shipped file: within two standard errors of
        // even, so the shipped file stays.
        let close = candidates([(269_000, 1976.5), (270_000, 2052.0)]);
        assert_eq!(ship(&shipped, shipped_gzipped, &close), Ok(None));
        // 70% of the bytes, but 48.0% (more than one standard error below even), and 49.4%
        // in 81% of the bytes: the file stays.
        let weaker = candidates([(188_742, 1920.0), (218_600, 1976.5)]);
        assert_eq!(ship(&shipped, shipped_gzipped, &weaker), Ok(None));
        assert_eq!(fs::read(&shipped).unwrap(), b"old");
        // 50.7% in 63% of the bytes, even within the noise: it replaces the file.
        let knots = candidates([(168_804, 2028.0), (270_000, 2052.0)]);
        assert_eq!(
            ship(&shipped, shipped_gzipped, &knots),
            Ok(Some("even".to_string()))
        );
        assert_eq!(fs::read(&shipped).unwrap(), b"even");
        // 52.75%: more than two standard errors above even, it replaces the file whatever its
        // size.
        let clear = candidates([(269_000, 1976.5), (290_000, 2110.0)]);
        assert_eq!(
            ship(&shipped, shipped_gzipped, &clear),
            Ok(Some("won".to_string()))
        );
        assert_eq!(fs::read(&shipped).unwrap(), b"won");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_match_line_gives_its_points_and_games() {
        let line =
            "match 8 8: wins 982 draws 143 losses 875 (points 1053.5 of 2000) disc difference \
                    +1192 in 512.3s; per move A 9.2 ms 21695 nodes, B 8.8 ms 20520 nodes";
        assert_eq!(points(line), Some((1053.5, 2000.0)));
        assert_eq!(
            points("match 8 8: wins 0 draws 0 losses 0 (points 0.0 of 0)"),
            None
        );
        assert_eq!(points("match 8 8: stopped"), None);
    }
}
