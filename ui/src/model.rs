//! What the viewer says about a game: names, status line, cell labels, panels, the move
//! list, history positions, statistics and announcements. Pure functions of the game data
//! (asking the engine only pure questions); the views just show them. Tested natively.
//!
//! Every function that words something takes the viewer's [`Locale`]; the names of games,
//! colours and pieces and the sentences about moves and results are [`crate::say`]'s (in
//! English, the engine's `words`); this module picks the players' names and puts the
//! sentences together.

use outflank_engine::{
    openings_along, AnyGame, Error, Game, GameKind, GameOptions, GameStats, LogEvent, LogItem,
    Move, Opening, Player, Square, Variant,
};

use crate::i18n::{td_string, Locale};
use crate::protocol::GameData;
use crate::say;

/// A player's name as shown: the host's name for them, else their colour.
pub fn display_name(l: Locale, data: &GameData, player: Player) -> String {
    data.name(player)
        .unwrap_or_else(|| say::colour(l, data.game.kind(), player))
}

/// A player's name with their colour after it ("Ann (Dark)"), or the colour alone when
/// they have no name: the clocks and the review's summary.
pub fn name_and_colour(l: Locale, data: &GameData, player: Player) -> String {
    let colour = say::colour(l, data.game.kind(), player);
    match data.name(player) {
        Some(name) if name != colour => format!("{name} ({colour})"),
        _ => colour,
    }
}

/// Hundredths of a disc as discs to one decimal, rounded, with the sign to show before
/// them (`None` for 0.0): in integers, since float printing would weigh on the page's load.
pub fn discs_to_tenths(hundredths: i32) -> (Option<bool>, String) {
    let tenths = (hundredths.unsigned_abs() + 5) / 10;
    let negative = (tenths > 0).then_some(hundredths < 0);
    (negative, format!("{}.{}", tenths / 10, tenths % 10))
}

/// Every square of a board of side `n`, in reading order (a1, b1, ..., a2, ...).
pub fn squares(n: u8) -> Vec<Square> {
    (0..n)
        .flat_map(|row| (0..n).map(move |col| Square::new(col, row)))
        .collect()
}

/// The pieces of a game in reading order.
pub fn pieces(game: &AnyGame) -> Vec<Option<Player>> {
    squares(game.size())
        .into_iter()
        .map(|sq| game.piece(sq))
        .collect()
}

/// The screen-reader label of a cell: "f5, empty, legal move", "d4, light disc",
/// "h8, black stone", "b2, X".
pub fn cell_label(
    l: Locale,
    kind: GameKind,
    square: Square,
    piece: Option<Player>,
    legal: bool,
) -> String {
    let square = square.to_string();
    match piece {
        Some(p) => td_string!(l, cell_piece, square, piece = say::piece(l, kind, p)).to_string(),
        None if legal => td_string!(l, cell_empty_legal, square).to_string(),
        None => td_string!(l, cell_empty, square).to_string(),
    }
}

/// The player who passed right before the current turn (Reversi), if the game goes on.
pub fn last_pass(game: &AnyGame) -> Option<Player> {
    if game.ended() {
        return None;
    }
    match game.log().last() {
        Some(LogItem::Event(LogEvent::Pass { player })) => Some(*player),
        _ => None,
    }
}

/// What the panels count: the discs on the board in Reversi (even after a player left,
/// when the scores a host records differ), the score in the other games.
pub fn counts(game: &AnyGame) -> [u32; 2] {
    match game {
        AnyGame::Reversi(g) => g.discs(),
        other => other.scores(),
    }
}

/// The result of a finished game, e.g. "Dark wins 40-24", "Black wins with five in a row",
/// after the resignation if there was one: "Light concedes. Dark wins 40-24". After a player
/// left, the stayer wins whatever the discs say: no count is quoted then.
pub fn result_text(l: Locale, data: &GameData, game: &AnyGame) -> Option<String> {
    let name = |p: Player| display_name(l, data, p);
    let result = say::result(l, game, name)?;
    Some(match game.resigned() {
        Some(how) => format!("{} {result}", say::resigns(l, how, &name(how.player()))),
        None => result,
    })
}

