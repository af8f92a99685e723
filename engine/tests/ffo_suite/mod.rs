//! The FFO endgame test suite the engine's tests check against: positions 1-39 with their
//! exact scores and best moves, in the shared test data beside the repository.

use outflank_engine::ffo;

/// The suite's file.
pub const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../shared/data/ffo-01-39.txt"
);

/// The suite's positions, in the file's order.
pub fn problems() -> Vec<ffo::Problem> {
    let text = std::fs::read_to_string(FILE).unwrap_or_else(|e| {
        panic!("{FILE}: {e} (the shared test data sits beside the repository)")
    });
    ffo::parse(&text).expect("the FFO file parses")
}
