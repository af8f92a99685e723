//! Perft against the published table (tests/data/perft-8x8.txt).

use outflank_engine::perft::{perft, perft_any};
use outflank_engine::{AnyBoard, Board, Eight};

mod common;

fn table() -> Vec<(u32, u64)> {
    include_str!("data/perft-8x8.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut it = l
                .split_whitespace()
                .map(|x| x.parse::<u64>().expect("number"));
            (it.next().unwrap() as u32, it.next().unwrap())
        })
        .collect()
}

fn check(depths: std::ops::RangeInclusive<u32>) {
    let start = Board::<Eight>::start();
    for (depth, leaves) in table().into_iter().filter(|(d, _)| depths.contains(d)) {
        assert_eq!(perft(&start, depth), leaves, "perft {depth}");
    }
}

#[test]
fn perft_1_to_9_matches_the_table() {
    check(1..=9);
}

#[test]
#[ignore = "slow in debug builds: `cargo xtask test` runs it in release"]
fn perft_10_and_11_match_the_table() {
    check(10..=11);
}

/// The reference implementation's perft, with the same conventions.
fn reference_perft(b: &common::RefBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = b.legal(b.to_move);
    if moves.is_empty() {
        if b.legal(1 - b.to_move).is_empty() {
            return 1;
        }
        let mut passed = b.clone();
        passed.to_move = 1 - b.to_move;
        return reference_perft(&passed, depth - 1);
    }
    moves
        .into_iter()
        .map(|(c, r)| {
            let mut child = b.clone();
            child.place(c, r);
            reference_perft(&child, depth - 1)
        })
        .sum()
}

#[test]
fn perft_of_6x6_and_10x10_agrees_with_the_reference() {
    for size in [6u8, 10] {
        let board = AnyBoard::start(size).unwrap();
        let reference = common::RefBoard::start(size as i32, false);
        for depth in 1..=6 {
            assert_eq!(
                perft_any(&board, depth),
                reference_perft(&reference, depth),
                "{size}x{size} perft {depth}"
            );
        }
    }
}
