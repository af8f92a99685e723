//! The strength check: two levels play each other from varied openings, each opening
//! twice (both colours), and the score is printed.
//!
//! `cargo run --release -p outflank-engine --example match -- <level A> <level B> [pairs] [seed]`
//!
//! Prints one line per game (`opening a-colour result`), then
//! `match A B: wins W draws D losses L (points P of N) disc difference +X`.

use std::process::ExitCode;
use std::time::Instant;

use outflank_engine::search::{arena, never, Level};
use outflank_engine::Square;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |k: usize, default: Option<u64>| -> Option<u64> {
        args.get(k).map_or(default, |s| s.parse().ok())
    };
    let (Some(a), Some(b)) = (parse(0, None), parse(1, None)) else {
        eprintln!("usage: match <level A 1-10> <level B 1-10> [pairs=10] [seed=1]");
        return ExitCode::from(2);
    };
    let (Ok(la), Ok(lb)) = (Level::new(a.min(255) as u8), Level::new(b.min(255) as u8)) else {
        eprintln!("match: levels are 1 to 10");
        return ExitCode::from(2);
    };
    let pairs = parse(2, Some(10)).unwrap_or(10) as usize;
    let seed = parse(3, Some(1)).unwrap_or(1);
    let t = Instant::now();
    let (mut wins, mut draws, mut losses, mut discs) = (0, 0, 0, 0i64);
    for (k, opening) in arena::openings(pairs, 6, seed).iter().enumerate() {
        let name: String = opening.iter().map(|&sq| Square::from_index(sq, 8).to_string()).collect();
        for a_dark in [true, false] {
            let game_seed = seed.wrapping_mul(1000).wrapping_add(k as u64 * 2 + u64::from(a_dark));
            let dark = if a_dark {
                arena::play(la, lb, opening, game_seed, &never)
            } else {
                arena::play(lb, la, opening, game_seed, &never)
            };
            let for_a = if a_dark { dark } else { -dark };
            match for_a.signum() {
                1 => wins += 1,
                0 => draws += 1,
                _ => losses += 1,
            }
            discs += i64::from(for_a);
            println!("{name} A-{} {for_a:+}", if a_dark { "dark" } else { "light" });
        }
    }
    let games = wins + draws + losses;
    println!(
        "match {a} {b}: wins {wins} draws {draws} losses {losses} (points {:.1} of {games}) disc difference {discs:+} in {:.1}s",
        wins as f64 + draws as f64 / 2.0,
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
