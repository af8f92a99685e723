//! A position set up to start a game from, as a book diagram or a GGF `BO[...]` gives it.
//!
//! [`StartPosition`] is the unchecked set-up: the discs and the side to move, `Copy` and
//! small so it can sit in the game's options. [`StartPosition::check`] turns it into a
//! playable [`Position`] or says what is wrong with it, as shakmaty checks a `Setup`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::position::{Position, Variant, SIZES};
use crate::bitboard::{Bits, Eight};
use crate::{Error, Player, Reason, Square};

/// The discs of a set-up board and the side to move, unchecked.
///
/// Its text form is the squares row by row from a1 (`X` dark, `O` light, `-` empty), then
/// `X` or `O` for the side to move, as the FFO and Edax files write positions; `*` is read
/// as `X` and `.` as `-`, and whitespace is ignored. A game may start from any set-up
/// whose centre squares hold discs ([`StartPosition::check`]).
///
/// ```
/// use outflank_engine::{Game, Player, Reversi, ReversiOptions, StartPosition};
/// // A 6x6 ending: light, to move, has no move, so the game starts with light's pass.
/// let start: StartPosition = "\
///     XXXXXX\
///     XXXXXX\
///     XXXOXX\
///     XXXX--\
///     XXXXXX\
///     XXXXX- O".parse().unwrap();
/// assert_eq!(start.size(), 6);
/// let mut game =
///     Reversi::new(ReversiOptions { size: 6, start: Some(start), ..Default::default() }).unwrap();
/// assert_eq!(game.to_move(), Some(Player::First));
/// assert_eq!(game.turns()[0].action.notation(), "pass");
/// assert_eq!(start.to_string(), "XXXXXXXXXXXXXXXOXXXXXX--XXXXXXXXXXX-O");
/// // e4 turns light's last disc over: the game is over.
/// game.play_move(Player::First, outflank_engine::Move::Place("e4".parse().unwrap())).unwrap();
/// assert_eq!(game.scores(), [34, 0]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct StartPosition {
    size: u8,
    /// Dark's discs (the first player's), bit `row * size + col`.
    first: u128,
    /// Light's discs.
    second: u128,
    to_move: Player,
}

/// The error for a set-up that cannot start a game: an option with a bad value.
fn bad(reason: Reason) -> Error {
    Error::BadOption { reason }
}

impl StartPosition {
    /// The discs and side to move of `position` (any position is a set-up).
    pub fn of(position: &Position) -> StartPosition {
        let (first, second) = position.discs();
        StartPosition {
            size: position.size(),
            first,
            second,
            to_move: position.to_move(),
        }
    }

    /// A set-up of side `size` (6, 8 or 10) from who owns each square, indexed
    /// `row * size + col`; `None` for a size that is not supported or a grid of another length.
    pub fn from_squares(
        size: u8,
        squares: &[Option<Player>],
        to_move: Player,
    ) -> Option<StartPosition> {
        let n = usize::from(size);
        if !SIZES.contains(&size) || squares.len() != n * n {
            return None;
        }
        let (mut first, mut second) = (0u128, 0u128);
        for (i, owner) in squares.iter().enumerate() {
            match owner {
                Some(Player::First) => first |= 1 << i,
                Some(Player::Second) => second |= 1 << i,
                None => {}
            }
        }
        Some(StartPosition {
            size,
            first,
            second,
            to_move,
        })
    }

    /// The standard start of a board of side `size` (dark to move), if that size is
    /// supported.
    pub fn standard(size: u8) -> Option<StartPosition> {
        Position::start(size, Variant::Standard)
            .ok()
            .map(|p| StartPosition::of(&p))
    }

    /// The same set-up with `sq` emptied or given to `owner`; off the board, the same set-up.
    pub fn with_disc(self, sq: Square, owner: Option<Player>) -> StartPosition {
        let Some(index) = sq.index(self.size) else {
            return self;
        };
        let bit = 1u128 << index;
        let (mut first, mut second) = (self.first & !bit, self.second & !bit);
        match owner {
            Some(Player::First) => first |= bit,
            Some(Player::Second) => second |= bit,
            None => {}
        }
        StartPosition {
            first,
            second,
            ..self
        }
    }

