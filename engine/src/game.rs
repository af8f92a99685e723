//! What every game shares: players, outcomes and errors.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{LogItem, Reason, Square};

/// One of the two players. `First` moves first: dark in Reversi.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Player {
    First = 0,
    Second = 1,
}

impl Player {
    pub const BOTH: [Player; 2] = [Player::First, Player::Second];

    /// 0 for the first player, 1 for the second.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(index: usize) -> Option<Player> {
        match index {
            0 => Some(Player::First),
            1 => Some(Player::Second),
            _ => None,
        }
    }

    pub const fn other(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
}

// Players are plain numbers in JSON, as hosts number them.
impl Serialize for Player {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index() as u8)
    }
}

impl<'de> Deserialize<'de> for Player {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Player, D::Error> {
        let n = u64::deserialize(d)?;
        Player::from_index(n as usize)
            .filter(|_| n < 2)
            .ok_or_else(|| serde::de::Error::custom(format!("player must be 0 or 1, not {n}")))
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Outcome {
    Win(Player),
    Draw,
}

impl Outcome {
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

/// Why a game ended before its board said so: a player conceded, left, or ran out of time.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Resignation {
    /// The player left the game (BGS `dropPlayer`).
    Dropped(Player),
    /// The player conceded.
    Conceded(Player),
    /// The player's clock ran out: their flag fell.
    OutOfTime(Player),
}

impl Resignation {
    /// The player who resigned: the loser.
    pub fn player(self) -> Player {
        match self {
            Resignation::Dropped(p) | Resignation::Conceded(p) | Resignation::OutOfTime(p) => p,
        }
    }

    /// The stored form's three optional fields, `[conceded, dropped, timedOut]`.
    pub(crate) fn stored(how: Option<Resignation>) -> [Option<Player>; 3] {
        match how {
            Some(Resignation::Conceded(p)) => [Some(p), None, None],
            Some(Resignation::Dropped(p)) => [None, Some(p), None],
            Some(Resignation::OutOfTime(p)) => [None, None, Some(p)],
            None => [None; 3],
        }
    }

    /// Reads the stored form's three fields back (`conceded`, `dropped`, `timedOut` in the
    /// JSON of a game); more than one set is an error.
    pub fn from_stored(
        [conceded, dropped, timed_out]: [Option<Player>; 3],
    ) -> Result<Option<Resignation>, Error> {
        match (conceded, dropped, timed_out) {
            (None, None, None) => Ok(None),
            (Some(p), None, None) => Ok(Some(Resignation::Conceded(p))),
            (None, Some(p), None) => Ok(Some(Resignation::Dropped(p))),
            (None, None, Some(p)) => Ok(Some(Resignation::OutOfTime(p))),
            _ => Err(Error::malformed(
                "a game ends one way only: conceded, dropped or out of time",
            )),
        }
    }
}

/// Everything that can be wrong with a move, a record, an option or a stored state.
///
/// Each variant has a stable [`Error::code`] for hosts to match on; the `Display` text
/// says what was wrong in words. Returning an error never changes the game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// The square already holds a disc.
    Occupied { square: Square },
    /// The square is empty but the move outflanks nothing (or breaks the variant's rule).
    NotLegal { square: Square },
    /// A player tried to act while the other is to move.
    NotYourTurn { player: Player },
    /// The game has ended.
    GameOver,
    /// The square is outside the board.
    OffBoard { square: Square, size: u8 },
    /// Text that is not a square, or not a move.
    BadNotation { text: String },
    /// A game record that breaks at move `index` (1-based).
    BadRecord {
        index: usize,
        text: String,
        reason: Box<Error>,
    },
    /// An option that does not exist or has a value out of range.
    BadOption { reason: Reason },
    /// Concession refused: only the player to move, while behind, may concede.
    CannotConcede { reason: Reason },
    /// A record writes a pass where the player to move had a move (passes are not chosen:
    /// a player passes only when they cannot move).
    CannotPass { player: Player },
    /// Undo with no move to take back.
    NothingToUndo,
    /// A stored state that is inconsistent or not in the expected shape.
    MalformedState { reason: Reason },
}

impl Error {
    /// A stable, machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            Error::Occupied { .. } => "occupied",
            Error::NotLegal { .. } => "not-legal",
            Error::NotYourTurn { .. } => "not-your-turn",
            Error::GameOver => "game-over",
            Error::OffBoard { .. } => "off-board",
            Error::BadNotation { .. } => "bad-notation",
            Error::BadRecord { .. } => "bad-record",
            Error::BadOption { .. } => "bad-option",
            Error::CannotConcede { .. } => "cannot-concede",
            Error::CannotPass { .. } => "cannot-pass",
            Error::NothingToUndo => "nothing-to-undo",
            Error::MalformedState { .. } => "malformed-state",
        }
    }

    pub(crate) fn malformed(reason: impl Into<String>) -> Error {
        Error::MalformedState {
            reason: Reason::Text(reason.into()),
        }
    }

    /// An option (or set-up position) refused for `reason`.
    pub(crate) fn bad_option(reason: Reason) -> Error {
        Error::BadOption { reason }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Occupied { square } => write!(f, "{square} is already occupied"),
            Error::NotLegal { square } => write!(f, "{square} is not a legal move"),
            Error::NotYourTurn { player } => {
                write!(f, "it is not player {}'s turn", player.index())
            }
            Error::GameOver => write!(f, "the game is over"),
            Error::OffBoard { square, size } => {
                write!(f, "{square} is off the {size}x{size} board")
            }
            Error::BadNotation { text } => {
                write!(f, "{} is not a square like \"f5\"", crate::Quoted(text))
            }
            Error::BadRecord {
                index,
                text,
                reason,
            } => {
                write!(f, "move {index} ({text}) of the record: {reason}")
            }
            Error::BadOption { reason } => write!(f, "bad option: {reason}"),
            Error::CannotConcede { reason } => write!(f, "cannot concede: {reason}"),
            Error::CannotPass { player } => {
                write!(f, "player {} has a move, so cannot pass", player.index())
            }
            Error::NothingToUndo => write!(f, "there is no move to undo"),
            Error::MalformedState { reason } => write!(f, "malformed state: {reason}"),
        }
    }
}

