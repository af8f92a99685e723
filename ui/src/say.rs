//! What the viewer says about a game, in the viewer's language: the names of games, colours
//! and pieces, and the engine's [`Sentence`]s and [`Verdict`]s, from the locale files. The
//! engine decides what is said; this only words it. In English it says what the engine's own
//! English ([`outflank_engine::words`]) says, which a test checks for every sentence.

use outflank_engine::words::{Sentence, Verdict};
use outflank_engine::{Error, GameKind, LogEvent, LogItem, Player, Reason, Resignation, Square};

use crate::i18n::{td_string, Locale};

/// The game's name: "Reversi", "Morpion", "五目並べ".
pub fn game_name(l: Locale, kind: GameKind) -> String {
    match kind {
        GameKind::Reversi => td_string!(l, game_reversi).to_string(),
        GameKind::Gomoku => td_string!(l, game_gomoku).to_string(),
        GameKind::TicTacToe => td_string!(l, game_tictactoe).to_string(),
    }
}

/// A player's colour (or mark): "Dark", "Noir", "白", "X".
pub fn colour(l: Locale, kind: GameKind, player: Player) -> String {
    match (kind, player) {
        (GameKind::Reversi, Player::First) => td_string!(l, colour_dark).to_string(),
        (GameKind::Reversi, Player::Second) => td_string!(l, colour_light).to_string(),
        (GameKind::Gomoku, Player::First) => td_string!(l, colour_black).to_string(),
        (GameKind::Gomoku, Player::Second) => td_string!(l, colour_white).to_string(),
        (GameKind::TicTacToe, Player::First) => td_string!(l, colour_x).to_string(),
        (GameKind::TicTacToe, Player::Second) => td_string!(l, colour_o).to_string(),
    }
}

/// A player's piece as a cell's label names it: "light disc", "pierre noire", "X".
pub fn piece(l: Locale, kind: GameKind, player: Player) -> String {
    match (kind, player) {
        (GameKind::Reversi, Player::First) => td_string!(l, piece_dark_disc).to_string(),
        (GameKind::Reversi, Player::Second) => td_string!(l, piece_light_disc).to_string(),
        (GameKind::Gomoku, Player::First) => td_string!(l, piece_black_stone).to_string(),
        (GameKind::Gomoku, Player::Second) => td_string!(l, piece_white_stone).to_string(),
        (GameKind::TicTacToe, p) => colour(l, kind, p),
    }
}

/// What is said about a game while it goes on ([`Sentence`]), its player named by `name`:
/// "Dark must play a disc", "Noir joue f5 et retourne 1 pion.", "白は打てる場所がないのでパスします。".
pub fn sentence(l: Locale, said: Sentence, name: impl Fn(Player) -> String) -> String {
    let who = name(said.player());
    match said {
        Sentence::MustPlay { kind, .. } => match kind {
            GameKind::Reversi => td_string!(l, must_play_disc, who).to_string(),
            GameKind::Gomoku => td_string!(l, must_play_stone, who).to_string(),
            GameKind::TicTacToe => td_string!(l, must_play_mark, who).to_string(),
        },
        Sentence::Plays {
            kind,
            square,
            turned,
            ..
        } => {
            let square = square.to_string();
            match kind {
                GameKind::Reversi if turned == 1 => {
                    td_string!(l, plays_turns_one, who, square).to_string()
                }
                GameKind::Reversi => {
                    td_string!(l, plays_turns_many, who, square, count = turned).to_string()
                }
                GameKind::Gomoku | GameKind::TicTacToe => {
                    td_string!(l, plays, who, square).to_string()
                }
            }
        }
        Sentence::Passes { .. } => td_string!(l, passes, who).to_string(),
        Sentence::Resigns(Resignation::Conceded(_)) => td_string!(l, concedes, who).to_string(),
        Sentence::Resigns(Resignation::Dropped(_)) => td_string!(l, leaves, who).to_string(),
        Sentence::Resigns(Resignation::OutOfTime(_)) => {
            td_string!(l, loses_on_time, who).to_string()
        }
    }
}

/// Whose turn it is when it is the viewer's own: "You must play a disc" (in French and
/// Japanese "you" is not a name that [`sentence`] could take).
pub fn your_turn(l: Locale, kind: GameKind) -> String {
    match kind {
        GameKind::Reversi => td_string!(l, you_must_play_disc).to_string(),
        GameKind::Gomoku => td_string!(l, you_must_play_stone).to_string(),
        GameKind::TicTacToe => td_string!(l, you_must_play_mark).to_string(),
    }
}

