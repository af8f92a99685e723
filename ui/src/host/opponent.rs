//! The computer opponent: when it is its turn, the host asks its Web Worker for a move and
//! plays it as [`Action::Computer`]; the page stays live meanwhile. The code that asks and
//! hears the answer loads with the computer's first move.

use leptos::prelude::*;
use outflank_engine::{AnyGame, Game};

use super::Host;
use crate::ai::{Request, Response};
use crate::ai_worker::AiWorker;
use crate::backend::{Action, HotSeat, Opponent};

impl Host {
    /// If it is the computer's turn, asks its worker for a move and plays it when it comes
    /// (then looks again: the person may have to pass). The page stays live meanwhile.
    pub fn think(self) {
        let Some(Opponent { level, .. }) = self.with(HotSeat::computer_to_move) else {
            self.thinking.set(false);
            return;
        };
        // Already thinking: a request is on its way or waiting for its answer.
        if self.thinking.get_untracked() || self.ai.with_value(AiWorker::busy) {
            return;
        }
        let game = self.with(|h| h.game().clone());
        let seed = game.log().len() as u64;
        self.thinking.set(true);
        let cancels = self.ai.with_value(AiWorker::cancels);
        leptos::task::spawn_local(async move {
            split_call!(ask_for_move(self, game, level, seed, cancels))
        });
    }

    /// Stops the computer's search (a new game, an undo).
    pub fn stop_thinking(self) {
        self.ai.with_value(AiWorker::cancel);
        self.thinking.set(false);
    }
}

/// Asks the computer's worker for its move and plays it when it comes (a split point of the
/// page's build: the code that asks and hears the answer loads with the computer's first
/// move). Nothing is asked if the search was stopped while the code loaded.
#[cfg_attr(feature = "split", leptos::lazy)]
fn ask_for_move(host: Host, game: AnyGame, level: u8, seed: u64, cancels: u64) {
    let ai = host.ai.get_value();
    if ai.cancels() != cancels {
        return;
    }
    ai.ask(
        move |id| Request::Move {
            id,
            game,
            level,
            seed,
        },
        move |answer| {
            host.thinking.set(false);
            match answer {
                Response::Move { square, .. } => match host.apply(Action::Computer(square)) {
                    Ok(()) => host.think(),
                    Err(e) => leptos::logging::warn!(
                        "outflank: the computer's move {square}: {}",
                        e.reason
                    ),
                },
                Response::Error { message, .. } => {
                    let l = host.locale_untracked();
                    let text = crate::i18n::td_string!(l, computer_failed, message);
                    host.notice.set(Some(text.to_string()));
                }
                Response::Values { .. } | Response::Solved { .. } => {}
            }
        },
    );
}
