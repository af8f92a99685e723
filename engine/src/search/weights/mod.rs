//! The weights of the pattern evaluation, and their compact file.
//!
//! In memory: one table of `i16` per phase, [`pattern::TABLE`] entries each, indexed by
//! [`pattern::features`]; the evaluation is the sum of the weights of a position's
//! features, in hundredths of a disc like [`crate::search::eval`], so the search stays in
//! integers.
//!
//! The file (`engine/weights/reversi8.bin`, embedded in the native engine and fetched by
//! the browser worker) is read and written by `file.rs` (its format is described there).

mod file;

pub use file::WeightsError;

use crate::search::pattern::{self, PHASES, TABLE};
use crate::search::pattern_index::{self, Indexes};

/// A trained evaluation: one weight table per phase.
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    /// `PHASES * TABLE` entries, phase by phase.
    tables: Vec<i16>,
    /// The same tables read with the digits 1 and 2 of every pattern exchanged, for the
    /// search's indexes by colour ([`Weights::evaluate_indexed`]); made from `tables`.
    exchanged: Vec<i16>,
}

impl std::fmt::Debug for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let nonzero = self.tables.iter().filter(|&&w| w != 0).count();
        let tied = if self.tied_in_pairs() {
            ", tied in pairs"
        } else if self.interpolated() {
            ", odd phases interpolated"
        } else {
            ""
        };
        write!(f, "Weights({PHASES} phases{tied}, {nonzero} non-zero)")
    }
}

impl Weights {
    /// All weights zero.
    pub fn zero() -> Weights {
        Weights::new(vec![0; PHASES * TABLE])
    }

    /// The weights of `tables` (`PHASES * TABLE` entries), and their exchanged copy.
    fn new(tables: Vec<i16>) -> Weights {
        let map = pattern_index::exchanged();
        let mut exchanged = vec![0; tables.len()];
        for (phase, out) in exchanged.chunks_exact_mut(TABLE).enumerate() {
            let table = &tables[phase * TABLE..][..TABLE];
            for (w, &f) in out.iter_mut().zip(&map) {
                *w = table[f as usize];
            }
        }
        Weights { tables, exchanged }
    }

    /// Weights from one canonical value per feature and phase (`canonical_values[phase]`
    /// indexed by canonical feature; the other entries of the slice are ignored).
    pub fn from_canonical(canonical_values: &[Vec<i16>]) -> Weights {
        Weights::new(canonical_tables(canonical_values))
    }

    /// Interpolated weights (fitted as knots every 8 empties) from their knots' canonical
    /// values (`knot_values[k]` stands at phase `2k`): every even phase holds its knot, and
    /// every odd phase the [`midpoint`] of the knots on either side.
    pub fn from_knots(knot_values: &[Vec<i16>]) -> Weights {
        let mut tables = canonical_tables(
            &(0..PHASES)
                .map(|p| knot_values.get(p / 2).cloned().unwrap_or_default())
                .collect::<Vec<_>>(),
        );
        interpolate_odd_phases(&mut tables);
        Weights::new(tables)
    }

    /// The same weights rounded to multiples of `quantum` hundredths of a disc, and those
    /// smaller than `drop` (after rounding) set to zero: a smaller file from one fine fit,
    /// without fitting again for each size tried (`outflank-train requant`).
    /// Interpolated weights stay interpolated: their knots are rounded, and the odd phases made
    /// from them again.
    pub fn requantized(&self, quantum: u8, drop: i16) -> Weights {
        let q = f32::from(quantum.max(1));
        let interpolated = self.interpolated();
        let mut tables: Vec<i16> = self
            .tables
            .iter()
            .map(|&w| {
                let r = ((f32::from(w) / q).round() * q).clamp(-(i16::MAX as f32), i16::MAX as f32)
                    as i16;
                if r.unsigned_abs() < drop.unsigned_abs() {
                    0
                } else {
                    r
                }
            })
            .collect();
        if interpolated {
            interpolate_odd_phases(&mut tables);
        }
        Weights::new(tables)
    }

    /// The weight of feature `f` in `phase`.
    pub fn get(&self, phase: usize, f: usize) -> i16 {
        self.tables[phase * TABLE + f]
    }

    /// The evaluation of `(player, opponent)` for the player (to move), in hundredths of a
    /// disc.
    #[inline]
    pub fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        let empties = 64 - (player | opponent).count_ones();
        let table = &self.tables[pattern::phase(empties) * TABLE..][..TABLE];
        // The sum of the weights of `pattern::features`, read once per distinct pattern
        // instance (see `pattern_sum`: the same number, half the reads).
        crate::search::pattern_sum::pattern_sum(table, player, opponent).clamp(-6400, 6400)
    }

    /// [`Weights::evaluate`] from the indexes the search keeps along its moves (`ix` must be
    /// the indexes of this position): the same number without gathering them. Kept out of
    /// line, as [`Indexes::play`] is.
    #[inline(never)]
    pub fn evaluate_indexed(&self, ix: &Indexes, player: u64, opponent: u64) -> i32 {
        let empties = 64 - (player | opponent).count_ones();
        let tables = if ix.ones_to_move() {
            &self.tables
        } else {
            &self.exchanged
        };
        let table = &tables[pattern::phase(empties) * TABLE..][..TABLE];
        let scalars = crate::search::pattern_sum::scalar_sum(table, player, opponent);
        (ix.sum(table) + scalars).clamp(-6400, 6400)
    }
}

