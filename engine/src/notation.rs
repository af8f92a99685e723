//! Game records: the squares played, concatenated (`"f5d6c3d3c4"`).

use crate::reversi::Action;
use crate::Square;

/// Writes the placements of a log as a record; passes are implied, as in standard notation.
pub fn write_record(actions: impl IntoIterator<Item = Action>) -> String {
    actions
        .into_iter()
        .filter_map(|a| match a {
            Action::Place(sq) => Some(sq.to_string()),
            Action::Pass => None,
        })
        .collect()
}

/// Splits a record into the text of each move, without judging it: a letter followed by
/// its digits, or else a single unreadable character (so an error can name it).
/// Whitespace and commas between moves are ignored.
pub fn split_record(record: &str) -> impl Iterator<Item = &str> {
    let mut rest = record;
    std::iter::from_fn(move || {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',');
        if rest.is_empty() {
            return None;
        }
        let len = match Square::parse_prefix(rest) {
            Some((_, len)) => len,
            // Take the bad character (whole, even if multi-byte) and any digits after it.
            None => {
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
