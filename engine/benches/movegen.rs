//! Criterion benchmarks of the 8x8 hot path: legal-move generation and one move's flips,
//! over positions from a fixed set of games.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use outflank_engine::{Board, Eight};

/// Positions from deterministic pseudo-random games (a fixed LCG), all phases of the game.
fn positions() -> Vec<Board<Eight>> {
    let mut out = Vec::new();
    let mut seed = 0x2026_1122u64;
    for _ in 0..64 {
        let mut b = Board::<Eight>::start();
        loop {
            let moves = b.legal_moves();
            if moves == 0 {
                let passed = b.pass();
                if passed.legal_moves() == 0 {
                    break;
                }
                b = passed;
                continue;
            }
            out.push(b);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = moves.count_ones();
            let mut m = moves;
            for _ in 0..((seed >> 33) as u32 % n) {
                m &= m - 1;
            }
            let sq = m.trailing_zeros();
            b = b.play_flips(sq, b.flips(sq));
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("8x8");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .fold(0u64, |acc, p| acc ^ black_box(p).legal_moves())
        })
    });
    let with_moves: Vec<(Board<Eight>, u32)> = positions
        .iter()
        .map(|p| (*p, p.legal_moves().trailing_zeros()))
        .collect();
    group.bench_function("flips", |b| {
        b.iter(|| {
            with_moves
                .iter()
                .fold(0u64, |acc, (p, sq)| acc ^ black_box(p).flips(*sq))
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
