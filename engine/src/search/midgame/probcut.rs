//! Multi-ProbCut: a node is cut when a shallower search lands far enough outside its
//! window, by a regression of deep scores on shallow ones fitted on the engine's own games.

use super::{Run, WIN};
use crate::bitboard::{Bits, Geometry};
use crate::search::pattern_index::Indexes;
use crate::search::table::Transpositions;
use crate::Board;

/// Multi-ProbCut's regression of a `depth` search's score on a shallower one's, by depth
/// (index = depth; unused below [`MPC_MIN_DEPTH`]): `(shallow depth, a, b, sigma)`, meaning
/// deep ≈ a × shallow + b, with residuals of standard deviation sigma (hundredths of a
/// disc). Fitted by `outflank-train mpc` (train/TRAINING.md); depths beyond the table: see
/// [`mpc_row`].
pub const MPC: [(u8, f32, f32, f32); 15] = [
    (0, 1.0, 0.0, 0.0),
    (0, 1.0, 0.0, 0.0),
    (0, 1.0, 0.0, 0.0),
    (1, 0.989, -33.6, 303.5),  // depth 3
    (2, 1.020, -27.7, 267.2),  // depth 4
    (2, 1.020, 189.0, 299.8),  // depth 5
    (3, 1.008, -279.3, 299.3), // depth 6
    (3, 1.048, -42.6, 340.0),  // depth 7
    (4, 1.014, -43.8, 288.3),  // depth 8
    (4, 1.044, 243.6, 342.3),  // depth 9
    (5, 1.025, -275.6, 286.9), // depth 10
    (5, 1.042, 33.8, 320.8),   // depth 11
    (6, 1.050, -7.5, 316.6),   // depth 12
    (6, 1.065, 283.9, 303.8),  // depth 13
    (7, 1.014, -259.0, 273.1), // depth 14
];

/// The bands of empty squares of [`MPC_BY_BAND`], by their fewest empties: band 0 below 30,
/// band 1 30-39, band 2 from 40. A deep search strays from a shallow one by about 2.2 discs
/// at 40-54 empties, 2.7 at 30-39 and 3.4 at 20-29, where [`MPC`] has one figure of about 3
/// for all.
pub const MPC_BANDS: [u32; 2] = [30, 40];

/// [`MPC`] by band of empties ([`MPC_BANDS`]), for the search tweak `phases` (off by
/// default: 50.8% over 800 games at level 10's search with 1 M nodes against the one table,
/// though 20% fewer nodes to depth 14). Fitted by `outflank-train mpc --min-empties ..
/// --max-empties ..` on 300 positions a band, to depth 12; deeper rows are borrowed as
/// [`mpc_row`] does.
pub const MPC_BY_BAND: [[(u8, f32, f32, f32); 13]; 3] = [
    // 20-29 empties
    [
        (0, 1.0, 0.0, 0.0),
        (0, 1.0, 0.0, 0.0),
        (0, 1.0, 0.0, 0.0),
        (1, 0.975, -33.9, 334.6),  // depth 3
        (2, 0.997, -34.9, 322.8),  // depth 4
        (2, 0.991, 107.7, 372.4),  // depth 5
        (3, 0.996, -265.2, 360.4), // depth 6
        (3, 1.002, -13.8, 387.4),  // depth 7
        (4, 0.987, -90.1, 303.9),  // depth 8
        (4, 0.998, 166.1, 338.5),  // depth 9
        (5, 0.995, -236.2, 334.9), // depth 10
        (5, 0.993, 39.0, 341.7),   // depth 11
        (6, 1.006, -6.2, 331.1),   // depth 12
    ],
    // 30-39 empties
    [
        (0, 1.0, 0.0, 0.0),
        (0, 1.0, 0.0, 0.0),
        (0, 1.0, 0.0, 0.0),
        (1, 1.001, -50.9, 293.5),  // depth 3
        (2, 0.991, 0.1, 255.4),    // depth 4
        (2, 0.990, 125.3, 281.1),  // depth 5
        (3, 0.985, -197.3, 255.3), // depth 6
        (3, 0.983, 35.6, 258.7),   // depth 7
        (4, 0.989, -23.2, 270.7),  // depth 8
        (4, 0.997, 210.8, 297.5),  // depth 9
        (5, 1.002, -142.5, 265.4), // depth 10
        (5, 1.002, 86.1, 269.1),   // depth 11
        (6, 0.989, 18.0, 257.9),   // depth 12
    ],
    // 40-54 empties
    [
        (0, 1.0, 0.0, 0.0),
        (0, 1.0, 0.0, 0.0),
        (0, 1.0, 0.0, 0.0),
        (1, 0.970, -5.7, 230.0),   // depth 3
        (2, 0.978, -47.1, 230.0),  // depth 4
        (2, 0.986, -14.1, 262.7),  // depth 5
        (3, 0.989, -125.9, 251.7), // depth 6
        (3, 0.991, 38.3, 227.6),   // depth 7
        (4, 0.999, -91.4, 207.3),  // depth 8
        (4, 0.994, 106.1, 230.7),  // depth 9
        (5, 0.990, -144.1, 211.1), // depth 10
        (5, 0.995, 94.9, 201.0),   // depth 11
        (6, 1.002, -44.1, 194.2),  // depth 12
    ],
];

/// Multi-ProbCut from this depth.
pub const MPC_MIN_DEPTH: u8 = 3;

