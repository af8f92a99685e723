//! The game review: the host asks workers of its own (one a core, up to
//! [`crate::ai::MOST_PARTS`]) for the value of every position of the game, each taking the next
//! position no other is valuing, and fills a [`Review`] that the page (progress, totals)
//! and the viewer (marks in the move list, the evaluation graph) show. Cancellable; a
//! change of the game drops a review that is no longer of it. The code that runs the workers
//! loads with the first review ([`ReviewHost::start`]).

use leptos::prelude::*;

use super::Host;
use crate::ai::{Request, Response};
use crate::ai_worker::{workers_here, AiWorker, AiWorkers};
use crate::review::Review;

/// The review's handles (all `Copy`); also the viewer's context, so its move list and graph
/// can show the review of the game.
#[derive(Clone, Copy)]
pub struct ReviewHost {
    pub review: RwSignal<Option<Review>>,
    /// A review is under way.
    pub running: RwSignal<bool>,
    pub error: RwSignal<Option<String>>,
    ai: StoredValue<AiWorkers, LocalStorage>,
    /// The plies being valued, by any worker.
    asked: StoredValue<Vec<usize>, LocalStorage>,
}

impl ReviewHost {
    pub fn new(host: Host) -> ReviewHost {
        let this = ReviewHost {
            review: RwSignal::new(None),
            running: RwSignal::new(false),
            error: RwSignal::new(None),
            ai: StoredValue::new_local(AiWorkers::default()),
            asked: StoredValue::new_local(Vec::new()),
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
        leptos::task::spawn_local(async move { split_call!(set_workers_going(self)) });
    }

    /// Stops the review under way; what was valued stays.
    pub fn cancel(self) {
        self.ai.with_value(AiWorkers::cancel);
        self.asked.update_value(Vec::clear);
        self.running.set(false);
    }

    /// Worker `worker` values the next position no other worker is valuing; the review
    /// ends when none is left and no worker is still at it.
    fn next(self, worker: AiWorker) {
        if !self.running.get_untracked() {
            return;
        }
        let next = self.review.with_untracked(|r| {
            let r = r.as_ref()?;
            self.asked.with_value(|asked| r.next(asked))
        });
        let Some((ply, game)) = next else {
            if self.asked.with_value(Vec::is_empty) {
                self.running.set(false);
            }
            return;
        };
        self.asked.update_value(|asked| asked.push(ply));
        worker.clone().ask(
            move |id| Request::Evaluate { id, game },
            move |answer| {
                if answer.is_final() {
                    self.asked.update_value(|asked| asked.retain(|&p| p != ply));
                }
                match answer {
                    Response::Move { score, exact, .. } => {
                        self.review.update(|r| {
                            if let Some(r) = r {
                                r.set(ply, score, exact);
                            }
                        });
                        self.next(worker.clone());
                    }
                    Response::Error { message, .. } => {
                        self.cancel();
                        self.error.set(Some(message));
                    }
                    Response::Values { .. } | Response::Solved { .. } => {}
                }
            },
        );
    }
}

/// Sets a worker a core valuing the review's positions (a split point of the page's build: the
/// code that asks the workers and hears them loads with the first review). Nothing starts if
/// the review was cancelled while the code loaded.
#[cfg_attr(feature = "split", leptos::lazy)]
fn set_workers_going(review: ReviewHost) {
    if !review.running.get_untracked() {
        return;
    }
    let parts = usize::from(workers_here());
    for worker in review
        .ai
        .try_update_value(|all| all.first(parts))
        .unwrap_or_default()
    {
        review.next(worker);
    }
}
