//! The pattern configurations of a position kept up to date move by move along the search
//! (as Edax does), so that scoring a leaf reads its weights without gathering indexes.
//!
//! [`pattern_sum`](crate::search::pattern_sum) turns the board into its 8 symmetric images
//! and gathers, on each, the configurations of the pattern instances it reads: 50 of them,
//! and that gathering is most of the evaluation's time. Here each of those 50 instances,
//! read in the same orientation and counted as often, is a base-3 number in [`Indexes`],
//! and a move only adds to the instances through its square and through each disc it
//! flips: a handful of additions per square (the powers of `Layout`).
//!
//! The digits are by colour, not by side to move: 1 for the discs of the side that was to
//! move when the indexes were made, 2 for the other side's. Digits by side to move would
//! all change at every move. When the side of the 2s is to move, the evaluation reads the
//! weight table with the digits 1 and 2 exchanged
//! ([`Weights::evaluate_indexed`](crate::search::weights::Weights::evaluate_indexed)), which
//! gives the same numbers. A test plays random games and checks every sum against
//! `pattern_sum`.

use crate::search::pattern::{symmetries, OFFSETS, PATTERNS, TABLE};
use crate::search::pattern_sum::multiplicity;

/// The distinct pattern instances on the board.
pub const INSTANCES: usize = 50;
/// Instances `..ONCE` count once, `ONCE..TWICE` twice, `TWICE..` four times.
const ONCE: usize = 8;
const TWICE: usize = 48;
/// The digits are packed four to a `u64`, 16 bits each (a configuration is below 3^10 =
/// 59,049): a square's change to all 50 is then 13 additions of words, the same in wasm's
/// scalar code as natively, where they vectorize. No lane ever carries into the next: see
/// [`Indexes::play`].
const WORDS: usize = INSTANCES.div_ceil(4);

/// Where the instances are.
struct Layout {
    /// Where each instance's pattern starts in a phase's table.
    offset: [u32; INSTANCES],
    /// Per square: in the lane of each instance holding it, the power of 3 of its digit
    /// there (0 in the others).
    powers: [[u64; WORDS]; 64],
}

/// Built on first use rather than stored: as a `static` its 6.5 KB of powers went into the
/// browser worker's wasm (5 KB gzipped), which has no room for them.
fn layout() -> &'static Layout {
    static LAYOUT: std::sync::OnceLock<Layout> = std::sync::OnceLock::new();
    LAYOUT.get_or_init(make_layout)
}

/// The square whose image by symmetry `g` ([`symmetries`] order) is `s`.
fn preimage(s: u8, g: usize) -> usize {
    (0..64)
        .find(|&q| symmetries(1u64 << q)[g] == 1u64 << s)
        .expect("a symmetry is a permutation of the squares")
}

fn make_layout() -> Layout {
    let mut l = Layout {
        offset: [0; INSTANCES],
        powers: [[0; WORDS]; 64],
    };
    let mut n = 0;
    // The instances counted once first, then twice, then four times.
    for (count, end) in [(1, ONCE), (2, TWICE), (4, INSTANCES)] {
        for (k, (_, squares)) in PATTERNS.iter().enumerate() {
            for g in (0..8).filter(|&g| multiplicity(k, g) == count) {
                l.offset[n] = OFFSETS[k];
                for (d, &s) in squares.iter().enumerate() {
                    l.powers[preimage(s, g)][n / 4] |= 3u64.pow(d as u32) << (16 * (n % 4));
                }
                n += 1;
            }
        }
        assert_eq!(n, end, "instances counted {count} times");
    }
    l
}

/// The configuration of every pattern instance of a position, digits by colour (see the
/// module's documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Indexes {
    /// Instance `i`'s configuration is bits `16 * (i % 4)..` of word `i / 4`.
    words: [u64; WORDS],
    /// Whether the side to move owns the discs written 1.
    ones_to_move: bool,
}

impl Default for Indexes {
    /// The empty board, the 1s to move.
    fn default() -> Self {
        Indexes {
            words: [0; WORDS],
            ones_to_move: true,
        }
    }
}

impl Indexes {
    /// The indexes of a position: `player` (to move) written 1, `opponent` 2.
    pub fn new(player: u64, opponent: u64) -> Indexes {
        let mut ix = Indexes::default();
        for (discs, digit) in [(player, 1), (opponent, 2)] {
            let mut rest = discs;
            while rest != 0 {
                let powers = &layout().powers[rest.trailing_zeros() as usize];
                for (w, p) in ix.words.iter_mut().zip(powers) {
                    *w += digit * p;
                }
                rest &= rest - 1;
            }
        }
        ix
    }

