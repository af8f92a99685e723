//! What `train errors`, `fit` and `requant` print about a weights file on held-out positions.

use outflank_engine::search::pattern;
use outflank_engine::search::weights::Weights;
use outflank_engine::Board;
use outflank_engine::Eight;
use outflank_train::{data, errors};

/// Mean absolute errors (discs) on the exact held-out positions, by empties and by phase,
/// of the weights and of the hand-made evaluation.
pub fn print_errors(held: &[data::Sample], weights: &Weights) {
    let eval = |s: &data::Sample| weights.evaluate(s.player, s.opponent);
    let pattern = errors::errors_by_empties(held, eval);
    let old = errors::errors_by_empties(held, |s| {
        outflank_engine::search::eval::evaluate(&Board::<Eight> {
            player: s.player,
            opponent: s.opponent,
        })
    });
    println!(
        "held-out mean absolute error (discs) by empties: empties positions pattern hand-made"
    );
    for ((e, n, mae), (_, _, mae_old)) in pattern.iter().zip(&old) {
        println!("  {e:2} {n:6} {mae:6.2} {mae_old:6.2}");
    }
    println!("by phase: phase empties positions pattern hand-made, and the pattern error's standard error");
    for (phase, &(n, pattern_mae, se)) in errors::errors_by_phase(held, eval).iter().enumerate() {
        if n == 0 {
            continue;
        }
        // The hand-made evaluation's error: the position-weighted mean of its rows.
        let old_mae = old
            .iter()
            .filter(|(e, _, _)| pattern::phase(*e) == phase)
            .map(|(_, k, e)| e * *k as f64)
            .sum::<f64>()
            / n as f64;
        let (first, last) = pattern::phase_span(phase);
        println!("  {phase:2} {first:2}-{last:2} {n:6} {pattern_mae:6.2} {old_mae:6.2} {se:6.2}");
    }
    // The same by how close the positions are: an error of lopsided positions alone would
    // leave the close ones (what games between good players are made of) much better.
    let [close, mid] = errors::BALANCE;
    println!("by phase and exact margin: phase empties  positions and pattern error at 0-{close} | {}-{mid} | over {mid} discs", close + 1);
    for (phase, row) in errors::errors_by_balance(held, eval)
        .iter()
        .enumerate()
        .filter(|(_, row)| row.iter().any(|(n, _)| *n > 0))
    {
        let cells: Vec<String> = row
            .iter()
            .map(|(n, mae)| format!("{n:6} {mae:6.2}"))
            .collect();
        let (first, last) = pattern::phase_span(phase);
        println!("  {phase:2} {first:2}-{last:2} {}", cells.join(" | "));
    }
    // Whether its margins are too wide or too narrow on these positions (a fit to lopsided
    // games can be too steep on close ones).
    println!("by phase: phase empties positions, slope of the exact score on the pattern evaluation (1: calibrated; below 1: it overstates margins), standard deviation of the exact scores (discs)");
    for (phase, cell) in errors::calibration(held, eval).iter().enumerate() {
        if let Some(c) = cell {
            let (first, last) = pattern::phase_span(phase);
            println!(
                "  {phase:2} {first:2}-{last:2} {:6} {:6.3} {:6.2}",
                c.count, c.slope, c.spread
            );
        }
    }
    // Against every label, the games' results included: the footing of other engines'
    // published figures (the error on their own training games), so that they compare.
    println!("by phase, against every position's label (the exact score where solved, else the game's result): phase empties positions pattern");
    for (phase, (n, mae)) in errors::errors_against_labels(held, eval).iter().enumerate() {
        if *n > 0 {
            let (first, last) = pattern::phase_span(phase);
            println!("  {phase:2} {first:2}-{last:2} {n:6} {mae:6.2}");
        }
    }
}
