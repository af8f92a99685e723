//! Game records: the squares played, concatenated (`"f5d6c3d3c4"`), in every game. Passes
//! are implied; a record may also write them (`"pass"`, `"PA"`, `"PS"` or `"--"`, as
//! players' notations do), and readers check each against the rules ([`is_pass`]).
//!
//! Records know squares only, not the games: each game writes its placements here and reads
//! its records back through [`split_record`], so nothing here depends on a game.

use crate::Square;

/// Writes squares played as a record. Passes are not squares: they are implied, as in
/// standard notation.
///
/// ```
/// use outflank_engine::notation::write_record;
/// let squares = ["f5", "d6", "c3"].map(|s| s.parse().unwrap());
/// assert_eq!(write_record(squares), "f5d6c3");
/// ```
pub fn write_record(squares: impl IntoIterator<Item = Square>) -> String {
    squares.into_iter().map(|sq| sq.to_string()).collect()
}

/// How a record may write a pass, in any case; the longest first.
const PASSES: [&str; 4] = ["pass", "pa", "ps", "--"];

/// Whether a record's move text is a pass.
pub fn is_pass(text: &str) -> bool {
    PASSES.iter().any(|p| text.eq_ignore_ascii_case(p))
}

/// Splits a record into the text of each move, without judging it: a letter followed by
/// its digits, a written pass, or else a single unreadable character (so an error can
/// name it). Whitespace and commas between moves are ignored.
///
/// ```
/// use outflank_engine::notation::split_record;
/// assert_eq!(split_record("f5 d6,c3").collect::<Vec<_>>(), ["f5", "d6", "c3"]);
/// assert_eq!(split_record("F5PAd6 pass").collect::<Vec<_>>(), ["F5", "PA", "d6", "pass"]);
/// ```
pub fn split_record(record: &str) -> impl Iterator<Item = &str> {
    let mut rest = record;
    std::iter::from_fn(move || {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        if rest.is_empty() {
            return None;
        }
        let pass = PASSES.iter().find(|p| {
            rest.get(..p.len())
                .is_some_and(|head| head.eq_ignore_ascii_case(p))
        });
        let len = match (Square::parse_prefix(rest), pass) {
            (Some((_, len)), _) => len,
            (None, Some(pass)) => pass.len(),
            // Take the bad character (whole, even if multi-byte) and any digits after it.
            (None, None) => {
                let first = rest.chars().next().map_or(1, char::len_utf8);
                first + rest[first..].bytes().take_while(u8::is_ascii_digit).count()
            }
        };
        let (head, tail) = rest.split_at(len);
        rest = tail;
        Some(head)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_moves() {
        let parts: Vec<_> = split_record("f5d6 c3,d3\nj10").collect();
        assert_eq!(parts, ["f5", "d6", "c3", "d3", "j10"]);
        let parts: Vec<_> = split_record("f5é5x").collect();
        assert_eq!(parts, ["f5", "é5", "x"]);
    }
}
