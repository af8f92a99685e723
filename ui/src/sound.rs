//! What the viewer sounds like: the cues of a change of state, as a pure diff of the game
//! before and after (like the animation, [`crate::anim`]), timed to match it: a piece
//! lands, the discs it turned over click (as many as there are, up to a handful), a pass,
//! the end of the game. Tested natively; the page plays them with Web Audio
//! (`components::audio`).

use outflank_engine::{AnyGame, Game, LogEvent, LogItem};

use crate::anim::durations;
use crate::model::extends;
use crate::protocol::Speed;

/// One sound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cue {
    Place,
    /// Discs turning over: how many.
    Flip(usize),
    Pass,
    End,
    /// A clock has entered low time (the host's, not a change of state).
    LowTime,
}

impl Cue {
    /// The cue's name for the page's test hook (`window.__outflankSounds`).
    pub fn name(self) -> String {
        match self {
            Cue::Place => "place".into(),
            Cue::Flip(n) => format!("flip:{n}"),
            Cue::Pass => "pass".into(),
            Cue::End => "end".into(),
            Cue::LowTime => "low-time".into(),
        }
    }
}

/// A cue and when it sounds, in milliseconds after the state arrived.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Timed {
    pub at_ms: u32,
    pub cue: Cue,
}

/// The cues of the moves that took `before` to `after` (nothing when `after` does not
/// extend `before`: a new game, an undo, a step through history is silent).
pub fn cues(before: &AnyGame, after: &AnyGame, speed: Speed) -> Vec<Timed> {
    let Some(known) = extends(before, after) else {
        return Vec::new();
    };
    let (land, turn) = durations(speed);
    let mut out = Vec::new();
    let mut at = 0;
    for item in &after.log()[known..] {
        match item {
            LogItem::Move { flipped, .. } => {
                out.push(Timed {
                    at_ms: at,
                    cue: Cue::Place,
                });
                if !flipped.is_empty() {
                    out.push(Timed {
                        at_ms: at + land,
                        cue: Cue::Flip(flipped.len()),
                    });
                }
                at += land + turn;
            }
            LogItem::Event(LogEvent::Pass { .. }) => out.push(Timed {
                at_ms: at,
                cue: Cue::Pass,
            }),
            LogItem::Event(LogEvent::End { .. }) => out.push(Timed {
                at_ms: at,
                cue: Cue::End,
            }),
            LogItem::Event(_) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use outflank_engine::GameOptions;

    fn game(record: &str) -> AnyGame {
        AnyGame::from_record(&GameOptions::default(), record).unwrap()
    }

    fn names(cues: &[Timed]) -> Vec<(u32, String)> {
        cues.iter().map(|t| (t.at_ms, t.cue.name())).collect()
    }

    #[test]
    fn a_move_lands_then_its_discs_click_as_they_turn() {
        let c = cues(&game(""), &game("f5"), Speed::Normal);
        assert_eq!(names(&c), [(0, "place".into()), (300, "flip:1".into())]);
        let c = cues(&game(""), &game("f5"), Speed::Off);
        assert_eq!(names(&c), [(0, "place".into()), (0, "flip:1".into())]);
        // Nothing for a change that is not a move played on: a new game, an undo.
        assert!(cues(&game("f5"), &game(""), Speed::Normal).is_empty());
        assert!(cues(&game("f5"), &game("f5"), Speed::Normal).is_empty());
    }

    #[test]
    fn a_pass_and_the_end_sound_after_the_move_that_caused_them() {
        // Dark cannot move after the 16th disc and passes.
        let record = "d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5a4";
        let c = cues(&game(&record[..30]), &game(record), Speed::Fast);
        let n = names(&c);
        assert_eq!(n[0], (0, "place".into()));
        assert_eq!(n.last(), Some(&(420, "pass".into())));
        // The shortest game: its last move wipes Light out and ends it.
        let c = cues(
            &game("c4c3c2c5c6d6e6f6"),
            &game("c4c3c2c5c6d6e6f6g7"),
            Speed::Off,
        );
        assert_eq!(names(&c).last(), Some(&(0, "end".into())));
    }
}
