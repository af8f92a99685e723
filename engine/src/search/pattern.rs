//! The features of the pattern evaluation of the 8x8 board (the n-tuple evaluation of
//! Logistello, Edax and Egaroucid, written here from their published descriptions).
//!
//! A *pattern* is an ordered list of squares; its *configuration* on a board is the base-3
//! number whose digit `k` is the state of its `k`-th square (0 empty, 1 the side to move,
//! 2 the opponent). The evaluation adds one learned weight per configuration seen, for every
//! pattern in each of the 8 symmetric images of the board (rotations and reflections), so
//! the same shape on any edge or corner shares its weights and the evaluation of all 8
//! symmetric positions is the same by construction. A few scalar features (mobility,
//! potential mobility, parity, own discs) add a weight each, indexed by their value.
//!
//! Each feature is an offset into one phase's weight table (see [`FEATURES`] and
//! [`TABLE`]); the phase (a band of empties) picks the table. The indexes are gathered
//! from the bitboards without `pext`: rows are bytes, diagonals come out of one
//! multiplication, and a table turns a byte of bits into base-3 digits.

use crate::bitboard::{Eight, Geometry};
use crate::Board;

/// The patterns: a name and the base list of squares (a1 = 0, h1 = 7, a2 = 8, ...). The
/// fast indexer [`base_indexes`] hard-codes the same lists; a test checks they agree.
pub const PATTERNS: [(&str, &[u8]); 12] = [
    ("edge+2X", &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14]),
    ("corner 3x3", &[0, 1, 2, 8, 9, 10, 16, 17, 18]),
    ("corner 2x5", &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12]),
    ("row 2", &[8, 9, 10, 11, 12, 13, 14, 15]),
    ("row 3", &[16, 17, 18, 19, 20, 21, 22, 23]),
    ("row 4", &[24, 25, 26, 27, 28, 29, 30, 31]),
    ("diagonal 8", &[0, 9, 18, 27, 36, 45, 54, 63]),
    ("diagonal 7", &[1, 10, 19, 28, 37, 46, 55]),
    ("diagonal 6", &[2, 11, 20, 29, 38, 47]),
    ("diagonal 5", &[3, 12, 21, 30, 39]),
    ("diagonal 4", &[4, 13, 22, 31]),
    // The edge alone: with few positions to learn from, its 3^8 configurations are seen
    // far more often than the edge+2X's 3^10.
    ("edge", &[0, 1, 2, 3, 4, 5, 6, 7]),
];

/// Scalar features: name and number of values (larger values are clamped).
pub const SCALARS: [(&str, u32); 6] = [
    ("own moves", 32),
    ("opponent's moves", 32),
    ("own potential mobility", 40),
    ("opponent's potential mobility", 40),
    ("parity", 2),
    // With the phase's few empties fixed, the own disc count is the disc difference: little
    // data teaches it fast, and it carries the end of the game.
    ("own discs", 65),
];

/// Where each pattern's (and then each scalar's) weights start in a phase's table.
pub const OFFSETS: [u32; 19] = offsets();
/// The size of one phase's table.
pub const TABLE: usize = OFFSETS[18] as usize;
/// Features per position: every pattern on each of the 8 images, and the scalars.
pub const FEATURES: usize = 8 * PATTERNS.len() + SCALARS.len();
/// Empties a phase spans.
pub const PHASE_EMPTIES: u32 = 4;
/// Game phases, by empties: `phase(e) = min(e, 59) / PHASE_EMPTIES`.
pub const PHASES: usize = (60 / PHASE_EMPTIES) as usize;

/// The phase of a position with `empties` empty squares.
#[inline(always)]
pub fn phase(empties: u32) -> usize {
    (empties.min(59) / PHASE_EMPTIES) as usize
}

/// The fewest and the most empties of the positions in `phase` (for printing a phase).
pub fn phase_span(phase: usize) -> (u32, u32) {
    let first = phase as u32 * PHASE_EMPTIES;
    (first, first + PHASE_EMPTIES - 1)
}

