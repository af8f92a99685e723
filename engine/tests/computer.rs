//! The computer opponent in every game: legal moves everywhere, perfect Tic-Tac-Toe,
//! Gomoku that wins and blocks, exact Reversi hints.

use outflank_engine::search::{never, Level, Share};
use outflank_engine::{
    AnyGame, Computer, Game, GameKind, GameOptions, Move, Outcome, Player, Square, Variant,
};

fn new_game(kind: GameKind, size: Option<u8>, variant: Option<Variant>) -> AnyGame {
    AnyGame::new(&GameOptions {
        game: kind,
        size,
        variant,
        exact_five: None,
        start: None,
    })
    .unwrap()
}

fn play(game: &mut AnyGame, moves: &[&str]) {
    for m in moves {
        let p = game.to_move().unwrap();
        game.play_move(p, Move::Place(m.parse().unwrap())).unwrap();
    }
}

fn level(n: u8) -> Level {
    Level::new(n).unwrap()
}

/// Plays a whole game, `pick(game, ply)` choosing each move; returns the finished game.
fn play_out(mut game: AnyGame, mut pick: impl FnMut(&AnyGame, u64) -> Square) -> AnyGame {
    let mut ply = 0;
    while let Some(p) = game.to_move() {
        let sq = pick(&game, ply);
        game.play_move(p, Move::Place(sq))
            .unwrap_or_else(|e| panic!("ply {ply}: {sq}: {e}"));
        ply += 1;
    }
    game
}

#[test]
fn every_game_and_level_gets_legal_moves_to_the_end() {
    let setups = [
        (GameKind::Reversi, Some(6), None),
        (GameKind::Reversi, Some(8), None),
        (GameKind::Reversi, Some(10), None),
        (GameKind::Reversi, Some(8), Some(Variant::Bombs)),
        (GameKind::Gomoku, Some(15), None),
        (GameKind::TicTacToe, None, None),
    ];
    for (kind, size, variant) in setups {
        for l in [1, 4] {
            let mut computer = Computer::new();
            let done = play_out(new_game(kind, size, variant), |g, ply| {
                computer
                    .choose(g, level(l), ply, &never)
                    .expect("a move while the game goes on")
                    .square
            });
            assert!(done.ended(), "{kind:?} {size:?} {variant:?} level {l}");
            assert!(computer.choose(&done, level(l), 0, &never).is_none());
        }
    }
}

#[test]
fn tic_tac_toe_is_perfect_from_level_4() {
    // Perfect against perfect: a draw.
    let mut computer = Computer::new();
    let done = play_out(new_game(GameKind::TicTacToe, None, None), |g, ply| {
        computer.choose(g, level(10), ply, &never).unwrap().square
    });
    assert_eq!(done.outcome(), Some(Outcome::Draw));
    // Against random play, as either side, it never loses (fixed seeds).
    for seed in 0..40u64 {
        for computer_side in Player::BOTH {
            let mut computer = Computer::new();
            let mut rng = seed * 2654435761 + 1;
            let done = play_out(new_game(GameKind::TicTacToe, None, None), |g, ply| {
                if g.to_move() == Some(computer_side) {
                    computer.choose(g, level(4), ply, &never).unwrap().square
                } else {
                    rng = rng
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let legal = g.legal_moves();
                    legal[(rng >> 33) as usize % legal.len()]
                }
            });
            assert_ne!(
                done.outcome(),
                Some(Outcome::Win(computer_side.other())),
                "seed {seed}, computer {computer_side:?}"
            );
        }
    }
}

#[test]
fn gomoku_wins_when_it_can_and_blocks_fours_and_open_threes() {
    let choose = |game: &AnyGame| {
        Computer::new()
            .choose(game, level(10), 0, &never)
            .unwrap()
            .square
            .to_string()
    };
    // Black (to move) has four in a row on row 8: it wins rather than blocks white's four.
    let mut g = new_game(GameKind::Gomoku, Some(15), None);
    play(&mut g, &["d8", "d2", "e8", "e2", "f8", "f2", "g8", "g2"]);
    assert!(
        ["c8", "h8"].contains(&choose(&g).as_str()),
        "{}",
        choose(&g)
    );
    // White (to move) must block black's four d8-g8, one end already closed by white.
    let mut g = new_game(GameKind::Gomoku, Some(15), None);
    play(&mut g, &["d8", "c8", "e8", "a1", "f8", "a3", "g8"]);
    assert_eq!(choose(&g), "h8");
    // White must stop black's open three e8-g8 at one of its ends.
    let mut g = new_game(GameKind::Gomoku, Some(15), None);
    play(&mut g, &["e8", "a1", "f8", "o15", "g8"]);
    assert!(
        ["d8", "h8", "c8", "i8"].contains(&choose(&g).as_str()),
        "{}",
        choose(&g)
    );
}

#[test]
fn reversi_hints_give_every_move_its_exact_score() {
    // A random but fixed game to 14 empties, then the exact score of each move.
    let mut game = new_game(GameKind::Reversi, Some(8), None);
    let mut k = 0usize;
    while game.progression() < 100 && (64 - count_discs(&game)) > 14 {
        let legal = game.legal_moves();
        let p = game.to_move().unwrap();
        game.play_move(p, Move::Place(legal[k * 7 % legal.len()]))
            .unwrap();
        k += 1;
    }
    let mut computer = Computer::new();
    let values = computer
        .analyse(&game, u32::MAX, 0, Share::WHOLE, &never, &mut |_, _| ())
        .expect("standard Reversi");
    assert!(values.exact);
    assert_eq!(values.scores.len(), game.legal_moves().len());
    let choice = computer.choose(&game, level(10), 0, &never).unwrap();
    assert!(choice.exact);
    assert_eq!(choice.score, values.scores[0].1);
    assert!(Computer::new()
        .analyse(
            &new_game(GameKind::TicTacToe, None, None),
            u32::MAX,
            0,
            Share::WHOLE,
            &never,
            &mut |_, _| ()
        )
        .is_none());
}

fn count_discs(game: &AnyGame) -> u32 {
    let n = game.size();
    (0..n)
        .flat_map(|r| (0..n).map(move |c| Square::new(c, r)))
        .filter(|&s| game.piece(s).is_some())
        .count() as u32
}
