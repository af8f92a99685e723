//! A game in a link: the options and the record in the URL's fragment
//! (`#game=reversi&size=8&moves=f5d6c3`), so a link opens the same game on any copy of the
//! site, offline included (the fragment never reaches a server). A game from a set-up
//! position carries it as `start=`, the squares row by row (`X`, `O`, `-`) and the side to
//! move ([`StartPosition`]'s text, which needs no escaping in a URL). Plain data, tested
//! natively; the page reads the fragment when it loads and when it changes.

use outflank_engine::{AnyGame, Game, GameKind, GameOption, GameOptions, StartPosition, Variant};

use crate::backend::HotSeat;
use crate::i18n::{td_string, Locale};
use crate::say;

/// The fragment (without `#`) of a link to `game`: its options (those that are not the
/// game's defaults) and its record.
pub fn fragment(game: &AnyGame) -> String {
    let options = game.options();
    let defaults = AnyGame::new(&GameOptions {
        game: options.game,
        ..GameOptions::default()
    })
    .map(|g| g.options())
    .unwrap_or_default();
    let mut parts = vec![format!("game={}", options.game.key())];
    for option in GameOption::ALL {
        let value = |o: &GameOptions| match option {
            GameOption::Size => o.size.map(|s| s.to_string()),
            GameOption::Variant => o.variant.map(|v| v.id().to_string()),
            GameOption::ExactFive => o.exact_five.map(|e| e.to_string()),
        };
        match value(&options) {
            Some(v) if value(&options) != value(&defaults) => {
                parts.push(format!("{}={v}", option.key()))
            }
            _ => {}
        }
    }
    if let Some(start) = options.start {
        parts.push(format!("start={start}"));
    }
    parts.push(format!("moves={}", game.record()));
    parts.join("&")
}

/// Whether a fragment (with or without its `#`) holds a game for [`read`]: one of its parts is
/// `game=...`.
pub fn holds_game(fragment: &str) -> bool {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    fragment.split('&').any(|part| part.starts_with("game="))
}

