//! The weights' compact file.
//!
//! The file (`engine/weights/reversi8.bin`, embedded in the native engine and fetched by
//! the browser worker) stores only the canonical entries (see [`pattern::canonical`]), as
//! a stream of tokens, LEB128 varints: an even token `2n` is a run of `n + 1` zero weights
//! (configurations the training never saw stay at zero), an odd token `2z + 1` a non-zero
//! weight whose zigzag code is `z + 1`. The weights come entry by entry, each entry's
//! phases together (version 2): a configuration unseen in training is zero in every phase,
//! and a seen one has close weights in neighbouring phases, so gzip finds longer runs and
//! repeats than in the phase-by-phase order of version 1 (still read): the shipped weights
//! gzip about a fifth smaller. Layout:
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
//!
//! Weights fitted on phases twice as wide (`outflank-train fit --phase-empties 8`) hold the
//! same table in each pair of phases `2k`, `2k + 1`; such weights are written with
//! [`WIDE_PHASES`] phases (8 empties each) instead of [`PHASES`], each pair once, and read back
//! into the same tables: half the entries for the same evaluation.
//!
//! Interpolated weights (`--phase-empties 8 --interpolate`) hold in each odd phase the
//! [`midpoint`] of the two even phases around it; they are written as version 3, whose
//! [`WIDE_PHASES`] stored phases are the even ones (the knots), and the reader computes the odd
//! ones again. Every other file is written as version 2, so files of the earlier kinds keep
//! their bytes.

use super::{interpolate_odd_phases, midpoint, Weights};
use crate::search::pattern::{self, OFFSETS, PATTERNS, PHASES, SCALARS, TABLE};

const MAGIC: &[u8; 4] = b"OFPW";
/// The version written for weights of every phase or tied in pairs; [`Weights::from_bytes`]
/// also reads version 1.
const VERSION: u16 = 2;
/// The version written for interpolated weights: [`WIDE_PHASES`] knots.
const VERSION_KNOTS: u16 = 3;
/// Phases stored by a file of weights tied in pairs of phases (8 empties a phase).
pub const WIDE_PHASES: usize = PHASES.div_ceil(2);

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
                    "weights file version {v}, this build reads 1 to {VERSION_KNOTS}"
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

impl Weights {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        // Weights tied in pairs of phases are stored a pair at a time, interpolated ones by
        // their knots (the even phases).
        let (version, stride) = if self.tied_in_pairs() {
            (VERSION, 2)
        } else if self.interpolated() {
            (VERSION_KNOTS, 2)
        } else {
            (VERSION, 1)
        };
        out.extend_from_slice(&version.to_le_bytes());
        let phases = PHASES.div_ceil(stride);
        let mut header = layout();
        *header
            .last_mut()
            .expect("the layout ends with the phase count") = phases as u8;
        out.extend_from_slice(&header);
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
            for phase in (0..PHASES).step_by(stride) {
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
        if !(1..=VERSION_KNOTS).contains(&version) {
            return Err(WeightsError::Version(version));
        }
        let expected = layout();
        let found = take(expected.len())?;
        let (evaluation, phases) = found.split_at(expected.len() - 1);
        if evaluation != &expected[..expected.len() - 1] {
            return Err(WeightsError::Mismatch(
                "the pattern list or scalars differ from this build's".into(),
            ));
        }
        // Each of the file's phases fills `stride` of the tables' phases.
        let (phases, stride) = match (phases[0] as usize, version) {
            (PHASES, 1 | VERSION) => (PHASES, 1),
            (WIDE_PHASES, VERSION | VERSION_KNOTS) => (WIDE_PHASES, 2),
            (other, _) => {
                return Err(WeightsError::Mismatch(format!(
                    "{other} phases in a version {version} file; this build reads {PHASES} \
                     from versions 1 and {VERSION}, {WIDE_PHASES} from {VERSION} and \
                     {VERSION_KNOTS}"
                )))
            }
        };
        let quantum = i32::from(take(1)?[0]);
        if quantum == 0 {
            return Err(WeightsError::Corrupt("a quantum of 0".into()));
        }
        let count = take(4)?;
        let count = u32::from_le_bytes([count[0], count[1], count[2], count[3]]);
        let canon = pattern::canonical();
        let slots: Vec<usize> = (0..TABLE).filter(|&f| canon[f] as usize == f).collect();
        let total = slots.len() * phases;
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
                tables[phase * TABLE + slot] = match version {
                    1 => values[phase * slots.len() + i],
                    // A knot file's odd phases are made from its even ones below.
                    VERSION_KNOTS if phase % 2 == 1 => 0,
                    _ => values[i * phases + phase / stride],
                };
            }
            for (f, &c) in canon.iter().enumerate().take(TABLE) {
                let c = c as usize;
                if c != f {
                    tables[phase * TABLE + f] = tables[phase * TABLE + c];
                }
            }
        }
        if version == VERSION_KNOTS {
            interpolate_odd_phases(&mut tables);
        }
        Ok(Weights::new(tables))
    }
}

