//! Why options, a set-up position, a GGF game or a concession were refused, as data: the
//! engine's [`Error`](crate::Error) carries a [`Reason`], hosts read its English through
//! `Display`, and a viewer words each case in its own language from the fields.

use std::fmt;

use crate::{GameKind, Quoted, Square, Variant};

/// What was wrong, case by case. `Text` is for stored states and files a person does not
/// write (a platform's saved state, an FFO file): their faults are reported as found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// An option the game does not take (`option` is its key, e.g. `"variant"`).
    NoSuchOption {
        option: &'static str,
        game: GameKind,
    },
    /// A set-up position for a game that has none.
    NoSetUps { game: GameKind },
    /// A board size the game is not played on.
    Size { game: GameKind, size: u8 },
    /// A computer level outside 1-11.
    Level { level: u8 },
    /// A set-up position with rules other than the standard ones.
    StartVariant { variant: Variant },
    /// A set-up position of one size for a board of another.
    StartSize { position: u8, board: u8 },
    /// A set-up position with empty centre squares (never empty in Othello).
    CentreEmpty { squares: Vec<Square> },
    /// An empty set-up text.
    StartEmpty,
    /// A set-up text that does not end with who moves (`found` ends it instead).
    StartToMove { found: char },
    /// A set-up text with a number of squares that makes no board.
    StartLength { squares: usize },
    /// A set-up square that is not X, O or -.
    StartSquare { square: Square, found: char },
    /// A GGF text that does not begin as one.
    GgfStart,
    /// More than one GGF game in the text.
    GgfMany,
    /// `GM[...]` names a game other than Othello.
    GgfNotOthello { game: String },
    /// No `TAG[value]` where one was expected (`at`: the text there, shortened).
    GgfProperty { at: String },
    /// Something that is not a GGF tag before a `[`.
    GgfTag { tag: String },
    /// A `TAG[` with no closing `]`.
    GgfUnclosed { tag: String },
    /// `TY[...]` of synchro Othello.
    GgfSynchro { value: String },
    /// `TY[...]` of anti Othello.
    GgfAnti { value: String },
    /// `TY[...]` without the board's side.
    GgfNoSide { value: String },
    /// A board side (from `TY[...]` or `BO[...]`) Outflank does not play.
    GgfSide { tag: &'static str, value: String },
    /// `BO[...]` that is not the side, the squares and who moves.
    GgfBoard,
    /// `TY[]` and `BO[]` give different sides.
    GgfSides { ty: u8, bo: u8 },
    /// `BO[...]` with the wrong number of squares for its side.
    GgfSquares { found: usize, side: u8 },
    /// `BO[...]` that does not end with who moves.
    GgfToMove { found: String },
    /// A concession by a player who is not behind.
    ConcedeAhead,
    /// Anything else, in words.
    Text(String),
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NoSuchOption { option, game } => {
                write!(f, "{option}: {} has no such option", game.name())
            }
            Reason::NoSetUps { game } => write!(f, "start: {} has no set-up positions", game.name()),
            Reason::Size { game, size } => {
                write!(f, "size: {}, not {size}x{size}", game.sizes_text())
            }
            Reason::Level { level } => write!(f, "the level is 1 to 11, not {level}"),
            Reason::StartVariant { variant } => write!(
                f,
                "start: a set-up position is played with the standard rules, not {}",
                variant.id()
            ),
            Reason::StartSize { position, board } => write!(
                f,
                "start: the position is {position}x{position} but the board is {board}x{board}"
            ),
            Reason::CentreEmpty { squares } => {
                let names: Vec<String> = squares.iter().map(Square::to_string).collect();
                write!(
                    f,
                    "start: the centre squares always hold discs in Othello, but {} {} empty",
                    names.join(", "),
                    if squares.len() == 1 { "is" } else { "are" }
                )
            }
            Reason::StartEmpty => {
                write!(f, "start: the position is empty; write its squares and then X or O")
            }
            Reason::StartToMove { found } => {
                write!(f, "start: the position ends with {}; the side to move is X or O", Quoted(found))
            }
            Reason::StartLength { squares } => write!(
                f,
                "start: the position has {squares} squares; a 6x6, 8x8 or 10x10 board has 36, 64 or 100"
            ),
            Reason::StartSquare { square, found } => {
                write!(f, "start: {square} is {}; a square is X, O or -", Quoted(found))
            }
            Reason::GgfStart => write!(f, "a GGF game starts with (; as in (;GM[Othello]...;)"),
            Reason::GgfMany => write!(f, "the text holds more than one game; paste one"),
            Reason::GgfNotOthello { game } => write!(f, "GM[{game}] is not an Othello game"),
            Reason::GgfProperty { at } => write!(f, "expected TAG[value] or ;) at {}", Quoted(at)),
            Reason::GgfTag { tag } => write!(f, "{} is not a GGF tag", Quoted(tag)),
            Reason::GgfUnclosed { tag } => write!(f, "{tag}[ has no closing ]"),
            Reason::GgfSynchro { value } => {
                write!(f, "TY[{value}] is synchro Othello, which Outflank does not play")
            }
            Reason::GgfAnti { value } => {
                write!(f, "TY[{value}] is anti Othello, which Outflank does not play")
            }
            Reason::GgfNoSide { value } => write!(f, "TY[{value}] does not give the board's side"),
            Reason::GgfSide { tag, value } => {
                write!(f, "{tag}[{value}]: Outflank plays Othello on 6x6, 8x8 or 10x10")
            }
            Reason::GgfBoard => {
                write!(f, "BO[...] is the side, the squares and who moves, as BO[8 ---...--- *]")
            }
            Reason::GgfSides { ty, bo } => write!(f, "TY[] says {ty}x{ty} but BO[] is {bo}x{bo}"),
            Reason::GgfSquares { found, side } => write!(
                f,
                "BO[...] has {found} squares; {side}x{side} is {}",
                usize::from(*side) * usize::from(*side)
            ),
            Reason::GgfToMove { found } => write!(f, "BO[...] ends with {}; who moves is * or O", Quoted(found)),
            Reason::ConcedeAhead => write!(f, "only a player who is behind may concede"),
            Reason::Text(text) => f.write_str(text),
        }
    }
}

impl From<String> for Reason {
    fn from(text: String) -> Reason {
        Reason::Text(text)
    }
}

impl From<&str> for Reason {
    fn from(text: &str) -> Reason {
        Reason::Text(text.to_string())
    }
}
