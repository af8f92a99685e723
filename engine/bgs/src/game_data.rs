//! `GameData`: everything a host stores between calls, as plain JSON (the BGS `GameData`
//! of an Outflank game): what [`crate::api`] hands a platform, and what a viewer reads back.
//!
//! The state of the game (`state`) is the engine's own JSON form of [`AnyGame`]: the options,
//! the full move list and, for Reversi, the board and the player to move; reading it back
//! replays the moves and checks every stored fact against them. Around it sit what the
//! platform gave (players' names and settings, the seed, the creator) and what a host may
//! want to read without the engine (the board of any game, the log). Those derived fields
//! are checked too: data that contradicts its own moves is an error, and [`GameData::rebuild`]
//! (the BGS `replay`) is the way to repair it after an edit.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use outflank_engine::{
    AnyGame, Error, Game, GameKind, GameOptions, LogItem, Move, Player, Reason, Resignation, Square,
};

/// One player as the platform describes them.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerInfo {
    pub name: String,
    /// Whatever the platform stored with `setPlayerSettings`; the engine only keeps it.
    #[serde(default)]
    pub settings: Map<String, Value>,
}

/// The BGS `GameData` of an Outflank game.
///
/// ```
/// use outflank_bgs::GameData;
/// use outflank_engine::{AnyGame, Game, GameOptions, Move, Player};
/// let mut data = GameData::new(AnyGame::new(&GameOptions::default()).unwrap(), "seed".into(), None, 5);
/// data.state.play_move(Player::First, Move::Place("f5".parse().unwrap())).unwrap();
/// data.refresh();
/// let json = data.to_json();
/// assert_eq!(json["board"][4], "---XXX--");
/// let f5 = serde_json::json!({"kind": "move", "player": 0, "move": "f5", "flipped": ["e5"]});
/// assert_eq!(json["log"][1], f5);
/// assert_eq!(GameData::from_json(json).unwrap(), data);
/// ```
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GameData {
    /// Always [`GameData::ENGINE`]: data of another engine is refused with a clear error.
    pub engine: String,
    /// [`GameData::FORMAT`].
    pub format: u32,
    pub players: [PlayerInfo; 2],
    pub seed: String,
    /// The player who created the game, if the creator plays.
    #[serde(default)]
    pub creator: Option<Player>,
    /// The game itself: options, moves, and what they lead to.
    pub state: AnyGame,
    /// The board now, one string per row (row 1 first): `X` for player 0, `O` for player 1,
    /// `-` for empty. Derived from `state`.
    pub board: Vec<String>,
    /// The log (what `logSlice` serves). Derived from `state`.
    pub log: Vec<LogItem>,
    /// How many log items `messages` has already reported.
    #[serde(default)]
    pub messages_shown: usize,
    /// The computer's level for `moveAI`, 1-11 (`options.level` of `init`).
    #[serde(default = "default_level")]
    pub level: u8,
}

fn default_level() -> u8 {
    GameData::DEFAULT_LEVEL
}

impl GameData {
    /// The `engine` field of Outflank's data.
    pub const ENGINE: &'static str = "outflank";

    /// The version of this layout; data of another version is refused rather than misread.
    pub const FORMAT: u32 = 1;

    /// Longest player name the data accepts, in characters.
    pub const MAX_NAME: usize = 100;

    /// Longest player name a viewer shows, in characters (longer names are cut there; the
    /// hot-seat page's name fields take no more).
    pub const MAX_SHOWN_NAME: usize = 40;

    /// The level `moveAI` plays at when `init` was given none.
    pub const DEFAULT_LEVEL: u8 = 5;

    /// New data around a game.
    pub fn new(state: AnyGame, seed: String, creator: Option<Player>, level: u8) -> GameData {
        let players = Player::BOTH.map(|p| PlayerInfo {
            name: format!("Player {}", p.index() + 1),
            settings: Map::new(),
        });
        let mut data = GameData {
            engine: GameData::ENGINE.to_string(),
            format: GameData::FORMAT,
            players,
            seed,
            creator,
            state,
            board: Vec::new(),
            log: Vec::new(),
            messages_shown: 0,
            level,
        };
        data.refresh();
        data
    }

    /// Recomputes the derived fields after the game changed.
    pub fn refresh(&mut self) {
        self.board = board_rows(&self.state);
        self.log = self.state.log().to_vec();
        self.messages_shown = self.messages_shown.min(self.log.len());
    }

    /// Reads and checks data as a host stored it. Anything wrong is
    /// [`Error::MalformedState`], naming the field at fault.
    pub fn from_json(value: Value) -> Result<GameData, Error> {
        check_engine(&value)?;
        let data: GameData = from_value(value)?;
        if data.board != board_rows(&data.state) {
            return Err(malformed(
                "the board is not the one the moves lead to (replay rebuilds it from the moves)",
            ));
        }
        if data.log != data.state.log() {
            return Err(malformed(
                "the log is not the one the moves lead to (replay rebuilds it from the moves)",
            ));
        }
        if data.messages_shown > data.log.len() {
            return Err(malformed(format!(
                "messagesShown is {} but the log has only {} items",
                data.messages_shown,
                data.log.len()
            )));
        }
        check_names(&data.players)?;
        outflank_engine::search::Level::new(data.level)
            .map_err(|e| malformed(format!("level: {e}")))?;
        Ok(data)
    }

