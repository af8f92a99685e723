//! How far an evaluation is from the exact scores of held-out positions: its mean absolute
//! error by empties, by phase and exact margin, and how its spread compares with theirs; and
//! how far it is from the games' results, the footing of other engines' published figures.

use crate::data::Sample;
use outflank_engine::search::pattern::{self, PHASES};

/// How far `value` (hundredths of a disc) is from the label of `s`, in discs.
pub fn miss(s: &Sample, value: i32) -> f64 {
    (f64::from(value) / 100.0 - f64::from(s.label)).abs()
}

/// Mean absolute error in discs of `eval` on the exact samples, by number of empties
/// (`(empties, count, mae)`, empties with no exact sample left out).
pub fn errors_by_empties(
    samples: &[Sample],
    eval: impl Fn(&Sample) -> i32,
) -> Vec<(u32, usize, f64)> {
    let mut sums = [(0usize, 0f64); 61];
    for s in samples.iter().filter(|s| s.exact) {
        let e = s.empties().min(60) as usize;
        sums[e].0 += 1;
        sums[e].1 += miss(s, eval(s));
    }
    sums.iter()
        .enumerate()
        .filter(|(_, (n, _))| *n > 0)
        .map(|(e, &(n, sum))| (e as u32, n, sum / n as f64))
        .collect()
}

/// Mean absolute error in discs of `eval` on the exact samples, by phase, with the standard
/// error of that mean (`out[phase]` is `(count, mae, standard error)`, 0 below two positions):
/// at tens of positions a phase the figure moves by a disc from one set to the next, and the
/// standard error says how far it can be trusted. It counts every position as independent:
/// where a set solves several positions of one game (`held-s`), they err alike, so the true
/// spread of the mean is wider than this says.
pub fn errors_by_phase(
    samples: &[Sample],
    eval: impl Fn(&Sample) -> i32,
) -> Vec<(usize, f64, f64)> {
    let mut sums = vec![(0usize, 0f64, 0f64); PHASES];
    for s in samples.iter().filter(|s| s.exact) {
        let m = miss(s, eval(s));
        let cell = &mut sums[pattern::phase(s.empties())];
        cell.0 += 1;
        cell.1 += m;
        cell.2 += m * m;
    }
    sums.into_iter()
        .map(|(n, sum, squares)| {
            let mean = sum / n.max(1) as f64;
            let se = if n < 2 {
                0.0
            } else {
                // The sample variance (n - 1) of the misses, over n.
                ((squares - n as f64 * mean * mean).max(0.0) / (n - 1) as f64 / n as f64).sqrt()
            };
            (n, mean, se)
        })
        .collect()
}

/// Mean absolute error in discs of `eval` against every sample's label, by phase (`out[phase]`
/// is `(count, mae)`): the exact score where the position was solved, the game's final result
/// elsewhere. This is the footing of other engines' published figures, the error on their
/// training games, whose labels are the results of their self-play, rather than of
/// [`errors_by_empties`]: a game's result also carries the mistakes both sides made after the
/// position, so it reads higher than the error against the exact score, and more so the weaker
/// the play.
pub fn errors_against_labels(
    samples: &[Sample],
    eval: impl Fn(&Sample) -> i32,
) -> Vec<(usize, f64)> {
    let mut sums = vec![(0usize, 0f64); PHASES];
    for s in samples {
        let cell = &mut sums[pattern::phase(s.empties())];
        cell.0 += 1;
        cell.1 += miss(s, eval(s));
    }
    sums.into_iter()
        .map(|(n, sum)| (n, sum / n.max(1) as f64))
        .collect()
}

/// The bands of [`errors_by_balance`]: a position's exact score (discs, either side) at most
/// this much, then at most the next, then more.
pub const BALANCE: [u32; 2] = [8, 20];

/// Mean absolute error in discs of `eval` on the exact samples, by phase and by how close the
/// position is (its exact score within [`BALANCE`]'s bands): `out[phase][band]` is
/// `(count, mae)`. An error that only lopsided positions made would show as small errors in
/// the first band.
pub fn errors_by_balance(
    samples: &[Sample],
    eval: impl Fn(&Sample) -> i32,
) -> Vec<[(usize, f64); 3]> {
    let mut sums = vec![[(0usize, 0f64); 3]; PHASES];
    for s in samples.iter().filter(|s| s.exact) {
        let margin = s.label.unsigned_abs() as u32;
        let band = BALANCE.iter().take_while(|&&b| margin > b).count();
        let cell = &mut sums[pattern::phase(s.empties())][band];
        cell.0 += 1;
        cell.1 += miss(s, eval(s));
    }
    for row in sums.iter_mut() {
        for (n, sum) in row.iter_mut() {
            *sum /= (*n).max(1) as f64;
        }
    }
    sums
}

