//! The computer opponent: when it is its turn, the host asks its Web Worker for a move and
//! plays it as [`Action::Computer`]; the page stays live meanwhile.

use leptos::prelude::*;
use outflank_engine::Game;

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
        if self.ai.with_value(AiWorker::busy) {
            return;
        }
        let game = self.with(|h| h.game().clone());
        let seed = game.log().len() as u64;
        self.thinking.set(true);
        self.ai.get_value().ask(
            move |id| Request::Move {
                id,
                game,
                level,
                seed,
            },
            move |answer| {
                self.thinking.set(false);
                match answer {
                    Response::Move { square, .. } => match self.apply(Action::Computer(square)) {
                        Ok(()) => self.think(),
                        Err(e) => leptos::logging::warn!(
                            "outflank: the computer's move {square}: {}",
                            e.reason
                        ),
                    },
                    Response::Error { message, .. } => {
                        let l = self.locale_untracked();
                        let text = crate::i18n::td_string!(l, computer_failed, message);
                        self.notice.set(Some(text.to_string()));
                    }
                    Response::Values { .. } | Response::Solved { .. } => {}
                }
            },
        );
    }

    /// Stops the computer's search (a new game, an undo).
    pub fn stop_thinking(self) {
        self.ai.with_value(AiWorker::cancel);
        self.thinking.set(false);
    }
}