/// The status line (seed 000's wording): "Dark must play a disc", "You must play a disc"
/// (when the viewer's own player is to move outside hot-seat), a pass notice, the result.
pub fn status(
    l: Locale,
    data: &GameData,
    game: &AnyGame,
    viewer: Option<Player>,
    hot_seat: bool,
) -> String {
    if let Some(result) = result_text(l, data, game) {
        return result;
    }
    let Some(to_move) = game.to_move() else {
        return String::new();
    };
    let you = !hot_seat && viewer == Some(to_move);
    let turn = say::must_play(l, game.kind(), &display_name(l, data, to_move), you);
    match last_pass(game) {
        Some(p) => format!("{} {turn}", say::passes(l, &display_name(l, data, p))),
        None => turn,
    }
}

/// One entry of the move list.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MoveEntry {
    /// The history position that shows the board after this entry.
    pub ply: usize,
    pub player: Player,
    /// "f5", "pass", "concedes", "left", "time".
    pub text: String,
    /// A placed piece (not a pass or resignation).
    pub placed: bool,
    /// The named opening this move reached, if it reached one.
    pub opening: Option<&'static Opening>,
}

/// The moves in notation, with passes and a resignation, each with its history position
/// and the named opening it reached.
pub fn move_list(l: Locale, game: &AnyGame) -> Vec<MoveEntry> {
    let named = openings(game);
    let mut ply = 0;
    let mut out = Vec::new();
    for item in game.log() {
        // The start and the end are not turns.
        let (Some(player), Some(text)) = (item.player(), say::move_list_entry(l, item)) else {
            continue;
        };
        let placed = matches!(item, LogItem::Move { .. });
        ply += usize::from(placed);
        let opening = named
            .iter()
            .find(|(at, _)| placed && *at == ply)
            .map(|(_, o)| *o);
        out.push(MoveEntry {
            ply,
            player,
            text,
            placed,
            opening,
        });
    }
    out
}

/// Whether a game is one the opening names are about: standard 8x8 Reversi from the
/// standard start (a set-up position follows no named opening).
pub fn names_openings(game: &AnyGame) -> bool {
    game.options()
        == GameOptions {
            game: GameKind::Reversi,
            size: Some(8),
            variant: Some(Variant::Standard),
            exact_five: None,
            start: None,
        }
}

/// The named Othello openings a game reached (standard 8x8 Reversi from the start only),
/// each with the ply (moves played) that reached it.
pub fn openings(game: &AnyGame) -> Vec<(usize, &'static Opening)> {
    if !names_openings(game) {
        return Vec::new();
    }
    // The names cover the first moves only, and no opening passes.
    let squares: Vec<Square> = game
        .log()
        .iter()
        .skip(1)
        .map_while(|item| match item {
            LogItem::Move { square, .. } => Some(*square),
            _ => None,
        })
        .collect();
    openings_along(&squares)
}

/// The opening a game shown at history position `ply` follows: the last one reached by
/// then (a game that has left the book keeps the name of the last line it followed).
pub fn opening_at(game: &AnyGame, ply: usize) -> Option<&'static Opening> {
    latest_opening(&openings(game), ply)
}

