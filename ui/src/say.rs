//! What the viewer says about a game, in the viewer's language: the names of games, colours
//! and pieces, and the sentences about moves and results. The engine's
//! [`outflank_engine::words`] stays the English of the BGS package and the CLI; in English
//! these say exactly what it says (a test keeps the two from drifting), from the locale files.

use outflank_engine::{
    AnyGame, Error, Game, GameKind, LogEvent, LogItem, Player, Reason, Resignation, Square,
};

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

/// Whose turn it is: "Dark must play a disc"; `you` for the viewer's own turn ("You must
/// play a disc").
pub fn must_play(l: Locale, kind: GameKind, who: &str, you: bool) -> String {
    match (kind, you) {
        (GameKind::Reversi, false) => td_string!(l, must_play_disc, who).to_string(),
        (GameKind::Gomoku, false) => td_string!(l, must_play_stone, who).to_string(),
        (GameKind::TicTacToe, false) => td_string!(l, must_play_mark, who).to_string(),
        (GameKind::Reversi, true) => td_string!(l, you_must_play_disc).to_string(),
        (GameKind::Gomoku, true) => td_string!(l, you_must_play_stone).to_string(),
        (GameKind::TicTacToe, true) => td_string!(l, you_must_play_mark).to_string(),
    }
}

/// A move: "Dark plays f5 and turns over 1 disc." in Reversi, "Black plays h8." elsewhere.
pub fn plays(l: Locale, kind: GameKind, who: &str, square: Square, turned: usize) -> String {
    let square = square.to_string();
    match kind {
        GameKind::Reversi if turned == 1 => td_string!(l, plays_turns_one, who, square).to_string(),
        GameKind::Reversi => {
            td_string!(l, plays_turns_many, who, square, count = turned).to_string()
        }
        GameKind::Gomoku | GameKind::TicTacToe => td_string!(l, plays, who, square).to_string(),
    }
}

/// A forced pass: "Dark has no legal move and passes."
pub fn passes(l: Locale, who: &str) -> String {
    td_string!(l, passes, who).to_string()
}

/// A concession, a departure or a fallen flag, by `who`, the player who resigned.
pub fn resigns(l: Locale, how: Resignation, who: &str) -> String {
    match how {
        Resignation::Conceded(_) => td_string!(l, concedes, who).to_string(),
        Resignation::Dropped(_) => td_string!(l, leaves, who).to_string(),
        Resignation::OutOfTime(_) => td_string!(l, loses_on_time, who).to_string(),
    }
}

/// The sentence for a pass, a concession, a departure or a fallen flag; `None` for moves,
/// the start and the end.
pub fn event_sentence(l: Locale, item: &LogItem, who: impl Fn(Player) -> String) -> Option<String> {
    let (player, how): (Player, fn(Player) -> Resignation) = match *item {
        LogItem::Event(LogEvent::Pass { player }) => return Some(passes(l, &who(player))),
        LogItem::Event(LogEvent::Concede { player }) => (player, Resignation::Conceded),
        LogItem::Event(LogEvent::Drop { player }) => (player, Resignation::Dropped),
        LogItem::Event(LogEvent::Timeout { player }) => (player, Resignation::OutOfTime),
        LogItem::Move { .. } | LogItem::Event(LogEvent::Start | LogEvent::End { .. }) => {
            return None
        }
    };
    Some(resigns(l, how(player), &who(player)))
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

/// The result in a few words (the engine's `words::result` rules): "Dark wins 40-24",
/// "Draw 32-32", "Black wins with five in a row", "Draw: the board is full"; `None` while
/// the game goes on.
pub fn result(l: Locale, game: &AnyGame, name: impl Fn(Player) -> String) -> Option<String> {
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
            td_string!(l, wins, who = name(w)).to_string()
        }
        (GameKind::Reversi, Some(w)) => td_string!(
            l,
            wins_score,
            who = name(w),
            won = scores[w.index()],
            lost = scores[w.other().index()]
        )
        .to_string(),
        (GameKind::Reversi, None) => {
            td_string!(l, draw_score, first = scores[0], second = scores[1]).to_string()
        }
        (_, Some(w)) if resigned.is_some() => td_string!(l, wins, who = name(w)).to_string(),
        (GameKind::Gomoku, Some(w)) => td_string!(l, wins_five, who = name(w)).to_string(),
        (GameKind::TicTacToe, Some(w)) => td_string!(l, wins_three, who = name(w)).to_string(),
        (_, None) => td_string!(l, draw_full).to_string(),
    })
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
    use outflank_engine::{words, GameOptions, Move};

    fn game(kind: GameKind, size: Option<u8>, record: &str) -> AnyGame {
        let options = GameOptions {
            game: kind,
            size,
            ..GameOptions::default()
        };
        AnyGame::from_record(&options, record).unwrap()
    }

    /// In English the locale file says what the engine's `words` say, for every kind of
    /// sentence in sample games: the two cannot drift apart.
    #[test]
    fn english_is_the_engines_words() {
        let en_ = Locale::en;
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
            for p in [Player::First, Player::Second] {
                assert_eq!(colour(en_, kind, p), kind.colour(p));
                assert_eq!(
                    must_play(en_, kind, "Ann", false),
                    words::must_play(kind, "Ann")
                );
                assert_eq!(
                    must_play(en_, kind, "You", true),
                    words::must_play(kind, "You")
                );
            }
            assert_eq!(game_name(en_, kind), kind.name());
            let name = |p: Player| kind.colour(p).to_string();
            assert_eq!(result(en_, g, name), words::result(g, name));
            if let Some(how) = g.resigned() {
                assert_eq!(resigns(en_, how, "Bo"), words::resigns(how, "Bo"));
            }
            for item in g.log() {
                assert_eq!(
                    event_sentence(en_, item, name),
                    words::event_sentence(item, name)
                );
                assert_eq!(move_list_entry(en_, item), words::move_list_entry(item));
                if let LogItem::Move {
                    player,
                    square,
                    flipped,
                } = item
                {
                    assert_eq!(
                        plays(en_, kind, &name(*player), *square, flipped.len()),
                        words::plays(kind, &name(*player), *square, flipped.len())
                    );
                }
            }
        }
        let f5 = "f5".parse().unwrap();
        for turned in [0, 1, 2, 7] {
            assert_eq!(
                plays(en_, GameKind::Reversi, "Dark", f5, turned),
                words::plays(GameKind::Reversi, "Dark", f5, turned)
            );
        }
        assert_eq!(passes(en_, "Dark"), words::passes("Dark"));
    }

    #[test]
    fn french_and_japanese_sentences() {
        let f5 = "f5".parse().unwrap();
        assert_eq!(
            plays(Locale::fr, GameKind::Reversi, "Noir", f5, 1),
            "Noir joue f5 et retourne 1 pion."
        );
        assert_eq!(
            plays(Locale::ja, GameKind::Reversi, "黒", f5, 3),
            "黒がf5に打ち、石を3個返しました。"
        );
        let g = game(GameKind::Reversi, None, "d3c3b3d2e1d6d7e3f4");
        let name = |p: Player| colour(Locale::fr, GameKind::Reversi, p);
        assert_eq!(result(Locale::fr, &g, name).unwrap(), "Noir gagne 13 à 0");
        assert_eq!(
            passes(Locale::ja, "白"),
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
                bad_option(outflank_engine::search::Level::new(11).unwrap_err()),
                "11",
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
