//! The three games behind one closed enum, as hosts and the viewer see them.

use serde::{Deserialize, Serialize};

use crate::{
    Error, Gomoku, GomokuOptions, Outcome, Player, PlayerStats, Reason, Resignation, Reversi,
    ReversiOptions, Square, StartPosition, TicTacToe, Variant,
};
use crate::{Game, LogEvent, LogItem, Move};

/// Which game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    #[default]
    Reversi,
    Gomoku,
    TicTacToe,
}

impl GameKind {
    /// The game's name in data (`"reversi"`, `"gomoku"`, `"tictactoe"`), as serde writes it.
    pub const fn key(self) -> &'static str {
        match self {
            GameKind::Reversi => "reversi",
            GameKind::Gomoku => "gomoku",
            GameKind::TicTacToe => "tictactoe",
        }
    }
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Reversi, GameKind::Gomoku, GameKind::TicTacToe];

    /// The name in JSON and in options: `"reversi"`, `"gomoku"`, `"tictactoe"`.
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Reversi => "reversi",
            GameKind::Gomoku => "gomoku",
            GameKind::TicTacToe => "tictactoe",
        }
    }

    /// The kind whose [`GameKind::id`] is `id`.
    pub fn from_id(id: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The board sizes (points per side) the game is played on, smallest first.
    pub const fn sizes(self) -> &'static [u8] {
        match self {
            GameKind::Reversi => &crate::SIZES,
            GameKind::Gomoku => &[15, 19],
            GameKind::TicTacToe => &[3],
        }
    }

    /// The size of a game created without one: 8, 19 and 3.
    pub const fn default_size(self) -> u8 {
        match self {
            GameKind::Reversi => 8,
            GameKind::Gomoku => 19,
            GameKind::TicTacToe => 3,
        }
    }

    /// `"Reversi is played on 6x6, 8x8 or 10x10"`: for error messages.
    pub fn sizes_text(self) -> String {
        let sizes: Vec<String> = self.sizes().iter().map(|n| format!("{n}x{n}")).collect();
        let list = match sizes.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => sizes.join(""),
        };
        format!("{} is played on {list}", self.name())
    }

    /// Whether `option` is a choice in this game. This is the one place that says which
    /// option applies to which game: Reversi takes `size` and `variant`, Gomoku `size` and
    /// `exactFive`, Tic-Tac-Toe none (its one board is 3x3). [`AnyGame::new`] refuses an
    /// option the game does not take (except Tic-Tac-Toe's `size: 3`); a platform's
    /// creation form, which sends every option whatever the game, is read by the BGS layer
    /// (`outflank-bgs`), which ignores them instead.
    pub const fn takes(self, option: GameOption) -> bool {
        matches!(
            (self, option),
            (GameKind::Reversi, GameOption::Size | GameOption::Variant)
                | (GameKind::Gomoku, GameOption::Size | GameOption::ExactFive)
        )
    }
}

/// The options of a game besides which game it is (the fields of [`GameOptions`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameOption {
    Size,
    Variant,
    ExactFive,
}

impl GameOption {
    pub const ALL: [GameOption; 3] = [GameOption::Size, GameOption::Variant, GameOption::ExactFive];

    /// The key in options: `"size"`, `"variant"`, `"exactFive"`.
    pub const fn key(self) -> &'static str {
        match self {
            GameOption::Size => "size",
            GameOption::Variant => "variant",
            GameOption::ExactFive => "exactFive",
        }
    }
}

/// The options of a new game: `{game?, size?, variant?, exactFive?}`, strictly: unknown keys
/// and options the game does not take ([`GameKind::takes`]) are errors.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameOptions {
    #[serde(default)]
    pub game: GameKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact_five: Option<bool>,
    /// Reversi only: the set-up position the game starts from, in the text form of
    /// [`StartPosition`]; absent for the standard start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
}

impl GameOptions {
    /// Whether `option` is given (not left to the game's default).
    pub fn has(&self, option: GameOption) -> bool {
        match option {
            GameOption::Size => self.size.is_some(),
            GameOption::Variant => self.variant.is_some(),
            GameOption::ExactFive => self.exact_five.is_some(),
        }
    }
}

/// Any of the games: a closed enum delegating to [`Game`].
///
/// ```
/// use outflank_engine::{AnyGame, Game, GameKind, GameOptions, Move, Player};
/// let options = GameOptions { game: GameKind::TicTacToe, ..Default::default() };
/// let mut game = AnyGame::new(&options).unwrap();
/// game.play_move(Player::First, Move::Place("b2".parse().unwrap())).unwrap();
/// assert_eq!(game.to_move(), Some(Player::Second));
/// let json = serde_json::to_string(&game).unwrap();
/// assert_eq!(json, r#"{"game":"tictactoe","options":{},"moves":["b2"]}"#);
/// assert_eq!(serde_json::from_str::<AnyGame>(&json).unwrap(), game);
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum AnyGame {
    Reversi(Reversi),
    Gomoku(Gomoku),
    TicTacToe(TicTacToe),
}

