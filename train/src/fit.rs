//! Fitting the pattern weights to labelled positions, and measuring them.
//!
//! Least squares by mini-batch Adam, one phase at a time: the weights of phase `k` minimise
//! `sum_s w_s (eval(s) - y_s)^2 + l2 * sum_f theta_f^2` over the positions of that phase
//! (`w_s = 1`) and of the two neighbouring phases (`w_s = smooth`), which smooths the
//! weights from one phase to the next and gives the rarer configurations more data. Or,
//! with [`PhaseLayout::Interpolated`], every knot at once, each odd phase evaluated as the
//! mean of the two knots around it. The
//! features are already symmetric (see [`outflank_engine::search::pattern`]: every pattern is read on
//! all 8 images of the board), so the 8 symmetries are built into every position: no
//! augmentation needed. Configurations seen fewer than `min_count` times in a phase's data
//! keep a zero weight (they are noise, and zeros make the file small).
//!
//! Targets are hundredths of a disc: the exact score when the label is exact, else the game's
//! result blended with the search's score (`blend` = the share of the search score).
//!
//! A fit may start from earlier weights (`init`) instead of zero: a round of new positions
//! then refines what the earlier rounds taught without their files, and a configuration the
//! new data sees fewer than `min_count` times keeps its earlier weight. With `anchor`, every
//! weight is also pulled back toward its starting value as if `anchor` positions had seen it
//! there (a ridge penalty centred on the earlier weights instead of zero): a configuration
//! moves only as far as the new positions that see it outweigh the old fit, so a round can
//! refine the weights without the earlier rounds' files and without forgetting them.

use outflank_engine::search::pattern::{self, FEATURES, PHASES, TABLE};
use outflank_engine::search::weights::Weights;

use crate::data::Sample;

/// The knobs of a fit.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    pub epochs: u32,
    /// Adam's step size at the start (hundredths of a disc), decaying to a tenth of it.
    pub rate: f32,
    /// The ridge: every weight is pulled toward zero as if this many positions had seen it
    /// there, however rare its configuration.
    pub l2: f32,
    /// Weight decay: each batch that touches a weight adds `2 decay theta / N` to its
    /// gradient (`N` the rows of the fit), whichever configuration it is. Next to the data's
    /// gradient of a configuration seen in a few of millions of positions this is almost
    /// nothing; the shipped weights were fitted with 2.
    pub decay: f32,
    /// Weight of the neighbouring phases' positions.
    pub smooth: f32,
    pub min_count: u32,
    /// Share of the search score in the target of positions without an exact label.
    pub blend: f32,
    /// Weights are rounded to multiples of this (hundredths of a disc): a smaller file.
    pub quantum: u8,
    /// With starting weights: the pull back toward them, in positions' worth (0: none).
    pub anchor: f32,
    /// Huber's threshold (hundredths of a disc; 0: plain least squares): an error beyond it
    /// pulls only as hard as one at it, so a few labels far off (a game lost by a blunder
    /// after the position) weigh less than in least squares.
    pub huber: f32,
    /// How the fitted weight sets map onto the evaluation's phases.
    pub phases: PhaseLayout,
}

/// How the fitted weight sets map onto the evaluation's [`PHASES`] phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseLayout {
    /// A weight set for each phase ([`pattern::PHASE_EMPTIES`] empties).
    Each,
    /// Each pair of phases `2k`, `2k + 1` as one, a phase of 8 empties (twice the positions a
    /// weight, half the weights; the file then stores each pair once).
    Pairs,
    /// A weight set at every even phase (a *knot*, 8 empties apart); an odd phase's weights are
    /// the mean of its two neighbours' ([`outflank_engine::search::weights::midpoint`]). As many stored
    /// weights as [`PhaseLayout::Pairs`], but the evaluation moves from one knot to the next in
    /// two steps instead of one jump, and all knots are fitted together: a position of an odd
    /// phase teaches both of its knots. `smooth` does not apply (the mean is the smoothing).
    Interpolated,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            epochs: 200,
            rate: 4.0,
            l2: 0.0,
            decay: 0.0,
            smooth: 0.3,
            min_count: 3,
            blend: 0.0,
            quantum: 1,
            anchor: 0.0,
            huber: 0.0,
            phases: PhaseLayout::Each,
        }
    }
}

/// The target of a sample, in hundredths of a disc.
pub fn target(s: &Sample, blend: f32) -> f32 {
    let result = f32::from(s.label) * 100.0;
    if s.exact || s.search == 0 {
        result
    } else {
        (1.0 - blend) * result + blend * f32::from(s.search)
    }
}