impl std::error::Error for Error {}

/// A move as a host sends it: a square (`"f5"` or `{"x": 5, "y": 4}`, zero-based) or
/// `"concede"`.
///
/// ```
/// use outflank_engine::{Move, Square};
/// let m: Move = serde_json::from_str(r#"{"x": 5, "y": 4}"#).unwrap();
/// assert_eq!(m, Move::Place(Square::new(5, 4)));
/// assert_eq!(serde_json::from_str::<Move>(r#""f5""#).unwrap(), m);
/// assert_eq!(serde_json::from_str::<Move>(r#""concede""#).unwrap(), Move::Concede);
/// assert!(serde_json::from_str::<Move>(r#""f99x""#).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    Place(Square),
    Concede,
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Move::Place(sq) => sq.serialize(s),
            Move::Concede => s.serialize_str("concede"),
        }
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Repr {
            Text(String),
            Point { x: u64, y: u64 },
        }
        let repr = Repr::deserialize(d).map_err(|_| {
            serde::de::Error::custom(
                r#"a move is a square like "f5", {"x": 5, "y": 4} or "concede""#,
            )
        })?;
        match repr {
            Repr::Text(t) if t == "concede" => Ok(Move::Concede),
            Repr::Text(t) => t.parse().map(Move::Place).map_err(serde::de::Error::custom),
            Repr::Point { x, y } => {
                // Coordinates beyond any board clamp to a square that is off every board.
                let clamp = |v: u64| u8::try_from(v).unwrap_or(u8::MAX);
                Ok(Move::Place(Square::new(clamp(x), clamp(y))))
            }
        }
    }
}

