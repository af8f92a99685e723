//! Counts perft leaves from the start position and prints the speed.
//!
//! `cargo run --release -p outflank-engine --example perft -- <depth> [--size 6|8|10]`
//! (the same as `outflank perft`).
//!
//! Prints one line per depth up to `<depth>`, the last being
//! `perft <depth> <leaves> <seconds> <millions of leaves per second>`.

use std::process::ExitCode;

fn usage(msg: &str) -> ExitCode {
    eprintln!("{msg}\nusage: perft <depth> [--size 6|8|10]");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut depth = None;
    let mut size = 8u8;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--size" => match it.next().and_then(|s| s.parse().ok()) {
                Some(s) => size = s,
                None => return usage("--size needs 6, 8 or 10"),
            },
            other => match other.parse::<u32>() {
                Ok(d) if (1..=30).contains(&d) && depth.is_none() => depth = Some(d),
                _ => return usage(&format!("unexpected argument {other:?}")),
            },
        }
    }
    let Some(depth) = depth else {
        return usage("missing depth");
    };
    match outflank_engine::report::perft(&mut std::io::stdout().lock(), size, depth) {
        Ok(Some(_)) => ExitCode::SUCCESS,
        Ok(None) => usage("--size must be 6, 8 or 10"),
        Err(e) => usage(&format!("perft: {e}")),
    }
}