/// The canonical features of a sample.
fn canonical_features(s: &Sample) -> [u32; FEATURES] {
    let canon = pattern::canonical();
    let mut f = pattern::features(s.player, s.opponent);
    for x in f.iter_mut() {
        *x = canon[*x as usize];
    }
    f
}

/// Fits every phase, from `init`'s weights or from zero; `progress` hears one line per phase
/// (its sample count, training error).
pub fn fit(
    samples: &[Sample],
    opts: &FitOptions,
    init: Option<&Weights>,
    mut progress: impl FnMut(&str),
) -> Weights {
    if opts.phases == PhaseLayout::Interpolated {
        return fit_knots(samples, opts, init, progress);
    }
    // The fitted phases: `stride` of the evaluation's phases each.
    let stride = if opts.phases == PhaseLayout::Pairs {
        2
    } else {
        1
    };
    let fitted = PHASES.div_ceil(stride);
    let mut by_phase: Vec<Vec<usize>> = vec![Vec::new(); fitted];
    for (i, s) in samples.iter().enumerate() {
        by_phase[pattern::phase(s.empties()) / stride].push(i);
    }
    let mut values: Vec<Vec<i16>> = Vec::with_capacity(PHASES);
    for phase in 0..fitted {
        // This phase's positions (weight 1), then the neighbours' (weight `smooth`).
        let mut rows: Vec<([u32; FEATURES], f32, f32)> = Vec::new();
        let first = phase.saturating_sub(1);
        for (k, members) in by_phase.iter().enumerate().take(phase + 2).skip(first) {
            let weight = if k == phase { 1.0 } else { opts.smooth };
            if weight <= 0.0 {
                continue;
            }
            for &i in members {
                rows.push((
                    canonical_features(&samples[i]),
                    target(&samples[i], opts.blend),
                    weight,
                ));
            }
        }
        let start: Vec<f32> = match init {
            Some(w) => (0..TABLE)
                .map(|f| f32::from(w.get(phase * stride, f)))
                .collect(),
            None => vec![0.0; TABLE],
        };
        let (theta, mae) = fit_phase(&rows, opts, start);
        let first = pattern::phase_span(phase * stride).0;
        let last = pattern::phase_span((phase * stride + stride - 1).min(PHASES - 1)).1;
        progress(&format!(
            "phase {phase:2} (empties {first:2}-{last:2}): {:7} positions ({} own), training MAE {:.2} discs",
            rows.len(),
            by_phase[phase].len(),
            mae / 100.0
        ));
        for _ in 0..stride.min(PHASES - values.len()) {
            values.push(theta.clone());
        }
    }
    Weights::from_canonical(&values)
}

/// Adam on one phase's rows `(features, target, weight)` from the weights `theta`; returns
/// the rounded weights (indexed by canonical feature) and the weighted mean absolute training
/// error of the last epoch.
fn fit_phase(
    rows: &[([u32; FEATURES], f32, f32)],
    opts: &FitOptions,
    theta: Vec<f32>,
) -> (Vec<i16>, f32) {
    let (theta, mae) = adam(rows.len(), opts, theta, |i, entries| {
        let (f, y, w) = &rows[i];
        entries.extend(f.iter().map(|&x| (x, 1.0)));
        (*y, *w)
    });
    (rounded(&theta, opts.quantum), mae)
}

/// `theta` rounded to multiples of `quantum` hundredths of a disc, within 16 bits.
fn rounded(theta: &[f32], quantum: u8) -> Vec<i16> {
    let q = f32::from(quantum.max(1));
    theta
        .iter()
        .map(|&t| ((t / q).round() * q).clamp(-i16::MAX as f32, i16::MAX as f32) as i16)
        .collect()
}

