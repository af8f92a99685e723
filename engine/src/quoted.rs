//! Text from outside quoted in a message: what a person typed or a file held, shown exactly,
//! as `"f9"`.
//!
//! Messages quote with this rather than `{:?}`: one way of quoting for every message, that
//! does not depend on Debug formatting (which a build for size may leave out:
//! `-Zfmt-debug=none`). It writes what `{:?}` writes for a string.
//!
//! ```
//! use outflank_engine::Quoted;
//! assert_eq!(Quoted("f9").to_string(), r#""f9""#);
//! assert_eq!(Quoted('?').to_string(), r#""?""#);
//! assert_eq!(Quoted("say \"hi\"\n").to_string(), r#""say \"hi\"\n""#);
//! ```

use std::fmt::{self, Display, Write};

/// `T` shown between double quotes, with quotes, backslashes and control characters escaped
/// as Rust writes them in a string literal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Quoted<T>(pub T);

impl<T: Display> Display for Quoted<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('"')?;
        for c in self.0.to_string().chars() {
            match c {
                '"' | '\\' => {
                    f.write_char('\\')?;
                    f.write_char(c)?;
                }
                c if c.is_control() => write!(f, "{}", c.escape_default())?,
                c => f.write_char(c)?,
            }
        }
        f.write_char('"')
    }
}

#[cfg(test)]
mod tests {
    use super::Quoted;

    #[test]
    fn quotes_as_a_debug_string_does_for_what_people_type() {
        for text in [
            "f9",
            "",
            "é 手",
            "a\"b",
            "back\\slash",
            "tab\there",
            "line\nbreak",
        ] {
            assert_eq!(Quoted(text).to_string(), format!("{text:?}"), "{text:?}");
        }
    }
}
