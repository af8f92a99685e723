//! The pattern evaluation's sum for the search: the same number as adding up the weights of
//! [`pattern::features`](crate::search::pattern::features), with about half the table reads.
//!
//! `features` reads every pattern on all 8 images of the board, because that is what the fit
//! learns from. But every pattern except the 2x5 corner is mapped onto its own squares by one
//! symmetry (a row by the left-right mirror, a corner 3x3 or a short diagonal by the
//! reflection through its corner's diagonal), so among the 8 images each of its instances
//! on the board is read twice, the second time in mirrored order; the 8-square diagonal is
//! even read 4 times. A weight table holds the same value for a configuration and its
//! mirror (the file stores one value per canonical configuration, see
//! [`pattern::canonical`](crate::search::pattern::canonical), and
//! [`crate::search::weights::Weights`] is only ever built from canonical values), so the
//! sum is the sum over the distinct instances, each counted as often as the 8 images show
//! it: 50 reads instead of 96. The reads are the evaluation's
//! cost (random access into a table of half a megabyte per phase), so this is what makes it
//! cheaper, with bit-for-bit the same scores and therefore the same searches.
//!
//! Which images hold the distinct instances (images in
//! [`pattern::symmetries`](crate::search::pattern::symmetries) order: identity, flip,
//! mirror, flip∘mirror, transpose, flip∘transpose, ...):
//! - rows 2-4, the edge, edge+2X (mirror-symmetric): images 0, 1, 4, 5 (the two rows and
//!   the two columns), twice each;
//! - corner 3x3 and the diagonals of 4-7 squares (symmetric by a reflection through a
//!   diagonal): images 0-3 (the four corners), twice each;
//! - the diagonal of 8: images 0 and 1 (the two long diagonals), four times each;
//! - corner 2x5: all 8 images, once each.
//!
//! A test checks the result against `features` on the embedded weights.

use crate::bitboard::{Eight, Geometry};
use crate::search::pattern::{base_indexes, symmetries, OFFSETS, PATTERNS, SCALARS, TABLE};
use crate::Board;

/// The sum of the weights in `table` (one phase's, [`TABLE`] entries) of the features of
/// `(p, o)`: equal to summing `table[f]` over `pattern::features(p, o)` whenever the table
/// gives a configuration and its mirror the same weight.
#[inline]
pub fn pattern_sum(table: &[i16], p: u64, o: u64) -> i32 {
    let table = &table[..TABLE];
    let (ps, os) = (symmetries(p), symmetries(o));
    // One call per image, the image a constant: only the indexes it needs are computed.
    let (once, twice, four) = [
        image::<0>(table, ps[0], os[0]),
        image::<1>(table, ps[1], os[1]),
        image::<2>(table, ps[2], os[2]),
        image::<3>(table, ps[3], os[3]),
        image::<4>(table, ps[4], os[4]),
        image::<5>(table, ps[5], os[5]),
        image::<6>(table, ps[6], os[6]),
        image::<7>(table, ps[7], os[7]),
    ]
    .iter()
    .fold((0, 0, 0), |acc, x| (acc.0 + x.0, acc.1 + x.1, acc.2 + x.2));
    once + 2 * twice + 4 * four + scalar_sum(table, p, o)
}

/// The scalar features' part of the evaluation of `(p, o)` (one phase's `table`).
#[inline]
pub fn scalar_sum(table: &[i16], p: u64, o: u64) -> i32 {
    let table = &table[..TABLE];
    let board = Board::<Eight> {
        player: p,
        opponent: o,
    };
    let empty = board.empty();
    let scalars = [
        board.legal_moves().count_ones(),
        board.pass().legal_moves().count_ones(),
        (Eight::neighbours(o) & empty).count_ones(),
        (Eight::neighbours(p) & empty).count_ones(),
        empty.count_ones() & 1,
        p.count_ones(),
    ];
    let mut sum = 0;
    for (k, v) in scalars.into_iter().enumerate() {
        let f = OFFSETS[PATTERNS.len() + k] + v.min(SCALARS[k].1 - 1);
        sum += i32::from(table[f as usize]);
    }
    sum
}

/// How often the sum counts pattern `k` read on image `g` (0: not read there), as
/// `image` does; `pattern_index` lays its instances out by it (its test checks the two
/// sums agree).
pub const fn multiplicity(k: usize, g: usize) -> usize {
    match k {
        2 => 1,
        1 | 7 | 8 | 9 | 10 if g < 4 => 2,
        0 | 3 | 4 | 5 | 11 if matches!(g, 0 | 1 | 4 | 5) => 2,
        6 if g < 2 => 4,
        _ => 0,
    }
}

/// The weights read on image `G` of the board, as (counted once, twice, four times).
#[inline(always)]
fn image<const G: usize>(table: &[i16], p: u64, o: u64) -> (i32, i32, i32) {
    let w = |k: usize, index: u32| i32::from(table[(OFFSETS[k] + index) as usize]);
    let i = base_indexes(p, o);
    let once = w(2, i[2]);
    let mut twice = 0;
    if G < 4 {
        twice += w(1, i[1]) + w(7, i[7]) + w(8, i[8]) + w(9, i[9]) + w(10, i[10]);
    }
    if matches!(G, 0 | 1 | 4 | 5) {
        twice += w(0, i[0]) + w(3, i[3]) + w(4, i[4]) + w(5, i[5]) + w(11, i[11]);
    }
    let four = if G < 2 { w(6, i[6]) } else { 0 };
    (once, twice, four)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pattern::{features, phase};
    use crate::search::weights::embedded;

    #[test]
    fn the_sum_is_the_sum_of_the_features_weights() {
        let weights = embedded().expect("embedded weights");
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for n in 0..20_000 {
            // Boards from nearly empty to full, and every phase's table.
            let filled = match n % 3 {
                0 => next() & next(),
                1 => next(),
                _ => next() | next(),
            };
            let p = next() & filled;
            let o = filled & !p;
            let empties = 64 - filled.count_ones();
            let table: Vec<i16> = (0..TABLE).map(|f| weights.get(phase(empties), f)).collect();
            let slow: i32 = features(p, o)
                .iter()
                .map(|&f| i32::from(table[f as usize]))
                .sum();
            assert_eq!(pattern_sum(&table, p, o), slow, "{p:x} {o:x}");
        }
    }
}