const fn offsets() -> [u32; 19] {
    let mut out = [0u32; 19];
    let mut k = 0;
    while k < 12 {
        out[k + 1] = out[k] + 3u32.pow(PATTERNS[k].1.len() as u32);
        k += 1;
    }
    while k < 18 {
        out[k + 1] = out[k] + SCALARS[k - 12].1;
        k += 1;
    }
    out
}

/// `TERNARY[b]`: the bits of `b` as base-3 digits (bit `k` becomes `3^k`).
static TERNARY: [u16; 256] = ternary();

const fn ternary() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut v = 0u16;
        let mut k = 0;
        while k < 8 {
            if b & (1 << k) != 0 {
                v += 3u16.pow(k);
            }
            k += 1;
        }
        t[b] = v;
        b += 1;
    }
    t
}

/// Mirror left-right (a1 <-> h1).
#[inline(always)]
pub fn mirror(x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let x = ((x >> 1) & K1) | ((x & K1) << 1);
    let x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// Flip top-bottom (a1 <-> a8).
#[inline(always)]
pub fn flip(x: u64) -> u64 {
    x.swap_bytes()
}

/// Reflect in the a1-h8 diagonal (b1 <-> a2).
#[inline(always)]
pub fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The 8 symmetries of the square applied to `x`, identity first.
#[inline(always)]
pub fn symmetries(x: u64) -> [u64; 8] {
    let t = transpose(x);
    let (m, tm) = (mirror(x), mirror(t));
    [x, flip(x), m, flip(m), t, flip(t), tm, flip(tm)]
}

/// The mask of the diagonal of `len` squares starting on row 1 at column `8 - len`.
const fn diagonal(len: u32) -> u64 {
    let mut m = 0u64;
    let mut c = 8 - len;
    while c < 8 {
        m |= 1 << ((c - (8 - len)) * 8 + c);
        c += 1;
    }
    m
}

/// The bits of a diagonal of `len` squares (mask [`diagonal`]) as `len` low bits, in the
/// pattern's order (by column).
#[inline(always)]
fn gather_diagonal(x: u64, len: u32) -> usize {
    ((x & diagonal(len)).wrapping_mul(0x0101_0101_0101_0101) >> (56 + 8 - len)) as usize
}

/// The configuration of each pattern (its base list) on `(p, o)`, in [`PATTERNS`] order.
#[inline(always)]
pub fn base_indexes(p: u64, o: u64) -> [u32; 12] {
    let t = |bits: u64| u32::from(TERNARY[(bits & 0xFF) as usize]);
    let code = |pb: u64, ob: u64| t(pb) + 2 * t(ob);
    let edge = |x: u64| t(x) + 6561 * (((x >> 9) & 1) as u32 + 3 * ((x >> 14) & 1) as u32);
    let c33 = |x: u64| t(x & 7) + 27 * t((x >> 8) & 7) + 729 * t((x >> 16) & 7);
    let c25 = |x: u64| t(x & 31) + 243 * t((x >> 8) & 31);
    let diag = |len: u32| {
        code(
            gather_diagonal(p, len) as u64,
            gather_diagonal(o, len) as u64,
        )
    };
    [
        edge(p) + 2 * edge(o),
        c33(p) + 2 * c33(o),
        c25(p) + 2 * c25(o),
        code(p >> 8, o >> 8),
        code(p >> 16, o >> 16),
        code(p >> 24, o >> 24),
        diag(8),
        diag(7),
        diag(6),
        diag(5),
        diag(4),
        code(p, o),
    ]
}

/// [`base_indexes`] the slow way, square by square from [`PATTERNS`] (for tests and for
/// checking a changed pattern list).
pub fn base_indexes_by_squares(p: u64, o: u64) -> [u32; 12] {
    let mut out = [0u32; 12];
    for (k, (_, squares)) in PATTERNS.iter().enumerate() {
        out[k] = squares
            .iter()
            .rev()
            .fold(0, |acc, &sq| acc * 3 + state(p, o, sq));
    }
    out
}

fn state(p: u64, o: u64, sq: u8) -> u32 {
    if p >> sq & 1 == 1 {
        1
    } else if o >> sq & 1 == 1 {
        2
    } else {
        0
    }
}

/// The digits of configuration `index` of a pattern of `len` squares (0 empty, 1 player,
/// 2 opponent), first square first.
pub fn digits(mut index: u32, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            let d = (index % 3) as u8;
            index /= 3;
            d
        })
        .collect()
}

