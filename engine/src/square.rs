//! Squares in board notation: a column letter then a row number, `a1` top-left.

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// A square by column and row, both zero-based (`a1` is `(0, 0)`, `f5` is `(5, 4)`).
///
/// A square is independent of the board size; playing it checks that it is on the board.
///
/// ```
/// use outflank_engine::Square;
/// let f5: Square = "f5".parse().unwrap();
/// assert_eq!((f5.col(), f5.row()), (5, 4));
/// assert_eq!(f5.to_string(), "f5");
/// assert!("5f".parse::<Square>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square {
    // Row first so that the derived order is reading order (a1, b1, ..., a2, ...).
    row: u8,
    col: u8,
}

/// Largest board side notation can name (columns `a`..`z`).
pub const MAX_SIDE: u8 = 26;

impl Square {
    /// The square at zero-based `col` and `row`. Both must be below `MAX_SIDE` to have a
    /// name; larger values are clamped to it (and are off every board).
    pub const fn new(col: u8, row: u8) -> Square {
        let col = if col > MAX_SIDE { MAX_SIDE } else { col };
        let row = if row > MAX_SIDE { MAX_SIDE } else { row };
        Square { row, col }
    }

    /// The square of bit `index` on a board of side `size`.
    pub const fn from_index(index: u32, size: u8) -> Square {
        Square::new((index % size as u32) as u8, (index / size as u32) as u8)
    }

    /// Zero-based column (`a` = 0).
    pub const fn col(self) -> u8 {
        self.col
    }

    /// Zero-based row (`1` = 0).
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Whether the square lies on a board of side `size`.
    pub const fn is_on(self, size: u8) -> bool {
        self.col < size && self.row < size
    }

    /// Bit index on a board of side `size`, if the square is on it.
    pub const fn index(self, size: u8) -> Option<u32> {
        if self.is_on(size) {
            Some(self.row as u32 * size as u32 + self.col as u32)
        } else {
            None
        }
    }

    /// Parses the square at the start of `s`, returning it and the number of bytes read.
    /// Used to split game records such as `"f5d6c3"`, where squares are not separated.
    pub fn parse_prefix(s: &str) -> Option<(Square, usize)> {
        let bytes = s.as_bytes();
        let letter = *bytes.first()?;
        let col = letter.to_ascii_lowercase().wrapping_sub(b'a');
        if col >= MAX_SIDE {
            return None;
        }
        let digits = bytes[1..]
            .iter()
            .take(2)
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || bytes[1] == b'0' {
            return None;
        }
        let mut row: u32 = 0;
        for b in &bytes[1..1 + digits] {
            row = row * 10 + u32::from(b - b'0');
        }
        if row > u32::from(MAX_SIDE) {
            return None;
        }
        Some((Square::new(col, (row - 1) as u8), 1 + digits))
    }
}

impl FromStr for Square {
    type Err = Error;

    fn from_str(s: &str) -> Result<Square, Error> {
        match Square::parse_prefix(s.trim()) {
            Some((sq, len)) if len == s.trim().len() => Ok(sq),
            _ => Err(Error::BadNotation {
                text: s.to_string(),
            }),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_every_square_of_a_10x10_board() {
        for row in 0..10 {
            for col in 0..10 {
                let sq = Square::new(col, row);
                assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            }
        }
        assert_eq!("j10".parse::<Square>().unwrap(), Square::new(9, 9));
        assert_eq!("F5".parse::<Square>().unwrap(), Square::new(5, 4));
    }

    #[test]
    fn rejects_bad_notation() {
        for bad in [
            "", "f", "5", "f0", "f05", "ff5", "f5x", "é5", "f123", "z99", "-1",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn splits_records() {
        assert_eq!(Square::parse_prefix("f5d6"), Some((Square::new(5, 4), 2)));
        assert_eq!(Square::parse_prefix("j10a1"), Some((Square::new(9, 9), 3)));
        assert_eq!(Square::parse_prefix("x"), None);
    }

    #[test]
    fn reading_order() {
        let mut v = vec![Square::new(0, 1), Square::new(7, 0), Square::new(0, 0)];
        v.sort();
        assert_eq!(v, [Square::new(0, 0), Square::new(7, 0), Square::new(0, 1)]);
    }
}
