//! The optimiser of the fits: Adam by mini-batches over rows of weighted sparse features.

use outflank_engine::search::pattern::FEATURES;

use super::FitOptions;

/// Adam on `rows` rows from the weights `theta`, by mini-batches in a seeded shuffled order
/// (lazy: a weight's moments move only in the batches that touch it). `row(i, entries)` puts
/// row `i`'s `(weight index, coefficient)` pairs in `entries` (its evaluation is the sum of
/// `coefficient * theta[index]`) and returns its target and its weight in the loss. Returns
/// the weights and the weighted mean absolute training error of the last epoch.
pub(super) fn adam(
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
