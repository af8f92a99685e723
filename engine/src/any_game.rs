//! The three games behind one closed enum, as hosts and the viewer see them.

use serde::{Deserialize, Serialize};

use crate::game::{log_ending, Game, LogEvent, LogItem, Move};
use crate::grid::{Grid, Resignation};
use crate::{
    Action, Error, Gomoku, GomokuOptions, Outcome, Player, PlayerStats, Reversi, ReversiOptions,
    Square, TicTacToe, Variant,
};

/// Which game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    #[default]
    Reversi,
    Gomoku,
    TicTacToe,
}

/// The options a host passes to `init`: `{game?, size?, variant?, exactFive?}`.
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
    /// A new game; options that do not apply to the chosen game are errors.
    pub fn new(options: &GameOptions) -> Result<AnyGame, Error> {
        let bad = |what: &str| Err(Error::BadOption { reason: what.to_string() });
        match options.game {
            GameKind::Reversi => {
                if options.exact_five.is_some() {
                    return bad("exactFive is a Gomoku option");
                }
                let defaults = ReversiOptions::default();
                Ok(AnyGame::Reversi(Reversi::new(ReversiOptions {
                    size: options.size.unwrap_or(defaults.size),
                    variant: options.variant.unwrap_or(defaults.variant),
                })?))
            }
            GameKind::Gomoku => {
                if options.variant.is_some() {
                    return bad("variant is a Reversi option");
                }
                let defaults = GomokuOptions::default();
                Ok(AnyGame::Gomoku(Gomoku::new(GomokuOptions {
                    size: options.size.unwrap_or(defaults.size),
                    exact_five: options.exact_five.unwrap_or(defaults.exact_five),
                })?))
            }
            GameKind::TicTacToe => {
                if options.variant.is_some() || options.exact_five.is_some() {
                    return bad("Tic-Tac-Toe has no variant or exactFive option");
                }
                match options.size {
                    None | Some(3) => Ok(AnyGame::TicTacToe(TicTacToe::new())),
                    Some(n) => bad(&format!("Tic-Tac-Toe is 3x3, not {n}x{n}")),
                }
            }
        }
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
            },
            AnyGame::Gomoku(g) => GameOptions {
                game: kind,
                size: Some(g.options().size),
                variant: None,
                exact_five: Some(g.options().exact_five),
            },
            AnyGame::TicTacToe(_) => GameOptions { game: kind, ..GameOptions::default() },
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
                LogItem::Move { player, square, .. } => game.play_move(player, Move::Place(square))?,
                LogItem::Event(LogEvent::Concede { player }) => game.play_move(player, Move::Concede)?,
                LogItem::Event(LogEvent::Drop { player }) => game.drop_player(player)?,
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
    fn undo(&mut self) -> Result<(), Error> {
        each!(self, g => Game::undo(g))
    }
    fn log(&self) -> Vec<LogItem> {
        each!(self, g => g.log())
    }
    fn record(&self) -> String {
        each!(self, g => Game::record(g))
    }
}

impl Game for Reversi {
    fn size(&self) -> u8 {
        Reversi::size(self)
    }
    fn to_move(&self) -> Option<Player> {
        Reversi::to_move(self)
    }
    fn ended(&self) -> bool {
        Reversi::ended(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Reversi::outcome(self)
    }
    fn scores(&self) -> [u32; 2] {
        Reversi::scores(self)
    }
    fn progression(&self) -> u8 {
        Reversi::progression(self)
    }
    fn legal_moves(&self) -> Vec<Square> {
        Reversi::legal_moves(self)
    }
    fn piece(&self, sq: Square) -> Option<Player> {
        self.disc(sq)
    }
    fn play_move(&mut self, player: Player, mv: Move) -> Result<(), Error> {
        match mv {
            Move::Place(sq) => self.try_play_as(player, sq),
            Move::Concede => self.concede(player),
        }
    }
    fn drop_player(&mut self, player: Player) -> Result<(), Error> {
        Reversi::drop_player(self, player)
    }
    fn undo(&mut self) -> Result<(), Error> {
        Reversi::undo(self)
    }
    fn log(&self) -> Vec<LogItem> {
        let mut log = vec![LogItem::Event(LogEvent::Start)];
        for (turn, flipped) in self.turns_with_flips() {
            log.push(match turn.action {
                Action::Place(square) => LogItem::Move { player: turn.player, square, flipped },
                Action::Pass => LogItem::Event(LogEvent::Pass { player: turn.player }),
            });
        }
        log_ending(&mut log, self.resigned(), self);
        log
    }
    fn record(&self) -> String {
        Reversi::record(self)
    }
}

/// The `Game` methods of the grid games, which differ only in their scores.
macro_rules! grid_game {
    ($t:ty) => {
        impl Game for $t {
            fn size(&self) -> u8 {
                self.grid().size()
            }
            fn to_move(&self) -> Option<Player> {
                self.grid().to_move()
            }
            fn outcome(&self) -> Option<Outcome> {
                <$t>::outcome(self)
            }
            fn scores(&self) -> [u32; 2] {
                <$t>::scores(self)
            }
            fn progression(&self) -> u8 {
                self.grid().progression()
            }
            fn legal_moves(&self) -> Vec<Square> {
                self.grid().legal_moves()
            }
            fn piece(&self, sq: Square) -> Option<Player> {
                self.grid().stone(sq)
            }
            fn play_move(&mut self, player: Player, mv: Move) -> Result<(), Error> {
                match mv {
                    Move::Place(sq) => self.play(player, sq),
                    Move::Concede => {
                        self.grid().check_turn(player)?;
                        self.grid_mut().resign(Resignation::Conceded(player))
                    }
                }
            }
            fn drop_player(&mut self, player: Player) -> Result<(), Error> {
                self.grid_mut().resign(Resignation::Dropped(player))
            }
            fn undo(&mut self) -> Result<(), Error> {
                self.grid_mut().undo()
            }
            fn log(&self) -> Vec<LogItem> {
                grid_log(self.grid(), self)
            }
            fn record(&self) -> String {
                self.grid().moves().iter().map(Square::to_string).collect()
            }
        }
    };
}

grid_game!(Gomoku);
grid_game!(TicTacToe);

fn grid_log(grid: &Grid, game: &impl Game) -> Vec<LogItem> {
    let mut log = vec![LogItem::Event(LogEvent::Start)];
    for (k, &square) in grid.moves().iter().enumerate() {
        let player = if k % 2 == 0 { Player::First } else { Player::Second };
        log.push(LogItem::Move { player, square, flipped: Vec::new() });
    }
    log_ending(&mut log, grid.resigned(), game);
    log
}
