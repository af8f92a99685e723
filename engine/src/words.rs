//! What the games and their pieces are called, and what is said about a game, in English.
//!
//! What is said is a value before it is words: a [`Sentence`] (whose turn it is, a move, a
//! pass, a resignation) or a [`Verdict`] (how a finished game ended), which the engine makes
//! from the game. [`Sentence::words`], [`Verdict::short`] and [`Verdict::sentence`] say them
//! in English (the BGS package's messages); the viewer (`outflank-ui`) says the same values
//! in each of its languages, so which sentence fits a game is decided here only.
//!
//! The names are [`GameKind`]'s: [`GameKind::name`], [`GameKind::colour`],
//! [`GameKind::factions`], [`GameKind::piece`]. Sentences take the players' names as the
//! caller shows them (a viewer: the host's name or the colour; a platform's messages: "Ada
//! (Dark)").
//!
//! ```
//! use outflank_engine::words::Sentence;
//! use outflank_engine::{GameKind, Player};
//!
//! let colour = |p: Player| GameKind::Gomoku.colour(p).to_string();
//! assert_eq!(colour(Player::First), "Black");
//! let turn = Sentence::MustPlay { kind: GameKind::Gomoku, player: Player::First };
//! assert_eq!(turn.words(colour), "Black must play a stone");
//! assert_eq!(Sentence::Passes { player: Player::Second }.words(colour), "White has no legal move and passes.");
//! ```

use crate::{AnyGame, Game, GameKind, LogEvent, LogItem, Player, Resignation, Square};

impl GameKind {
    /// The name for people: `"Reversi"`, `"Gomoku"`, `"Tic-Tac-Toe"`.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Reversi => "Reversi",
            GameKind::Gomoku => "Gomoku",
            GameKind::TicTacToe => "Tic-Tac-Toe",
        }
    }

    /// The colour (or mark) of a player's pieces: "Dark"/"Light", "Black"/"White", "X"/"O".
    pub const fn colour(self, player: Player) -> &'static str {
        match (self, player) {
            (GameKind::Reversi, Player::First) => "Dark",
            (GameKind::Reversi, Player::Second) => "Light",
            (GameKind::Gomoku, Player::First) => "Black",
            (GameKind::Gomoku, Player::Second) => "White",
            (GameKind::TicTacToe, Player::First) => "X",
            (GameKind::TicTacToe, Player::Second) => "O",
        }
    }

    /// The players' factions as a platform names them (BGS `factions`): `dark`/`light`,
    /// `black`/`white`, `x`/`o`.
    pub const fn factions(self) -> [&'static str; 2] {
        match self {
            GameKind::Reversi => ["dark", "light"],
            GameKind::Gomoku => ["black", "white"],
            GameKind::TicTacToe => ["x", "o"],
        }
    }

    /// What a player puts down: "disc", "stone", "mark".
    pub const fn piece(self) -> &'static str {
        match self {
            GameKind::Reversi => "disc",
            GameKind::Gomoku => "stone",
            GameKind::TicTacToe => "mark",
        }
    }
}

/// Something said about a game while it goes on, as a value: the viewer and the BGS package
/// word it, each in its own way ([`Sentence::words`] is the English).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sentence {
    /// Whose turn it is: "Dark must play a disc".
    MustPlay { kind: GameKind, player: Player },
    /// A move: "Dark plays f5 and turns over 1 disc." in Reversi (`turned`: the discs it
    /// turned over, or toggled in bombs), "Black plays h8." in the others.
    Plays {
        kind: GameKind,
        player: Player,
        square: Square,
        turned: usize,
    },
    /// A forced pass: "Dark has no legal move and passes."
    Passes { player: Player },
    /// A concession ("Light concedes."), a departure ("Dark left the game.") or a fallen
    /// flag ("Light lost on time."), by the player who resigned.
    Resigns(Resignation),
}

impl Sentence {
    /// What a log item of a game of `kind` says; `None` for the start and the end (the end
    /// is the game's [`Verdict`]).
    ///
    /// ```
    /// use outflank_engine::words::Sentence;
    /// use outflank_engine::{AnyGame, Game, GameOptions};
    ///
    /// let game = AnyGame::from_record(&GameOptions::default(), "f5d6").unwrap();
    /// let name = |p| game.kind().colour(p).to_string();
    /// let said: Vec<String> = game
    ///     .log()
    ///     .iter()
    ///     .filter_map(|item| Sentence::of(game.kind(), item))
    ///     .map(|s| s.words(name))
    ///     .collect();
    /// assert_eq!(said, ["Dark plays f5 and turns over 1 disc.", "Light plays d6 and turns over 1 disc."]);
    /// ```
    pub fn of(kind: GameKind, item: &LogItem) -> Option<Sentence> {
        Some(match *item {
            LogItem::Move {
                player,
                square,
                ref flipped,
            } => Sentence::Plays {
                kind,
                player,
                square,
                turned: flipped.len(),
            },
            LogItem::Event(LogEvent::Pass { player }) => Sentence::Passes { player },
            LogItem::Event(LogEvent::Concede { player }) => {
                Sentence::Resigns(Resignation::Conceded(player))
            }
            LogItem::Event(LogEvent::Drop { player }) => {
                Sentence::Resigns(Resignation::Dropped(player))
            }
            LogItem::Event(LogEvent::Timeout { player }) => {
                Sentence::Resigns(Resignation::OutOfTime(player))
            }
            LogItem::Event(LogEvent::Start | LogEvent::End { .. }) => return None,
        })
    }