/// Reads a link's fragment (with or without its `#`): `Ok(None)` when it holds no game (an
/// empty fragment, or one of another kind), the game when it does, and an error saying
/// what is wrong, in the viewer's language, when it cannot be played as written (nothing
/// is started half-way).
pub fn read(fragment: &str, l: Locale) -> Result<Option<HotSeat>, String> {
    if !holds_game(fragment) {
        return Ok(None);
    }
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut options = GameOptions::default();
    let mut moves = None;
    for part in fragment.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once('=')
            .ok_or_else(|| td_string!(l, link_not_key_value, part).to_string())?;
        let bad = || td_string!(l, link_not_allowed, key, value).to_string();
        match key {
            "game" => options.game = GameKind::from_id(value).ok_or_else(bad)?,
            "size" => options.size = Some(value.parse().map_err(|_| bad())?),
            "variant" => options.variant = Some(Variant::from_id(value).ok_or_else(bad)?),
            "exactFive" => options.exact_five = Some(value.parse().map_err(|_| bad())?),
            "start" => {
                let start: StartPosition = value.parse().map_err(|e| {
                    let reason = say::error(l, options.game, &e);
                    td_string!(l, link_bad_start, value, reason).to_string()
                })?;
                options.start = Some(start);
            }
            "moves" => moves = Some(value.to_string()),
            _ => return Err(td_string!(l, link_unknown_part, key).to_string()),
        }
    }
    HotSeat::new(&options, ["", ""], moves.as_deref().unwrap_or(""))
        .map(Some)
        .map_err(|e| say::error(l, options.game, &e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::Player;

    fn game(options: GameOptions, record: &str) -> AnyGame {
        AnyGame::from_record(&options, record).unwrap()
    }

    #[test]
    fn a_link_opens_the_same_game() {
        let bombs = GameOptions {
            size: Some(10),
            variant: Some(Variant::Bombs),
            ..GameOptions::default()
        };
        let five = GameOptions {
            game: GameKind::Gomoku,
            exact_five: Some(true),
            ..GameOptions::default()
        };
        for g in [
            game(GameOptions::default(), "f5d6c3d3c4"),
            game(bombs, ""),
            game(five, "h8h9"),
            game(
                GameOptions {
                    game: GameKind::TicTacToe,
                    ..GameOptions::default()
                },
                "b2a1",
            ),
            game(set_up(), "e3"),
            game(
                GameOptions {
                    size: Some(6),
                    start: "XXXXXXXXXXXXXXXOXXXXXX--XXXXXXXXXXX-O".parse().ok(),
                    ..GameOptions::default()
                },
                "e4",
            ),
        ] {
            let link = fragment(&g);
            let back = read(&format!("#{link}"), Locale::en).unwrap().unwrap();
            assert_eq!(back.game(), &g, "{link}");
        }
        assert_eq!(
            fragment(&game(GameOptions::default(), "f5d6")),
            "game=reversi&moves=f5d6"
        );
        let dashes = "-".repeat(27);
        assert_eq!(
            fragment(&game(set_up(), "e3")),
            format!("game=reversi&start={dashes}OX------XO{dashes}O&moves=e3")
        );
    }

    /// The standard start with light to move.
    fn set_up() -> GameOptions {
        GameOptions {
            start: Some(StartPosition::default().with_to_move(Player::Second)),
            ..GameOptions::default()
        }
    }

    #[test]
    fn a_bad_link_says_what_is_wrong() {
        for (link, says) in [
            ("game=chess&moves=", "game: \"chess\""),
            (
                "game=reversi&size=9",
                "size 9x9: Reversi is played on 6x6 / 8x8 / 10x10",
            ),
            ("game=reversi&moves=f5f5", "f5"),
            ("game=reversi&colour=red", "unknown part \"colour\""),
            ("game=reversi&moves", "is not key=value"),
            ("game=reversi&start=XO", "start: \"XO\" is not a position"),
            ("game=reversi&start=XO", "1 squares"),
            ("game=gomoku&start=", "start: \"\" is not a position"),
            (
                &format!("game=reversi&size=6&start={}X", "-".repeat(36)),
                "empty here: c3, d3, c4, d4",
            ),
            (
                &format!("game=reversi&start={}X", "-".repeat(36)),
                "6x6 but the board is 8x8",
            ),
        ] {
            let e = read(link, Locale::en)
                .err()
                .unwrap_or_else(|| panic!("{link} read"));
            assert!(e.contains(says), "{link}: {e}");
        }
        // In the viewer's language, the engine's reasons too.
        assert_eq!(
            read("game=reversi&moves=f5f5", Locale::fr).err().unwrap(),
            "coup 2 (f5) de la partie : f5 est déjà occupée"
        );
        assert_eq!(
            read("game=reversi&size=9", Locale::fr).err().unwrap(),
            "option invalide : taille 9x9 impossible, le Reversi se joue en 6x6 / 8x8 / 10x10"
        );
        assert_eq!(
            read("game=reversi&colour=red", Locale::ja).err().unwrap(),
            "リンクに不明な部分「colour」があります"
        );
        assert!(read("", Locale::en).unwrap().is_none());
        assert!(read("#outflank-prefs", Locale::en).unwrap().is_none());
    }

    /// The page fetches the code of `read` only for a fragment that `holds_game`: every
    /// fragment `read` reads a game or an error from must say so.
    #[test]
    fn only_a_fragment_with_a_game_is_read() {
        for fragment in [
            "",
            "#",
            "#outflank-prefs",
            "moves=f5",
            "#size=8&moves=f5",
            "#games=2",
        ] {
            assert!(!holds_game(fragment), "{fragment}");
            assert!(read(fragment, Locale::en).unwrap().is_none(), "{fragment}");
        }
        for fragment in [
            "#game=reversi",
            "game=chess",
            "size=8&game=gomoku",
            "#moves=&game=",
        ] {
            assert!(holds_game(fragment), "{fragment}");
            assert!(
                !matches!(read(fragment, Locale::en), Ok(None)),
                "{fragment}"
            );
        }
    }
}
