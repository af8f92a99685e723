//! The weights of the pattern evaluation, and their compact file.
//!
//! In memory: one table of `i16` per phase, [`pattern::TABLE`] entries each, indexed by
//! [`pattern::features`]; the evaluation is the sum of the weights of a position's
//! features, in hundredths of a disc like [`crate::search::eval`], so the search stays in
//! integers.
//!
//! The file (`engine/weights/reversi8.bin`, embedded in the native engine and fetched by
//! the browser worker) stores only the canonical entries (see [`pattern::canonical`]), as
//! a stream of tokens, LEB128 varints: an even token `2n` is a run of `n + 1` zero weights
//! (configurations the training never saw stay at zero), an odd token `2z + 1` a non-zero
//! weight whose zigzag code is `z + 1`. The weights come entry by entry, each entry's
//! phases together (version 2): a configuration unseen in training is zero in every phase,
//! and a seen one has close weights in neighbouring phases, so gzip finds longer runs and
//! repeats than in the phase-by-phase order of version 1 (still read): the shipped weights
//! take 208,577 bytes gzipped instead of 279,553. Layout:
//!
//! ```text
//! "OFPW"  magic
//! u16 LE  version (2; 1 is read too)
//! u8      number of patterns, then per pattern: u8 square count, the squares (u8 each)
//! u8      number of scalars, then per scalar: u8 number of values
//! u8      number of phases
//! u8      quantum q: every weight is a multiple of q, and stored divided by it
//! u32 LE  number of tokens, then the tokens (canonical entries in order, each entry's
//!         phases in order; version 1: phase by phase, each phase's entries in order)
//! ```
//!
//! The pattern list is in the file so that weights trained for other patterns are refused
//! with an error instead of being misread.

use crate::search::pattern::{self, OFFSETS, PATTERNS, PHASES, SCALARS, TABLE};
use crate::search::pattern_index::{self, Indexes};

const MAGIC: &[u8; 4] = b"OFPW";
/// The version written; [`Weights::from_bytes`] also reads version 1.
const VERSION: u16 = 2;

/// Why a weights file was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WeightsError {
    /// Not a weights file at all.
    BadMagic,
    /// A version this build cannot read.
    Version(u16),
    /// Trained for other patterns, scalars or phases than this build's.
    Mismatch(String),
    /// Cut short, or with bytes after the end.
    Truncated,
    /// A token that cannot be (a weight beyond i16, more weights than the tables hold).
    Corrupt(String),
}

impl std::fmt::Display for WeightsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WeightsError::BadMagic => write!(f, "not an Outflank weights file"),
            WeightsError::Version(v) => {
                write!(
                    f,
                    "weights file version {v}, this build reads 1 to {VERSION}"
                )
            }
            WeightsError::Mismatch(why) => write!(f, "weights for another evaluation: {why}"),
            WeightsError::Truncated => {
                write!(f, "the weights file is cut short or has trailing bytes")
            }
            WeightsError::Corrupt(why) => write!(f, "corrupt weights file: {why}"),
        }
    }
}

