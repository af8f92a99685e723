//! A game's history: the move list, the positions along it, the named openings it
//! followed, and whether a new game is the old one with moves added.

use outflank_engine::{
    openings_along, AnyGame, Error, Game, GameKind, GameOptions, LogEvent, LogItem, Move, Opening,
    Player, Square, Variant,
};

use crate::i18n::Locale;
use crate::say;

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

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use crate::model::*;

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
    fn a_game_extends_another_by_its_added_moves() {
        let a = reversi("f5").game;
        let b = reversi("f5d6").game;
        assert_eq!(extends(&a, &b), Some(2));
        assert_eq!(extends(&b, &a), None);
        assert_eq!(extends(&a, &a), None);
        let ttt = AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1b2c1").unwrap();
        let won = AnyGame::from_record(&opts(GameKind::TicTacToe, None), "a1b1b2c1c3").unwrap();
        assert_eq!(extends(&ttt, &won), Some(5));
    }
}