/// The last of `openings` (see [`openings`]) reached by history position `ply`.
pub fn latest_opening(
    openings: &[(usize, &'static Opening)],
    ply: usize,
) -> Option<&'static Opening> {
    openings
        .iter()
        .take_while(|(at, _)| *at <= ply)
        .last()
        .map(|(_, o)| *o)
}

/// The square of the last piece placed, if any.
pub fn last_placed(game: &AnyGame) -> Option<Square> {
    game.log().iter().rev().find_map(|i| match i {
        LogItem::Move { square, .. } => Some(*square),
        _ => None,
    })
}

/// The number of pieces placed: the last history position.
pub fn move_count(game: &AnyGame) -> usize {
    game.log()
        .iter()
        .filter(|i| matches!(i, LogItem::Move { .. }))
        .count()
}

/// The game as it was after `ply` pieces were placed (0 = the start); the whole game
/// (with its resignation, if any) at or past the last.
pub fn game_at(game: &AnyGame, ply: usize) -> Result<AnyGame, Error> {
    if ply >= move_count(game) {
        return Ok(game.clone());
    }
    let log = game.log();
    let index = if ply == 0 {
        0
    } else {
        log.iter()
            .enumerate()
            .filter(|(_, i)| matches!(i, LogItem::Move { .. }))
            .nth(ply - 1)
            .map_or(0, |(k, _)| k)
    };
    game.replay_to(index)
}

/// Whether `player` may concede now (their turn; in Reversi only while behind).
pub fn can_concede(game: &AnyGame, player: Player) -> bool {
    game.clone().play_move(player, Move::Concede).is_ok()
}

/// A player's panel.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Panel {
    pub name: String,
    pub colour: String,
    /// The number in the panel: discs (Reversi) or the BGS score.
    pub score: u32,
    /// The number with what it counts, for screen readers: "2 discs", "1 points".
    pub score_label: String,
    /// Gomoku's stones left in the bowl.
    pub stones_left: Option<u32>,
    pub active: bool,
    pub winner: bool,
}

/// A panel's number with what it counts: "2 discs" (Reversi), "1 points".
pub fn score_label(l: Locale, kind: GameKind, score: u32) -> String {
    if kind == GameKind::Reversi {
        td_string!(l, score_discs, count = score).to_string()
    } else {
        td_string!(l, score_points, count = score).to_string()
    }
}

pub fn panel(l: Locale, data: &GameData, game: &AnyGame, player: Player) -> Panel {
    let stones_left = match game.stats() {
        GameStats::Grid(stats) => stats[player.index()].stones_left,
        GameStats::Reversi(_) => None,
    };
    let score = counts(game)[player.index()];
    Panel {
        name: display_name(l, data, player),
        colour: say::colour(l, game.kind(), player),
        score,
        score_label: score_label(l, game.kind(), score),
        stones_left,
        active: game.to_move() == Some(player),
        winner: game.outcome().and_then(|o| o.winner()) == Some(player),
    }
}

/// The end-of-game statistics table: (row label, value per player).
pub fn stats_rows(l: Locale, game: &AnyGame) -> Vec<(String, [u32; 2])> {
    let per = |f: &dyn Fn(usize) -> u32| [f(0), f(1)];
    let rows: Vec<(&str, [u32; 2])> = match game.stats() {
        GameStats::Reversi(s) => vec![
            (td_string!(l, stat_discs), counts(game)),
            (td_string!(l, stat_discs_played), per(&|i| s[i].moves)),
            (td_string!(l, stat_corner), per(&|i| s[i].corners)),
            (td_string!(l, stat_border), per(&|i| s[i].borders)),
            (td_string!(l, stat_centre), per(&|i| s[i].centre)),
            (td_string!(l, stat_turned), per(&|i| s[i].turned_over)),
            (td_string!(l, stat_passes), per(&|i| s[i].passes)),
        ],
        GameStats::Grid(s) => {
            let mut rows = vec![(td_string!(l, stat_moves), per(&|i| s[i].moves))];
            if s[0].stones_left.is_some() {
                rows.push((
                    td_string!(l, stat_stones_left),
                    per(&|i| s[i].stones_left.unwrap_or(0)),
                ));
            }
            rows
        }
    };
    rows.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
}