/// What every game offers a host or a viewer. [`crate::AnyGame`] delegates to it.
///
/// Every change to a game goes through it: [`Game::play_move`] (a disc, a stone or a
/// concession, for the player whose turn it is), [`Game::drop_player`] and [`Game::undo`].
///
/// ```
/// use outflank_engine::{Game, Move, Player, TicTacToe};
/// let mut game = TicTacToe::new();
/// game.play_move(Player::First, Move::Place("b2".parse().unwrap())).unwrap();
/// // Out of turn: refused, and nothing changes.
/// let err = game.play_move(Player::First, Move::Place("a1".parse().unwrap())).unwrap_err();
/// assert_eq!(err.code(), "not-your-turn");
/// assert_eq!(game.record(), "b2");
/// ```
pub trait Game {
    /// Points per side.
    fn size(&self) -> u8;
    /// The player to move; `None` once the game has ended.
    fn to_move(&self) -> Option<Player>;
    fn ended(&self) -> bool {
        self.to_move().is_none()
    }
    fn outcome(&self) -> Option<Outcome>;
    /// BGS scores: Reversi's disc counts, Gomoku's 1 and Tic-Tac-Toe's 100 for the winner.
    /// A player who left the game ([`Game::drop_player`]) or ran out of time scores 0, and the scores always
    /// agree with [`Game::outcome`] and [`Game::rankings`].
    fn scores(&self) -> [u32; 2];
    /// 1 for first place; equal ranks on a draw; `None` while the game goes on.
    fn rankings(&self) -> Option<[u8; 2]> {
        Some(match self.outcome()? {
            Outcome::Win(Player::First) => [1, 2],
            Outcome::Win(_) => [2, 1],
            Outcome::Draw => [1, 1],
        })
    }
    /// 0-100.
    fn progression(&self) -> u8;
    /// The legal moves of the player to move, in reading order (row 1 first, then from
    /// file `a`); none once the game is over.
    ///
    /// ```
    /// use outflank_engine::{Game, Move, Player, Reversi};
    ///
    /// // After f5, light (O) to move; its legal moves are marked *:
    /// //
    /// //   a b c d e f g h
    /// // 3 - - - - - - - -
    /// // 4 - - - O X * - -
    /// // 5 - - - X X X - -
    /// // 6 - - - * - * - -
    /// let game = Reversi::default().play(Player::First, Move::Place("f5".parse()?))?;
    /// let moves: Vec<String> = game.legal_moves().iter().map(|s| s.to_string()).collect();
    /// assert_eq!(moves, ["f4", "d6", "f6"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn legal_moves(&self) -> Vec<Square>;
    /// The stone or disc on `sq`, if any.
    fn piece(&self, sq: Square) -> Option<Player>;
    /// Plays `mv` for `player`, refusing it out of turn or once the game is over; on error
    /// nothing changes. The one way to play a move in every game.
    ///
    /// ```
    /// use outflank_engine::{Game, Move, Player, TicTacToe};
    ///
    /// // X in the centre, O in a corner:
    /// //
    /// //    a b c
    /// // 1  O - -
    /// // 2  - X -
    /// // 3  - - -
    /// let mut game = TicTacToe::new();
    /// game.play_move(Player::First, Move::Place("b2".parse()?))?;
    /// game.play_move(Player::Second, Move::Place("a1".parse()?))?;
    /// assert_eq!(game.piece("a1".parse()?), Some(Player::Second));
    ///
    /// // An occupied square is refused, and the game is unchanged.
    /// let err = game.play_move(Player::First, Move::Place("a1".parse()?)).unwrap_err();
    /// assert_eq!(err.to_string(), "a1 is already occupied");
    /// assert_eq!(game.record(), "b2a1");
    /// # Ok::<(), outflank_engine::Error>(())
    /// ```
    fn play_move(&mut self, player: Player, mv: Move) -> Result<(), Error>;
    /// [`Game::play_move`] on a game it consumes: the game after the move, or the error
    /// with the game unchanged (as shakmaty's `Position::play`).
    fn play(mut self, player: Player, mv: Move) -> Result<Self, PlayError<Self>>
    where
        Self: Sized,
    {
        match self.play_move(player, mv) {
            Ok(()) => Ok(self),
            Err(error) => Err(PlayError {
                error,
                game: Box::new(self),
            }),
        }
    }
    /// `player` leaves: the game ends, the other player wins and the leaver scores 0 (in
    /// Reversi the stayer keeps their disc count, at least 1). An ended game is an error.
    fn drop_player(&mut self, player: Player) -> Result<(), Error>;
    /// `player`'s clock ran out (the host keeps the clocks): the game ends and the other
    /// player wins, scored as when a player leaves. An ended game is an error.
    fn time_out(&mut self, player: Player) -> Result<(), Error>;
    /// Ends the game the way `how` says: a concession (by the player to move, within the
    /// game's rules), a departure or a fallen flag.
    fn resign(&mut self, how: Resignation) -> Result<(), Error> {
        match how {
            Resignation::Conceded(p) => self.play_move(p, Move::Concede),
            Resignation::Dropped(p) => self.drop_player(p),
            Resignation::OutOfTime(p) => self.time_out(p),
        }
    }
    /// How the game was resigned (a concession or a player who left), if it was.
    fn resigned(&self) -> Option<Resignation>;
    /// Takes back the last move (or a resignation).
    fn undo(&mut self) -> Result<(), Error>;
    /// Everything that happened, from the start event to the end event. The log is kept as
    /// the game is played, so reading it is a borrow: it is derived from the moves (never
    /// stored in the game's JSON), and rebuilt when a game is read back or an undo replays.
    fn log(&self) -> &[LogItem];
    /// The squares played, concatenated (`"f5d6c3"`).
    fn record(&self) -> String;
}

/// A refused move, handing back the game unchanged (as shakmaty's `PlayError`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayError<G> {
    pub error: Error,
    /// Boxed: a game is a few hundred bytes, and errors should be cheap to return.
    pub game: Box<G>,
}

impl<G> fmt::Display for PlayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.error.fmt(f)
    }
}

impl<G: fmt::Debug> std::error::Error for PlayError<G> {}