/// How many standard deviations outside the window the shallow score must land.
pub const MPC_T: f32 = 1.5;
/// [`MPC_T`] in hundredths, as [`Tweaks::mpc_t`](super::Tweaks::mpc_t) holds it.
pub(super) const MPC_T_HUNDREDTHS: u16 = 150;
const _: () = assert!(MPC_T_HUNDREDTHS as f32 == MPC_T * 100.0);

/// Once an iteration reaches the end of the game (depth = empties), ProbCut still makes
/// its score a guess (the shallow searches score by the evaluation), and stopping there
/// left most of the node budget unspent exactly where games are decided (21-28 empties:
/// 0.2-2.5 M of 5 M nodes). So the search goes on with these safer
/// margins, one iteration each (iteration depth empties + 1, + 2, ...), the last without
/// ProbCut: an exact score if the budget allows. A deeper iteration never takes an earlier
/// one's table bounds as final (their depth is lower), so each step really searches again.
pub const ENDGAME_T: [f32; 4] = [2.0, 2.6, 3.3, f32::INFINITY];

/// Multi-ProbCut's pairing for `depth`: `(shallow depth, a, b, sigma)`. Past the table the
/// shallow depth is half the depth, as in its last rows, and the regression is the row four
/// depths up (or eight, ...): the one whose depths have the same parities, since the
/// intercept swings with them.
pub fn mpc_row(depth: u8) -> (u8, f32, f32, f32) {
    row_of(&MPC, depth)
}

/// The band of [`MPC_BY_BAND`] for a node with `empties` empty squares.
pub fn mpc_band(empties: u32) -> usize {
    MPC_BANDS.iter().filter(|&&from| empties >= from).count()
}

/// [`mpc_row`] in the band of a node with `empties` empty squares (the `phases` tweak).
pub fn mpc_band_row(depth: u8, empties: u32) -> (u8, f32, f32, f32) {
    row_of(&MPC_BY_BAND[mpc_band(empties)], depth)
}

fn row_of(table: &[(u8, f32, f32, f32)], depth: u8) -> (u8, f32, f32, f32) {
    let d = usize::from(depth);
    let (shallow, a, b, sigma) = match table.get(d) {
        Some(&row) => row,
        None => {
            let (_, a, b, sigma) = table[table.len() - 4 + (d - table.len()) % 4];
            (depth / 2, a, b, sigma)
        }
    };
    (shallow.max(1), a, b, sigma)
}

/// The shallow depth Multi-ProbCut pairs with `depth` (the same in every band).
pub fn mpc_shallow(depth: u8) -> u8 {
    mpc_row(depth).0
}

impl<G: Geometry, T: Transpositions<G::B>> Run<'_, G, T> {
    /// Multi-ProbCut: `Some(beta)` if a shallow search says the `depth` search would very
    /// probably fail high, `Some(alpha)` if low, else `None`.
    pub(super) fn probcut(
        &mut self,
        board: Board<G>,
        ix: &Indexes,
        depth: u8,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        const LIMIT: i32 = 64 * WIN;
        let (shallow, a, b, sigma) = if self.tweaks.mpc_phases {
            mpc_band_row(depth, board.empty().count())
        } else {
            mpc_row(depth)
        };
        let margin = self.mpc_t * sigma;
        if beta < LIMIT {
            let bound = ((beta as f32 + margin - b) / a).ceil() as i32;
            if bound < LIMIT && self.search(board, ix, shallow, bound - 1, bound, false) >= bound {
                return Some(beta);
            }
        }
        if alpha > -LIMIT {
            let bound = ((alpha as f32 - margin - b) / a).floor() as i32;
            if bound > -LIMIT && self.search(board, ix, shallow, bound, bound + 1, false) <= bound {
                return Some(alpha);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row `row` gives for `table` pairs depth with a shallower depth, half the depth
    /// past the table, borrowing a fitted row whose two depths have the same parities.
    fn check(table: &[(u8, f32, f32, f32)], row: impl Fn(u8) -> (u8, f32, f32, f32)) {
        for depth in MPC_MIN_DEPTH..40 {
            let (shallow, a, b, sigma) = row(depth);
            assert!(
                (1..depth).contains(&shallow),
                "depth {depth}: shallow {shallow}"
            );
            assert_eq!(
                shallow,
                mpc_shallow(depth),
                "the same pairing in every band"
            );
            assert!(sigma > 0.0, "depth {depth}");
            if usize::from(depth) >= table.len() {
                assert_eq!(shallow, depth / 2, "depth {depth}");
                let fitted = table
                    .iter()
                    .enumerate()
                    .skip(usize::from(MPC_MIN_DEPTH))
                    .find(|(_, r)| (r.1, r.2, r.3) == (a, b, sigma));
                let (d, r) = fitted.expect("a row of the table");
                assert_eq!(
                    (d % 2, r.0 % 2),
                    (usize::from(depth) % 2, shallow % 2),
                    "depth {depth} borrows depth {d}'s row"
                );
            }
        }
    }

    #[test]
    fn probcut_pairs_deep_searches_with_half_their_depth_and_the_same_parities() {
        check(&MPC, mpc_row);
        for empties in [20, 29, 30, 39, 40, 60] {
            check(&MPC_BY_BAND[mpc_band(empties)], |depth| {
                mpc_band_row(depth, empties)
            });
        }
        assert_eq!(
            [0, 29, 30, 39, 40, 64].map(mpc_band),
            [0, 0, 1, 1, 2, 2],
            "bands from 30 and 40 empties"
        );
    }
}