/// Fits the knots of [`PhaseLayout::Interpolated`] together: the weights of knot `k` stand at
/// phase `2k`, and a position of phase `2k + 1` is evaluated by half of each of its two knots.
fn fit_knots(
    samples: &[Sample],
    opts: &FitOptions,
    init: Option<&Weights>,
    mut progress: impl FnMut(&str),
) -> Weights {
    let knots = PHASES.div_ceil(2);
    let table = TABLE as u32;
    let start: Vec<f32> = (0..knots)
        .flat_map(|k| (0..TABLE).map(move |f| (k, f)))
        .map(|(k, f)| init.map_or(0.0, |w| f32::from(w.get(2 * k, f))))
        .collect();
    // Each position's features are gathered anew in every epoch rather than kept: a fit of
    // 20 M positions would otherwise hold 8 GB of them at once (and the gathering costs a
    // fraction of the updates).
    let (theta, _) = adam(samples.len(), opts, start, |i, entries| {
        let s = &samples[i];
        let phase = pattern::phase(s.empties());
        let knot = (phase / 2) as u32;
        for x in canonical_features(s) {
            if phase % 2 == 0 {
                entries.push((knot * table + x, 1.0));
            } else {
                entries.push((knot * table + x, 0.5));
                entries.push(((knot + 1) * table + x, 0.5));
            }
        }
        (target(s, opts.blend), 1.0)
    });
    let theta = rounded(&theta, opts.quantum);
    let knot_values: Vec<Vec<i16>> = theta.chunks_exact(TABLE).map(<[i16]>::to_vec).collect();
    let weights = Weights::from_knots(&knot_values);
    // The training error of the rounded weights, phase by phase.
    let mut by_phase = vec![(0usize, 0.0f64); PHASES];
    for s in samples {
        let e = weights.evaluate(s.player, s.opponent) as f32 - target(s, opts.blend);
        let slot = &mut by_phase[pattern::phase(s.empties())];
        *slot = (slot.0 + 1, slot.1 + f64::from(e.abs()));
    }
    for (phase, &(n, abs)) in by_phase.iter().enumerate() {
        let (first, last) = pattern::phase_span(phase);
        let knot = if phase % 2 == 0 {
            format!("knot {}", phase / 2)
        } else {
            format!("knots {} and {}", phase / 2, phase / 2 + 1)
        };
        progress(&format!(
            "phase {phase:2} (empties {first:2}-{last:2}, {knot}): {n:7} positions, training MAE {:.2} discs",
            abs / n.max(1) as f64 / 100.0
        ));
    }
    weights
}

/// Adam on `rows` rows from the weights `theta`, by mini-batches in a seeded shuffled order
/// (lazy: a weight's moments move only in the batches that touch it). `row(i, entries)` puts
/// row `i`'s `(weight index, coefficient)` pairs in `entries` (its evaluation is the sum of
/// `coefficient * theta[index]`) and returns its target and its weight in the loss. Returns
/// the weights and the weighted mean absolute training error of the last epoch.
fn adam(
    rows: usize,
    opts: &FitOptions,
    mut theta: Vec<f32>,
    row: impl Fn(usize, &mut Vec<(u32, f32)>) -> (f32, f32),
) -> (Vec<f32>, f32) {
    let len = theta.len();
    let mut entries: Vec<(u32, f32)> = Vec::with_capacity(2 * FEATURES);
    let mut count = vec![0u32; len];
    let mut total_weight = 0f32;
    for i in 0..rows {
        entries.clear();
        total_weight += row(i, &mut entries).1;
        for &(x, _) in &entries {
            count[x as usize] += 1;
        }
    }
    let active: Vec<bool> = count.iter().map(|&c| c >= opts.min_count.max(1)).collect();
    // Both penalties' gradients, 2 l2 theta / W for the ridge and 2 anchor (theta - start) / W
    // for the anchor (the loss normalised by the rows' total weight W), are applied lazily like
    // the rest: only in the batches that touch a weight, so scaled up by the batches per epoch
    // over the batches expected to touch it. Then a configuration seen c times ends at
    // sum e + l2 theta = 0, as rare as it may be: the ridge weighs l2 positions. (A ridge
    // scaled by 1 / N alone would weigh about 256 c / N of its l2 positions: nothing, on the
    // rare configurations of a fit of millions of positions.)
    let start = theta.clone();
    let batches = rows.div_ceil(BATCH).max(1) as f32;
    let total_weight = total_weight.max(1e-6);
    // The expected number of batches among `batches` that hold at least one of a
    // configuration's `count` occurrences, once per configuration (not in the inner loop).
    let penalty_scale: Vec<f32> = count
        .iter()
        .map(|&c| {
            let touched = batches * (1.0 - (1.0 - 1.0 / batches).powf(c as f32));
            2.0 * batches / (total_weight * touched.max(1.0))
        })
        .collect();
    let mut m = vec![0f32; len];
    let mut v = vec![0f32; len];
    let mut steps = vec![0i32; len];
    let mut grad = vec![0f32; len];
    let mut touched: Vec<u32> = Vec::new();
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-6f32);
    let mut order: Vec<usize> = (0..rows).collect();
    let mut rng = outflank_engine::rng::Rng::new(rows as u64);
    let mut mae = 0.0;
    let mut batch_rows: Vec<(f32, f32, usize, usize)> = Vec::with_capacity(BATCH);
    for epoch in 0..opts.epochs {
        // Fisher-Yates with the seeded source: the same data gives the same weights.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        // The step decays geometrically to a tenth of the starting rate.
        let rate = opts.rate * 0.1f32.powf(epoch as f32 / opts.epochs.max(1) as f32);
        let (mut abs, mut total) = (0.0f64, 0.0f64);
        for batch in order.chunks(BATCH) {
            let mut weight = 0f32;
            batch_rows.clear();
            entries.clear();
            for &i in batch {
                let first = entries.len();
                let (y, w) = row(i, &mut entries);
                weight += w;
                batch_rows.push((y, w, first, entries.len()));
            }
            let weight = weight.max(1e-6);
            for &(y, w, first, last) in &batch_rows {
                let row_entries = &entries[first..last];
                let pred: f32 = row_entries
                    .iter()
                    .map(|&(x, c)| c * theta[x as usize])
                    .sum();
                let e = pred - y;
                abs += f64::from(w * e.abs());
                total += f64::from(w);
                let pull = if opts.huber > 0.0 {
                    e.clamp(-opts.huber, opts.huber)
                } else {
                    e
                };
                let g = 2.0 * w * pull / weight;
                for &(x, c) in row_entries {
                    if grad[x as usize] == 0.0 {
                        touched.push(x);
                    }
                    grad[x as usize] += c * g;
                }
            }
            for &x in &touched {
                let x = x as usize;
                let mut g = grad[x];
                if opts.decay > 0.0 {
                    g += 2.0 * opts.decay * theta[x] / rows as f32;
                }
                if opts.l2 > 0.0 || opts.anchor > 0.0 {
                    let pull = opts.l2 * theta[x] + opts.anchor * (theta[x] - start[x]);
                    g += penalty_scale[x] * pull;
                }
                grad[x] = 0.0;
                if !active[x] {
                    continue;
                }
                steps[x] += 1;
                m[x] = b1 * m[x] + (1.0 - b1) * g;
                v[x] = b2 * v[x] + (1.0 - b2) * g * g;
                let (c1, c2) = (1.0 - b1.powi(steps[x]), 1.0 - b2.powi(steps[x]));
                theta[x] -= rate * (m[x] / c1) / ((v[x] / c2).sqrt() + eps);
            }
            touched.clear();
        }
        mae = (abs / total.max(1e-9)) as f32;
    }
    (theta, mae)
}