/// Per-player statistics of any game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(untagged)]
pub enum GameStats {
    Reversi([PlayerStats; 2]),
    Grid([GridStats; 2]),
}

/// Per-player statistics of Gomoku and Tic-Tac-Toe.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GridStats {
    pub moves: u32,
    /// Gomoku only: stones still in the bowl.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones_left: Option<u32>,
}

macro_rules! each {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            AnyGame::Reversi($g) => $body,
            AnyGame::Gomoku($g) => $body,
            AnyGame::TicTacToe($g) => $body,
        }
    };
}

impl AnyGame {
    /// A new game with `options` and the moves of `record` (`"f5d6c3"`, any case, spaces
    /// and commas allowed; passes implied or written, see [`crate::notation`]): every move
    /// checked by the rules; the first bad one is an error naming it.
    ///
    /// ```
    /// use outflank_engine::{AnyGame, Game, GameOptions};
    /// let game = AnyGame::from_record(&GameOptions::default(), "F5 d6,c3").unwrap();
    /// assert_eq!(game.record(), "f5d6c3");
    /// let e = AnyGame::from_record(&GameOptions::default(), "f5f5").unwrap_err();
    /// assert_eq!(e.to_string(), "move 2 (f5) of the record: f5 is already occupied");
    /// ```
    pub fn from_record(options: &GameOptions, record: &str) -> Result<AnyGame, Error> {
        let mut game = AnyGame::new(options)?;
        // Passes the rules made since the last move that the record has not written (yet).
        let mut passes = 0;
        for (k, text) in crate::notation::split_record(record).enumerate() {
            let fail = |reason: Error| Error::BadRecord {
                index: k + 1,
                text: text.to_string(),
                reason: Box::new(reason),
            };
            let player = game.to_move().ok_or_else(|| fail(Error::GameOver))?;
            if crate::notation::is_pass(text) {
                if passes == 0 {
                    return Err(fail(Error::CannotPass { player }));
                }
                passes -= 1;
                continue;
            }
            let square: Square = text.parse().map_err(fail)?;
            let before = game.log().len();
            game.play_move(player, Move::Place(square)).map_err(fail)?;
            passes = game.log()[before..]
                .iter()
                .filter(|item| matches!(item, LogItem::Event(LogEvent::Pass { .. })))
                .count();
        }
        Ok(game)
    }