    /// The player the sentence is about.
    pub fn player(self) -> Player {
        match self {
            Sentence::MustPlay { player, .. }
            | Sentence::Plays { player, .. }
            | Sentence::Passes { player } => player,
            Sentence::Resigns(how) => how.player(),
        }
    }

    /// The sentence in English, its player named by `name`.
    ///
    /// ```
    /// use outflank_engine::words::Sentence;
    /// use outflank_engine::{GameKind, Player, Resignation};
    ///
    /// let name = |_| "Ann".to_string();
    /// let f5 = "f5".parse().unwrap();
    /// let plays = |kind, turned| Sentence::Plays { kind, player: Player::First, square: f5, turned };
    /// assert_eq!(plays(GameKind::Reversi, 1).words(name), "Ann plays f5 and turns over 1 disc.");
    /// assert_eq!(plays(GameKind::Reversi, 3).words(name), "Ann plays f5 and turns over 3 discs.");
    /// assert_eq!(plays(GameKind::TicTacToe, 0).words(name), "Ann plays f5.");
    /// let left = Sentence::Resigns(Resignation::Dropped(Player::First));
    /// assert_eq!(left.words(name), "Ann left the game.");
    /// ```
    pub fn words(self, name: impl Fn(Player) -> String) -> String {
        let who = name(self.player());
        match self {
            Sentence::MustPlay { kind, .. } => format!("{who} must play a {}", kind.piece()),
            Sentence::Plays {
                kind: GameKind::Reversi,
                square,
                turned,
                ..
            } => {
                let s = if turned == 1 { "" } else { "s" };
                format!("{who} plays {square} and turns over {turned} disc{s}.")
            }
            Sentence::Plays { square, .. } => format!("{who} plays {square}."),
            Sentence::Passes { .. } => format!("{who} has no legal move and passes."),
            Sentence::Resigns(Resignation::Conceded(_)) => format!("{who} concedes."),
            Sentence::Resigns(Resignation::Dropped(_)) => format!("{who} left the game."),
            Sentence::Resigns(Resignation::OutOfTime(_)) => format!("{who} lost on time."),
        }
    }
}

/// How a finished game ended, as a value: who won, how, and by how much. The viewer says it
/// in its languages; [`Verdict::short`] and [`Verdict::sentence`] are the English.
///
/// After a departure or a fallen flag the player who stayed wins whatever the board says,
/// so no count is quoted then; after a concession Reversi still quotes the discs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// Reversi: `winner` has `won` discs to the loser's `lost`, at the end of the game or
    /// when the loser conceded.
    Count { winner: Player, won: u32, lost: u32 },
    /// Reversi: as many discs each (`scores`, first player first).
    Drawn { scores: [u32; 2] },
    /// Gomoku: `winner` made five in a row.
    FiveInARow { winner: Player },
    /// Tic-Tac-Toe: `winner` made three in a row.
    ThreeInARow { winner: Player },
    /// Gomoku or Tic-Tac-Toe: the board is full and nobody made a line.
    BoardFull,
    /// Gomoku or Tic-Tac-Toe: the other player conceded.
    Conceded { winner: Player },
    /// The other player left the game.
    Forfeit { winner: Player },
    /// The other player's clock ran out.
    OnTime { winner: Player },
}

impl Verdict {
    /// How `game` ended; `None` while it goes on.
    ///
    /// ```
    /// use outflank_engine::words::Verdict;
    /// use outflank_engine::{AnyGame, Game, GameKind, GameOptions, Player};
    ///
    /// // Tic-Tac-Toe, X has three in a row on the diagonal:
    /// //    a b c
    /// // 1  X O O
    /// // 2  . X .
    /// // 3  . . X
    /// let options = GameOptions { game: GameKind::TicTacToe, ..GameOptions::default() };
    /// let game = AnyGame::from_record(&options, "a1b1b2c1c3").unwrap();
    /// assert_eq!(Verdict::of(&game), Some(Verdict::ThreeInARow { winner: Player::First }));
    /// assert_eq!(Verdict::of(&AnyGame::new(&options).unwrap()), None);
    /// ```
    pub fn of(game: &AnyGame) -> Option<Verdict> {
        let winner = game.outcome()?.winner();
        let scores = game.scores();
        Some(match (game.resigned(), game.kind(), winner) {
            (Some(Resignation::Dropped(_)), _, Some(winner)) => Verdict::Forfeit { winner },
            (Some(Resignation::OutOfTime(_)), _, Some(winner)) => Verdict::OnTime { winner },
            (_, GameKind::Reversi, Some(winner)) => Verdict::Count {
                winner,
                won: scores[winner.index()],
                lost: scores[winner.other().index()],
            },
            (_, GameKind::Reversi, None) => Verdict::Drawn { scores },
            (Some(Resignation::Conceded(_)), _, Some(winner)) => Verdict::Conceded { winner },
            (None, GameKind::Gomoku, Some(winner)) => Verdict::FiveInARow { winner },
            (None, GameKind::TicTacToe, Some(winner)) => Verdict::ThreeInARow { winner },
            (_, _, None) => Verdict::BoardFull,
        })
    }