/// A log item in the move list's few letters: "f5", "pass", "concedes", "left", "time";
/// `None` for the start and the end.
pub fn move_list_entry(l: Locale, item: &LogItem) -> Option<String> {
    Some(match item {
        LogItem::Move { square, .. } => square.to_string(),
        LogItem::Event(LogEvent::Pass { .. }) => td_string!(l, entry_pass).to_string(),
        LogItem::Event(LogEvent::Concede { .. }) => td_string!(l, entry_concedes).to_string(),
        LogItem::Event(LogEvent::Drop { .. }) => td_string!(l, entry_left).to_string(),
        LogItem::Event(LogEvent::Timeout { .. }) => td_string!(l, entry_time).to_string(),
        LogItem::Event(LogEvent::Start | LogEvent::End { .. }) => return None,
    })
}

/// How a finished game ended ([`Verdict`]) in a few words, the winner named by `name`:
/// "Dark wins 40-24", "Draw 32-32", "Black wins with five in a row", "Draw: the board is
/// full", "Light wins".
pub fn verdict(l: Locale, verdict: Verdict, name: impl Fn(Player) -> String) -> String {
    match verdict {
        Verdict::Count { winner, won, lost } => {
            td_string!(l, wins_score, who = name(winner), won, lost).to_string()
        }
        Verdict::Drawn {
            scores: [first, second],
        } => td_string!(l, draw_score, first, second).to_string(),
        Verdict::FiveInARow { winner } => td_string!(l, wins_five, who = name(winner)).to_string(),
        Verdict::ThreeInARow { winner } => {
            td_string!(l, wins_three, who = name(winner)).to_string()
        }
        Verdict::BoardFull => td_string!(l, draw_full).to_string(),
        Verdict::Conceded { winner } | Verdict::Forfeit { winner } | Verdict::OnTime { winner } => {
            td_string!(l, wins, who = name(winner)).to_string()
        }
    }
}

/// What is wrong, as the engine's [`Error`] says it, in the viewer's language; players
/// are named by their colours in `kind`.
pub fn error(l: Locale, kind: GameKind, e: &Error) -> String {
    let who = |p: Player| colour(l, kind, p);
    match e {
        Error::Occupied { square } => td_string!(l, err_occupied, square).to_string(),
        Error::NotLegal { square } => td_string!(l, err_not_legal, square).to_string(),
        Error::NotYourTurn { player } => {
            td_string!(l, err_not_your_turn, who = who(*player)).to_string()
        }
        Error::GameOver => td_string!(l, err_game_over).to_string(),
        Error::OffBoard { square, size } => {
            td_string!(l, err_off_board, square, board = format!("{size}x{size}")).to_string()
        }
        Error::BadNotation { text } => td_string!(l, err_bad_notation, text).to_string(),
        Error::BadRecord {
            index,
            text,
            reason,
        } => {
            let reason = error(l, kind, reason);
            td_string!(l, err_bad_record, index, text, reason).to_string()
        }
        Error::BadOption { reason } => {
            td_string!(l, err_bad_option, reason = self::reason(l, reason)).to_string()
        }
        Error::CannotConcede { reason } => {
            td_string!(l, err_cannot_concede, reason = self::reason(l, reason)).to_string()
        }
        Error::CannotPass { player } => {
            td_string!(l, err_cannot_pass, who = who(*player)).to_string()
        }
        Error::NothingToUndo => td_string!(l, err_nothing_to_undo).to_string(),
        Error::MalformedState { reason } => {
            td_string!(l, err_malformed, reason = self::reason(l, reason)).to_string()
        }
    }
}

