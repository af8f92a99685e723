//! Reading Othello games written in GGF, the Generic Game Format of the GGS game server,
//! which NBoard and most Othello programs also read and write.
//!
//! The facts of the format this reader relies on:
//!
//! - A game is written `(;` properties `;)`; a property is a tag of capital letters and its
//!   value in brackets, `TAG[value]`. Whitespace between properties does not count; a `]`
//!   inside a value is escaped as `\]`.
//! - `GM[Othello]` names the game. `PB[...]` and `PW[...]` are the black and white players'
//!   names; `DT`, `PC`, `RB`/`RW` (ratings), `TI`/`TB`/`TW` (clocks), `RE` (result), `KM` and
//!   the komi moves `KB`/`KW` are read past.
//! - `TY[...]` is the game type: the board side (`8`, `10`, ...) followed by letters for
//!   kinds of game: `r` a random start (written in `BO`), `k` komi, `a` anti Othello (the
//!   fewer discs win), `s` synchro (two boards). Outflank plays neither anti nor synchro.
//! - `BO[...]` is the board the game starts from and the side to move: the side length, the
//!   squares row by row from a1 (one token, or one token per row), `*` a black disc, `O` a
//!   white disc, `-` an empty square, then `*` or `O` for who moves first. Black is Outflank's
//!   first player.
//! - `B[...]` and `W[...]` are black's and white's moves in order: a square (`F5`, in any
//!   case) or `PA` for a pass, optionally followed by `/evaluation` and `/time`
//!   (`W[d6/-1.50/3.2]`, `B[c3//0.5]`).
//!
//! ```text
//! (;GM[Othello]PC[NBoard]PB[Ann]PW[Bo]TY[8]
//!   BO[8 ---------------------------O*------*O--------------------------- *]
//!   B[F5]W[f6//1.23]B[E6/0.5/2]W[F4];)
//! ```
//!
//! [`Ggf::parse`] checks every move against the rules and keeps the start position, so a
//! program that analyses positions (the `outflank nboard` engine) takes any start;
//! [`Ggf::game`] makes a [`Reversi`] game of it, from its set-up position when `BO[...]` is
//! not the standard start.

use crate::notation;
use crate::{
    Error, Player, Position, Reason, Reversi, ReversiOptions, Square, StartPosition, Variant,
};

/// An Othello game read from GGF.
///
/// ```
/// use outflank_engine::Ggf;
/// let ggf = Ggf::parse("(;GM[Othello]PB[Ann]TY[8]B[f5]W[D6/-1.5];)").unwrap();
/// assert_eq!(ggf.names, [Some("Ann".to_string()), None]);
/// assert_eq!(ggf.game().unwrap().record(), "f5d6");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Ggf {
    /// The position the game starts from (`BO[...]`; the standard start without one).
    pub start: Position,
    /// The moves in order: a square, or `None` for a pass (written `PA`, or implied when a
    /// player who could not move was skipped).
    pub moves: Vec<Option<Square>>,
    /// The position after the last move.
    pub end: Position,
    /// The players' names (`PB[...]`, `PW[...]`), black (the first player) first; `None` when
    /// absent or blank.
    pub names: [Option<String>; 2],
}

/// Whether `text` looks like a GGF game (rather than a record such as `f5d6c3`): it opens
/// with `(;`.
pub fn is_ggf(text: &str) -> bool {
    text.trim_start().starts_with("(;")
}

fn malformed(reason: Reason) -> Error {
    Error::MalformedState { reason }
}

fn unsupported(reason: Reason) -> Error {
    Error::BadOption { reason }
}

