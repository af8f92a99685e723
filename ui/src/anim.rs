//! The move animation as a pure diff of the states before and after a move (Board Game Arena's
//! playDisc -> turnOverDiscs -> newScores): first the new piece lands, then the changed
//! discs turn over, then the scores change. The viewer shows each step's frame for
//! `hold_ms` (gloo-style timeouts), then the live state.

use outflank_engine::{AnyGame, Game, LogItem, Player};

use crate::model::{extends, pieces};
use crate::protocol::Speed;

/// What the board shows during one step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Frame {
    /// Pieces in reading order.
    pub pieces: Vec<Option<Player>>,
    /// The scores shown (the old ones until the animation ends).
    pub scores: [u32; 2],
    /// Index of the piece that just landed.
    pub placed: Option<usize>,
    /// Indices of discs turning over in this step.
    pub flipping: Vec<usize>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub frame: Frame,
    pub hold_ms: u32,
}

/// (landing, turning over) in milliseconds; the CSS transitions use the same figures.
pub fn durations(speed: Speed) -> (u32, u32) {
    match speed {
        Speed::Off => (0, 0),
        Speed::Fast => (120, 300),
        Speed::Normal => (300, 650),
    }
}

/// The steps that take the board from `before` to `after`; empty when there is nothing to
/// animate (speed off, or `after` is not `before` plus one placed piece: a new game, an
/// undo, a loaded record).
pub fn plan(before: &AnyGame, after: &AnyGame, speed: Speed) -> Vec<Step> {
    let (land, turn) = durations(speed);
    if speed == Speed::Off {
        return Vec::new();
    }
    let Some(known) = extends(before, after) else {
        return Vec::new();
    };
    let new_log = after.log();
    let placed: Vec<_> = new_log[known..]
        .iter()
        .filter_map(|i| match i {
            LogItem::Move { square, .. } => Some(*square),
            _ => None,
        })
        .collect();
    let [square] = placed[..] else {
        return Vec::new();
    };
    let (old, new) = (pieces(before), pieces(after));
    let Some(index) = square.index(after.size()).map(|i| i as usize) else {
        return Vec::new();
    };
    if old.get(index) != Some(&None) || new.get(index).copied().flatten().is_none() {
        return Vec::new();
    }
    let mut landed = old.clone();
    landed[index] = new[index];
    let flipping: Vec<usize> = (0..new.len())
        .filter(|&i| i != index && old[i] != new[i])
        .collect();
    let scores = crate::model::counts(before);
    let mut steps = vec![Step {
        frame: Frame {
            pieces: landed,
            scores,
            placed: Some(index),
            flipping: Vec::new(),
        },
        hold_ms: land,
    }];
    if !flipping.is_empty() {
        steps.push(Step {
            frame: Frame {
                pieces: new,
                scores,
                placed: Some(index),
                flipping,
            },
            hold_ms: turn,
        });
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::{GameKind, GameOptions, Move, Square, Variant};

    fn reversi(options: &GameOptions, record: &str) -> AnyGame {
        AnyGame::from_record(options, record).unwrap()
    }

    fn idx(s: &str, n: u8) -> usize {
        s.parse::<Square>().unwrap().index(n).unwrap() as usize
    }

    #[test]
    fn a_reversi_move_lands_then_flips_then_scores() {
        let o = GameOptions::default();
        let before = reversi(&o, "");
        let after = reversi(&o, "f5");
        let steps = plan(&before, &after, Speed::Normal);
        assert_eq!(steps.len(), 2);
        let land = &steps[0].frame;
        assert_eq!(land.placed, Some(idx("f5", 8)));
        assert_eq!(land.pieces[idx("f5", 8)], Some(Player::First));
        assert_eq!(
            land.pieces[idx("e5", 8)],
            Some(Player::Second),
            "not yet turned"
        );
        assert_eq!(land.scores, [2, 2]);
        let flip = &steps[1].frame;
        assert_eq!(flip.flipping, [idx("e5", 8)]);
        assert_eq!(flip.pieces, pieces(&after));
        assert_eq!(flip.scores, [2, 2], "scores change after the flips");
        assert_eq!(
            (steps[0].hold_ms, steps[1].hold_ms),
            durations(Speed::Normal)
        );
        assert!(plan(&before, &after, Speed::Off).is_empty());
        assert!(durations(Speed::Fast).1 < durations(Speed::Normal).1);
    }

    #[test]
    fn bombs_toggle_own_discs_too() {
        let o = GameOptions {
            variant: Some(Variant::Bombs),
            ..GameOptions::default()
        };
        let before = reversi(&o, "");
        let mut after = before.clone();
        let mv = after.legal_moves()[0];
        after.play_move(Player::First, Move::Place(mv)).unwrap();
        let steps = plan(&before, &after, Speed::Fast);
        let changed = pieces(&before)
            .iter()
            .zip(pieces(&after))
            .filter(|(a, b)| a.is_some() && **a != *b)
            .count();
        assert_eq!(steps.last().unwrap().frame.flipping.len(), changed);
    }

    #[test]
    fn grid_games_only_land_and_other_changes_do_not_animate() {
        let o = GameOptions {
            game: GameKind::TicTacToe,
            ..GameOptions::default()
        };
        let before = reversi(&o, "b2");
        let after = reversi(&o, "b2a1");
        let steps = plan(&before, &after, Speed::Normal);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].frame.placed, Some(0));
        // Undo, two moves at once, another game, the same state: nothing to animate.
        assert!(plan(&after, &before, Speed::Normal).is_empty());
        assert!(plan(&reversi(&o, ""), &after, Speed::Normal).is_empty());
        assert!(plan(&after, &after, Speed::Normal).is_empty());
        assert!(plan(&reversi(&GameOptions::default(), ""), &after, Speed::Normal).is_empty());
        // The winning move still lands (the log gains the end item too).
        let won_before = reversi(&o, "a1b1b2c1");
        let won = reversi(&o, "a1b1b2c1c3");
        assert_eq!(plan(&won_before, &won, Speed::Normal).len(), 1);
        // A concession places nothing.
        let mut conceded = reversi(&GameOptions::default(), "f5d6c3");
        let before = conceded.clone();
        conceded.play_move(Player::Second, Move::Concede).unwrap();
        assert!(plan(&before, &conceded, Speed::Normal).is_empty());
    }
}
