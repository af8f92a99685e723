//! What the games and their pieces are called, and what is said about a game: the one home
//! of the names and sentences that the viewer (`outflank-ui`) and the BGS package
//! (`outflank-bgs`) both show, so that the two never word the same thing two ways.
//!
//! The names are [`GameKind`]'s: [`GameKind::name`], [`GameKind::colour`],
//! [`GameKind::factions`], [`GameKind::piece`]. The sentences take the players' names as the
//! caller shows them (a viewer: the host's name or the colour; a platform's messages: "Ada
//! (Dark)").
//!
//! ```
//! use outflank_engine::{words, GameKind, Player};
//! assert_eq!(GameKind::Gomoku.colour(Player::First), "Black");
//! assert_eq!(words::must_play(GameKind::Gomoku, "Black"), "Black must play a stone");
//! assert_eq!(words::passes("Dark"), "Dark has no legal move and passes.");
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

/// Whose turn it is, as a status line says it: "Dark must play a disc".
pub fn must_play(kind: GameKind, who: &str) -> String {
    format!("{who} must play a {}", kind.piece())
}

/// A move: "Dark plays f5 and turns over 1 disc." in Reversi (`turned`: the discs it
/// turned over, or toggled in bombs), "Black plays h8." in the others.
///
/// ```
/// use outflank_engine::{words, GameKind};
/// let f5 = "f5".parse().unwrap();
/// assert_eq!(words::plays(GameKind::Reversi, "Dark", f5, 1), "Dark plays f5 and turns over 1 disc.");
/// assert_eq!(words::plays(GameKind::TicTacToe, "X", f5, 0), "X plays f5.");
/// ```
pub fn plays(kind: GameKind, who: &str, square: Square, turned: usize) -> String {
    match kind {
        GameKind::Reversi => {
            let s = if turned == 1 { "" } else { "s" };
            format!("{who} plays {square} and turns over {turned} disc{s}.")
        }
        GameKind::Gomoku | GameKind::TicTacToe => format!("{who} plays {square}."),
    }
}

/// A forced pass: "Dark has no legal move and passes."
pub fn passes(who: &str) -> String {
    format!("{who} has no legal move and passes.")
}

/// A concession: "Light concedes."
pub fn concedes(who: &str) -> String {
    format!("{who} concedes.")
}

/// A departure: "Dark left the game."
pub fn leaves(who: &str) -> String {
    format!("{who} left the game.")
}

/// A fallen flag: "Light lost on time."
///
/// ```
/// use outflank_engine::{words, AnyGame, Game, GameOptions, Player};
/// let mut game = AnyGame::new(&GameOptions::default()).unwrap();
/// game.time_out(Player::First).unwrap();
/// let name = |p: Player| game.kind().colour(p).to_string();
/// assert_eq!(words::resigns(game.resigned().unwrap(), "Dark"), "Dark lost on time.");
/// assert_eq!(words::result(&game, name).unwrap(), "Light wins");
/// assert_eq!(words::result_sentence(&game, name).unwrap(), "Light wins on time.");
/// assert_eq!(game.scores(), [0, 2]);
/// ```
pub fn loses_on_time(who: &str) -> String {
    format!("{who} lost on time.")
}

/// A concession, a departure or a fallen flag, by `who`, the player who resigned.
pub fn resigns(how: Resignation, who: &str) -> String {
    match how {
        Resignation::Conceded(_) => concedes(who),
        Resignation::Dropped(_) => leaves(who),
        Resignation::OutOfTime(_) => loses_on_time(who),
    }
}