impl Ggf {
    /// Reads one game. Format errors are [`Error::MalformedState`]; a game Outflank does not
    /// play (not Othello, anti, synchro, an unsupported size) is [`Error::BadOption`]; a move
    /// the rules refuse is [`Error::BadRecord`] naming it (1-based, as written).
    pub fn parse(text: &str) -> Result<Ggf, Error> {
        let body = text
            .trim()
            .strip_prefix("(;")
            .ok_or_else(|| malformed(Reason::GgfStart))?;
        let (mut size, mut board, mut names) = (None, None, [None, None]);
        let mut moves: Vec<(Player, String)> = Vec::new();
        let mut rest = body;
        loop {
            rest = rest.trim_start();
            if let Some(after) = rest.strip_prefix(";)").or_else(|| rest.strip_prefix(')')) {
                if !after.trim().is_empty() {
                    return Err(malformed(Reason::GgfMany));
                }
                break;
            }
            let (tag, value, after) = property(rest)?;
            rest = after;
            match tag.to_ascii_uppercase().as_str() {
                "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                    return Err(unsupported(Reason::GgfNotOthello { game: value }))
                }
                "TY" => size = Some(game_type(&value)?),
                "BO" => board = Some(value),
                "PB" | "PW" => {
                    let name = value.trim();
                    names[usize::from(tag.eq_ignore_ascii_case("PW"))] =
                        (!name.is_empty()).then(|| name.to_string());
                }
                "B" => moves.push((Player::First, value)),
                "W" => moves.push((Player::Second, value)),
                _ => {}
            }
        }
        let start = match board {
            Some(text) => start_position(&text, size)?,
            None => Position::start(size.unwrap_or(8), Variant::Standard)?,
        };
        let (end, moves) = replay(&start, &moves)?;
        Ok(Ggf {
            start,
            moves,
            end,
            names,
        })
    }

    /// Whether the game starts from the standard start position of its board.
    pub fn has_standard_start(&self) -> bool {
        Position::start(self.start.size(), Variant::Standard).is_ok_and(|s| s == self.start)
    }

    /// The game as Outflank plays it: a plain game from the standard start, or one that
    /// starts from the set-up position `BO[...]` gives (which the game checks:
    /// [`StartPosition::check`]).
    ///
    /// ```
    /// use outflank_engine::{Game, Ggf, Player};
    /// // Light to move in a set-up: f4 turns e4 over.
    /// let ggf = Ggf::parse("(;GM[Othello]TY[8]BO[8 -------- -------- -------- \
    ///     ---O*--- ---**--- -------- -------- -------- O]W[f4];)").unwrap();
    /// let game = ggf.game().unwrap();
    /// assert!(game.options().start.is_some());
    /// assert_eq!((game.record(), game.discs()), ("f4".to_string(), [2, 3]));
    /// ```
    pub fn game(&self) -> Result<Reversi, Error> {
        let options = ReversiOptions {
            size: self.start.size(),
            variant: Variant::Standard,
            start: (!self.has_standard_start()).then(|| StartPosition::of(&self.start)),
        };
        Reversi::from_record(
            options,
            &notation::write_record(self.moves.iter().flatten().copied()),
        )
    }

    /// Reads a move as GGF writes it: a square in any case (`F5`, `f5`) or a pass (`PA`),
    /// with any `/evaluation/time` after it. `None` is a pass.
    ///
    /// ```
    /// use outflank_engine::Ggf;
    /// assert_eq!(Ggf::parse_move("F5/1.5/2").unwrap(), Some("f5".parse().unwrap()));
    /// assert_eq!(Ggf::parse_move("pa").unwrap(), None);
    /// assert!(Ggf::parse_move("z").is_err());
    /// ```
    pub fn parse_move(text: &str) -> Result<Option<Square>, Error> {
        let text = text.split('/').next().unwrap_or_default().trim();
        if notation::is_pass(text) {
            return Ok(None);
        }
        text.parse().map(Some)
    }
}

/// Splits `TAG[value]` off the front of `text`: the tag, the value (escapes removed) and the
/// text after it.
fn property(text: &str) -> Result<(&str, String, &str), Error> {
    let open = text.find('[').ok_or_else(|| {
        malformed(Reason::GgfProperty {
            at: shorten(text).to_string(),
        })
    })?;
    let tag = text[..open].trim();
    if tag.is_empty() || !tag.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(malformed(Reason::GgfTag {
            tag: shorten(tag).to_string(),
        }));
    }
    let mut value = String::new();
    let mut chars = text[open + 1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => value.extend(chars.next().map(|(_, c)| c)),
            ']' => return Ok((tag, value, &text[open + 1 + i + 1..])),
            c => value.push(c),
        }
    }
    Err(malformed(Reason::GgfUnclosed {
        tag: tag.to_string(),
    }))
}

