//! Bitboards: one bit per square, square index = `row * size + col` (a1 is bit 0).
//!
//! Boards up to 8x8 fit in a `u64`; 10x10 needs a `u128`. The rules are written once,
//! generic over a [`Geometry`], so the 8x8 code is monomorphised on plain `u64`s with
//! constant masks and pays nothing for the wider boards.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned integer used as a set of squares.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    const ZERO: Self;
    const ONE: Self;
    /// Number of squares in the set.
    fn count(self) -> u32;
    /// Index of the lowest square; only meaningful for a non-empty set.
    fn lowest(self) -> u32;
    /// The set with its lowest square removed.
    fn without_lowest(self) -> Self;
    /// The lowest square alone (empty for an empty set).
    fn lowest_bit(self) -> Self;
    /// The highest square alone (empty for an empty set).
    fn highest_bit(self) -> Self;
    /// Every square below the single square `self` (`self - 1`).
    fn below(self) -> Self;
    /// Every square below the single square `self`, or nothing for the empty set.
    fn below_nonzero(self) -> Self;
    /// Every square above the single square `self` (nothing for the empty set).
    fn above(self) -> Self;
    /// Converts to `u128` (lossless for every implementation).
    fn to_u128(self) -> u128;
    /// Converts from `u128`, dropping bits that do not fit.
    fn from_u128(v: u128) -> Self;

    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    #[inline(always)]
    fn bit(index: u32) -> Self {
        Self::ONE << index
    }
    #[inline(always)]
    fn has(self, index: u32) -> bool {
        !(self & Self::bit(index)).is_empty()
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn highest_bit(self) -> Self {
                ((1 as $t) << (<$t>::BITS - 1))
                    .checked_shr(self.leading_zeros())
                    .unwrap_or(0)
            }
            #[inline(always)]
            fn below(self) -> Self {
                self.wrapping_sub(1)
            }
            #[inline(always)]
            fn below_nonzero(self) -> Self {
                self.wrapping_sub((self != 0) as $t)
            }
            #[inline(always)]
            fn above(self) -> Self {
                self.wrapping_neg() << 1
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128(v: u128) -> Self {
                v as $t
            }
        }
    };
}
impl_bits!(u64);
impl_bits!(u128);

/// Iterates over the square indices of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B: Bits>(pub B);

impl<B: Bits> Iterator for Squares<B> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
}

/// The eight directions as (column step, row step). Even directions go towards higher bit
/// indices (left shifts), odd ones towards lower (right shifts); `d ^ 1` is `d` reversed.
pub const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (-1, 1),
    (1, -1),
];

/// A square board geometry: its side, its bit type and the masks its shifts need.
pub trait Geometry: Copy + Eq + Hash + Debug + Default + Send + Sync + 'static {
    type B: Bits;
    /// Squares per side.
    const SIZE: u32;
    /// Every square of the board.
    const FULL: Self::B;
    /// Every square except the first and last columns: a disc there can be outflanked
    /// horizontally or diagonally, and shifting such a set by one column never wraps.
    const INNER_COLS: Self::B;
    /// Every square except the first column (a wrap target of an eastward shift).
    const NOT_FIRST_COL: Self::B;
    /// Every square except the last column (a wrap target of a westward shift).
    const NOT_LAST_COL: Self::B;
    /// The four corners.
    const CORNERS: Self::B;
    /// The border squares, corners included.
    const EDGES: Self::B;
    /// The central 4x4 block (c3-f6 on 8x8), where the "centre" statistic counts.
    const CENTRE: Self::B;

    /// Number of squares.
    const CELLS: u32 = Self::SIZE * Self::SIZE;

    /// For each square and direction, the squares beyond it in that direction up to the
    /// edge (excluding the square itself).
    fn rays() -> &'static [[Self::B; 8]];

    /// Shifts by `steps` squares at once in direction `dir`.
    #[inline(always)]
    fn shift_by(x: Self::B, dir: usize, steps: u32) -> Self::B {
        let n = Self::SIZE;
        match dir {
            0 => x << steps,
            1 => x >> steps,
            2 => x << (n * steps),
            3 => x >> (n * steps),
            4 => x << ((n + 1) * steps),
            5 => x >> ((n + 1) * steps),
            6 => x << ((n - 1) * steps),
            _ => x >> ((n - 1) * steps),
        }
    }

    /// Shifts every square of `x` one step in direction `dir` (an index into [`DIRECTIONS`]),
    /// without any wrap masking: callers mask with [`Geometry::INNER_COLS`] or the target set.
    #[inline(always)]
    fn shift(x: Self::B, dir: usize) -> Self::B {
        Self::shift_by(x, dir, 1)
    }

    /// The squares adjacent (8-neighbourhood) to any square of `x`, clipped to the board.
    #[inline(always)]
    fn neighbours(x: Self::B) -> Self::B {
        let n = Self::SIZE;
        // Spread along the row first (masking the wrap), then to the rows above and below.
        let row = x | ((x << 1) & Self::NOT_FIRST_COL) | ((x >> 1) & Self::NOT_LAST_COL);
        (row | (row << n) | (row >> n)) & Self::FULL & !x
    }
}

/// Const-evaluable mask builders, shared by the geometries below.
pub const fn column_mask_u128(size: u32, col: u32) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < size {
        m |= 1u128 << (r * size + col);
        r += 1;
    }
    m
}