impl std::error::Error for WeightsError {}

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
        write!(f, "Weights({PHASES} phases, {nonzero} non-zero)")
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
        let canon = pattern::canonical();
        let mut tables = vec![0; PHASES * TABLE];
        for (phase, values) in canonical_values.iter().enumerate().take(PHASES) {
            for (f, &c) in canon.iter().enumerate().take(TABLE) {
                tables[phase * TABLE + f] = values.get(c as usize).copied().unwrap_or(0);
            }
        }
        Weights::new(tables)
    }

    /// The same weights rounded to multiples of `quantum` hundredths of a disc, and those
    /// smaller than `drop` (after rounding) set to zero: a smaller file from one fine fit,
    /// without fitting again for each size tried (`outflank train requant`).
    pub fn requantized(&self, quantum: u8, drop: i16) -> Weights {
        let q = f32::from(quantum.max(1));
        let tables = self
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

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&layout());
        let canon = pattern::canonical();
        // The largest quantum (up to 255) that divides every weight.
        let gcd = |mut a: u32, mut b: u32| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let quantum = self
            .tables
            .iter()
            .fold(0u32, |g, &w| gcd(g, w.unsigned_abs() as u32));
        let quantum = if (1..=255).contains(&quantum) {
            quantum as i16
        } else {
            1
        };
        out.push(quantum as u8);
        let mut tokens: Vec<u32> = Vec::new();
        let mut zeros = 0u32;
        for (f, &c) in canon.iter().enumerate().take(TABLE) {
            if c as usize != f {
                continue;
            }
            for phase in 0..PHASES {
                let w = self.tables[phase * TABLE + f] / quantum;
                if w == 0 {
                    zeros += 1;
                    continue;
                }
                if zeros > 0 {
                    tokens.push(2 * (zeros - 1));
                    zeros = 0;
                }
                let zigzag = ((i32::from(w) << 1) ^ (i32::from(w) >> 31)) as u32;
                tokens.push(2 * (zigzag - 1) + 1);
            }
        }
        if zeros > 0 {
            tokens.push(2 * (zeros - 1));
        }
        push_tokens(&mut out, &tokens);
        out
    }

    /// Reads a file written by [`Weights::to_bytes`]; any fault is an error, never a panic.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.len() < 4 || &bytes[..4] != MAGIC {
            return Err(WeightsError::BadMagic);
        }
        let mut at = 4;
        let mut take = |n: usize| -> Result<&[u8], WeightsError> {
            let s = bytes.get(at..at + n).ok_or(WeightsError::Truncated)?;
            at += n;
            Ok(s)
        };
        let version = u16::from_le_bytes([take(1)?[0], take(1)?[0]]);
        if version != VERSION && version != 1 {
            return Err(WeightsError::Version(version));
        }
        let expected = layout();
        let found = take(expected.len())?;
        if found != expected.as_slice() {
            return Err(WeightsError::Mismatch(
                "the pattern list, scalars or phase count differ from this build's".into(),
            ));
        }
        let quantum = i32::from(take(1)?[0]);
        if quantum == 0 {
            return Err(WeightsError::Corrupt("a quantum of 0".into()));
        }
        let count = take(4)?;
        let count = u32::from_le_bytes([count[0], count[1], count[2], count[3]]);
        let canon = pattern::canonical();
        let slots: Vec<usize> = (0..TABLE).filter(|&f| canon[f] as usize == f).collect();
        let total = slots.len() * PHASES;
        let mut values: Vec<i16> = Vec::with_capacity(total);
        for _ in 0..count {
            let mut t = 0u32;
            let mut shift = 0;
            loop {
                let b = take(1)?[0];
                if shift > 28 {
                    return Err(WeightsError::Corrupt("a token longer than 32 bits".into()));
                }
                t |= u32::from(b & 0x7F) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            if t & 1 == 0 {
                let run = (t >> 1) as usize + 1;
                if values.len() + run > total {
                    return Err(WeightsError::Corrupt(
                        "more weights than the tables hold".into(),
                    ));
                }
                values.resize(values.len() + run, 0);
            } else {
                let zigzag = (t >> 1) + 1;
                let w = ((zigzag >> 1) as i32 ^ -((zigzag & 1) as i32)) * quantum;
                let w = i16::try_from(w)
                    .map_err(|_| WeightsError::Corrupt(format!("weight {w} beyond 16 bits")))?;
                if values.len() >= total {
                    return Err(WeightsError::Corrupt(
                        "more weights than the tables hold".into(),
                    ));
                }
                values.push(w);
            }
        }
        if values.len() != total || at != bytes.len() {
            return Err(WeightsError::Truncated);
        }
        let mut tables = vec![0; PHASES * TABLE];
        for phase in 0..PHASES {
            for (i, &slot) in slots.iter().enumerate() {
                tables[phase * TABLE + slot] = if version == 1 {
                    values[phase * slots.len() + i]
                } else {
                    values[i * PHASES + phase]
                };
            }
            for (f, &c) in canon.iter().enumerate().take(TABLE) {
                let c = c as usize;
                if c != f {
                    tables[phase * TABLE + f] = tables[phase * TABLE + c];
                }
            }
        }
        Ok(Weights::new(tables))
    }
}

/// The token count (u32 LE), then the tokens as LEB128 varints.
fn push_tokens(out: &mut Vec<u8>, tokens: &[u32]) {
    out.extend_from_slice(&(tokens.len() as u32).to_le_bytes());
    for &token in tokens {
        let mut t = token;
        while t >= 0x80 {
            out.push((t as u8 & 0x7F) | 0x80);
            t >>= 7;
        }
        out.push(t as u8);
    }
}