/// The sentence announced (aria-live) and logged for the log items after the first
/// `known` ones: "Dark plays f5 and turns over 1 disc. Light must play a disc".
pub fn announce(l: Locale, data: &GameData, known: usize) -> Option<String> {
    let game = &data.game;
    let name = |p: Player| display_name(l, data, p);
    let parts: Vec<String> = game
        .log()
        .iter()
        .skip(known)
        .filter_map(|item| match *item {
            LogItem::Move {
                player,
                square,
                ref flipped,
            } => Some(say::plays(
                l,
                game.kind(),
                &name(player),
                square,
                flipped.len(),
            )),
            // The resignation before the end was said already: the result alone.
            LogItem::Event(LogEvent::End { .. }) => {
                say::result(l, game, name).map(|r| format!("{r}."))
            }
            _ => say::event_sentence(l, item, name),
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// When `after` is `before` with more log items (the same game, moves added), the number
/// of `before`'s items it keeps (its end item, if any, excepted); `None` otherwise.
pub fn extends(before: &AnyGame, after: &AnyGame) -> Option<usize> {
    if before.options() != after.options() {
        return None;
    }
    let (old, new) = (before.log(), after.log());
    let known = old
        .iter()
        .take_while(|i| !matches!(i, LogItem::Event(LogEvent::End { .. })))
        .count();
    (new.len() > known && old[..known] == new[..known] && new.len() >= old.len()).then_some(known)
}

/// The line that won a Gomoku or Tic-Tac-Toe game, if there is one.
pub fn winning_line(game: &AnyGame) -> Vec<Square> {
    match game {
        AnyGame::Gomoku(g) => g.grid().winning_line().to_vec(),
        AnyGame::TicTacToe(g) => g.grid().winning_line().to_vec(),
        AnyGame::Reversi(_) => Vec::new(),
    }
}

/// Where an arrow key (or Home, End) moves a keyboard cursor at `at` on a board of side `n`:
/// one square that way, staying put at the edge; `None` for any other key. The board and
/// the set-up editor move their roving cursors by it.
pub fn cursor_step(key: &str, at: Square, n: u8) -> Option<Square> {
    let (col, row) = (at.col(), at.row());
    let last = n.saturating_sub(1);
    Some(match key {
        "ArrowLeft" => Square::new(col.saturating_sub(1), row),
        "ArrowRight" => Square::new((col + 1).min(last), row),
        "ArrowUp" => Square::new(col, row.saturating_sub(1)),
        "ArrowDown" => Square::new(col, (row + 1).min(last)),
        "Home" => Square::new(0, row),
        "End" => Square::new(last, row),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::PlayerMeta;
    const EN: Locale = Locale::en;
    use outflank_engine::GameOptions;

    fn opts(game: GameKind, size: Option<u8>) -> GameOptions {
        GameOptions {
            game,
            size,
            ..GameOptions::default()
        }
    }

    fn data(game: AnyGame) -> GameData {
        GameData::new(game)
    }

    fn reversi(record: &str) -> GameData {
        data(AnyGame::from_record(&GameOptions::default(), record).unwrap())
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn reversi_start() {
        let d = reversi("");
        assert_eq!(
            status(EN, &d, &d.game, Some(Player::First), true),
            "Dark must play a disc"
        );
        assert_eq!(
            status(EN, &d, &d.game, Some(Player::First), false),
            "You must play a disc"
        );
        assert_eq!(
            status(EN, &d, &d.game, Some(Player::Second), false),
            "Dark must play a disc"
        );
        assert_eq!(squares(8).len(), 64);
        assert_eq!(squares(8)[9], sq("b2"));
        assert_eq!(
            cell_label(EN, GameKind::Reversi, sq("f5"), None, true),
            "f5, empty, legal move"
        );
        assert_eq!(
            cell_label(EN, GameKind::Reversi, sq("d4"), Some(Player::Second), false),
            "d4, light disc"
        );
        assert_eq!(
            cell_label(EN, GameKind::Gomoku, sq("h8"), Some(Player::First), false),
            "h8, black stone"
        );
        assert_eq!(
            cell_label(
                EN,
                GameKind::TicTacToe,
                sq("b2"),
                Some(Player::Second),
                false
            ),
            "b2, O"
        );
        assert_eq!(
            cell_label(EN, GameKind::TicTacToe, sq("a1"), None, false),
            "a1, empty"
        );
        let p = panel(EN, &d, &d.game, Player::First);
        assert_eq!(
            (p.name.as_str(), p.score, p.active, p.stones_left),
            ("Dark", 2, true, None)
        );
    }

    #[test]
    fn names_replace_colours() {
        let mut d = reversi("f5");
        d.players = vec![
            PlayerMeta { name: "Ann".into() },
            PlayerMeta { name: "Bo".into() },
        ];
        assert_eq!(status(EN, &d, &d.game, None, true), "Bo must play a disc");
        assert_eq!(
            announce(EN, &d, 1).unwrap(),
            "Ann plays f5 and turns over 1 disc."
        );
        assert_eq!(panel(EN, &d, &d.game, Player::Second).colour, "Light");
    }

    #[test]
    fn the_announced_result_keeps_a_name_with_a_full_stop_whole() {
        let mut g = AnyGame::from_record(&GameOptions::default(), "f5").unwrap();
        g.play_move(Player::Second, Move::Concede).unwrap();
        let mut d = data(g);
        d.players = vec![
            PlayerMeta {
                name: "Dr. Who".into(),
            },
            PlayerMeta { name: "Bo".into() },
        ];
        assert_eq!(
            status(EN, &d, &d.game, None, true),
            "Bo concedes. Dr. Who wins 4-1"
        );
        assert_eq!(
            announce(EN, &d, 2).unwrap(),
            "Bo concedes. Dr. Who wins 4-1."
        );
    }

    #[test]
    fn results_and_resignations() {
        let d = reversi("d3c3b3d2e1d6d7e3f4");
        assert_eq!(status(EN, &d, &d.game, None, true), "Dark wins 13-0");
        assert!(panel(EN, &d, &d.game, Player::First).winner);
        let mut g = AnyGame::from_record(&GameOptions::default(), "f5d6c3").unwrap();
        // Light (to move) is behind 2-5... after c3 dark has more: light may concede.
        assert!(can_concede(&g, Player::Second));
        assert!(!can_concede(&g, Player::First));
        g.play_move(Player::Second, Move::Concede).unwrap();
        let d = data(g);
        assert!(status(EN, &d, &d.game, None, true).starts_with("Light concedes. Dark wins"));
        assert_eq!(move_list(EN, &d.game).last().unwrap().text, "concedes");
        assert!(announce(EN, &d, 4)
            .unwrap()
            .starts_with("Light concedes. Dark wins"));

        let ttt =
            data(AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1b2c1c3").unwrap());
        assert_eq!(
            status(EN, &ttt, &ttt.game, None, true),
            "X wins with three in a row"
        );
        let draw = data(
            AnyGame::from_record(&opts(GameKind::TicTacToe, None), "b2a1c1a3a2c2b1b3c3").unwrap(),
        );
        assert_eq!(
            status(EN, &draw, &draw.game, None, true),
            "Draw: the board is full"
        );
        let g = data(AnyGame::from_record(&opts(GameKind::Gomoku, Some(15)), "").unwrap());
        assert_eq!(
            status(EN, &g, &g.game, None, true),
            "Black must play a stone"
        );
        let p = panel(EN, &g, &g.game, Player::First);
        assert_eq!(
            (p.stones_left, p.score_label.as_str()),
            (Some(113), "0 points")
        );
    }

    #[test]
    fn history_positions_and_move_list() {
        let d = reversi("f5d6c3");
        assert_eq!(move_count(&d.game), 3);
        assert_eq!(last_placed(&d.game), Some(sq("c3")));
        assert_eq!(last_placed(&reversi("").game), None);
        let at1 = game_at(&d.game, 1).unwrap();
        assert_eq!(at1.record(), "f5");
        assert_eq!(at1.to_move(), Some(Player::Second));
        assert_eq!(game_at(&d.game, 0).unwrap().record(), "");
        assert_eq!(game_at(&d.game, 9).unwrap(), d.game);
        let list = move_list(EN, &d.game);
        assert_eq!(
            list.iter()
                .map(|m| (m.ply, m.text.as_str()))
                .collect::<Vec<_>>(),
            [(1, "f5"), (2, "d6"), (3, "c3")]
        );
    }

    #[test]
    fn named_openings_in_the_move_list_and_at_each_position() {
        // The Tiger from d3 (a symmetry of f5 d6 c3 d3 c4), then off the book.
        let d = reversi("d3c5f6f5e6e3");
        let names: Vec<_> = move_list(EN, &d.game)
            .iter()
            .map(|m| m.opening.map(Opening::name))
            .collect();
        assert_eq!(names[4], Some("Tiger"));
        assert_eq!(names[0], None);
        assert_eq!(opening_at(&d.game, 5).map(Opening::name), Some("Tiger"));
        assert_eq!(
            opening_at(&d.game, 6).map(Opening::name),
            Some("Tiger"),
            "kept after the book"
        );
        assert_ne!(opening_at(&d.game, 3).map(Opening::name), Some("Tiger"));
        assert_eq!(opening_at(&d.game, 0), None);
        // No names on other boards, in bombs, or in other games.
        let mut six = AnyGame::new(&GameOptions {
            size: Some(6),
            ..GameOptions::default()
        })
        .unwrap();
        let first = six.legal_moves()[0];
        six.play_move(Player::First, Move::Place(first)).unwrap();
        assert!(openings(&six).is_empty());
        // Nor from a set-up position, even one where the Tiger's moves can be played.
        let corner = outflank_engine::StartPosition::default()
            .with_disc("a1".parse().unwrap(), Some(Player::First));
        let set_up = GameOptions {
            start: Some(corner),
            ..GameOptions::default()
        };
        let tiger = AnyGame::from_record(&set_up, "f5d6c3d3c4").unwrap();
        assert!(openings(&tiger).is_empty());
        assert_eq!(opening_at(&tiger, 5), None);
    }

    #[test]
    fn passes_in_status_list_and_history() {
        // Dark passes after the 16th disc (found with the engine).
        let d = reversi("d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4");
        assert_eq!(last_pass(&d.game), Some(Player::First));
        assert_eq!(
            status(EN, &d, &d.game, None, true),
            "Dark has no legal move and passes. Light must play a disc"
        );
        let list = move_list(EN, &d.game);
        let pass = list.last().unwrap();
        assert_eq!(
            (pass.text.as_str(), pass.ply, pass.placed),
            ("pass", 16, false)
        );
        assert!(announce(EN, &d, 16)
            .unwrap()
            .ends_with("Dark has no legal move and passes."));
        // The position after the 16th disc is the one with the pass made.
        assert_eq!(
            last_pass(&game_at(&d.game, 16).unwrap()),
            Some(Player::First)
        );
    }

    #[test]
    fn records_load_with_clear_errors() {
        let g = AnyGame::from_record(&opts(GameKind::Gomoku, Some(19)), "h8 h9, a19").unwrap();
        assert_eq!(g.piece(sq("a19")), Some(Player::First));
        let e = AnyGame::from_record(&GameOptions::default(), "f5f5").unwrap_err();
        assert_eq!(
            e.to_string(),
            "move 2 (f5) of the record: f5 is already occupied"
        );
        assert!(AnyGame::from_record(&GameOptions::default(), "f5zz").is_err());
        assert!(AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1a2b2a3c3").is_err());
    }

    #[test]
    fn statistics() {
        let d = reversi("d3c3b3d2e1d6d7e3f4");
        let rows = stats_rows(EN, &d.game);
        assert_eq!(rows[0], ("Discs".to_string(), [13, 0]));
        assert_eq!(rows[1], ("Discs played".to_string(), [5, 4]));
        let g = AnyGame::from_record(&opts(GameKind::Gomoku, Some(19)), "h8h9").unwrap();
        assert_eq!(
            stats_rows(EN, &g),
            [
                ("Moves".to_string(), [1, 1]),
                ("Stones left".to_string(), [180, 179])
            ]
        );
        let t = AnyGame::from_record(&opts(GameKind::TicTacToe, None), "b2").unwrap();
        assert_eq!(stats_rows(EN, &t), [("Moves".to_string(), [1, 0])]);
    }

    #[test]
    fn french_and_japanese_status_announcements_and_statistics() {
        let (fr_, ja_) = (Locale::fr, Locale::ja);
        let d = reversi("f5");
        assert_eq!(
            status(fr_, &d, &d.game, None, true),
            "Blanc doit jouer un pion"
        );
        assert_eq!(
            status(fr_, &d, &d.game, Some(Player::Second), false),
            "Vous devez jouer un pion"
        );
        assert_eq!(status(ja_, &d, &d.game, None, true), "白の番です");
        assert_eq!(
            announce(fr_, &d, 1).unwrap(),
            "Noir joue f5 et retourne 1 pion."
        );
        assert_eq!(
            announce(ja_, &d, 1).unwrap(),
            "黒がf5に打ち、石を1個返しました。"
        );
        assert_eq!(
            cell_label(
                fr_,
                GameKind::Reversi,
                sq("d4"),
                Some(Player::Second),
                false
            ),
            "d4, pion blanc"
        );
        assert_eq!(
            cell_label(ja_, GameKind::Reversi, sq("f5"), None, true),
            "f5、空き、着手可能"
        );
        let end = reversi("d3c3b3d2e1d6d7e3f4");
        assert_eq!(status(ja_, &end, &end.game, None, true), "黒の勝ち 13対0");
        assert_eq!(
            stats_rows(fr_, &end.game)[0],
            ("Pions".to_string(), [13, 0])
        );
        let p = panel(ja_, &end, &end.game, Player::First);
        assert_eq!((p.colour.as_str(), p.score_label.as_str()), ("黒", "13石"));
    }

    #[test]
    fn extension_and_winning_lines() {
        let a = reversi("f5").game;
        let b = reversi("f5d6").game;
        assert_eq!(extends(&a, &b), Some(2));
        assert_eq!(extends(&b, &a), None);
        assert_eq!(extends(&a, &a), None);
        let ttt = AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1b2c1").unwrap();
        let won = AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1b2c1c3").unwrap();
        assert_eq!(extends(&ttt, &won), Some(5));
        assert_eq!(winning_line(&won), [sq("a1"), sq("b2"), sq("c3")]);
        assert!(winning_line(&ttt).is_empty());
        assert!(winning_line(&a).is_empty());
    }

    #[test]
    fn a_player_who_leaves_while_ahead_loses_and_no_count_says_otherwise() {
        // Dark leads 4-1 after f5, then leaves.
        let mut d = reversi("f5");
        d.game.drop_player(Player::First).unwrap();
        assert_eq!(
            counts(&d.game),
            [4, 1],
            "the panels count the discs on the board"
        );
        assert_eq!(d.game.rankings(), Some([2, 1]));
        assert_eq!(
            status(EN, &d, &d.game, Some(Player::Second), false),
            "Dark left the game. Light wins"
        );
        let light = panel(EN, &d, &d.game, Player::Second);
        assert!(light.winner);
        assert!(!panel(EN, &d, &d.game, Player::First).winner);
    }

    #[test]
    fn the_cursor_moves_a_square_and_stops_at_the_edges() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(cursor_step("ArrowRight", sq("a1"), 8), Some(sq("b1")));
        assert_eq!(cursor_step("ArrowDown", sq("c2"), 8), Some(sq("c3")));
        assert_eq!(cursor_step("ArrowLeft", sq("a5"), 8), Some(sq("a5")));
        assert_eq!(cursor_step("ArrowUp", sq("d1"), 8), Some(sq("d1")));
        assert_eq!(cursor_step("ArrowDown", sq("f6"), 6), Some(sq("f6")));
        assert_eq!(cursor_step("End", sq("b3"), 10), Some(sq("j3")));
        assert_eq!(cursor_step("Home", sq("g7"), 8), Some(sq("a7")));
        assert_eq!(cursor_step("Enter", sq("a1"), 8), None);
    }
}
