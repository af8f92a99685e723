//! The game's log as a host counts it: applying a `gamelog` slice to the game on show, and
//! the replay positions in log indexes (what `replay:to` asks for and `replay:info` reports).
//!
//! A host platform (boardgamers.space) numbers positions by the engine's log: item 0 is the
//! start event, then one item per move, pass, concession, departure and the end. `replay:to k`
//! shows the game right after item `k`, as the engine package's `replay(data, {to: k})` does,
//! and `replay:info` then reports `k` as the position on show, so a host stepping `current ± 1`
//! goes through every item, passes and the end included. The viewer's own history works in
//! moves (pieces placed): [`ply_at`] and [`stop`] translate.
//! Pure functions, tested natively.

use outflank_engine::{AnyGame, Game, LogEvent, LogItem, Move};

/// The game after the log items `items`, which start at log index `start`: items the game
/// already has must match it, new ones are played in order (automatic items, passes and the
/// end, must come out as the engine makes them). `None` when they do not fit the game on
/// show: a gap, another game, an illegal move; the caller then asks for the whole state.
///
/// ```
/// use outflank_engine::{AnyGame, Game, GameOptions, Move, Player};
/// use outflank_ui::replay::apply_log;
/// let game = AnyGame::new(&GameOptions::default()).unwrap();
/// let mut moved = game.clone();
/// moved.play_move(Player::First, Move::Place("f5".parse().unwrap())).unwrap();
/// let log = moved.log().to_vec();
/// assert_eq!(apply_log(&game, 1, &log[1..]), Some(moved.clone()));
/// assert_eq!(apply_log(&game, 0, &log), Some(moved));
/// assert_eq!(apply_log(&game, 3, &log[1..]), None); // a gap
/// ```
pub fn apply_log(game: &AnyGame, start: usize, items: &[LogItem]) -> Option<AnyGame> {
    let mut game = game.clone();
    let mut log = game.log().to_vec();
    if start > log.len() {
        return None;
    }
    for (i, item) in items.iter().enumerate() {
        let index = start + i;
        if let Some(known) = log.get(index) {
            if known == item {
                continue;
            }
            // The end of a game that goes on: an undo or a rollback, not news to apply.
            return None;
        }
        match item {
            LogItem::Move { player, square, .. } => {
                game.play_move(*player, Move::Place(*square)).ok()?
            }
            LogItem::Event(LogEvent::Concede { player }) => {
                game.play_move(*player, Move::Concede).ok()?
            }
            LogItem::Event(LogEvent::Drop { player }) => game.drop_player(*player).ok()?,
            LogItem::Event(LogEvent::Timeout { player }) => game.time_out(*player).ok()?,
            // The engine makes these itself after the move before them.
            LogItem::Event(LogEvent::Start | LogEvent::Pass { .. } | LogEvent::End { .. }) => {
                return None
            }
        }
        log = game.log().to_vec();
        if log.get(index) != Some(item) {
            return None;
        }
    }
    Some(game)
}

/// Where the history position `ply` (pieces placed) sits in the log: 0 for the start, the
/// index of the `ply`-th move, and the last index for the game as it is now (after its last
/// move come the pass, the end or a concession that belong to the final position).
pub fn stop(game: &AnyGame, ply: usize) -> usize {
    stops(game.log()).nth(ply).unwrap_or(0)
}

/// [`stop`] of every history position, in order.
fn stops(log: &[LogItem]) -> impl Iterator<Item = usize> + '_ {
    let last = log.len().saturating_sub(1);
    let moves: Vec<usize> = log
        .iter()
        .enumerate()
        .filter(|(_, i)| matches!(i, LogItem::Move { .. }))
        .map(|(k, _)| k)
        .collect();
    let now = (!moves.is_empty()).then_some(last);
    let inner = moves.len().saturating_sub(1);
    // The start, every move but the last, and the game as it is now.
    std::iter::once(0)
        .chain(moves.into_iter().take(inner))
        .chain(now)
}

/// The last log index (BGS `replay:info`'s `end`).
pub fn last_index(game: &AnyGame) -> usize {
    game.log().len().saturating_sub(1)
}

