//! The game review: the host asks a worker of its own for the value of every position of
//! the game, one after the other, and fills a [`Review`] that the page (progress, totals)
//! and the viewer (marks in the move list, the evaluation graph) show. Cancellable; a
//! change of the game drops a review that is no longer of it.

use leptos::prelude::*;

use super::Host;
use crate::ai::{Request, Response};
use crate::ai_worker::AiWorker;
use crate::review::Review;

/// The review's handles (all `Copy`); also the viewer's context, so its move list and graph
/// can show the review of the game.
#[derive(Clone, Copy)]
pub struct ReviewHost {
    pub review: RwSignal<Option<Review>>,
    /// A review is under way.
    pub running: RwSignal<bool>,
    pub error: RwSignal<Option<String>>,
    ai: StoredValue<AiWorker, LocalStorage>,
}

impl ReviewHost {
    pub fn new(host: Host) -> ReviewHost {
        let this = ReviewHost {
            review: RwSignal::new(None),
            running: RwSignal::new(false),
            error: RwSignal::new(None),
            ai: StoredValue::new_local(AiWorker::new()),
        };
        // A review of another game (a move, an undo, a new game) is dropped.
        Effect::new(move |_| {
            host.version.track();
            let current = host.with(|h| {
                this.review
                    .with_untracked(|r| r.as_ref().is_some_and(|r| r.is_of(h.game())))
            });
            if !current && this.review.with_untracked(Option::is_some) {
                this.cancel();
                this.review.set(None);
            }
        });
        this
    }

    /// Whether the game can be reviewed: standard Reversi with at least one move.
    pub fn can_review(host: Host) -> bool {
        host.with(|h| Review::possible(h.game()))
    }

    /// Starts reviewing the game as it stands (or goes on with a cancelled review of it).
    pub fn start(self, host: Host) {
        let fresh = host.with(|h| {
            let kept = self
                .review
                .with_untracked(|r| r.as_ref().is_some_and(|r| r.is_of(h.game())));
            (!kept).then(|| Review::new(h.game())).flatten()
        });
        if let Some(review) = fresh {
            self.review.set(Some(review));
        }
        self.error.set(None);
        self.running.set(true);
        self.next();
    }

    /// Stops the review under way; what was valued stays.
    pub fn cancel(self) {
        self.ai.with_value(AiWorker::cancel);
        self.running.set(false);
    }

    fn next(self) {
        if !self.running.get_untracked() {
            return;
        }
        let Some((ply, game)) = self
            .review
            .with_untracked(|r| r.as_ref().and_then(Review::next))
        else {
            self.running.set(false);
            return;
        };
        self.ai.get_value().ask(
            move |id| Request::Evaluate { id, game },
            move |answer| match answer {
                Response::Move { score, exact, .. } => {
                    self.review.update(|r| {
                        if let Some(r) = r {
                            r.set(ply, score, exact);
                        }
                    });
                    self.next();
                }
                Response::Error { message, .. } => {
                    self.running.set(false);
                    self.error.set(Some(message));
                }
                Response::Values { .. } | Response::Solved { .. } => {}
            },
        );
    }
}