/// The features of `(p, o)` (the side to move's discs and the opponent's): offsets into a
/// phase's table, each counting once (a feature may appear more than once).
#[inline]
pub fn features(p: u64, o: u64) -> [u32; FEATURES] {
    let mut out = [0u32; FEATURES];
    let (ps, os) = (symmetries(p), symmetries(o));
    for g in 0..8 {
        let idx = base_indexes(ps[g], os[g]);
        for k in 0..12 {
            out[g * 12 + k] = OFFSETS[k] + idx[k];
        }
    }
    let board = Board::<Eight> {
        player: p,
        opponent: o,
    };
    let empty = board.empty();
    let own = board.legal_moves().count_ones();
    let theirs = board.pass().legal_moves().count_ones();
    let own_potential = (Eight::neighbours(o) & empty).count_ones();
    let their_potential = (Eight::neighbours(p) & empty).count_ones();
    let scalars = [
        own,
        theirs,
        own_potential,
        their_potential,
        empty.count_ones() & 1,
        p.count_ones(),
    ];
    for (k, v) in scalars.into_iter().enumerate() {
        out[8 * PATTERNS.len() + k] = OFFSETS[PATTERNS.len() + k] + v.min(SCALARS[k].1 - 1);
    }
    out
}

/// For each pattern, the square permutations under which its set of squares is unchanged
/// (the symmetries other than the identity that map the set onto itself): `perm[k]` is the
/// position in the list of the image of square `k`.
fn self_symmetries(squares: &[u8]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for g in 1..8 {
        let image: Vec<u8> = squares
            .iter()
            .map(|&sq| symmetries(1u64 << sq)[g].trailing_zeros() as u8)
            .collect();
        let perm: Option<Vec<usize>> = image
            .iter()
            .map(|sq| squares.iter().position(|s| s == sq))
            .collect();
        if let Some(perm) = perm {
            if !out.contains(&perm) {
                out.push(perm);
            }
        }
    }
    out
}