/// The `PHASES * TABLE` tables of one canonical value per feature and phase (see
/// [`Weights::from_canonical`]).
fn canonical_tables(canonical_values: &[Vec<i16>]) -> Vec<i16> {
    let canon = pattern::canonical();
    let mut tables = vec![0; PHASES * TABLE];
    for (phase, values) in canonical_values.iter().enumerate().take(PHASES) {
        for (f, &c) in canon.iter().enumerate().take(TABLE) {
            tables[phase * TABLE + f] = values.get(c as usize).copied().unwrap_or(0);
        }
    }
    tables
}

/// The weight halfway between `a` and `b`, rounded down: what an odd phase of interpolated
/// weights holds (the fit and the file's reader both use it, so they agree to the bit).
pub fn midpoint(a: i16, b: i16) -> i16 {
    ((i32::from(a) + i32::from(b)) >> 1) as i16
}

/// Sets each odd phase of `tables` (`PHASES * TABLE` entries) to the [`midpoint`] of the two
/// even phases around it.
fn interpolate_odd_phases(tables: &mut [i16]) {
    for phase in (1..PHASES - 1).step_by(2) {
        let (before, rest) = tables.split_at_mut(phase * TABLE);
        let (odd, after) = rest.split_at_mut(TABLE);
        let below = &before[(phase - 1) * TABLE..];
        for ((w, &a), &b) in odd.iter_mut().zip(below).zip(&after[..TABLE]) {
            *w = midpoint(a, b);
        }
    }
}

/// The weights the engine uses by default on 8x8: the embedded ones natively, none in
/// wasm (the browser worker fetches the file and sets them, see
/// [`crate::search::Searcher::set_pattern`]).
pub fn default_weights() -> Option<&'static Weights> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return embedded();
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    None
}

/// The weights trained by `outflank-train` (train/TRAINING.md), embedded in the native
/// engine; `None` if the embedded file does not match this build's patterns.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn embedded() -> Option<&'static Weights> {
    static EMBEDDED: std::sync::OnceLock<Option<Weights>> = std::sync::OnceLock::new();
    EMBEDDED
        .get_or_init(|| Weights::from_bytes(include_bytes!("../../../weights/reversi8.bin")).ok())
        .as_ref()
}

impl Weights {
    /// The weights file at `path` ([`Weights::from_bytes`]), or why it cannot be read, naming
    /// the file.
    pub fn read(path: &std::path::Path) -> Result<Weights, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Weights::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pattern::{base_indexes_by_squares, symmetries, OFFSETS};

    pub(super) fn sample_weights() -> Weights {
        let canon = pattern::canonical();
        let mut values = vec![vec![0i16; TABLE]; PHASES];
        let mut s = 99u64;
        for (phase, v) in values.iter_mut().enumerate() {
            for (f, w) in v.iter_mut().enumerate() {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if canon[f] as usize == f && (s >> 60) < 3 {
                    *w = ((s >> 40) as i16 % 700) - 350 + phase as i16;
                }
            }
        }
        Weights::from_canonical(&values)
    }

    #[test]
    fn symmetric_positions_evaluate_the_same() {
        let w = sample_weights();
        let mut s = 7u64;
        for _ in 0..300 {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let filled = s ^ (s >> 13).rotate_left(29);
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let p = filled & s;
            let o = filled & !p;
            let v = w.evaluate(p, o);
            let (ps, os) = (symmetries(p), symmetries(o));
            for g in 1..8 {
                assert_eq!(w.evaluate(ps[g], os[g]), v);
            }
        }
    }

    #[test]
    fn a_hand_made_weight_set_gives_the_hand_computed_value() {
        // One weight: row 3 (and its images) with a player disc on a3 and the rest empty,
        // in the phase of 56..59 empties; and the parity weight for an odd count of empties.
        let mut values = vec![vec![0i16; TABLE]; PHASES];
        let a3 = base_indexes_by_squares(1 << 16, 0)[4];
        let c = pattern::canonical()[(OFFSETS[4] + a3) as usize] as usize;
        values[14][c] = 10;
        values[14][OFFSETS[16] as usize + 1] = 3;
        let w = Weights::from_canonical(&values);
        // Player on a3, opponent on h8: 62 empties (phase 14, even). Row 3 on the 8 images
        // reads a3 / h3 / a6 / h6 / c1 / c8 / f1 / f8 lines: a3 is the first square of row 3
        // (image 0) and the last of row 3 read mirrored (image 2), each a configuration with
        // one disc at an end: both map to the same canonical entry, so 2 * 10. The other
        // images put a3 on row 6 or on a column, which row 3 does not read.
        let p = 1u64 << 16;
        let o = 1u64 << 63;
        assert_eq!(w.evaluate(p, o), 20);
        // One more opponent disc on h7 (61 empties, odd): the parity weight adds 3.
        assert_eq!(w.evaluate(p, o | 1 << 55), 23);
        // The same discs for the other side to move: nothing of the player's on a3.
        assert_eq!(w.evaluate(o, p), 0);
    }

    #[test]
    fn only_the_8x8_searcher_takes_pattern_weights() {
        use crate::bitboard::{Eight, Six, Ten};
        use crate::search::Searcher;
        let w: &'static Weights = Box::leak(Box::new(sample_weights()));
        let mut eight = Searcher::<Eight>::new(4);
        eight.set_pattern(Some(w));
        assert!(eight.pattern().is_some_and(|p| std::ptr::eq(p, w)));
        eight.set_pattern(None);
        assert!(eight.pattern().is_none());
        let mut six = Searcher::<Six>::new(4);
        six.set_pattern(Some(w));
        assert!(six.pattern().is_none());
        let mut ten = Searcher::<Ten>::new(4);
        ten.set_pattern(Some(w));
        assert!(ten.pattern().is_none());
        // The shipped file loads (the native engine embeds it).
        assert!(embedded().is_some());
    }
}