    /// The same discs with `to_move` to move.
    pub fn with_to_move(self, to_move: Player) -> StartPosition {
        StartPosition { to_move, ..self }
    }

    /// The same board emptied.
    pub fn cleared(self) -> StartPosition {
        StartPosition {
            first: 0,
            second: 0,
            ..self
        }
    }

    /// Disc counts, indexed by player.
    pub fn counts(&self) -> [u32; 2] {
        [self.first.count_ones(), self.second.count_ones()]
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// Who owns the disc on `sq`, if anyone (`None` off the board too).
    pub fn disc(&self, sq: Square) -> Option<Player> {
        let bit = 1u128 << sq.index(self.size)?;
        if self.first & bit != 0 {
            Some(Player::First)
        } else if self.second & bit != 0 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The four centre squares (d4, e4, d5, e5 on 8x8), where the standard start puts its
    /// discs.
    pub fn centre(size: u8) -> [Square; 4] {
        let (lo, hi) = (size / 2 - 1, size / 2);
        [
            Square::new(lo, lo),
            Square::new(hi, lo),
            Square::new(lo, hi),
            Square::new(hi, hi),
        ]
    }

    /// The centre squares this set-up leaves empty, in reading order: a game can only start
    /// when there are none.
    pub fn empty_centre(&self) -> Vec<Square> {
        StartPosition::centre(self.size)
            .into_iter()
            .filter(|&sq| self.disc(sq).is_none())
            .collect()
    }

    /// The playable position, checked: standard rules (the variant a set-up is for), the
    /// board of the game's `size`, and the centre squares filled. Discs are never taken off
    /// an Othello board and the four centre discs are there from the start, so a board with
    /// an empty centre square cannot come from a game (an empty board is one).
    /// The position may be one where the side to move must pass, or where neither side can
    /// move: a finished game.
    pub fn check(&self, size: u8, variant: Variant) -> Result<Position, Error> {
        if variant != Variant::Standard {
            return Err(bad(Reason::StartVariant { variant }));
        }
        if self.size != size {
            return Err(bad(Reason::StartSize {
                position: self.size,
                board: size,
            }));
        }
        let empty = self.empty_centre();
        if !empty.is_empty() {
            return Err(bad(Reason::CentreEmpty { squares: empty }));
        }
        let rows: Vec<String> = self.rows();
        Position::from_rows(&rows, self.to_move, Variant::Standard)
    }

    /// The rows of `X`, `O` and `-`, row 1 first.
    fn rows(&self) -> Vec<String> {
        let n = self.size;
        (0..n)
            .map(|row| {
                (0..n)
                    .map(|col| match self.disc(Square::new(col, row)) {
                        Some(Player::First) => 'X',
                        Some(Player::Second) => 'O',
                        None => '-',
                    })
                    .collect()
            })
            .collect()
    }
}

/// The standard 8x8 start, dark to move.
impl Default for StartPosition {
    fn default() -> StartPosition {
        let board = Board::<Eight>::start();
        StartPosition {
            size: 8,
            first: board.player.to_u128(),
            second: board.opponent.to_u128(),
            to_move: Player::First,
        }
    }
}

impl fmt::Display for StartPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            f.write_str(&row)?;
        }
        f.write_str(match self.to_move {
            Player::First => "X",
            Player::Second => "O",
        })
    }
}

impl FromStr for StartPosition {
    type Err = Error;

    /// Reads the text form (see [`StartPosition`]); a wrong length or character is an
    /// [`Error::BadOption`] saying which.
    fn from_str(text: &str) -> Result<StartPosition, Error> {
        let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let Some((&side, squares)) = chars.split_last() else {
            return Err(bad(Reason::StartEmpty));
        };
        let to_move = match side {
            'X' | 'x' | '*' => Player::First,
            'O' | 'o' => Player::Second,
            other => return Err(bad(Reason::StartToMove { found: other })),
        };
        let size = SIZES
            .into_iter()
            .find(|&n| usize::from(n) * usize::from(n) == squares.len())
            .ok_or_else(|| {
                bad(Reason::StartLength {
                    squares: squares.len(),
                })
            })?;
        let mut owners = Vec::with_capacity(squares.len());
        for (i, &ch) in squares.iter().enumerate() {
            owners.push(match ch {
                'X' | 'x' | '*' => Some(Player::First),
                'O' | 'o' => Some(Player::Second),
                '-' | '.' => None,
                other => {
                    let sq =
                        Square::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8);
                    return Err(bad(Reason::StartSquare {
                        square: sq,
                        found: other,
                    }));
                }
            });
        }
        StartPosition::from_squares(size, &owners, to_move).ok_or_else(|| {
            bad(Reason::Text(
                "start: the squares do not make a board".into(),
            ))
        })
    }
}