fn shorten(text: &str) -> &str {
    &text[..text.char_indices().nth(24).map_or(text.len(), |(i, _)| i)]
}

/// Reads `TY[...]`: the board side, refusing the kinds of game Outflank does not play.
fn game_type(value: &str) -> Result<u8, Error> {
    let value = value.trim();
    let digits = value.trim_start_matches(|c: char| !c.is_ascii_digit());
    let kinds = value.len() - digits.len();
    let side: String = digits.chars().take_while(char::is_ascii_digit).collect();
    let flags = format!("{}{}", &value[..kinds], &digits[side.len()..]).to_ascii_lowercase();
    if flags.contains('s') {
        return Err(unsupported(Reason::GgfSynchro {
            value: value.to_string(),
        }));
    }
    if flags.contains('a') {
        return Err(unsupported(Reason::GgfAnti {
            value: value.to_string(),
        }));
    }
    let side: u8 = side.parse().map_err(|_| {
        malformed(Reason::GgfNoSide {
            value: value.to_string(),
        })
    })?;
    if !crate::SIZES.contains(&side) {
        return Err(unsupported(Reason::GgfSide {
            tag: "TY",
            value: value.to_string(),
        }));
    }
    Ok(side)
}

/// Reads `BO[...]`: `<side> <squares, row by row> <side to move>`.
fn start_position(value: &str, size: Option<u8>) -> Result<Position, Error> {
    let tokens: Vec<&str> = value.split_whitespace().collect();
    let [side, ref squares @ .., to_move] = tokens[..] else {
        return Err(malformed(Reason::GgfBoard));
    };
    let side: u8 = side.parse().map_err(|_| malformed(Reason::GgfBoard))?;
    if !crate::SIZES.contains(&side) {
        return Err(unsupported(Reason::GgfSide {
            tag: "BO",
            value: format!("{side} ..."),
        }));
    }
    if size.is_some_and(|s| s != side) {
        return Err(malformed(Reason::GgfSides {
            ty: size.unwrap_or(0),
            bo: side,
        }));
    }
    let squares: Vec<char> = squares.concat().chars().collect();
    let n = usize::from(side);
    if squares.len() != n * n {
        return Err(malformed(Reason::GgfSquares {
            found: squares.len(),
            side,
        }));
    }
    let rows: Vec<String> = squares.chunks(n).map(|row| row.iter().collect()).collect();
    let to_move = match to_move {
        "*" | "X" | "x" | "B" | "b" => Player::First,
        "O" | "o" | "W" | "w" => Player::Second,
        other => {
            return Err(malformed(Reason::GgfToMove {
                found: other.to_string(),
            }))
        }
    };
    Position::from_rows(&rows, to_move, Variant::Standard)
}

/// Plays the moves from `start`, checking each; a player who cannot move may be skipped
/// without a written pass (the pass is then added).
fn replay(
    start: &Position,
    written: &[(Player, String)],
) -> Result<(Position, Vec<Option<Square>>), Error> {
    let mut position = *start;
    let mut moves = Vec::new();
    for (k, (player, text)) in written.iter().enumerate() {
        let player = *player;
        let fail = |reason: Error| Error::BadRecord {
            index: k + 1,
            text: text
                .split('/')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string(),
            reason: Box::new(reason),
        };
        if position.is_over() {
            return Err(fail(Error::GameOver));
        }
        if position.to_move() != player {
            if !position.must_pass() {
                return Err(fail(Error::NotYourTurn { player }));
            }
            position = position.passed();
            moves.push(None);
        }
        let played = Ggf::parse_move(text).map_err(fail)?;
        position = match played {
            None if position.must_pass() => position.passed(),
            None => return Err(fail(Error::CannotPass { player })),
            Some(sq) => position.after(position.check(sq).map_err(fail)?),
        };
        moves.push(played);
    }
    Ok((position, moves))
}