/// How an evaluation's margins compare with the exact scores, in one phase.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Calibration {
    pub count: usize,
    /// The least-squares slope of the exact score on the evaluation (both in discs, with an
    /// intercept). 1 is a calibrated evaluation; below 1 it overstates the margins, so that a
    /// position it calls 10 discs up is on average fewer; above 1 it understates them.
    pub slope: f64,
    /// The standard deviation of the exact scores (discs): how lopsided the positions are.
    pub spread: f64,
}

/// [`Calibration`] for each phase with at least two exact samples whose evaluations differ.
/// An evaluation fitted to lopsided games can be steep on close positions, where the games
/// between good players are.
pub fn calibration(samples: &[Sample], eval: impl Fn(&Sample) -> i32) -> Vec<Option<Calibration>> {
    // Per phase: count, sums of x, y, xx, xy, yy (x the evaluation, y the exact score).
    let mut sums = vec![(0usize, [0f64; 5]); PHASES];
    for s in samples.iter().filter(|s| s.exact) {
        let (x, y) = (f64::from(eval(s)) / 100.0, f64::from(s.label));
        let (n, t) = &mut sums[pattern::phase(s.empties())];
        *n += 1;
        for (sum, v) in t.iter_mut().zip([x, y, x * x, x * y, y * y]) {
            *sum += v;
        }
    }
    sums.iter()
        .map(|&(n, [sx, sy, sxx, sxy, syy])| {
            let k = n as f64;
            let var = sxx - sx * sx / k;
            (n >= 2 && var > 1e-9).then(|| Calibration {
                count: n,
                slope: (sxy - sx * sy / k) / var,
                spread: ((syy - sy * sy / k) / k).max(0.0).sqrt(),
            })
        })
        .collect()
}

/// How far the labels of positions that were not solved are from their exact scores, and
/// how far an evaluation fitted to them is from both: one row of [`label_errors`], mean
/// absolute errors in discs.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct LabelErrors {
    pub empties: u32,
    pub count: usize,
    /// The game's result (the label of a position not solved).
    pub result: f64,
    /// The search's score when the move was chosen.
    pub search: f64,
    /// The fit's target ([`crate::fit::target`] with the blend asked for).
    pub target: f64,
    /// The evaluation against the exact score, and against the fit's target.
    pub eval: f64,
    pub eval_to_target: f64,
    /// The correlation of the evaluation's miss with the target's (both against the exact
    /// score): above 0, the evaluation errs where its labels err, as a fit that learnt their
    /// mistakes would (or as one that shares the blind spots of the search that made them).
    pub shared: f64,
    /// The evaluation's mean miss once the part its targets' misses account for is taken
    /// out (the residual of the least-squares line through the origin of the evaluation's
    /// miss on the target's): about what is left of [`LabelErrors::eval`] with labels as
    /// good as exact, if what the evaluation shares with them is what it learnt from them.
    pub eval_beyond_target: f64,
}

