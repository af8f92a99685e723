//! The file of labelled positions the training pipeline writes and reads.
//!
//! A header (`OFTD`, version 1) then 20-byte records, little-endian: player and opponent
//! bitboards (u64 each, the player being the side to move), the label (i8, final disc
//! difference for the player), flags (u8: bit 0 = the label is exact, from the solver) and
//! the search's score when the move was chosen (i16, hundredths of a disc; 0 when none).

use std::io::{self, Read, Write};

const MAGIC: &[u8; 4] = b"OFTD";
const VERSION: u32 = 1;
const RECORD: usize = 20;

/// One labelled position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sample {
    pub player: u64,
    pub opponent: u64,
    /// Final disc difference for the player (exact if `exact`, else the game's result).
    pub label: i8,
    pub exact: bool,
    /// The search's score for the player, in hundredths of a disc (0 if none).
    pub search: i16,
}

impl Sample {
    pub fn empties(&self) -> u32 {
        64 - (self.player | self.opponent).count_ones()
    }
}

/// Writes `samples` with the header.
pub fn write(out: &mut impl Write, samples: &[Sample]) -> io::Result<()> {
    out.write_all(MAGIC)?;
    out.write_all(&VERSION.to_le_bytes())?;
    append(out, samples)
}

/// Writes `samples` without the header (after a [`write()`] of the same file).
pub fn append(out: &mut impl Write, samples: &[Sample]) -> io::Result<()> {
    for s in samples {
        let mut r = [0u8; RECORD];
        r[0..8].copy_from_slice(&s.player.to_le_bytes());
        r[8..16].copy_from_slice(&s.opponent.to_le_bytes());
        r[16] = s.label as u8;
        r[17] = u8::from(s.exact);
        r[18..20].copy_from_slice(&s.search.to_le_bytes());
        out.write_all(&r)?;
    }
    Ok(())
}

/// Reads a whole file written by [`write()`]; a bad header, a truncated record or an
/// impossible position is an error, never a panic.
pub fn read(input: &mut impl Read) -> io::Result<Vec<Sample>> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    parse(&bytes).map_err(|why| io::Error::new(io::ErrorKind::InvalidData, why))
}

/// [`read`] on bytes.
pub fn parse(bytes: &[u8]) -> Result<Vec<Sample>, String> {
    if bytes.len() < 8 || &bytes[0..4] != MAGIC {
        return Err("not a training data file (no OFTD header)".into());
    }
    let version = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    if version != VERSION {
        return Err(format!(
            "training data version {version}, this build reads {VERSION}"
        ));
    }
    let body = &bytes[8..];
    if body.len() % RECORD != 0 {
        return Err(format!(
            "truncated: {} bytes after the header is not a whole number of records",
            body.len()
        ));
    }
    let mut out = Vec::with_capacity(body.len() / RECORD);
    for (k, r) in body.chunks_exact(RECORD).enumerate() {
        let word = |at: usize| u64::from_le_bytes(r[at..at + 8].try_into().unwrap_or([0; 8]));
        let s = Sample {
            player: word(0),
            opponent: word(8),
            label: r[16] as i8,
            exact: r[17] & 1 != 0,
            search: i16::from_le_bytes([r[18], r[19]]),
        };
        if s.player & s.opponent != 0 || (s.label as i32).abs() > 64 {
            return Err(format!(
                "record {k}: not a position (overlapping discs or a score beyond 64)"
            ));
        }
        out.push(s);
    }
    Ok(out)
}

/// Reads and concatenates several files. A file that a stopped run cut short in the middle
/// of a record keeps its whole records (self-play appends game by game).
pub fn read_files(paths: &[std::path::PathBuf]) -> Result<Vec<Sample>, String> {
    let mut all = Vec::new();
    for p in paths {
        let mut bytes =
            std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
        if bytes.len() > 8 {
            bytes.truncate(bytes.len() - (bytes.len() - 8) % RECORD);
        }
        all.extend(parse(&bytes).map_err(|e| format!("{}: {e}", p.display()))?);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_round_trip_and_bad_files_are_errors() {
        let samples = vec![
            Sample {
                player: 0x0000_0008_1000_0000,
                opponent: 0x0000_0010_0800_0000,
                label: -12,
                exact: true,
                search: -1234,
            },
            Sample {
                player: 1,
                opponent: 2,
                label: 64,
                exact: false,
                search: 0,
            },
        ];
        let mut bytes = Vec::new();
        write(&mut bytes, &samples).unwrap();
        assert_eq!(parse(&bytes).unwrap(), samples);
        assert!(parse(&bytes[..bytes.len() - 1]).is_err());
        assert!(parse(b"OFTX\x01\0\0\0").is_err());
        let mut overlapping = bytes.clone();
        // The second record's opponent made equal to its player: overlapping discs.
        overlapping[8 + RECORD + 8] = 1;
        assert!(parse(&overlapping).is_err());
    }
}
