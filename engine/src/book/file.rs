//! The book's file: a depth-first walk from the start, a small number a position.

use std::collections::HashSet;

use super::store::Store;
use super::{children, key, Book, Entry, Judge, Key, Recipe, MAX_VALUE};
use crate::{Board, Eight};

/// Why a book file was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BookError {
    /// Not a book file at all.
    BadMagic,
    /// A version this build cannot read.
    Version(u8),
    /// Cut short before its last position.
    Truncated,
    /// Bytes after its last position.
    TrailingBytes,
    /// A value beyond ±64 discs, an expanded finished game, a count that disagrees with the
    /// positions read, or a recipe no build makes.
    Corrupt(String),
}

impl std::fmt::Display for BookError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BookError::BadMagic => write!(f, "not an Outflank opening book"),
            BookError::Version(v) => {
                write!(f, "opening book version {v}, this build reads {VERSION}")
            }
            BookError::Truncated => write!(f, "the opening book is cut short"),
            BookError::TrailingBytes => write!(f, "the opening book has bytes after its end"),
            BookError::Corrupt(why) => write!(f, "corrupt opening book: {why}"),
        }
    }
}

impl std::error::Error for BookError {}

const MAGIC: &[u8; 4] = b"OFBK";
const VERSION: u8 = 3;

impl Book {
    /// The book's file: `"OFBK"`, version 3, the [`Recipe`] (level, depth, plies, margin,
    /// full: a byte each), the number of positions (LEB128), then the positions in depth-first
    /// order from the start, each a LEB128 number `zigzag(value - base) * 2 + expanded`,
    /// where `base` is the negated value of the position it was reached from (0 for the
    /// start). An expanded position is followed by the positions one move after it, in the
    /// order of [`children`], leaving out those already written (a transposition or an
    /// image): a reader that replays the moves knows each position without its discs being
    /// stored, about a byte a position. A minimaxed position's best move leads to its `base`
    /// and the others a few discs from it, so most numbers are small and alike, which gzip
    /// packs (a tenth smaller than the values themselves). Positions not reached from the
    /// start are left out.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::new();
        let mut seen = HashSet::new();
        if self.entry(&Board::start()).is_some() {
            self.write(Board::start(), 0, &mut seen, &mut body);
        }
        let r = self.recipe;
        let mut out = MAGIC.to_vec();
        out.push(VERSION);
        out.extend(Judge::to_bytes(r.judge));
        out.extend([r.plies, r.margin, r.full]);
        write_varint(&mut out, seen.len() as u64);
        out.extend(body);
        out
    }

    fn write(&self, board: Board<Eight>, base: i64, seen: &mut HashSet<Key>, out: &mut Vec<u8>) {
        let k = key(&board);
        let Some(&entry) = self.entries.get(&k) else {
            return;
        };
        if !seen.insert(k) {
            return;
        }
        let kids = children(&board);
        let expanded = entry.expanded
            && !kids.is_empty()
            && kids.iter().all(|(_, c)| self.entries.contains_key(&key(c)));
        let delta = i64::from(entry.value) - base;
        let zigzag = (delta << 1) ^ (delta >> 63);
        write_varint(out, (zigzag as u64) << 1 | u64::from(expanded));
        if expanded {
            for (_, child) in kids {
                self.write(child, -i64::from(entry.value), seen, out);
            }
        }
    }

    /// Reads a book file ([`Book::to_bytes`]), or says what is wrong with it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(BookError::BadMagic)?;
        let (&version, rest) = rest.split_first().ok_or(BookError::Truncated)?;
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let [level, depth, plies, margin, full, ref rest @ ..] = *rest else {
            return Err(BookError::Truncated);
        };
        let judge = Judge::from_bytes([level, depth]).map_err(BookError::Corrupt)?;
        let mut reader = Reader { bytes: rest };
        let count = reader.varint()?;
        let mut book = Book {
            entries: Store::default(),
            recipe: Recipe {
                judge,
                plies,
                margin,
                full,
            },
        };
        if count > 0 {
            book.read(Board::start(), 0, &mut reader)?;
        }
        if !reader.bytes.is_empty() {
            return Err(BookError::TrailingBytes);
        }
        if book.len() as u64 != count {
            return Err(BookError::Corrupt(format!(
                "{} positions, the file says {count}",
                book.len()
            )));
        }
        book.entries = std::mem::take(&mut book.entries).freeze();
        Ok(book)
    }

    fn read(
        &mut self,
        board: Board<Eight>,
        base: i64,
        reader: &mut Reader<'_>,
    ) -> Result<(), BookError> {
        let k = key(&board);
        if self.entries.contains_key(&k) {
            return Ok(());
        }
        let n = reader.varint()?;
        let expanded = n & 1 == 1;
        let zigzag = n >> 1;
        let delta = (zigzag >> 1) as i64 ^ -((zigzag & 1) as i64);
        let value = delta.saturating_add(base);
        if value.unsigned_abs() > MAX_VALUE as u64 {
            return Err(BookError::Corrupt(format!("a value of {value} discs")));
        }
        let kids = children(&board);
        if expanded && kids.is_empty() {
            return Err(BookError::Corrupt("a finished game expanded".into()));
        }
        let value = value as i8;
        self.entries.insert(k, Entry { value, expanded });
        if expanded {
            for (_, child) in kids {
                self.read(child, -i64::from(value), reader)?;
            }
        }
        Ok(())
    }

    /// The book file at `path`, or why it cannot be read, naming the file.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub fn read_file(path: &std::path::Path) -> Result<Book, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }
}