/// `canonical()[f]`: the feature that stands for feature `f` of a table. A pattern whose
/// squares are symmetric (a row, whose mirror image is itself reversed) always shows a
/// configuration and its mirror together over the 8 images, so only their sum matters: both
/// map to the smaller index, which halves what is learned and stored. Scalars map to
/// themselves.
pub fn canonical() -> &'static [u32] {
    static CANONICAL: std::sync::OnceLock<Vec<u32>> = std::sync::OnceLock::new();
    CANONICAL.get_or_init(|| {
        let mut out: Vec<u32> = (0..TABLE as u32).collect();
        for (k, (_, squares)) in PATTERNS.iter().enumerate() {
            let perms = self_symmetries(squares);
            let n = squares.len();
            let pow: Vec<u32> = (0..n).map(|i| 3u32.pow(i as u32)).collect();
            for index in 0..3u32.pow(n as u32) {
                let d = digits(index, n);
                let mut best = index;
                for perm in &perms {
                    // The configuration seen through the symmetry: digit perm[i] of the
                    // image is digit i of this one.
                    let image: u32 = (0..n).map(|i| u32::from(d[i]) * pow[perm[i]]).sum();
                    best = best.min(image);
                }
                out[(OFFSETS[k] + index) as usize] = OFFSETS[k] + best;
            }
        }
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_positions(n: usize) -> Vec<(u64, u64)> {
        let mut s = 0x1234_5678_9ABC_DEF1u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        (0..n)
            .map(|_| {
                let (a, b) = (next(), next());
                let filled = a | b;
                let p = next() & filled;
                (p, filled & !p)
            })
            .collect()
    }

    #[test]
    fn symmetries_move_squares_where_they_should() {
        // h1 is 7, a8 is 56, b1 is 1, a2 is 8.
        assert_eq!(mirror(1), 1 << 7);
        assert_eq!(flip(1), 1 << 56);
        assert_eq!(transpose(1 << 1), 1 << 8);
        assert_eq!(transpose(1 << 63), 1 << 63);
        for sq in 0..64u32 {
            let (col, row) = (sq % 8, sq / 8);
            assert_eq!(transpose(1 << sq), 1 << (col * 8 + row));
            assert_eq!(mirror(1 << sq), 1 << (row * 8 + 7 - col));
        }
        // The 8 images of a square with no symmetry are 8 different squares.
        let images = symmetries(1 << 1);
        for i in 0..8 {
            for j in 0..i {
                assert_ne!(images[i], images[j]);
            }
        }
    }

    #[test]
    fn fast_indexes_match_the_square_lists() {
        for (p, o) in random_positions(2000) {
            assert_eq!(
                base_indexes(p, o),
                base_indexes_by_squares(p, o),
                "{p:x} {o:x}"
            );
        }
        assert_eq!(
            OFFSETS[11],
            3 * 6561 + 59049 + 19683 + 59049 + 6561 + 2187 + 729 + 243 + 81
        );
    }

    #[test]
    fn an_index_decodes_to_the_squares_it_came_from() {
        for (p, o) in random_positions(200) {
            let idx = base_indexes(p, o);
            for (k, (_, squares)) in PATTERNS.iter().enumerate() {
                let d = digits(idx[k], squares.len());
                for (i, &sq) in squares.iter().enumerate() {
                    assert_eq!(u32::from(d[i]), state(p, o, sq));
                }
            }
        }
    }

    #[test]
    fn the_features_of_all_symmetric_positions_are_the_same() {
        let canon = canonical();
        for (p, o) in random_positions(300) {
            let mut base: Vec<u32> = features(p, o).to_vec();
            base.sort_unstable();
            let mut base_canon: Vec<u32> = base.iter().map(|&f| canon[f as usize]).collect();
            base_canon.sort_unstable();
            let (ps, os) = (symmetries(p), symmetries(o));
            for g in 1..8 {
                let mut f: Vec<u32> = features(ps[g], os[g]).to_vec();
                f.sort_unstable();
                assert_eq!(f, base);
            }
            // A configuration and its mirror come in pairs: the canonical list has every
            // entry of a symmetric pattern an even number of times.
            let row2: Vec<u32> = base_canon
                .iter()
                .copied()
                .filter(|&f| f >= OFFSETS[3] && f < OFFSETS[4])
                .collect();
            assert_eq!(row2.len(), 8);
            for f in &row2 {
                assert_eq!(row2.iter().filter(|&g| g == f).count() % 2, 0);
            }
        }
    }

    #[test]
    fn canonical_features_pair_mirror_images() {
        let canon = canonical();
        // Row 2 with one disc on a2 and the same disc on h2 are mirror images.
        let a2 = base_indexes_by_squares(1 << 8, 0)[3];
        let h2 = base_indexes_by_squares(1 << 15, 0)[3];
        assert_ne!(a2, h2);
        assert_eq!(
            canon[(OFFSETS[3] + a2) as usize],
            canon[(OFFSETS[3] + h2) as usize]
        );
        // The 2x5 corner has no symmetry: every configuration stands for itself.
        for i in (OFFSETS[2]..OFFSETS[3]).step_by(97) {
            assert_eq!(canon[i as usize], i);
        }
        // The edge: a1 alone and h1 alone are mirror images.
        let a1 = base_indexes_by_squares(1, 0)[0];
        let h1 = base_indexes_by_squares(1 << 7, 0)[0];
        assert_eq!(canon[a1 as usize], canon[h1 as usize]);
    }
}
