//! The named lines, written from the published list (see the module above for the sources
//! and what was left out). Every line starts with f5; lines of the diagonal opening take
//! d6 on White's second move (f4 is its mirror image and names the same position).
//! Grouped by White's first reply, then in move order.

use super::Opening;

/// One named line: its moves, its name, the other names it goes by.
const fn line(moves: &'static str, name: &'static str, also: &'static [&'static str]) -> Opening {
    Opening { moves, name, also }
}

#[rustfmt::skip]
pub(super) const TABLE: &[Opening] = &[
    // 1. f5 d6: the perpendicular opening.
    line("f5d6", "Perpendicular Opening", &[]),
    line("f5d6c3d3c4", "Tiger", &[]),
    line("f5d6c3d3c4b3", "Aubrey", &["Tanaka"]),
    line("f5d6c3d3c4b3d2f4", "Aubrey (Feldborg Continuation)", &[]),
    line("f5d6c3d3c4f4c5b3c2", "Rose-Bill", &[]),
    line("f5d6c3d3c4f4c5b3c2b4", "Central Rose-Bill", &["Dead Draw"]),
    line("f5d6c3d3c4f4c5b3c2e6", "Tamenori", &[]),
    line("f5d6c3d3c4f4c5b4b5c6f3e6e3", "Ishii", &[]),
    line("f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3", "Mainline Tiger", &[]),
    line("f5d6c3d3c4f4e3", "Brightwell", &[]),
    line("f5d6c3d3c4f4e6", "Leader's Tiger", &[]),
    line("f5d6c3d3c4f4f6", "Stephenson", &[]),
    line("f5d6c3d3c4f4f6b4", "Kung", &[]),
    line("f5d6c3d3c4f4f6f3", "Comp'Oth", &[]),
    line("f5d6c3d3c4f4f6f3e3", "Lightning Bolt", &[]),
    line("f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7", "F.A.T. Draw", &[]),
    line("f5d6c3d3c4f4f6g5", "No-Kung", &[]),
    line("f5d6c3d3c4f4f6g5e3f3g4h3g3f2", "No-Kung (Continuation)", &[]),
    line("f5d6c4d3c5", "Cat", &[]),
    line("f5d6c4d3c5f4e3f3c2b4b3", "Berner", &[]),
    line("f5d6c4d3c5f4e3f3c2c6", "Sakaguchi", &[]),
    line("f5d6c4d3e6", "Italian", &[]),
    line("f5d6c4g5", "No-Cat", &[]),
    line("f5d6c4g5c6", "Swallow", &[]),
    line("f5d6c4g5c6c5d7d3b4c3e3f3", "No-Cat (Continuation)", &[]),
    line("f5d6c5f4d3", "Horse", &[]),
    line("f5d6c5f4e3c6d3f3", "Ralle", &[]),
    line("f5d6c5f4e3c6d3f6e6d7", "Rose", &[]),
    line("f5d6c5f4e3c6d3f6e6d7e7", "Greenberg", &["Dawg"]),
    line("f5d6c5f4e3c6d3f6e6d7g3c4", "Rose-Birth", &[]),
    line("f5d6c5f4e3c6d3f6e6d7g3c4b4", "Rose-Birdie", &["Rose-Tamenori"]),
    line("f5d6c5f4e3c6d3f6e6d7g3c4b4c3", "Rose-Tamenori-Kling", &[]),
    line("f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2", "Brightstein", &[]),
    line("f5d6c5f4e3c6d3f6e6d7g4", "Flat", &[]),
    line("f5d6c5f4e3c6d3f6e6d7g4c4", "Rotating Flat", &[]),
    line("f5d6c5f4e3c6d3f6e6d7g4c4g5c3f7d2e7f2", "Rotating Flat (Kling Continuation)", &[]),
    line("f5d6c5f4e3c6d3f6e6d7g4c4g6", "Murakami Variation", &[]),
    line("f5d6c5f4e3c6d7", "Bhagat", &[]),
    line("f5d6c5f4e3c6e6", "Inoue", &[]),
    line("f5d6c5f4e3c6e6f6", "Iago", &[]),
    line("f5d6c5f4e3c6f3", "Shaman", &["Danish"]),
    line("f5d6c5f4e3d3", "Mimura", &[]),
    // 1. f5 f4: the parallel opening.
    line("f5f4", "Parallel Opening", &[]),
    // 1. f5 f6: the diagonal opening.
    line("f5f6", "Diagonal Opening", &[]),
    line("f5f6c4f4", "Semi-Wing Variation", &[]),
    line("f5f6d3f4", "Wing Variation", &[]),
    line("f5f6e6d6c3", "Buffalo", &["Kenichi Variation"]),
    line("f5f6e6d6c3d3", "Hokuriku Buffalo", &[]),
    line("f5f6e6d6c3f4c6d3e3d2", "Tanida Buffalo", &[]),
    line("f5f6e6d6c3g4c6", "Maruoka Buffalo", &[]),
    line("f5f6e6d6c5", "Cow", &[]),
    line("f5f6e6d6c5e3d3", "Rose-v-Toth", &[]),
    line("f5f6e6d6c5e3d3c4c3", "Landau", &[]),
    line("f5f6e6d6c5e3d3c4c6b5", "Maruoka", &[]),
    line("f5f6e6d6c5e3d3g5", "Tanida", &[]),
    line("f5f6e6d6c5e3d3g5d7", "Aircraft", &["Feldborg"]),
    line("f5f6e6d6c5e3d3g5e2b5", "Sailboat", &[]),
    line("f5f6e6d6c5e3e7", "Bat", &["Cow Bat", "Cambridge"]),
    line("f5f6e6d6c5e3e7c6d7f7c7f4g6e8d8c8g5", "Bat (Kling Continuation)", &[]),
    line("f5f6e6d6c5e3e7c7d7c6d3", "Melnikov", &["Bat (Piau Continuation 1)"]),
    line("f5f6e6d6c5e3e7c7d7c6f7", "Bat (Piau Continuation 2)", &[]),
    line("f5f6e6d6c5e3e7f4f7", "Bat (Kling Alternative)", &[]),
    line("f5f6e6d6c5f4", "Chimney", &[]),
    line("f5f6e6d6c7", "Rocket", &[]),
    line("f5f6e6d6c7c6d7", "Hamilton", &[]),
    line("f5f6e6d6c7f4", "Lollipop", &[]),
    line("f5f6e6d6d7", "Raccoon Dog", &[]),
    line("f5f6e6d6e7", "Heath", &["Tobidashi"]),
    line("f5f6e6d6e7f4", "Heath-Chimney", &["Mass-Turning"]),
    line("f5f6e6d6e7g5c5", "Heath-Bat", &[]),
    line("f5f6e6d6e7g5g4", "Iwasaki Variation", &[]),
    line("f5f6e6d6e7g5g6e3c5c6d3c4b3", "Mimura Variation II", &[]),
    line("f5f6e6d6f7", "Snake", &["Peasant"]),
    line("f5f6e6d6f7e3d7e7c6c5d3", "Pyramid", &["Checkerboarding Peasant"]),
    line("f5f6e6d6f7f3", "Lysons", &[]),
    line("f5f6e6d6g7", "X-square Opening", &[]),
];