    /// A new game. An option the game does not take ([`GameKind::takes`]) is an error
    /// naming it, except a `size` equal to the game's only size; so is a size the game is
    /// not played on.
    ///
    /// ```
    /// use outflank_engine::{AnyGame, Game, GameKind, GameOptions, Move, Player};
    ///
    /// // Options as a host receives them: Gomoku on 15x15, where only five in a row wins.
    /// let options: GameOptions =
    ///     serde_json::from_str(r#"{"game": "gomoku", "size": 15, "exactFive": true}"#)?;
    /// let mut game = AnyGame::new(&options)?;
    /// assert_eq!((game.kind(), game.size()), (GameKind::Gomoku, 15));
    ///
    /// // Black (X) takes the centre:
    /// //
    /// //   g h i
    /// // 7 - - -
    /// // 8 - X -
    /// // 9 - - -
    /// game.play_move(Player::First, Move::Place("h8".parse()?))?;
    /// assert_eq!(game.piece("h8".parse()?), Some(Player::First));
    /// assert_eq!(game.to_move(), Some(Player::Second));
    ///
    /// // An option the game does not take is an error naming it.
    /// let options: GameOptions = serde_json::from_str(r#"{"game": "tictactoe", "variant": "bombs"}"#)?;
    /// let err = AnyGame::new(&options).unwrap_err();
    /// assert_eq!(err.code(), "bad-option");
    /// assert!(err.to_string().contains("variant"), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(options: &GameOptions) -> Result<AnyGame, Error> {
        let kind = options.game;
        for option in GameOption::ALL {
            let only_size = option == GameOption::Size
                && kind.sizes().len() == 1
                && options.size == Some(kind.default_size());
            if options.has(option) && !kind.takes(option) && !only_size {
                return Err(Error::bad_option(Reason::NoSuchOption {
                    option: option.key(),
                    game: kind,
                }));
            }
        }
        // Not a `GameOption`: a platform's creation form never sends a position.
        if options.start.is_some() && kind != GameKind::Reversi {
            return Err(Error::bad_option(Reason::NoSetUps { game: kind }));
        }
        let size = options.size.unwrap_or(kind.default_size());
        if !kind.sizes().contains(&size) {
            return Err(Error::bad_option(Reason::Size { game: kind, size }));
        }
        Ok(match kind {
            GameKind::Reversi => AnyGame::Reversi(Reversi::new(ReversiOptions {
                size,
                variant: options.variant.unwrap_or_default(),
                start: options.start,
            })?),
            GameKind::Gomoku => AnyGame::Gomoku(Gomoku::new(GomokuOptions {
                size,
                exact_five: options
                    .exact_five
                    .unwrap_or(GomokuOptions::default().exact_five),
            })?),
            GameKind::TicTacToe => AnyGame::TicTacToe(TicTacToe::new()),
        })
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Reversi(_) => GameKind::Reversi,
            AnyGame::Gomoku(_) => GameKind::Gomoku,
            AnyGame::TicTacToe(_) => GameKind::TicTacToe,
        }
    }

    /// The options that make a new game like this one.
    pub fn options(&self) -> GameOptions {
        let kind = self.kind();
        match self {
            AnyGame::Reversi(g) => GameOptions {
                game: kind,
                size: Some(g.size()),
                variant: Some(g.options().variant),
                exact_five: None,
                start: g.options().start,
            },
            AnyGame::Gomoku(g) => GameOptions {
                game: kind,
                size: Some(g.options().size),
                variant: None,
                exact_five: Some(g.options().exact_five),
                start: None,
            },
            AnyGame::TicTacToe(_) => GameOptions {
                game: kind,
                ..GameOptions::default()
            },
        }
    }

    pub fn stats(&self) -> GameStats {
        match self {
            AnyGame::Reversi(g) => GameStats::Reversi(g.stats()),
            AnyGame::Gomoku(g) => GameStats::Grid(Player::BOTH.map(|p| GridStats {
                moves: g.grid().placed(p),
                stones_left: Some(g.stones_left(p)),
            })),
            AnyGame::TicTacToe(g) => GameStats::Grid(Player::BOTH.map(|p| GridStats {
                moves: g.grid().placed(p),
                stones_left: None,
            })),
        }
    }

    /// The game as it was right after log item `to` (0 is the start); the whole game
    /// when `to` is past the end.
    pub fn replay_to(&self, to: usize) -> Result<AnyGame, Error> {
        let mut game = AnyGame::new(&self.options())?;
        for item in self.log().iter().take(to.saturating_add(1)) {
            match *item {
                LogItem::Move { player, square, .. } => {
                    game.play_move(player, Move::Place(square))?
                }
                LogItem::Event(LogEvent::Concede { player }) => {
                    game.play_move(player, Move::Concede)?
                }
                LogItem::Event(LogEvent::Drop { player }) => game.drop_player(player)?,
                LogItem::Event(LogEvent::Timeout { player }) => game.time_out(player)?,
                // Passes replay themselves; start and end are not actions.
                LogItem::Event(_) => {}
            }
        }
        Ok(game)
    }
}

impl Game for AnyGame {
    fn size(&self) -> u8 {
        each!(self, g => g.size())
    }
    fn to_move(&self) -> Option<Player> {
        each!(self, g => Game::to_move(g))
    }
    fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }
    fn scores(&self) -> [u32; 2] {
        each!(self, g => g.scores())
    }
    fn progression(&self) -> u8 {
        each!(self, g => g.progression())
    }
    fn legal_moves(&self) -> Vec<Square> {
        each!(self, g => Game::legal_moves(g))
    }
    fn piece(&self, sq: Square) -> Option<Player> {
        each!(self, g => g.piece(sq))
    }
    fn play_move(&mut self, player: Player, mv: Move) -> Result<(), Error> {
        each!(self, g => g.play_move(player, mv))
    }
    fn drop_player(&mut self, player: Player) -> Result<(), Error> {
        each!(self, g => Game::drop_player(g, player))
    }
    fn time_out(&mut self, player: Player) -> Result<(), Error> {
        each!(self, g => Game::time_out(g, player))
    }
    fn resigned(&self) -> Option<Resignation> {
        each!(self, g => g.resigned())
    }
    fn undo(&mut self) -> Result<(), Error> {
        each!(self, g => Game::undo(g))
    }
    fn log(&self) -> &[LogItem] {
        each!(self, g => g.log())
    }
    fn record(&self) -> String {
        each!(self, g => Game::record(g))
    }
}