impl Serialize for StartPosition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for StartPosition {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<StartPosition, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_round_trips_and_bad_text_says_what_is_wrong() {
        for size in SIZES {
            let start = StartPosition::of(&Position::start(size, Variant::Standard).unwrap());
            let text = start.to_string();
            assert_eq!(text.len(), usize::from(size) * usize::from(size) + 1);
            assert_eq!(text.parse::<StartPosition>().unwrap(), start);
            assert_eq!(
                start.check(size, Variant::Standard).unwrap(),
                Position::start(size, Variant::Standard).unwrap()
            );
        }
        let eight = "---------------------------OX------XO---------------------------";
        let spaced = format!("{} {} o", &eight[..32], &eight[32..]).replace('-', ".");
        let read: StartPosition = spaced.parse().unwrap();
        assert_eq!((read.size(), read.to_move()), (8, Player::Second));
        assert_eq!(read.disc("e4".parse().unwrap()), Some(Player::First));
        for (text, says) in [
            ("", "the position is empty"),
            (&format!("{eight}Z")[..], "ends with \"Z\""),
            (&format!("{}X", &eight[1..])[..], "has 63 squares"),
            (
                &format!("{}?{}X", &eight[..9], &eight[10..])[..],
                "b2 is \"?\"",
            ),
        ] {
            let e = text.parse::<StartPosition>().unwrap_err();
            assert_eq!(e.code(), "bad-option", "{text}");
            assert!(e.to_string().contains(says), "{text}: {e}");
        }
    }

    #[test]
    fn a_set_up_is_checked_into_a_playable_position() {
        let start: StartPosition =
            "---------------------------OX------XO---------------------------X"
                .parse()
                .unwrap();
        let e = start.check(8, Variant::Bombs).unwrap_err();
        assert!(e.to_string().contains("standard rules"), "{e}");
        let e = start.check(6, Variant::Standard).unwrap_err();
        assert!(e.to_string().contains("8x8 but the board is 6x6"), "{e}");
        let empty: StartPosition = format!("{}X", "-".repeat(36)).parse().unwrap();
        let e = empty.check(6, Variant::Standard).unwrap_err();
        assert_eq!(e.code(), "bad-option");
        assert!(e.to_string().contains("c3, d3, c4, d4 are empty"), "{e}");
        let one_gap: StartPosition =
            "---------------------------OX------X----------------------------O"
                .parse()
                .unwrap();
        let e = one_gap.check(8, Variant::Standard).unwrap_err();
        assert!(e.to_string().contains("e5 is empty"), "{e}");
        assert_eq!(
            StartPosition::centre(10).map(|s| s.to_string()),
            ["e5", "f5", "e6", "f6"]
        );
        assert_eq!(
            StartPosition::from_squares(8, &[None; 36], Player::First),
            None
        );
        assert_eq!(StartPosition::standard(8), Some(StartPosition::default()));
        assert_eq!(StartPosition::standard(9), None);
        let (a1, e4) = ("a1".parse().unwrap(), "e4".parse().unwrap());
        let edited = StartPosition::default()
            .with_disc(a1, Some(Player::Second))
            .with_disc(e4, Some(Player::Second))
            .with_disc("i9".parse().unwrap(), Some(Player::First))
            .with_to_move(Player::Second);
        assert_eq!(
            (edited.disc(a1), edited.disc(e4), edited.counts()),
            (Some(Player::Second), Some(Player::Second), [1, 4])
        );
        assert_eq!(edited.with_disc(a1, None).cleared().counts(), [0, 0]);
        assert_eq!(
            StartPosition::from_squares(7, &[None; 49], Player::First),
            None
        );
    }
}