/// The history position that shows the game right after log item `index` (what `replay:to
/// index` asks for, and what the engine package's `replay(data, {to: index})` rebuilds): the
/// pieces placed up to that item. A pass or the end shows the position of the move before it.
pub fn ply_at(game: &AnyGame, index: usize) -> usize {
    game.log()
        .iter()
        .take(index.saturating_add(1))
        .filter(|i| matches!(i, LogItem::Move { .. }))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model;
    use outflank_engine::{GameKind, GameOptions, Player};

    /// A whole Reversi game with a pass, from a fixed seed (found by playing random games).
    fn pass_game() -> AnyGame {
        let mut game = AnyGame::new(&GameOptions::default()).unwrap();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        while let Some(p) = game.to_move() {
            let moves = game.legal_moves();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let sq = moves[(seed % moves.len() as u64) as usize];
            game.play_move(p, Move::Place(sq)).unwrap();
            if game
                .log()
                .iter()
                .any(|i| matches!(i, LogItem::Event(LogEvent::Pass { .. })))
                && game.ended()
            {
                return game;
            }
            if game.ended() {
                game = AnyGame::new(&GameOptions::default()).unwrap();
                seed = seed.wrapping_add(1);
            }
        }
        game
    }

    #[test]
    fn a_slice_after_a_move_is_applied_from_its_items() {
        let game = pass_game();
        let log = game.log();
        let start = AnyGame::new(&GameOptions::default()).unwrap();
        // Item by item, as a host sends them after each move.
        let mut shown = start.clone();
        let mut at = 1;
        while at < log.len() {
            // One move and what follows it automatically.
            let mut end = at + 1;
            while end < log.len() && !matches!(log[end], LogItem::Move { .. }) {
                end += 1;
            }
            shown = apply_log(&shown, at, &log[at..end]).expect("the slice fits");
            at = end;
        }
        assert_eq!(shown, game);
        // The whole log at once, from 0, overlapping what is known.
        assert_eq!(apply_log(&start, 0, log), Some(game.clone()));
        // Nothing new: the same game.
        assert_eq!(apply_log(&game, 0, log), Some(game.clone()));
    }

    #[test]
    fn slices_that_do_not_fit_are_refused() {
        let game = pass_game();
        let log = game.log();
        let start = AnyGame::new(&GameOptions::default()).unwrap();
        assert_eq!(apply_log(&start, 2, &log[2..]), None, "a gap");
        let other = AnyGame::new(&GameOptions {
            game: GameKind::TicTacToe,
            ..Default::default()
        })
        .unwrap();
        assert_eq!(apply_log(&other, 0, log), None, "another game");
        // An illegal move, or a pass the engine would not make.
        let mut bad = log[..2].to_vec();
        bad.push(bad[1].clone());
        assert_eq!(apply_log(&start, 0, &bad), None);
        let pass = LogItem::Event(LogEvent::Pass {
            player: Player::Second,
        });
        assert_eq!(apply_log(&start, 1, &[pass]), None);
        // A shorter game on show than the slice says: a rollback is not applied.
        let mut moved = start.clone();
        moved
            .play_move(Player::First, Move::Place("d3".parse().unwrap()))
            .unwrap();
        assert_eq!(apply_log(&moved, 0, &log[..3]), None);
    }

    #[test]
    fn replay_positions_are_log_indexes_across_a_pass_and_the_end() {
        let game = pass_game();
        let log = game.log();
        let total = model::move_count(&game);
        assert!(log
            .iter()
            .any(|i| matches!(i, LogItem::Event(LogEvent::Pass { .. }))));
        assert_eq!(stop(&game, 0), 0);
        assert_eq!(stop(&game, total), last_index(&game));
        // Every log index shows what the engine's replay to it shows; the last is the game.
        for k in 0..=last_index(&game) {
            let replayed = game.replay_to(k).unwrap();
            let ply = ply_at(&game, k);
            assert_eq!(
                model::pieces(&replayed),
                model::pieces(&model::game_at(&game, ply).unwrap()),
                "log index {k}"
            );
        }
        assert_eq!(ply_at(&game, last_index(&game)), total);
        // The viewer's own positions sit at log indexes that lead back to them.
        for p in 0..=total {
            assert_eq!(ply_at(&game, stop(&game, p)), p, "position {p}");
        }
    }
}