impl Weights {
    /// Whether every pair of phases `2k`, `2k + 1` holds the same table (a fit on phases of 8
    /// empties), so that the file stores each pair once.
    pub(super) fn tied_in_pairs(&self) -> bool {
        self.tables
            .chunks_exact(2 * TABLE)
            .all(|pair| pair[..TABLE] == pair[TABLE..])
    }

    /// Whether every odd phase holds the [`midpoint`] of the even phases around it (a fit
    /// with `--interpolate`), so that the file stores the even phases alone.
    pub(super) fn interpolated(&self) -> bool {
        (1..PHASES - 1).step_by(2).all(|phase| {
            let at = |p: usize| &self.tables[p * TABLE..][..TABLE];
            let (below, odd, above) = (at(phase - 1), at(phase), at(phase + 1));
            (0..TABLE).all(|f| odd[f] == midpoint(below[f], above[f]))
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::weights::tests::sample_weights;

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
    fn weights_tied_in_pairs_of_phases_take_half_the_phases_in_the_file() {
        // Phases 2k and 2k + 1 share a table, as a fit on phases of 8 empties makes them.
        let sample = sample_weights();
        let values: Vec<Vec<i16>> = (0..PHASES)
            .map(|p| (0..TABLE).map(|f| sample.get(p - p % 2, f)).collect())
            .collect();
        let tied = Weights::from_canonical(&values);
        let bytes = tied.to_bytes();
        let phases_at = 6 + layout().len() - 1;
        assert_eq!(bytes[phases_at] as usize, WIDE_PHASES);
        assert_eq!(Weights::from_bytes(&bytes), Ok(tied.clone()));
        assert!(bytes.len() < sample.to_bytes().len() * 2 / 3);
        // The same evaluation either way, in every phase.
        for p in 0..PHASES {
            assert_eq!(tied.get(p, 7), sample.get(p - p % 2, 7));
        }
        // Untied weights keep every phase; a phase count this build cannot lay out is refused.
        assert_eq!(sample.to_bytes()[phases_at] as usize, PHASES);
        let mut odd = bytes.clone();
        odd[phases_at] = 7;
        assert!(matches!(
            Weights::from_bytes(&odd),
            Err(WeightsError::Mismatch(_))
        ));
    }

    #[test]
    fn interpolated_weights_store_their_knots_alone() {
        // Knots at the even phases, as `--interpolate` fits them; the odd phases between.
        let sample = sample_weights();
        let knots: Vec<Vec<i16>> = (0..WIDE_PHASES)
            .map(|k| (0..TABLE).map(|f| sample.get(2 * k, f)).collect())
            .collect();
        let w = Weights::from_knots(&knots);
        let f = (0..TABLE)
            .find(|&f| w.get(0, f) != w.get(2, f))
            .expect("a weight that moves");
        assert_eq!(w.get(1, f), midpoint(w.get(0, f), w.get(2, f)));
        assert_eq!(w.get(2, f), sample.get(2, f));
        let bytes = w.to_bytes();
        let phases_at = 6 + layout().len() - 1;
        assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), VERSION_KNOTS);
        assert_eq!(bytes[phases_at] as usize, WIDE_PHASES);
        assert_eq!(Weights::from_bytes(&bytes), Ok(w.clone()));
        assert!(bytes.len() < sample.to_bytes().len() * 2 / 3);
        // Rounded to a coarser quantum, they stay interpolated and small.
        let coarse = w.requantized(40, 0);
        assert!(coarse.interpolated());
        assert_eq!(
            u16::from_le_bytes([coarse.to_bytes()[4], coarse.to_bytes()[5]]),
            3
        );
        // Weights that are neither keep every phase, as version 2; a knot file must hold
        // knots.
        assert_eq!(
            u16::from_le_bytes([sample.to_bytes()[4], sample.to_bytes()[5]]),
            2
        );
        let mut every = sample.to_bytes();
        every[4] = 3;
        assert!(matches!(
            Weights::from_bytes(&every),
            Err(WeightsError::Mismatch(_))
        ));
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
}
