//! What the viewer says about a game: players' names, cell labels, the status line, the
//! result, the panels, the statistics table and the sentences announced after each move.

use outflank_engine::words::{Sentence, Verdict};
use outflank_engine::{AnyGame, Game, GameKind, GameStats, LogEvent, LogItem, Player, Square};

use crate::i18n::{td_string, Locale};
use crate::protocol::GameView;
use crate::say;

/// A player's name as shown: the host's name for them, else their colour.
pub fn display_name(l: Locale, data: &GameView, player: Player) -> String {
    data.name(player)
        .unwrap_or_else(|| say::colour(l, data.game.kind(), player))
}

/// A player's name with their colour after it ("Ann (Dark)"), or the colour alone when
/// they have no name: the clocks and the review's summary.
pub fn name_and_colour(l: Locale, data: &GameView, player: Player) -> String {
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
pub fn result_text(l: Locale, data: &GameView, game: &AnyGame) -> Option<String> {
    let name = |p: Player| display_name(l, data, p);
    let result = say::verdict(l, Verdict::of(game)?, name);
    Some(match game.resigned() {
        Some(how) => format!(
            "{} {result}",
            say::sentence(l, Sentence::Resigns(how), name)
        ),
        None => result,
    })
}

/// The status line: "Dark must play a disc", "You must play a disc"
/// (when the viewer's own player is to move outside hot-seat), a pass notice, the result.
pub fn status(
    l: Locale,
    data: &GameView,
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
    let name = |p: Player| display_name(l, data, p);
    let kind = game.kind();
    let turn = if !hot_seat && viewer == Some(to_move) {
        say::your_turn(l, kind)
    } else {
        let turn = Sentence::MustPlay {
            kind,
            player: to_move,
        };
        say::sentence(l, turn, name)
    };
    match last_pass(game) {
        Some(player) => format!(
            "{} {turn}",
            say::sentence(l, Sentence::Passes { player }, name)
        ),
        None => turn,
    }
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

pub fn panel(l: Locale, data: &GameView, game: &AnyGame, player: Player) -> Panel {
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
pub fn announce(l: Locale, data: &GameView, known: usize) -> Option<String> {
    let game = &data.game;
    let name = |p: Player| display_name(l, data, p);
    let parts: Vec<String> = game
        .log()
        .iter()
        .skip(known)
        .filter_map(|item| match item {
            // The resignation before the end was said already: the result alone.
            LogItem::Event(LogEvent::End { .. }) => {
                Verdict::of(game).map(|v| format!("{}.", say::verdict(l, v, name)))
            }
            _ => Sentence::of(game.kind(), item).map(|said| say::sentence(l, said, name)),
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use crate::model::*;
    use crate::protocol::PlayerMeta;

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
}