pub const fn full_u128(size: u32) -> u128 {
    let cells = size * size;
    if cells == 128 {
        u128::MAX
    } else {
        (1u128 << cells) - 1
    }
}

pub const fn edges_u128(size: u32) -> u128 {
    let mut m = column_mask_u128(size, 0) | column_mask_u128(size, size - 1);
    let mut c = 0;
    while c < size {
        m |= 1u128 << c;
        m |= 1u128 << ((size - 1) * size + c);
        c += 1;
    }
    m
}

pub const fn corners_u128(size: u32) -> u128 {
    let last = size - 1;
    (1u128) | (1u128 << last) | (1u128 << (last * size)) | (1u128 << (last * size + last))
}

pub const fn centre_u128(size: u32) -> u128 {
    let lo = size / 2 - 2;
    let mut m = 0u128;
    let mut r = lo;
    while r < lo + 4 {
        let mut c = lo;
        while c < lo + 4 {
            m |= 1u128 << (r * size + c);
            c += 1;
        }
        r += 1;
    }
    m
}

/// The ray table of a board of side `size` with `CELLS` squares (see [`Geometry::rays`]).
pub const fn rays_u128<const CELLS: usize>(size: u32) -> [[u128; 8]; CELLS] {
    let mut table = [[0u128; 8]; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        let mut d = 0;
        while d < 8 {
            let (dc, dr) = DIRECTIONS[d];
            let (mut c, mut r) = (
                (sq as u32 % size) as i32 + dc,
                (sq as u32 / size) as i32 + dr,
            );
            while c >= 0 && r >= 0 && c < size as i32 && r < size as i32 {
                table[sq][d] |= 1u128 << (r as u32 * size + c as u32);
                c += dc;
                r += dr;
            }
            d += 1;
        }
        sq += 1;
    }
    table
}

/// Narrows a ray table to `u64` for the boards that fit in one.
pub const fn rays_u64<const CELLS: usize>(wide: [[u128; 8]; CELLS]) -> [[u64; 8]; CELLS] {
    let mut table = [[0u64; 8]; CELLS];
    let mut sq = 0;
    while sq < CELLS {
        let mut d = 0;
        while d < 8 {
            table[sq][d] = wide[sq][d] as u64;
            d += 1;
        }
        sq += 1;
    }
    table
}

macro_rules! geometry {
    ($(#[$doc:meta])* $name:ident, $bits:ty, $size:expr, $rays:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
        pub struct $name;
        impl Geometry for $name {
            type B = $bits;
            const SIZE: u32 = $size;
            const FULL: $bits = full_u128($size) as $bits;
            const INNER_COLS: $bits = (full_u128($size)
                & !column_mask_u128($size, 0)
                & !column_mask_u128($size, $size - 1)) as $bits;
            const NOT_FIRST_COL: $bits = (full_u128($size) & !column_mask_u128($size, 0)) as $bits;
            const NOT_LAST_COL: $bits =
                (full_u128($size) & !column_mask_u128($size, $size - 1)) as $bits;
            const CORNERS: $bits = corners_u128($size) as $bits;
            const EDGES: $bits = edges_u128($size) as $bits;
            const CENTRE: $bits = centre_u128($size) as $bits;

            #[inline(always)]
            fn rays() -> &'static [[$bits; 8]] {
                static RAYS: [[$bits; 8]; $size * $size] = $rays;
                &RAYS
            }
        }
    };
}

geometry!(
    /// The 6x6 board, in the low 36 bits of a `u64`.
    Six, u64, 6, rays_u64(rays_u128::<36>(6))
);
geometry!(
    /// The standard 8x8 board: exactly a `u64`.
    Eight, u64, 8, rays_u64(rays_u128::<64>(8))
);
geometry!(
    /// The 10x10 board, in the low 100 bits of a `u128`.
    Ten, u128, 10, rays_u128::<100>(10)
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_of_the_8x8_board() {
        assert_eq!(Eight::FULL, u64::MAX);
        assert_eq!(Eight::INNER_COLS, 0x7e7e_7e7e_7e7e_7e7e);
        assert_eq!(Eight::CORNERS, 0x8100_0000_0000_0081);
        assert_eq!(Eight::EDGES, 0xff81_8181_8181_81ff);
        // c3..f6
        assert_eq!(Eight::CENTRE, 0x0000_3c3c_3c3c_0000);
        assert_eq!(Ten::FULL.count_ones(), 100);
        assert_eq!(Six::EDGES.count_ones(), 20);
        assert_eq!(Ten::CENTRE.count_ones(), 16);
    }

    #[test]
    fn neighbours_clip_at_the_edges() {
        // a1 -> b1, a2, b2
        assert_eq!(Eight::neighbours(1), 0b10 | 0b1_0000_0000 | 0b10_0000_0000);
        // h1 (bit 7) must not wrap to a2
        let h1 = 1u64 << 7;
        assert_eq!(Eight::neighbours(h1), (1 << 6) | (1 << 15) | (1 << 14));
        let corner = 1u128 << 99;
        assert_eq!(Ten::neighbours(corner), (1 << 98) | (1 << 89) | (1 << 88));
        assert_eq!(Six::neighbours(1 << 35), (1 << 34) | (1 << 29) | (1 << 28));
    }
}