/// Why the engine refused options, a set-up position, a GGF game or a concession, in the
/// viewer's language. (`Reason::Text` comes from stored states and files nobody types:
/// it stays as the engine found it.)
pub fn reason(l: Locale, r: &Reason) -> String {
    let board = |n: &u8| format!("{n}x{n}");
    match r {
        Reason::NoSuchOption { option, game } => {
            td_string!(l, rsn_no_such_option, option, game = game_name(l, *game)).to_string()
        }
        Reason::NoSetUps { game } => {
            td_string!(l, rsn_no_setups, game = game_name(l, *game)).to_string()
        }
        Reason::Size { game, size } => {
            let sizes: Vec<String> = game.sizes().iter().map(board).collect();
            let (game, size, sizes) = (game_name(l, *game), board(size), sizes.join(" / "));
            td_string!(l, rsn_size, game, size, sizes).to_string()
        }
        Reason::Level { level } => td_string!(l, rsn_level, level).to_string(),
        Reason::StartVariant { variant } => {
            td_string!(l, rsn_start_variant, variant = variant.id()).to_string()
        }
        Reason::StartSize { position, board: n } => td_string!(
            l,
            rsn_start_size,
            position = board(position),
            board = board(n)
        )
        .to_string(),
        Reason::CentreEmpty { squares } => {
            let squares: Vec<String> = squares.iter().map(Square::to_string).collect();
            td_string!(l, rsn_centre_empty, squares = squares.join(", ")).to_string()
        }
        Reason::StartEmpty => td_string!(l, rsn_start_empty).to_string(),
        Reason::StartToMove { found } => td_string!(l, rsn_start_to_move, found).to_string(),
        Reason::StartLength { squares } => td_string!(l, rsn_start_length, squares).to_string(),
        Reason::StartSquare { square, found } => {
            td_string!(l, rsn_start_square, square, found).to_string()
        }
        Reason::GgfStart => td_string!(l, rsn_ggf_start).to_string(),
        Reason::GgfMany => td_string!(l, rsn_ggf_many).to_string(),
        Reason::GgfNotOthello { game } => td_string!(l, rsn_ggf_not_othello, game).to_string(),
        Reason::GgfProperty { at } => td_string!(l, rsn_ggf_property, at).to_string(),
        Reason::GgfTag { tag } => td_string!(l, rsn_ggf_tag, tag).to_string(),
        Reason::GgfUnclosed { tag } => td_string!(l, rsn_ggf_unclosed, tag).to_string(),
        Reason::GgfSynchro { value } => td_string!(l, rsn_ggf_synchro, value).to_string(),
        Reason::GgfAnti { value } => td_string!(l, rsn_ggf_anti, value).to_string(),
        Reason::GgfNoSide { value } => td_string!(l, rsn_ggf_no_side, value).to_string(),
        Reason::GgfSide { tag, value } => td_string!(l, rsn_ggf_side, tag, value).to_string(),
        Reason::GgfBoard => td_string!(l, rsn_ggf_board).to_string(),
        Reason::GgfSides { ty, bo } => {
            td_string!(l, rsn_ggf_sides, ty = board(ty), bo = board(bo)).to_string()
        }
        Reason::GgfSquares { found, side } => {
            let need = usize::from(*side) * usize::from(*side);
            td_string!(l, rsn_ggf_squares, found, board = board(side), need).to_string()
        }
        Reason::GgfToMove { found } => td_string!(l, rsn_ggf_to_move, found).to_string(),
        Reason::ConcedeAhead => td_string!(l, rsn_concede_ahead).to_string(),
        Reason::Text(text) => text.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::{words, AnyGame, Game, GameOptions, Move};

    fn game(kind: GameKind, size: Option<u8>, record: &str) -> AnyGame {
        let options = GameOptions {
            game: kind,
            size,
            ..GameOptions::default()
        };
        AnyGame::from_record(&options, record).unwrap()
    }

    /// In English the locale file says what the engine's `words` say, for every sentence and
    /// verdict there is, and for everything said about sample games: the two cannot drift
    /// apart.
    #[test]
    fn english_is_the_engines_words() {
        let en_ = Locale::en;
        let name = |p: Player| ["Ann", "Bo"][p.index()].to_string();
        let f5: Square = "f5".parse().unwrap();
        let mut sentences = Vec::new();
        let mut verdicts = vec![
            Verdict::Drawn { scores: [32, 32] },
            Verdict::Drawn { scores: [30, 30] },
            Verdict::BoardFull,
        ];
        for player in Player::BOTH {
            for kind in GameKind::ALL {
                sentences.push(Sentence::MustPlay { kind, player });
                for turned in [0, 1, 2, 7] {
                    sentences.push(Sentence::Plays {
                        kind,
                        player,
                        square: f5,
                        turned,
                    });
                }
            }
            sentences.extend([
                Sentence::Passes { player },
                Sentence::Resigns(Resignation::Conceded(player)),
                Sentence::Resigns(Resignation::Dropped(player)),
                Sentence::Resigns(Resignation::OutOfTime(player)),
            ]);
            let winner = player;
            verdicts.extend([
                Verdict::Count {
                    winner,
                    won: 40,
                    lost: 24,
                },
                Verdict::Count {
                    winner,
                    won: 4,
                    lost: 1,
                },
                Verdict::FiveInARow { winner },
                Verdict::ThreeInARow { winner },
                Verdict::Conceded { winner },
                Verdict::Forfeit { winner },
                Verdict::OnTime { winner },
            ]);
        }
        for said in sentences {
            assert_eq!(sentence(en_, said, name), said.words(name));
        }
        for v in verdicts {
            assert_eq!(verdict(en_, v, name), v.short(name));
        }

        let mut games = vec![
            game(GameKind::Reversi, None, "f5d6c3"),
            game(GameKind::Reversi, None, "d3c3b3d2e1d6d7e3f4"),
            game(GameKind::Reversi, None, "d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4"),
            game(GameKind::Gomoku, Some(15), "h8h9"),
            game(GameKind::TicTacToe, None, "a1b1b2c1c3"),
            game(GameKind::TicTacToe, None, "b2a1c1a3a2c2b1b3c3"),
        ];
        let mut conceded = game(GameKind::Reversi, None, "f5");
        conceded.play_move(Player::Second, Move::Concede).unwrap();
        let mut left = game(GameKind::Reversi, None, "f5");
        left.drop_player(Player::First).unwrap();
        let mut timed = game(GameKind::Gomoku, Some(15), "h8");
        timed.time_out(Player::Second).unwrap();
        games.extend([conceded, left, timed]);
        for g in &games {
            let kind = g.kind();
            let name = |p: Player| kind.colour(p).to_string();
            assert_eq!(game_name(en_, kind), kind.name());
            for p in Player::BOTH {
                assert_eq!(colour(en_, kind, p), kind.colour(p));
                let turn = Sentence::MustPlay { kind, player: p };
                assert_eq!(your_turn(en_, kind), turn.words(|_| "You".to_string()));
            }
            if let Some(v) = Verdict::of(g) {
                assert_eq!(verdict(en_, v, name), v.short(name));
            }
            for item in g.log() {
                if let Some(said) = Sentence::of(kind, item) {
                    assert_eq!(sentence(en_, said, name), said.words(name));
                }
                assert_eq!(move_list_entry(en_, item), words::move_list_entry(item));
            }
        }
    }

    #[test]
    fn french_and_japanese_sentences() {
        let f5 = "f5".parse().unwrap();
        let plays = |l, who: &str, turned| {
            let said = Sentence::Plays {
                kind: GameKind::Reversi,
                player: Player::First,
                square: f5,
                turned,
            };
            sentence(l, said, |_| who.to_string())
        };
        assert_eq!(
            plays(Locale::fr, "Noir", 1),
            "Noir joue f5 et retourne 1 pion."
        );
        assert_eq!(
            plays(Locale::ja, "黒", 3),
            "黒がf5に打ち、石を3個返しました。"
        );
        let g = game(GameKind::Reversi, None, "d3c3b3d2e1d6d7e3f4");
        let name = |p: Player| colour(Locale::fr, GameKind::Reversi, p);
        assert_eq!(
            verdict(Locale::fr, Verdict::of(&g).unwrap(), name),
            "Noir gagne 13 à 0"
        );
        let pass = Sentence::Passes {
            player: Player::Second,
        };
        assert_eq!(
            sentence(Locale::ja, pass, |_| "白".to_string()),
            "白は打てる場所がないのでパスします。"
        );
    }

    #[test]
    fn errors_in_each_language() {
        let bad = AnyGame::from_record(&Default::default(), "f5f5").unwrap_err();
        assert_eq!(
            error(Locale::en, GameKind::Reversi, &bad),
            "move 2 (f5) of the record: f5 is already occupied"
        );
        assert_eq!(
            error(Locale::fr, GameKind::Reversi, &bad),
            "coup 2 (f5) de la partie : f5 est déjà occupée"
        );
        assert_eq!(
            error(Locale::ja, GameKind::Reversi, &bad),
            "棋譜の2手目（f5）：f5にはすでに石があります"
        );
        let pass = AnyGame::from_record(&Default::default(), "f5pass").unwrap_err();
        assert_eq!(
            error(Locale::en, GameKind::Reversi, &pass),
            "move 2 (pass) of the record: Light has a move, so cannot pass"
        );
        let off = Error::OffBoard {
            square: "j9".parse().unwrap(),
            size: 8,
        };
        assert_eq!(
            error(Locale::en, GameKind::Reversi, &off),
            "j9 is off the 8x8 board"
        );
        // Where the engine's words name no player, English says what the engine says.
        for e in [Error::GameOver, Error::NothingToUndo, off] {
            assert_eq!(error(Locale::en, GameKind::Reversi, &e), e.to_string());
        }
    }

    /// Every reason the engine gives for refusing options, a set-up, a GGF game or a
    /// concession is worded in each language, with the facts it carries (the reasons come
    /// from the engine itself, not written here, where it can make them).
    #[test]
    fn the_engines_reasons_in_three_languages() {
        use outflank_engine::{Ggf, StartPosition, Variant};
        let bad_option = |e: Error| match e {
            Error::BadOption { reason }
            | Error::MalformedState { reason }
            | Error::CannotConcede { reason } => reason,
            e => panic!("not a reason: {e}"),
        };
        let options = |json: &str| {
            bad_option(
                AnyGame::new(&serde_json::from_str::<GameOptions>(json).unwrap()).unwrap_err(),
            )
        };
        let start = |text: &str| bad_option(text.parse::<StartPosition>().unwrap_err());
        let ggf = |text: &str| bad_option(Ggf::parse(text).unwrap_err());
        let eight = StartPosition::default();
        let mut reasons = vec![
            (options(r#"{"game":"gomoku","variant":"bombs"}"#), "variant"),
            (options(r#"{"game":"reversi","size":12}"#), "12x12"),
            (
                bad_option(outflank_engine::search::Level::new(12).unwrap_err()),
                "12",
            ),
            (
                bad_option(eight.check(8, Variant::Bombs).unwrap_err()),
                "bombs",
            ),
            (
                bad_option(eight.check(6, Variant::Standard).unwrap_err()),
                "6x6",
            ),
            (start(""), "X"),
            (start("--Z"), "Z"),
            (start(&format!("{}X", "-".repeat(10))), "10"),
            (start(&format!("{}X", "?".repeat(64))), "a1"),
            (ggf("GM[Othello]"), "(;"),
            (ggf("(;GM[Othello];)(;GM[Othello];)"), ""),
            (ggf("(;GM[Chess];)"), "Chess"),
            (ggf("(;GM[Othello]oops;)"), "oops"),
            (ggf("(;GM[Othello]1A[x];)"), "1A"),
            (ggf("(;GM[Othello]PB[Ann;)"), "PB"),
            (ggf("(;GM[Othello]TY[s8r20];)"), "s8r20"),
            (ggf("(;GM[Othello]TY[8a];)"), "8a"),
            (ggf("(;GM[Othello]TY[x];)"), "[x]"),
            (ggf("(;GM[Othello]TY[12];)"), "12"),
            (ggf("(;GM[Othello]BO[8];)"), "BO[8 "),
            (
                ggf(&format!("(;GM[Othello]TY[8]BO[6 {} *];)", "-".repeat(36))),
                "6x6",
            ),
            (ggf("(;GM[Othello]BO[8 --- *];)"), "3"),
            (
                ggf(&format!("(;GM[Othello]BO[8 {} Q];)", "-".repeat(64))),
                "Q",
            ),
        ];
        let mut centre = vec![None; 64];
        centre[0] = Some(Player::First);
        reasons.push((
            bad_option(
                StartPosition::from_squares(8, &centre, Player::First)
                    .unwrap()
                    .check(8, Variant::Standard)
                    .unwrap_err(),
            ),
            "d4",
        ));
        // At the start nobody is behind, so the player to move cannot concede.
        let mut level = game(GameKind::Reversi, None, "");
        reasons.push((
            bad_option(level.play_move(Player::First, Move::Concede).unwrap_err()),
            "",
        ));
        for (why, fact) in &reasons {
            let [en, fr, ja] = [Locale::en, Locale::fr, Locale::ja].map(|l| reason(l, why));
            assert!(!matches!(why, Reason::Text(_)), "{why:?} is free text");
            assert!(
                fr != en && ja != en && ja != fr,
                "{why:?}: {en} / {fr} / {ja}"
            );
            for said in [&en, &fr, &ja] {
                assert!(
                    said.contains(fact),
                    "{why:?}: {said:?} does not say {fact:?}"
                );
            }
        }
        // Text from stored states passes through as found.
        assert_eq!(reason(Locale::fr, &Reason::Text("x".into())), "x");
    }
}