/// For each number of empties, the positions of `labelled` without an exact label whose exact
/// score `exact` holds (the same games played again solved from more empties pass through
/// them), scored as [`LabelErrors`] with `blend` and `eval`. Where the evaluation is further
/// from the exact scores than its own targets are, what holds it back is the model, not the
/// labels it was fitted to.
pub fn label_errors(
    labelled: &[Sample],
    exact: &[Sample],
    blend: f32,
    eval: impl Fn(&Sample) -> i32,
) -> Vec<LabelErrors> {
    let solved: std::collections::HashMap<(u64, u64), i8> = exact
        .iter()
        .filter(|s| s.exact)
        .map(|s| ((s.player, s.opponent), s.label))
        .collect();
    // Each position's misses against its exact score: result, search, target, evaluation.
    let mut misses: Vec<Vec<[f64; 4]>> = vec![Vec::new(); 61];
    for s in labelled.iter().filter(|s| !s.exact) {
        let Some(&score) = solved.get(&(s.player, s.opponent)) else {
            continue;
        };
        let x = f64::from(score);
        let target = f64::from(crate::fit::target(s, blend)) / 100.0;
        let value = f64::from(eval(s)) / 100.0;
        misses[s.empties().min(60) as usize].push([
            f64::from(s.label) - x,
            f64::from(s.search) / 100.0 - x,
            target - x,
            value - x,
        ]);
    }
    misses
        .iter()
        .enumerate()
        .filter(|(_, rows)| !rows.is_empty())
        .map(|(e, rows)| {
            let k = rows.len() as f64;
            let mean = |f: &dyn Fn(&[f64; 4]) -> f64| rows.iter().map(f).sum::<f64>() / k;
            let (t, v) = (mean(&|m| m[2]), mean(&|m| m[3]));
            let (stt, svv, stv) = (
                mean(&|m| (m[2] - t).powi(2)),
                mean(&|m| (m[3] - v).powi(2)),
                mean(&|m| (m[2] - t) * (m[3] - v)),
            );
            let shared = if stt > 0.0 && svv > 0.0 {
                stv / (stt * svv).sqrt()
            } else {
                0.0
            };
            let (tt, tv) = (mean(&|m| m[2] * m[2]), mean(&|m| m[2] * m[3]));
            let slope = if tt > 0.0 { tv / tt } else { 0.0 };
            LabelErrors {
                empties: e as u32,
                count: rows.len(),
                result: mean(&|m| m[0].abs()),
                search: mean(&|m| m[1].abs()),
                target: mean(&|m| m[2].abs()),
                eval: mean(&|m| m[3].abs()),
                eval_to_target: mean(&|m| (m[3] - m[2]).abs()),
                shared,
                eval_beyond_target: mean(&|m| (m[3] - slope * m[2]).abs()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An exact sample with `empties` empty squares and this label.
    fn at(empties: u32, label: i8) -> Sample {
        let player = (1u64 << (64 - empties)) - 1;
        Sample {
            player,
            opponent: 0,
            label,
            exact: true,
            search: 0,
        }
    }

    #[test]
    fn errors_by_balance_sorts_each_position_by_its_exact_margin() {
        // An evaluation of 0 is off by exactly |label|: each band's error is its labels' mean
        // margin, and a position of a margin on a band's edge is in that band.
        let samples = [
            at(10, 8),
            at(10, -6),
            at(10, 9),
            at(10, -20),
            at(10, 30),
            at(30, -4),
        ];
        let out = errors_by_balance(&samples, |_| 0);
        let p = pattern::phase(10);
        assert_eq!(out[p][0], (2, 7.0));
        assert_eq!(out[p][1], (2, 14.5));
        assert_eq!(out[p][2], (1, 30.0));
        assert_eq!(out[pattern::phase(30)][0], (1, 4.0));
        // Labels not exact are not scored.
        let guessed = Sample {
            exact: false,
            ..at(10, 8)
        };
        assert_eq!(errors_by_balance(&[guessed], |_| 0)[p], [(0, 0.0); 3]);
    }

    #[test]
    fn calibration_is_the_slope_of_the_exact_scores_on_the_evaluation() {
        let labels = [-30i8, -12, -2, 0, 4, 18, 40];
        let samples: Vec<Sample> = labels.iter().map(|&l| at(30, l)).collect();
        let p = pattern::phase(30);
        let of = |eval: &dyn Fn(&Sample) -> i32| calibration(&samples, eval)[p].unwrap();
        // Exact, and exact but for a constant: calibrated.
        assert!((of(&|s| i32::from(s.label) * 100).slope - 1.0).abs() < 1e-9);
        assert!((of(&|s| i32::from(s.label) * 100 + 350).slope - 1.0).abs() < 1e-9);
        // Twice the margins: the exact scores rise half as fast as the evaluation.
        let twice = of(&|s| i32::from(s.label) * 200);
        assert_eq!(twice.count, labels.len());
        assert!((twice.slope - 0.5).abs() < 1e-9);
        // The spread is the labels' own (population standard deviation), whatever the
        // evaluation: mean 18/7, sum of squares 2,988.
        let mean: f64 = 18.0 / 7.0;
        let spread = (2988.0 / 7.0 - mean * mean).sqrt();
        assert!((twice.spread - spread).abs() < 1e-9, "{twice:?}");
        // A phase without positions, or with one evaluation for all, has no slope.
        assert_eq!(calibration(&samples, |_| 700)[p], None);
        assert_eq!(
            calibration(&samples, |s| i32::from(s.label))[pattern::phase(10)],
            None
        );
        // Labels not exact are not counted.
        let guessed: Vec<Sample> = samples
            .iter()
            .map(|s| Sample { exact: false, ..*s })
            .collect();
        assert_eq!(calibration(&guessed, |s| i32::from(s.label))[p], None);
    }

    #[test]
    fn label_errors_score_each_guessed_label_against_the_same_position_solved() {
        // Two positions of 20 empties labelled by a game (result, search score), a third the
        // exact file does not hold, and one solved already (not a guess: left out).
        let guessed = |player: u64, label: i8, search: i16| Sample {
            exact: false,
            search,
            ..Sample {
                player,
                ..at(20, label)
            }
        };
        let a = (1u64 << 44) - 1;
        let b = a << 1;
        let labelled = [
            guessed(a, 10, 400),
            guessed(b, -6, -200),
            guessed(a << 2, 30, 0),
            at(20, 2),
        ];
        // Exact scores: 4 for the first, 0 for the second.
        let exact = [
            Sample {
                player: a,
                ..at(20, 4)
            },
            Sample {
                player: b,
                ..at(20, 0)
            },
        ];
        // An evaluation of +1 disc everywhere; half the search's score in the targets.
        let rows = label_errors(&labelled, &exact, 0.5, |_| 100);
        assert_eq!(rows.len(), 1);
        let row = rows[0];
        assert_eq!((row.empties, row.count), (20, 2));
        // |10 - 4| and |-6 - 0|; |4 - 4| and |-2 - 0|; targets 7 and -4.
        assert_eq!((row.result, row.search, row.target), (6.0, 1.0, 3.5));
        // |1 - 4| and |1 - 0|; |1 - 7| and |1 + 4|.
        assert_eq!((row.eval, row.eval_to_target), (2.0, 5.5));
        // Misses: targets +3 and -4, evaluation -3 and +1, which fall as the target's rise.
        assert!((row.shared + 1.0).abs() < 1e-9, "{row:?}");
        // The line through the origin: slope (-9 - 4) / (9 + 16); what is left of -3 and +1.
        let slope = -13.0 / 25.0;
        let left = ((-3.0 - slope * 3.0f64).abs() + (1.0 + slope * 4.0f64).abs()) / 2.0;
        assert!((row.eval_beyond_target - left).abs() < 1e-9, "{row:?}");
        // An evaluation that learnt its targets, mistakes and all: it shares all of their
        // misses, and none of its own is left beyond them.
        let learnt = label_errors(&labelled, &exact, 0.5, |s| {
            crate::fit::target(s, 0.5) as i32
        })[0];
        assert_eq!((learnt.eval, learnt.eval_to_target), (3.5, 0.0));
        assert!((learnt.shared - 1.0).abs() < 1e-9, "{learnt:?}");
        assert!(learnt.eval_beyond_target.abs() < 1e-9, "{learnt:?}");
        // Nothing in common, nothing scored.
        assert_eq!(label_errors(&labelled, &[], 0.5, |_| 100), vec![]);
    }

    #[test]
    fn errors_by_phase_gives_each_phase_its_mean_miss_and_standard_error() {
        // An evaluation of 0 misses each exact position by |label|: misses 1 and 3 in one
        // phase (mean 2, sample variance 2, standard error sqrt(2 / 2) = 1), one miss of 5 in
        // another (no spread to tell), and a guessed label not scored.
        let guessed = Sample {
            exact: false,
            ..at(10, 30)
        };
        let samples = [at(10, 1), at(11, -3), guessed, at(30, 5)];
        let out = errors_by_phase(&samples, |_| 0);
        assert_eq!(out.len(), PHASES);
        assert_eq!(pattern::phase(10), pattern::phase(11));
        let (n, mae, se) = out[pattern::phase(10)];
        assert_eq!((n, mae), (2, 2.0));
        assert!((se - 1.0).abs() < 1e-12, "{se}");
        assert_eq!(out[pattern::phase(30)], (1, 5.0, 0.0));
        assert_eq!(out[pattern::phase(50)], (0, 0.0, 0.0));
        // The same misses, so the same mean as by empties, weighted by positions.
        let by_empties = errors_by_empties(&samples, |_| 0);
        assert_eq!(by_empties, vec![(10, 1, 1.0), (11, 1, 3.0), (30, 1, 5.0)]);
    }

    #[test]
    fn errors_against_labels_scores_every_position_by_phase() {
        // Exact or not, every label counts: the game's result where the position was not solved.
        let result = |empties, label| Sample {
            exact: false,
            ..at(empties, label)
        };
        let samples = [at(10, 8), result(10, -4), result(40, 12), result(41, -6)];
        // An evaluation of +2 discs everywhere.
        let out = errors_against_labels(&samples, |_| 200);
        assert_eq!(out.len(), PHASES);
        assert_eq!(out[pattern::phase(10)], (2, 6.0));
        assert_eq!(out[pattern::phase(40)], (2, 9.0));
        assert_eq!(out[pattern::phase(30)], (0, 0.0));
        // The exact-only measure leaves the results out.
        assert_eq!(errors_by_empties(&samples, |_| 200), vec![(10, 1, 6.0)]);
    }
}