fn write_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7F) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn varint(&mut self) -> Result<u64, BookError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let (&b, rest) = self.bytes.split_first().ok_or(BookError::Truncated)?;
            self.bytes = rest;
            n |= u64::from(b & 0x7F) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(BookError::Corrupt("a number longer than 64 bits".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::tests::small_book;

    #[test]
    fn the_file_round_trips() {
        let book = small_book();
        let bytes = book.to_bytes();
        let again = Book::from_bytes(&bytes).unwrap();
        assert_eq!(again, book);
        assert_eq!(again.to_bytes(), bytes);
        // About a byte a position.
        assert!(bytes.len() < book.len() * 2, "{} bytes", bytes.len());
        let empty = Book::from_bytes(&Book::new().to_bytes()).unwrap();
        assert!(empty.is_empty());
    }

    #[test]
    fn bad_bytes_are_refused() {
        let bytes = small_book().to_bytes();
        assert_eq!(Book::from_bytes(b"").unwrap_err(), BookError::BadMagic);
        assert_eq!(
            Book::from_bytes(b"OFPW\x01").unwrap_err(),
            BookError::BadMagic
        );
        assert_eq!(
            Book::from_bytes(b"OFBK\x02").unwrap_err(),
            BookError::Version(2)
        );
        assert_eq!(
            Book::from_bytes(b"OFBK\x03\x03").unwrap_err(),
            BookError::Truncated
        );
        for cut in 4..bytes.len() {
            assert!(Book::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            Book::from_bytes(&longer).unwrap_err(),
            BookError::TrailingBytes
        );
        // A judge no build records: a level beyond 11, or both a level and a depth (bytes 5
        // and 6 hold the level and the depth).
        for (level, depth) in [(12, 0), (3, 18)] {
            let mut recipe = bytes.clone();
            recipe[5..7].copy_from_slice(&[level, depth]);
            assert!(
                matches!(Book::from_bytes(&recipe), Err(BookError::Corrupt(_))),
                "level {level}, depth {depth}"
            );
        }
        // A wrong count, a value beyond 64 discs, a number that never ends.
        let mut count = bytes.clone();
        count[10] ^= 1;
        assert!(Book::from_bytes(&count).is_err());
        let mut header = bytes[..10].to_vec();
        write_varint(&mut header, 1);
        let mut big = header.clone();
        write_varint(&mut big, 200 << 1);
        assert!(matches!(Book::from_bytes(&big), Err(BookError::Corrupt(_))));
        let mut endless = header;
        endless.extend([0xFF; 12]);
        assert!(matches!(
            Book::from_bytes(&endless),
            Err(BookError::Corrupt(_))
        ));
        // Every byte changed, one at a time: an error or another book, never a panic.
        for i in 0..bytes.len() {
            for x in [1u8, 0x80, 0xFF] {
                let mut b = bytes.clone();
                b[i] ^= x;
                let _ = Book::from_bytes(&b);
            }
        }
    }
}