    /// The indexes after the side to move plays `sq`, turning over `flips`. Kept out of
    /// line, one copy for every caller: inlining it makes no measurable difference to the
    /// worker's size.
    #[inline(never)]
    pub fn play(&self, sq: u32, flips: u64) -> Indexes {
        // The flipped squares' powers, lane by lane: at most the sum of a pattern's
        // powers, (3^10 - 1) / 2, so no lane overflows.
        let layout = layout();
        let mut flipped = [0u64; WORDS];
        let mut rest = flips;
        while rest != 0 {
            let powers = &layout.powers[(rest.trailing_zeros() & 63) as usize];
            for (f, p) in flipped.iter_mut().zip(powers) {
                *f += p;
            }
            rest &= rest - 1;
        }
        let placed = &layout.powers[(sq & 63) as usize];
        let mut words = self.words;
        if self.ones_to_move {
            // Flipped 2s become 1s: each lane loses what its flipped digits held at least
            // once, so no lane borrows; then the new 1 is added (the lane's final value).
            for ((w, f), p) in words.iter_mut().zip(&flipped).zip(placed) {
                *w = *w - f + p;
            }
        } else {
            // 1s become 2s and a 2 is placed: every lane only grows, to its final value.
            for ((w, f), p) in words.iter_mut().zip(&flipped).zip(placed) {
                *w += f + 2 * p;
            }
        }
        Indexes {
            words,
            ones_to_move: !self.ones_to_move,
        }
    }

    /// The configuration of instance `i`.
    #[inline(always)]
    fn digit(&self, i: usize) -> u32 {
        (self.words[i / 4] >> (16 * (i % 4))) as u32 & 0xFFFF
    }

    /// The same discs, the other side to move.
    #[inline]
    pub fn pass(&self) -> Indexes {
        Indexes {
            ones_to_move: !self.ones_to_move,
            ..*self
        }
    }

    /// Whether the side to move owns the discs written 1 (then the evaluation reads the
    /// plain table, else the one with the digits exchanged).
    #[inline]
    pub fn ones_to_move(&self) -> bool {
        self.ones_to_move
    }

    /// The patterns' part of the evaluation: the weights of `table` (one phase's, in the
    /// digits of the side of the 1s) for every instance, counted as `pattern_sum` counts them.
    #[inline]
    pub fn sum(&self, table: &[i16]) -> i32 {
        let table = &table[..TABLE];
        let offset = &layout().offset;
        let w = |i: usize| i32::from(table[(offset[i] + self.digit(i)) as usize]);
        let once: i32 = (0..ONCE).map(w).sum();
        let twice: i32 = (ONCE..TWICE).map(w).sum();
        let four: i32 = (TWICE..INSTANCES).map(w).sum();
        once + 2 * twice + 4 * four
    }
}

/// For each pattern, its configurations with the digits 1 and 2 exchanged: `out[f]` is
/// the feature of the same squares seen by the other side (scalars map to themselves).
pub fn exchanged() -> Vec<u32> {
    let mut out: Vec<u32> = (0..TABLE as u32).collect();
    for (k, (_, squares)) in PATTERNS.iter().enumerate() {
        let size = 3u32.pow(squares.len() as u32);
        for index in 0..size {
            let (mut rest, mut pow, mut swapped) = (index, 1, 0);
            while rest > 0 {
                swapped += [0, 2, 1][(rest % 3) as usize] * pow;
                rest /= 3;
                pow *= 3;
            }
            out[(OFFSETS[k] + index) as usize] = OFFSETS[k] + swapped;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Eight;
    use crate::rng::Rng;
    use crate::search::weights::embedded;
    use crate::Board;

    #[test]
    fn every_square_is_in_some_instance_and_the_powers_are_digits() {
        let mut seen = [0; INSTANCES];
        for sq in 0..64 {
            let mut touches = 0;
            for (i, count) in seen.iter_mut().enumerate() {
                let pow = (layout().powers[sq][i / 4] >> (16 * (i % 4))) & 0xFFFF;
                if pow != 0 {
                    assert!([1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683].contains(&pow));
                    *count += 1;
                    touches += 1;
                }
            }
            assert!((4..=8).contains(&touches), "square {sq}: {touches}");
            // The two lanes past the 50 instances stay empty.
            assert_eq!(layout().powers[sq][WORDS - 1] >> 32, 0);
        }
        // Each instance is its pattern's squares: 4 to 10 of them.
        for (i, &n) in seen.iter().enumerate() {
            assert!((4..=10).contains(&n), "instance {i}: {n} squares");
        }
    }

    #[test]
    fn indexes_kept_along_random_games_sum_as_pattern_sum() {
        let weights = embedded().expect("embedded weights");
        for seed in 1..=40u64 {
            let mut rng = Rng::from_state(seed);
            let mut board = Board::<Eight>::start();
            let mut ix = Indexes::new(board.player, board.opponent);
            let mut passed = false;
            loop {
                // The evaluation from the kept indexes is the one gathered from the board.
                assert_eq!(
                    weights.evaluate_indexed(&ix, board.player, board.opponent),
                    weights.evaluate(board.player, board.opponent),
                    "seed {seed}"
                );
                let fresh = if ix.ones_to_move() {
                    Indexes::new(board.player, board.opponent)
                } else {
                    Indexes::new(board.opponent, board.player).pass()
                };
                assert_eq!(
                    ix, fresh,
                    "seed {seed}: the kept indexes are the position's"
                );
                let moves = board.legal_moves();
                if moves == 0 {
                    if passed {
                        break;
                    }
                    passed = true;
                    board = board.pass();
                    ix = ix.pass();
                    continue;
                }
                passed = false;
                let mut pick = rng.below(u64::from(moves.count_ones()));
                let mut m = moves;
                while pick > 0 {
                    m &= m - 1;
                    pick -= 1;
                }
                let sq = m.trailing_zeros();
                let flips = board.flips(sq);
                ix = ix.play(sq, flips);
                board = board.play_flips(sq, flips);
            }
        }
    }
}