/// The part of the header that describes the evaluation (patterns, scalars, phases).
fn layout() -> Vec<u8> {
    let mut out = vec![PATTERNS.len() as u8];
    for (_, squares) in PATTERNS {
        out.push(squares.len() as u8);
        out.extend_from_slice(squares);
    }
    out.push(SCALARS.len() as u8);
    for (_, values) in SCALARS {
        out.push(values as u8);
    }
    out.push(PHASES as u8);
    debug_assert_eq!(OFFSETS.len(), PATTERNS.len() + SCALARS.len() + 1);
    out
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

/// The weights trained by `outflank train` (engine/TRAINING.md), embedded in the native
/// engine; `None` if the embedded file does not match this build's patterns.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub fn embedded() -> Option<&'static Weights> {
    static EMBEDDED: std::sync::OnceLock<Option<Weights>> = std::sync::OnceLock::new();
    EMBEDDED
        .get_or_init(|| Weights::from_bytes(include_bytes!("../../weights/reversi8.bin")).ok())
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::pattern::{base_indexes_by_squares, symmetries};

    fn sample_weights() -> Weights {
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
    fn weights_round_trip_through_the_file() {
        let w = sample_weights();
        let bytes = w.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes), Ok(w.clone()));
        assert_eq!(
            Weights::from_bytes(&Weights::zero().to_bytes()),
            Ok(Weights::zero())
        );
        // Every cut is refused, never a panic.
        for cut in [0, 3, 4, 6, 20, bytes.len() / 2, bytes.len() - 1] {
            assert!(Weights::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Weights::from_bytes(&longer), Err(WeightsError::Truncated));
        let mut other = bytes.clone();
        other[4] = 9;
        assert_eq!(Weights::from_bytes(&other), Err(WeightsError::Version(9)));
        let mut patterns = bytes.clone();
        patterns[8] = 5; // the first pattern's first square
        assert!(matches!(
            Weights::from_bytes(&patterns),
            Err(WeightsError::Mismatch(_))
        ));
        assert_eq!(Weights::from_bytes(b"nope"), Err(WeightsError::BadMagic));
        // A quantum: weights that are all multiples of 6 are stored divided by 6.
        let mut values = vec![vec![0i16; TABLE]; PHASES];
        values[3][5] = 12;
        values[7][OFFSETS[12] as usize] = -30_006;
        let sixes = Weights::from_canonical(&values);
        let six_bytes = sixes.to_bytes();
        assert_eq!(six_bytes[6 + layout().len()], 6);
        assert_eq!(Weights::from_bytes(&six_bytes), Ok(sixes));
        // Garbage after a good header is refused too.
        let header = 6 + layout().len() + 1;
        let mut garbage = bytes[..header].to_vec();
        garbage.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]);
        assert!(Weights::from_bytes(&garbage).is_err());
    }

    #[test]
    fn a_version_1_file_reads_phase_by_phase() {
        // Three weights, written as version 1 did: every phase's canonical entries in
        // order, then the next phase's. The same weights in version 2 differ in order only.
        let slots = (0..TABLE)
            .filter(|&f| pattern::canonical()[f] as usize == f)
            .count();
        let mut values = vec![vec![0i16; TABLE]; PHASES];
        values[0][7] = 40;
        values[0][OFFSETS[12] as usize] = -20;
        values[1][7] = 60;
        let expected = Weights::from_canonical(&values);
        let slot_of = |f: usize| {
            (0..f)
                .filter(|&g| pattern::canonical()[g] as usize == g)
                .count()
        };
        // Token positions in version 1's order, with the quantum 20.
        let at = [
            (slot_of(7), 2i32),
            (slot_of(OFFSETS[12] as usize), -1),
            (slots + slot_of(7), 3),
        ];
        let mut file = Vec::from(&MAGIC[..]);
        file.extend_from_slice(&1u16.to_le_bytes());
        file.extend_from_slice(&layout());
        file.push(20);
        let mut tokens = Vec::new();
        let mut next = 0;
        for (position, w) in at {
            if position > next {
                tokens.push(2 * (position - next - 1) as u32);
            }
            let zigzag = ((w << 1) ^ (w >> 31)) as u32;
            tokens.push(2 * (zigzag - 1) + 1);
            next = position + 1;
        }
        tokens.push(2 * (slots * PHASES - next - 1) as u32);
        push_tokens(&mut file, &tokens);
        assert_eq!(Weights::from_bytes(&file), Ok(expected.clone()));
        // Written again, it is version 2, and reads back the same.
        let again = expected.to_bytes();
        assert_eq!(u16::from_le_bytes([again[4], again[5]]), 2);
        assert_ne!(again, file);
        assert_eq!(Weights::from_bytes(&again), Ok(expected));
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
