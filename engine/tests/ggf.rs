//! Reading GGF games (engine/src/ggf.rs): games written here by hand as GGS and NBoard write
//! them, and the errors for what Outflank cannot or will not read.

use outflank_engine::{is_ggf, Error, Game, Ggf, Player, Position, Square, Variant};

const START: &str = "---------------------------O*------*O---------------------------";

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// A game as NBoard saves it: one-token board, upper-case moves with evaluations and times.
const NBOARD: &str =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[Ann]PW[Bo]RE[?]TI[15:00]\
TY[8]BO[8 ---------------------------O*------*O--------------------------- *]\
B[F5]W[D6//1.23]B[C3/0.50/2.1]W[D3]B[C4];)";

/// As GGS writes it: the board row by row over several lines, lower case moves, a written
/// pass (dark has no move after light's c1), ratings and a result.
const GGS: &str = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[ann]PW[bo]RB[2100.00]
RW[1900.10]TI[05:00//02:00]TY[8]RE[+12.000]
BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
b[d3]w[c3/-2.0/1.5]b[b3]w[b2]b[f5]w[a3]b[a1]w[c1]b[PA]w[e3//0.01];)";

#[test]
fn reads_an_nboard_game() {
    assert!(is_ggf(NBOARD) && is_ggf("  \n(;GM[Othello];)") && !is_ggf("f5d6c3"));
    let ggf = Ggf::parse(NBOARD).unwrap();
    assert_eq!(ggf.names, [Some("Ann".into()), Some("Bo".into())]);
    assert!(ggf.has_standard_start());
    assert_eq!(ggf.start, Position::start(8, Variant::Standard).unwrap());
    assert_eq!(
        ggf.moves,
        ["f5", "d6", "c3", "d3", "c4"].map(|m| Some(sq(m)))
    );
    let game = ggf.game().unwrap();
    assert_eq!(game.record(), "f5d6c3d3c4");
    assert_eq!(game.position(), &ggf.end);
    assert_eq!(Game::to_move(&game), Some(Player::Second));
}

#[test]
fn reads_a_ggs_game_with_a_pass() {
    let ggf = Ggf::parse(GGS).unwrap();
    assert_eq!(ggf.names, [Some("ann".into()), Some("bo".into())]);
    assert_eq!(ggf.moves.len(), 10);
    assert_eq!(ggf.moves[8], None);
    assert_eq!(ggf.moves[9], Some(sq("e3")));
    let game = ggf.game().unwrap();
    assert_eq!(game.record(), "d3c3b3b2f5a3a1c1e3");
    assert_eq!(game.position(), &ggf.end);
    // The pass may also go unwritten: the same game.
    let unwritten = Ggf::parse(&GGS.replace("b[PA]", "")).unwrap();
    assert_eq!(unwritten.moves, ggf.moves);
}

#[test]
fn the_board_may_be_left_out_and_tags_are_any_case() {
    let ggf = Ggf::parse("(;gm[othello]pb[]B[e6]w[F4] ;)").unwrap();
    assert_eq!(ggf.names, [None, None]);
    assert_eq!(ggf.game().unwrap().record(), "e6f4");
    // 10x10 and 6x6 boards, from TY alone or from BO.
    assert_eq!(
        Ggf::parse("(;GM[Othello]TY[10];)").unwrap().start.size(),
        10
    );
    let six = Ggf::parse("(;GM[Othello]BO[6 ------ ------ --O*-- --*O-- ------ ------ *]B[E4];)");
    let six = six.unwrap();
    assert!(six.has_standard_start());
    assert_eq!(six.game().unwrap().record(), "e4");
    // A `]` in a value is escaped.
    let escaped = Ggf::parse(r"(;GM[Othello]PB[a\]b]C[note];)").unwrap();
    assert_eq!(escaped.names[0].as_deref(), Some("a]b"));
}

#[test]
fn a_set_up_position_becomes_a_game_that_starts_from_it() {
    // White to move at the start: a set-up, played from it.
    let white_first = format!("(;GM[Othello]BO[8 {START} O]W[e3];)");
    let ggf = Ggf::parse(&white_first).unwrap();
    assert_eq!(ggf.start.to_move(), Player::Second);
    assert!(!ggf.has_standard_start());
    let game = ggf.game().unwrap();
    let start = game.options().start.expect("the game keeps its set-up");
    assert_eq!(start.to_move(), Player::Second);
    assert_eq!(game.start(), ggf.start);
    assert_eq!(
        (game.record(), game.position()),
        ("e3".to_string(), &ggf.end)
    );
    assert_eq!(Game::to_move(&game), Some(Player::First));
    // A corner taken on top of the start: a set-up too, with dark to move.
    let corner = format!("(;GM[Othello]TY[8r]BO[8 *{} *]B[d3];)", &START[1..]);
    let game = Ggf::parse(&corner).unwrap().game().unwrap();
    assert_eq!((game.discs(), game.record()), ([5, 1], "d3".to_string()));
    // The standard start written out is a plain game.
    let plain = format!("(;GM[Othello]BO[8 {START} *]B[f5];)");
    assert_eq!(
        Ggf::parse(&plain).unwrap().game().unwrap().options().start,
        None
    );
    // A board the game refuses: the centre squares are never empty.
    let hole = format!("(;GM[Othello]BO[8 {}-{} *];)", &START[..27], &START[28..]);
    let e = Ggf::parse(&hole).unwrap().game().unwrap_err();
    assert_eq!(e.code(), "bad-option");
    assert!(e.to_string().contains("d4 is empty"), "{e}");
}

/// The error's code and (part of) its message.
fn refused(text: &str) -> (&'static str, String) {
    let e: Error = Ggf::parse(text).unwrap_err();
    (e.code(), e.to_string())
}

#[test]
fn bad_games_are_refused_with_the_reason() {
    let board = format!("BO[8 {START} *]");
    let cases = [
        ("", "malformed-state", "starts with (;"),
        ("f5d6", "malformed-state", "starts with (;"),
        ("(;GM[Othello]", "malformed-state", "expected TAG[value]"),
        ("(;GM[Othello]PB[Ann;)", "malformed-state", "no closing ]"),
        (
            "(;GM[Othello]B[f5];)(;GM[Othello];)",
            "malformed-state",
            "more than one game",
        ),
        ("(;GM[Chess];)", "bad-option", "not an Othello game"),
        ("(;GM[Othello]TY[8a];)", "bad-option", "anti Othello"),
        ("(;GM[Othello]TY[s8r20];)", "bad-option", "synchro"),
        ("(;GM[Othello]TY[12];)", "bad-option", "6x6, 8x8 or 10x10"),
        (
            "(;GM[Othello]BO[8 --- *];)",
            "malformed-state",
            "has 3 squares",
        ),
        (
            "(;GM[Othello]TY[10]BO[8 - *];)",
            "malformed-state",
            "TY[] says 10x10",
        ),
        ("(;GM[Othello]B[f5]B[d6];)", "bad-record", "move 2 (d6)"),
        (
            "(;GM[Othello]B[A1];)",
            "bad-record",
            "a1 is not a legal move",
        ),
        (
            "(;GM[Othello]B[f5]W[f5];)",
            "bad-record",
            "already occupied",
        ),
        ("(;GM[Othello]B[z9];)", "bad-record", "off the 8x8 board"),
        ("(;GM[Othello]B[x];)", "bad-record", "not a square"),
        ("(;GM[Othello]B[PA];)", "bad-record", "cannot pass"),
    ];
    for (text, code, words) in cases {
        let text = text.replace("BOARD", &board);
        let (got, message) = refused(&text);
        assert_eq!(got, code, "{text}: {message}");
        assert!(message.contains(words), "{text}: {message}");
    }
}

#[test]
fn a_finished_game_takes_no_more_moves() {
    // A shortest game: after these nine moves one side has every disc.
    let short = "(;GM[Othello]B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4];)";
    let ggf = Ggf::parse(short).unwrap();
    assert!(ggf.end.is_over());
    assert_eq!(ggf.end.counts(), [13, 0]);
    let (code, message) = refused(&short.replace(";)", "W[a1];)"));
    assert_eq!(
        (code, message.as_str()),
        ("bad-record", "move 10 (a1) of the record: the game is over")
    );
}
