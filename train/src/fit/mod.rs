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

mod adam;

use adam::adam;

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

#[cfg(test)]
mod tests;