/// The sentence for a pass, a concession, a departure or a fallen flag, `who` naming the
/// player; `None` for moves (see [`plays`]), the start and the end (see [`result`]).
pub fn event_sentence(item: &LogItem, who: impl Fn(Player) -> String) -> Option<String> {
    match *item {
        LogItem::Event(LogEvent::Pass { player }) => Some(passes(&who(player))),
        LogItem::Event(LogEvent::Concede { player }) => Some(concedes(&who(player))),
        LogItem::Event(LogEvent::Drop { player }) => Some(leaves(&who(player))),
        LogItem::Event(LogEvent::Timeout { player }) => Some(loses_on_time(&who(player))),
        LogItem::Move { .. } | LogItem::Event(LogEvent::Start | LogEvent::End { .. }) => None,
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

/// The result in a few words, as a status line shows it: "Dark wins 40-24", "Draw 32-32",
/// "Black wins with five in a row", "Draw: the board is full"; `None` while the game goes on.
/// After a resignation the Gomoku and Tic-Tac-Toe winner just "wins", and so does the
/// Reversi player who stayed when the other left or ran out of time (the board's count is
/// no result then).
/// The resignation itself is [`resigns`].
///
/// ```
/// use outflank_engine::{words, AnyGame, Game, GameOptions, Move, Player};
/// let mut game = AnyGame::new(&GameOptions::default()).unwrap();
/// game.play_move(Player::First, Move::Place("f5".parse().unwrap())).unwrap();
/// game.play_move(Player::Second, Move::Concede).unwrap();
/// let name = |p: Player| game.kind().colour(p).to_string();
/// assert_eq!(words::result(&game, name).unwrap(), "Dark wins 4-1");
/// assert_eq!(words::result_sentence(&game, name).unwrap(), "Dark wins, 4 discs to 1.");
/// ```
pub fn result(game: &AnyGame, name: impl Fn(Player) -> String) -> Option<String> {
    let winner = game.outcome()?.winner();
    let scores = game.scores();
    let resigned = game.resigned();
    Some(match (game.kind(), winner) {
        (GameKind::Reversi, Some(w))
            if matches!(
                resigned,
                Some(Resignation::Dropped(_) | Resignation::OutOfTime(_))
            ) =>
        {
            format!("{} wins", name(w))
        }
        (GameKind::Reversi, Some(w)) => {
            format!(
                "{} wins {}-{}",
                name(w),
                scores[w.index()],
                scores[w.other().index()]
            )
        }
        (GameKind::Reversi, None) => format!("Draw {}-{}", scores[0], scores[1]),
        (_, Some(w)) if resigned.is_some() => format!("{} wins", name(w)),
        (GameKind::Gomoku, Some(w)) => format!("{} wins with five in a row", name(w)),
        (GameKind::TicTacToe, Some(w)) => format!("{} wins with three in a row", name(w)),
        (_, None) => "Draw: the board is full".to_string(),
    })
}

/// The result as a sentence, as a platform's messages report it: "Ada (Dark) wins, 40 discs
/// to 24.", "The game is a draw, 32 discs each.", "Ada (X) wins.", "The game is a draw: the
/// board is full."; after a player left, "Grace (Light) wins by forfeit."; `None` while the
/// game goes on.
pub fn result_sentence(game: &AnyGame, name: impl Fn(Player) -> String) -> Option<String> {
    let winner = game.outcome()?.winner();
    let scores = game.scores();
    Some(match (game.kind(), winner) {
        // The scores of a game someone left are not a result on the board.
        (_, Some(w)) if matches!(game.resigned(), Some(Resignation::Dropped(_))) => {
            format!("{} wins by forfeit.", name(w))
        }
        (_, Some(w)) if matches!(game.resigned(), Some(Resignation::OutOfTime(_))) => {
            format!("{} wins on time.", name(w))
        }
        (GameKind::Reversi, Some(w)) if scores[w.index()] > scores[w.other().index()] => format!(
            "{} wins, {} discs to {}.",
            name(w),
            scores[w.index()],
            scores[w.other().index()]
        ),
        (GameKind::Reversi, None) => format!("The game is a draw, {} discs each.", scores[0]),
        (_, Some(w)) => format!("{} wins.", name(w)),
        (_, None) => "The game is a draw: the board is full.".to_string(),
    })
}