/// Positions per mini-batch.
const BATCH: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions near the start where the label is +10 discs when the player owns e4 and
    /// -10 when the opponent does (a rule the patterns can express exactly).
    fn e4_rule_samples() -> Vec<Sample> {
        let mut samples = Vec::new();
        let mut s = 11u64;
        for _ in 0..400 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let extra = (s & 0x0000_3C3C_3C00_0000) & !(1 << 28);
            let mine = s >> 32 & 1 == 1;
            let (p, o) = if mine {
                (1u64 << 28 | extra, 0)
            } else {
                (extra, 1u64 << 28)
            };
            let o = o | ((s >> 8) & 0x0000_0000_0000_3C00 & !p);
            samples.push(Sample {
                player: p,
                opponent: o,
                label: if mine { 10 } else { -10 },
                exact: true,
                search: 0,
            });
        }
        samples
    }

    fn mean_error(samples: &[Sample], w: &Weights) -> f64 {
        let errors =
            crate::errors::errors_by_empties(samples, |s| w.evaluate(s.player, s.opponent));
        let (n, sum) = errors
            .iter()
            .fold((0, 0.0), |(n, t), &(_, c, mae)| (n + c, t + mae * c as f64));
        assert_eq!(n, samples.len());
        sum / n as f64
    }

    /// Knobs that fit the e4 rule closely: many epochs, every configuration kept.
    fn thorough() -> FitOptions {
        FitOptions {
            epochs: 300,
            rate: 4.0,
            l2: 0.0,
            decay: 0.0,
            smooth: 0.0,
            min_count: 1,
            blend: 0.0,
            quantum: 1,
            anchor: 0.0,
            huber: 0.0,
            phases: PhaseLayout::Each,
        }
    }

    #[test]
    fn a_fit_on_phases_of_8_empties_ties_each_pair_of_phases() {
        let samples = e4_rule_samples();
        let wide = FitOptions {
            phases: PhaseLayout::Pairs,
            ..thorough()
        };
        let mut lines = Vec::new();
        let w = fit(&samples, &wide, None, |l| lines.push(l.to_string()));
        assert_eq!(lines.len(), PHASES.div_ceil(2));
        assert!(lines[1].contains("empties  8-15"), "{}", lines[1]);
        assert!(mean_error(&samples, &w) < 1.0);
        for p in (0..PHASES - 1).step_by(2) {
            assert!(
                (0..TABLE).all(|f| w.get(p, f) == w.get(p + 1, f)),
                "phases {p}, {}",
                p + 1
            );
        }
        // The same fit on phases of 4 empties does not tie them.
        let narrow = fit(&samples, &thorough(), None, |_| {});
        assert_ne!(w, narrow);
    }

    #[test]
    fn an_interpolated_fit_gives_each_odd_phase_the_mean_of_the_knots_around_it() {
        // The rule's positions span phases 12-14, so knots 6 and 7 both learn it, phase 13
        // from half of each.
        let samples = e4_rule_samples();
        let knots = FitOptions {
            phases: PhaseLayout::Interpolated,
            ..thorough()
        };
        let mut lines = Vec::new();
        let w = fit(&samples, &knots, None, |l| lines.push(l.to_string()));
        assert_eq!(lines.len(), PHASES);
        assert!(lines[13].contains("knots 6 and 7"), "{}", lines[13]);
        assert!(mean_error(&samples, &w) < 1.0);
        let phases: Vec<usize> = samples
            .iter()
            .map(|s| pattern::phase(s.empties()))
            .collect();
        assert!(
            [12, 13, 14].iter().all(|p| phases.contains(p)),
            "{phases:?}"
        );
        for p in (1..PHASES - 1).step_by(2) {
            assert!(
                (0..TABLE).all(|f| w.get(p, f)
                    == outflank_engine::search::weights::midpoint(
                        w.get(p - 1, f),
                        w.get(p + 1, f)
                    )),
                "phase {p}"
            );
        }
        assert!((0..TABLE).any(|f| w.get(12, f) != w.get(14, f)));
        // The file stores the knots alone, and reads back the same evaluation.
        let back = Weights::from_bytes(&w.to_bytes()).expect("its own file");
        assert_eq!(back, w);
    }

    #[test]
    fn the_fit_learns_a_simple_rule_and_leaves_unseen_configurations_at_zero() {
        let samples = e4_rule_samples();
        let opts = thorough();
        let w = fit(&samples, &opts, None, |_| {});
        let error = mean_error(&samples, &w);
        assert!(error < 1.0, "mean error {error} discs");
        // A phase with no positions keeps all its weights at zero.
        assert!((0..TABLE).all(|f| w.get(0, f) == 0));
    }

    #[test]
    fn a_fit_from_earlier_weights_starts_where_they_stand_and_keeps_what_it_does_not_see() {
        let samples = e4_rule_samples();
        let learned = thorough();
        let earlier = fit(&samples, &learned, None, |_| {});
        // One short epoch: from zero it cannot learn the rule, from the earlier weights it
        // keeps it.
        let short = FitOptions {
            epochs: 1,
            rate: 0.5,
            ..learned
        };
        let cold = mean_error(&samples, &fit(&samples, &short, None, |_| {}));
        let warm = mean_error(&samples, &fit(&samples, &short, Some(&earlier), |_| {}));
        assert!(cold > 8.0, "one short epoch from zero: {cold} discs");
        assert!(
            warm < 1.0,
            "one short epoch from the earlier weights: {warm} discs"
        );
        // A configuration the new data sees too rarely keeps its earlier weight, and so
        // does every phase the new data does not reach.
        let rare = FitOptions {
            min_count: u32::MAX,
            ..learned
        };
        assert_eq!(fit(&samples, &rare, Some(&earlier), |_| {}), earlier);
    }

    #[test]
    fn an_anchor_holds_the_earlier_weights_against_new_data_as_far_as_it_weighs() {
        let samples = e4_rule_samples();
        let learned = thorough();
        let earlier = fit(&samples, &learned, None, |_| {});
        // New data says the rule is worth twice as much.
        let doubled: Vec<Sample> = samples
            .iter()
            .map(|s| Sample {
                label: 2 * s.label,
                ..*s
            })
            .collect();
        let refit = |anchor| {
            let opts = FitOptions { anchor, ..learned };
            let w = fit(&doubled, &opts, Some(&earlier), |_| {});
            (mean_error(&doubled, &w), mean_error(&samples, &w))
        };
        // No anchor: the new rule is learned. An anchor far heavier than the data: the old
        // rule stays. An anchor about as heavy as the data: halfway.
        let (free_new, free_old) = refit(0.0);
        let (held_new, held_old) = refit(1e6);
        let (half_new, half_old) = refit(400.0);
        assert!(free_new < 1.0 && free_old > 9.0, "{free_new} {free_old}");
        assert!(held_new > 9.0 && held_old < 1.0, "{held_new} {held_old}");
        assert!(
            half_new > 2.0 && half_old > 2.0,
            "between the two: {half_new} {half_old}"
        );
    }

    /// The configuration the penalties' tests follow: seen in 30 positions, all labelled +10
    /// discs, among `others` positions that see only a common configuration (labelled 0).
    const RARE: u32 = 7;

    fn rare_rows(others: usize) -> Vec<([u32; FEATURES], f32, f32)> {
        let mut rare = [0u32; FEATURES];
        rare[0] = RARE;
        let mut v = vec![(rare, 1000.0, 1.0); 30];
        v.extend(std::iter::repeat_n(([0u32; FEATURES], 0.0, 1.0), others));
        v
    }

    #[test]
    fn a_ridge_of_n_positions_halves_a_configuration_seen_n_times_however_big_the_fit() {
        // A configuration seen in 30 positions, all labelled +10 discs, among positions that
        // see only a common configuration (labelled 0, which pins the common weight near
        // zero): with a ridge of 30 positions its weight ends halfway, at 5 discs, whether the
        // others fill 10 batches or 100 (a ridge applied once per batch, not scaled to the
        // batches that touch it, would weigh less the more batches a fit had).
        let opts = FitOptions {
            epochs: 100,
            rate: 20.0,
            l2: 30.0,
            ..thorough()
        };
        for others in [2_560, 25_600] {
            let (theta, _) = fit_phase(&rare_rows(others), &opts, vec![0.0; TABLE]);
            let rare = theta[RARE as usize];
            assert!(
                (450..=550).contains(&rare),
                "among {others} others, the rare weight is {rare} hundredths of a disc"
            );
        }
    }

    #[test]
    fn a_decay_weighs_less_on_a_rare_configuration_the_bigger_the_fit() {
        // The rare configuration of the ridge's test, with a decay of 30 instead: among
        // 2,560 others (10 batches, nearly all of which hold one of its positions) it pulls
        // about as hard as a ridge of 30 positions, halfway to the label; among 25,600 (100
        // batches, about 26 holding one) the same decay is spread over ten times the
        // positions and leaves the weight much nearer its label.
        let opts = FitOptions {
            epochs: 100,
            rate: 20.0,
            decay: 30.0,
            ..thorough()
        };
        let rare = |others| fit_phase(&rare_rows(others), &opts, vec![0.0; TABLE]).0[RARE as usize];
        let (small, big) = (rare(2_560), rare(25_600));
        assert!(
            (430..=570).contains(&small) && (700..=900).contains(&big),
            "the rare weight is {small} hundredths of a disc among 2,560 others, {big} among 25,600"
        );
    }

    #[test]
    fn a_huber_fit_follows_the_rule_where_a_few_labels_are_far_off() {
        let samples = e4_rule_samples();
        // One position in ten has a label 50 discs too high (a game lost by a blunder
        // later on): least squares follows them part of the way, Huber's loss hardly.
        let noisy: Vec<Sample> = samples
            .iter()
            .enumerate()
            .map(|(i, s)| Sample {
                label: if i % 10 == 0 { s.label + 50 } else { s.label },
                ..*s
            })
            .collect();
        let squares = thorough();
        let huber = FitOptions {
            huber: 100.0,
            ..squares
        };
        let off_squares = mean_error(&samples, &fit(&noisy, &squares, None, |_| {}));
        let off_huber = mean_error(&samples, &fit(&noisy, &huber, None, |_| {}));
        assert!(
            off_huber < 2.0 && off_squares > 2.0 * off_huber,
            "error against the rule: Huber {off_huber} discs, least squares {off_squares}"
        );
    }

    #[test]
    fn targets_blend_the_search_score_only_without_an_exact_label() {
        let s = Sample {
            player: 1,
            opponent: 2,
            label: 10,
            exact: false,
            search: 500,
        };
        assert_eq!(target(&s, 0.5), 750.0);
        assert_eq!(target(&Sample { exact: true, ..s }, 0.5), 1000.0);
    }
}