    /// The winner; `None` for a draw.
    pub fn winner(self) -> Option<Player> {
        match self {
            Verdict::Count { winner, .. }
            | Verdict::FiveInARow { winner }
            | Verdict::ThreeInARow { winner }
            | Verdict::Conceded { winner }
            | Verdict::Forfeit { winner }
            | Verdict::OnTime { winner } => Some(winner),
            Verdict::Drawn { .. } | Verdict::BoardFull => None,
        }
    }

    /// The result in a few words, as a status line shows it, the winner named by `name`:
    /// "Dark wins 40-24", "Draw 32-32", "Black wins with five in a row", "Draw: the board is
    /// full", "Light wins" (after a departure, a fallen flag, or a concession in Gomoku or
    /// Tic-Tac-Toe).
    ///
    /// ```
    /// use outflank_engine::words::Verdict;
    /// use outflank_engine::{AnyGame, Game, GameOptions, Move, Player};
    ///
    /// let mut game = AnyGame::new(&GameOptions::default()).unwrap();
    /// game.play_move(Player::First, Move::Place("f5".parse().unwrap())).unwrap();
    /// game.play_move(Player::Second, Move::Concede).unwrap();
    /// let name = |p: Player| game.kind().colour(p).to_string();
    /// let verdict = Verdict::of(&game).unwrap();
    /// assert_eq!(verdict.short(name), "Dark wins 4-1");
    /// assert_eq!(verdict.sentence(name), "Dark wins, 4 discs to 1.");
    ///
    /// let mut game = AnyGame::new(&GameOptions::default()).unwrap();
    /// game.time_out(Player::First).unwrap();
    /// let verdict = Verdict::of(&game).unwrap();
    /// assert_eq!(verdict.short(name), "Light wins");
    /// assert_eq!(verdict.sentence(name), "Light wins on time.");
    /// assert_eq!(game.scores(), [0, 2]);
    /// ```
    pub fn short(self, name: impl Fn(Player) -> String) -> String {
        match self {
            Verdict::Count { winner, won, lost } => format!("{} wins {won}-{lost}", name(winner)),
            Verdict::Drawn {
                scores: [first, second],
            } => format!("Draw {first}-{second}"),
            Verdict::FiveInARow { winner } => format!("{} wins with five in a row", name(winner)),
            Verdict::ThreeInARow { winner } => {
                format!("{} wins with three in a row", name(winner))
            }
            Verdict::BoardFull => "Draw: the board is full".to_string(),
            Verdict::Conceded { winner }
            | Verdict::Forfeit { winner }
            | Verdict::OnTime { winner } => {
                format!("{} wins", name(winner))
            }
        }
    }

    /// The result as a sentence, as a platform's messages report it: "Ada (Dark) wins, 40
    /// discs to 24.", "The game is a draw, 32 discs each.", "Ada (X) wins.", "The game is a
    /// draw: the board is full.", "Grace (Light) wins by forfeit.", "Grace (Light) wins on
    /// time."
    pub fn sentence(self, name: impl Fn(Player) -> String) -> String {
        match self {
            Verdict::Forfeit { winner } => format!("{} wins by forfeit.", name(winner)),
            Verdict::OnTime { winner } => format!("{} wins on time.", name(winner)),
            Verdict::Count { winner, won, lost } if won > lost => {
                format!("{} wins, {won} discs to {lost}.", name(winner))
            }
            Verdict::Drawn { scores } => {
                format!("The game is a draw, {} discs each.", scores[0])
            }
            Verdict::Count { winner, .. }
            | Verdict::FiveInARow { winner }
            | Verdict::ThreeInARow { winner }
            | Verdict::Conceded { winner } => format!("{} wins.", name(winner)),
            Verdict::BoardFull => "The game is a draw: the board is full.".to_string(),
        }
    }
}

/// A log item in the move list's few letters: "f5", "pass", "concedes", "left", "time"; `None`
/// for the start and the end, which are not turns.
pub fn move_list_entry(item: &LogItem) -> Option<String> {
    match item {
        LogItem::Move { square, .. } => Some(square.to_string()),
        LogItem::Event(LogEvent::Pass { .. }) => Some("pass".to_string()),
        LogItem::Event(LogEvent::Concede { .. }) => Some("concedes".to_string()),
        LogItem::Event(LogEvent::Drop { .. }) => Some("left".to_string()),
        LogItem::Event(LogEvent::Timeout { .. }) => Some("time".to_string()),
        LogItem::Event(LogEvent::Start | LogEvent::End { .. }) => None,
    }
}
