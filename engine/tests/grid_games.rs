//! Gomoku and Tic-Tac-Toe: lines of every direction, overlines, stones left, illegal moves.

use outflank_engine::{Game, Gomoku, GomokuOptions, Move, Outcome, Player, Square, TicTacToe};

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// Plays `moves` alternately from the first player.
fn play_all(game: &mut impl Game, moves: &[Square]) {
    for (k, &m) in moves.iter().enumerate() {
        let player = Player::from_index(k % 2).unwrap();
        game.play_move(player, Move::Place(m))
            .unwrap_or_else(|e| panic!("move {}: {m}: {e}", k + 1));
    }
}

/// Interleaves `line` (first player) with `filler` (second player's harmless replies).
fn with_replies(line: &[Square], filler: &[Square]) -> Vec<Square> {
    let mut out = Vec::new();
    for (k, &m) in line.iter().enumerate() {
        out.push(m);
        if k + 1 < line.len() {
            out.push(filler[k]);
        }
    }
    out
}

fn run(start: (u8, u8), step: (i32, i32), len: usize) -> Vec<Square> {
    (0..len as i32)
        .map(|k| {
            Square::new(
                (start.0 as i32 + k * step.0) as u8,
                (start.1 as i32 + k * step.1) as u8,
            )
        })
        .collect()
}

fn gomoku(size: u8, exact_five: bool) -> Gomoku {
    Gomoku::new(GomokuOptions { size, exact_five }).unwrap()
}

#[test]
fn gomoku_five_wins_in_every_direction_and_at_every_edge() {
    for size in [15u8, 19] {
        let last = size - 1;
        // (start, step): rows, columns and both diagonals, touching the board's edges.
        let lines = [
            ((0, 0), (1, 0)),
            ((last - 4, last), (1, 0)),
            ((0, 0), (0, 1)),
            ((last, last - 4), (0, 1)),
            ((0, 0), (1, 1)),
            ((last - 4, last - 4), (1, 1)),
            ((0, last), (1, -1)),
            ((last - 4, 4), (1, -1)),
        ];
        for (start, step) in lines {
            let line = run(start, step, 5);
            // Replies on the middle column's far rows never touch these lines' squares.
            let filler: Vec<Square> = (0..4)
                .map(|k| Square::new(size / 2 + (k % 2), size / 2 - 3 + k / 2 * 6))
                .collect();
            for exact in [false, true] {
                let mut g = gomoku(size, exact);
                let moves = with_replies(&line, &filler);
                play_all(&mut g, &moves[..moves.len() - 1]);
                assert_eq!(
                    g.outcome(),
                    None,
                    "{size} {start:?} {step:?} before the fifth"
                );
                play_all_from(&mut g, &moves[moves.len() - 1..], moves.len() - 1);
                assert_eq!(
                    g.outcome(),
                    Some(Outcome::Win(Player::First)),
                    "{size} {start:?} {step:?}"
                );
                assert_eq!(g.scores(), [1, 0]);
                assert_eq!(g.grid().winning_line(), &line[..]);
                assert_eq!(Game::to_move(&g), None);
                assert!(Game::legal_moves(&g).is_empty());
            }
        }
    }
}

fn play_all_from(game: &mut impl Game, moves: &[Square], offset: usize) {
    for (k, &m) in moves.iter().enumerate() {
        let player = Player::from_index((k + offset) % 2).unwrap();
        game.play_move(player, Move::Place(m)).unwrap();
    }
}

#[test]
fn overlines_win_in_freestyle_only() {
    // Black: a1 b1 c1 d1 f1, then e1 joins them into six.
    let black = ["a1", "b1", "c1", "d1", "f1", "e1"].map(sq);
    let white = ["a3", "b3", "c3", "d3", "g5"].map(sq);
    let moves = with_replies(&black, &white);
    let mut free = gomoku(15, false);
    play_all(&mut free, &moves);
    assert_eq!(free.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(free.grid().winning_line().len(), 6);

    let mut exact = gomoku(15, true);
    play_all(&mut exact, &moves);
    assert_eq!(
        exact.outcome(),
        None,
        "six in a row must not win with exactFive"
    );
    assert_eq!(Game::to_move(&exact), Some(Player::Second));
}

#[test]
fn gomoku_counts_stones_left_and_progression() {
    let mut g = gomoku(19, false);
    assert_eq!(
        (g.stones_left(Player::First), g.stones_left(Player::Second)),
        (181, 180)
    );
    play_all(&mut g, &["j10", "k10", "a1"].map(sq));
    assert_eq!(
        (g.stones_left(Player::First), g.stones_left(Player::Second)),
        (179, 179)
    );
    assert_eq!(Game::progression(&g), (3 * 100 / 361) as u8);
    let g15 = gomoku(15, false);
    assert_eq!(
        (
            g15.stones_left(Player::First),
            g15.stones_left(Player::Second)
        ),
        (113, 112)
    );
}

#[test]
fn illegal_moves_of_every_kind_change_nothing() {
    let mut g = gomoku(15, false);
    play_all(&mut g, &["h8"].map(sq));
    let before = g.clone();
    let cases = [
        (Player::Second, "h8", "occupied"),
        (Player::Second, "p1", "off-board"),
        (Player::Second, "a16", "off-board"),
        (Player::First, "a1", "not-your-turn"),
    ];
    for (p, m, code) in cases {
        let err = g.play_move(p, Move::Place(sq(m))).unwrap_err();
        assert_eq!(err.code(), code, "{m}");
        assert_eq!(g, before);
    }
    assert_eq!(
        g.play_move(Player::First, Move::Concede)
            .unwrap_err()
            .code(),
        "not-your-turn"
    );
    assert_eq!(g, before);

    let mut t = TicTacToe::new();
    play_all(&mut t, &["a1", "b1", "b2", "c1", "c3"].map(sq));
    let over = t.clone();
    assert_eq!(
        t.play_move(Player::Second, Move::Place(sq("a3")))
            .unwrap_err()
            .code(),
        "game-over"
    );
    assert_eq!(
        Game::drop_player(&mut t, Player::First).unwrap_err().code(),
        "game-over"
    );
    assert_eq!(t, over);
}

#[test]
fn tic_tac_toe_wins_every_line_and_draws_when_full() {
    let lines = [
        ["a1", "b1", "c1"],
        ["a2", "b2", "c2"],
        ["a3", "b3", "c3"],
        ["a1", "a2", "a3"],
        ["b1", "b2", "b3"],
        ["c1", "c2", "c3"],
        ["a1", "b2", "c3"],
        ["c1", "b2", "a3"],
    ];
    for line in lines {
        let line = line.map(sq);
        // O replies on the first free squares off the line, avoiding a line of its own.
        let mut filler = Vec::new();
        for s in ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"].map(sq) {
            if !line.contains(&s) && filler.len() < 2 {
                filler.push(s);
            }
        }
        let mut t = TicTacToe::new();
        play_all(&mut t, &with_replies(&line, &filler));
        assert_eq!(t.outcome(), Some(Outcome::Win(Player::First)), "{line:?}");
        assert_eq!(t.scores(), [100, 0]);
    }
    let mut draw = TicTacToe::new();
    // X O X / X O O / O X X
    play_all(
        &mut draw,
        &["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"].map(sq),
    );
    assert_eq!(draw.outcome(), Some(Outcome::Draw));
    assert_eq!(draw.scores(), [0, 0]);
    assert_eq!(Game::rankings(&draw), Some([1, 1]));
    assert_eq!(Game::progression(&draw), 100);
}