    /// Reads data whose moves an admin may have edited: everything but the game's move list
    /// is read as usual; the game is rebuilt from its options and moves alone (the stored
    /// board, turn and log are ignored). A move list that breaks the rules is an error naming
    /// the move; options that make no game are the engine's [`Error::BadOption`].
    pub fn rebuild(value: Value) -> Result<GameData, Error> {
        check_engine(&value)?;
        let Value::Object(mut fields) = value else {
            return Err(malformed("the data is not an object"));
        };
        let state = fields
            .remove("state")
            .ok_or_else(|| malformed("missing field `state`"))?;
        let edited: EditedState = from_value(state)?;
        let game = edited.replay()?;
        // The derived fields are recomputed; give the strict reader placeholders it accepts.
        fields.insert(
            "state".into(),
            serde_json::to_value(&game).map_err(|e| malformed(e.to_string()))?,
        );
        fields.insert("board".into(), Value::Array(Vec::new()));
        fields.insert("log".into(), Value::Array(Vec::new()));
        let mut data: GameData = from_value(Value::Object(fields))?;
        check_names(&data.players)?;
        data.refresh();
        Ok(data)
    }

    pub fn to_json(&self) -> Value {
        // Every field is plain data (strings, numbers, arrays, maps with string keys).
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    pub fn name(&self, player: Player) -> &str {
        &self.players[player.index()].name
    }

    /// Whether `name` may be a player's: not empty, at most [`GameData::MAX_NAME`]
    /// characters, no control characters; the reason in words if not.
    pub fn check_name(name: &str) -> Result<(), String> {
        let chars = name.chars().count();
        if name.trim().is_empty() {
            Err("a player's name cannot be empty".to_string())
        } else if chars > GameData::MAX_NAME {
            Err(format!(
                "a player's name has at most {} characters, not {chars}",
                GameData::MAX_NAME
            ))
        } else if name.chars().any(char::is_control) {
            Err("a player's name cannot contain control characters".to_string())
        } else {
            Ok(())
        }
    }
}

/// A stored state that is not what it should be, for `reason`.
fn malformed(reason: impl Into<String>) -> Error {
    Error::MalformedState {
        reason: Reason::Text(reason.into()),
    }
}

/// Deserializes `value`, naming the field at fault (`players[1].name: invalid type ...`).
fn from_value<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, Error> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        // The engine's own checks already say "malformed state: ...".
        let inner = inner
            .strip_prefix("malformed state: ")
            .unwrap_or(&inner)
            .to_string();
        if path == "." {
            malformed(inner)
        } else {
            malformed(format!("{path}: {inner}"))
        }
    })
}

fn check_engine(value: &Value) -> Result<(), Error> {
    let Value::Object(fields) = value else {
        return Err(malformed("the data is not an object"));
    };
    match fields.get("engine") {
        Some(Value::String(s)) if s == GameData::ENGINE => {}
        Some(other) => {
            return Err(malformed(format!(
                "this is not Outflank's data (engine is {other})"
            )))
        }
        None => return Err(malformed("this is not Outflank's data (no `engine` field)")),
    }
    match fields.get("format") {
        Some(v) if v.as_u64() == Some(u64::from(GameData::FORMAT)) => Ok(()),
        Some(v) => Err(malformed(format!(
            "the data is in format {v}; this engine reads format {}",
            GameData::FORMAT
        ))),
        None => Err(malformed("missing field `format`")),
    }
}

fn check_names(players: &[PlayerInfo; 2]) -> Result<(), Error> {
    for (k, p) in players.iter().enumerate() {
        GameData::check_name(&p.name).map_err(|e| malformed(format!("player {k}: {e}")))?;
    }
    Ok(())
}

/// The board as rows of `X`, `O` and `-`, row 1 first, for any game.
fn board_rows(game: &AnyGame) -> Vec<String> {
    let n = game.size();
    (0..n)
        .map(|row| {
            (0..n)
                .map(|col| match game.piece(Square::new(col, row)) {
                    Some(Player::First) => 'X',
                    Some(Player::Second) => 'O',
                    None => '-',
                })
                .collect()
        })
        .collect()
}

/// The parts of a stored game that an admin edits: which game, its options, its moves.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct EditedState {
    game: GameKind,
    #[serde(default)]
    options: Map<String, Value>,
    /// Reversi stores `turns` (with `"pass"` entries), the grid games `moves`.
    #[serde(default, alias = "turns")]
    moves: Vec<String>,
    #[serde(default)]
    conceded: Option<Player>,
    #[serde(default)]
    dropped: Option<Player>,
    #[serde(default)]
    timed_out: Option<Player>,
}

impl EditedState {
    fn replay(self) -> Result<AnyGame, Error> {
        let mut options = self.options;
        options.insert(
            "game".into(),
            serde_json::to_value(self.game).map_err(|e| malformed(e.to_string()))?,
        );
        let options: GameOptions = serde_json::from_value(Value::Object(options))
            .map_err(|e| malformed(format!("options: {e}")))?;
        let mut game = AnyGame::new(&options)?;
        for (k, text) in self.moves.iter().enumerate() {
            // Passes are played by the engine itself, where the rules force them.
            if text == "pass" {
                continue;
            }
            let fail = |e: Error| malformed(format!("move {} ({text}): {e}", k + 1));
            let square: Square = text.parse().map_err(fail)?;
            let player = game.to_move().ok_or(Error::GameOver).map_err(fail)?;
            game.play_move(player, Move::Place(square)).map_err(fail)?;
        }
        if let Some(how) = Resignation::from_stored([self.conceded, self.dropped, self.timed_out])?
        {
            game.resign(how)
                .map_err(|e| malformed(format!("the resignation: {e}")))?;
        }
        Ok(game)
    }
}
