//! Hints: the host asks its own worker (the computer opponent's stays free) for the best
//! move, or for every legal move's value and the line expected after the best (exact final
//! scores near the end of a Reversi game), and the board shows the answer
//! ([`crate::hints`]) until the game changes.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use outflank_engine::{AnyGame, Game, Variant};

use super::Host;
use crate::ai::{self, Request, Response};
use crate::ai_worker::{workers_here, AiWorkers};
use crate::hints::{book_list, signed_tenths, value_label, value_list, HintView};
use crate::i18n::{td_string, Locale};

/// The hint controls' handles (all `Copy`).
#[derive(Clone, Copy)]
pub struct HintsHost {
    /// What the board shows.
    pub view: RwSignal<HintView>,
    /// The hint's words, for the page's header.
    pub text: RwSignal<Option<String>>,
    /// A hint may be asked for now: the person's turn, nothing under way.
    pub can_hint: Memo<bool>,
    /// The game is one whose moves the computer can value (standard Reversi).
    pub values_offered: Memo<bool>,
    /// Every move's value may be asked for now.
    pub can_values: Memo<bool>,
    /// The hints' workers: the first for hints and midgame values, all of them for exact
    /// values.
    ai: StoredValue<AiWorkers, LocalStorage>,
    busy: RwSignal<bool>,
}

impl HintsHost {
    pub fn new(host: Host) -> HintsHost {
        let view = RwSignal::new(HintView::default());
        let ai = StoredValue::new_local(AiWorkers::default());
        let busy = RwSignal::new(false);
        let text = RwSignal::new(None::<String>);
        // A change of the game makes any hint stale.
        Effect::new(move |_| {
            host.version.track();
            ai.with_value(AiWorkers::cancel);
            busy.set(false);
            view.set(HintView::default());
            text.set(None);
        });
        let can_hint = Memo::new(move |_| {
            host.version.track();
            let mine = host.with(|h| h.computer_to_move().is_none() && !h.game().ended());
            mine && !host.thinking.get() && !busy.get()
        });
        let values_offered = Memo::new(move |_| {
            host.version.track();
            host.with(|h| matches!(h.game(), AnyGame::Reversi(r) if r.options().variant == Variant::Standard))
        });
        let can_values = Memo::new(move |_| can_hint.get() && values_offered.get());
        HintsHost {
            view,
            text,
            can_hint,
            values_offered,
            can_values,
            ai,
            busy,
        }
    }

    /// Whether the game is near enough its end for every move's value to be exact.
    pub fn values_exact(host: Host) -> bool {
        host.with(|h| match h.game() {
            AnyGame::Reversi(r) => r.position().board().empty().count_ones() <= ai::EXACT_FROM,
            _ => false,
        })
    }

    /// Asks for the best move, or (`values`) every move's value and the best line. Exact
    /// values are shared out among a worker a core ([`ai::Parts`]): each solves some of the
    /// moves, and the board shows every value as it comes. The code that asks and hears the
    /// answers is a split point of the page's build, loaded with the first hint.
    pub fn ask(self, host: Host, values: bool) {
        let game = host.with(|h| h.game().clone());
        self.busy.set(true);
        let l = host.locale_untracked();
        let exact = values && HintsHost::values_exact(host);
        self.text.set(Some(
            if exact {
                td_string!(l, solving)
            } else if values {
                td_string!(l, weighing)
            } else {
                td_string!(l, looking)
            }
            .to_string(),
        ));
        leptos::task::spawn_local(async move {
            split_call!(send_hint_requests(self, l, game, values, exact))
        });
    }

    /// The first `parts` hint workers, started as needed.
    fn workers(self, parts: usize) -> Vec<crate::ai_worker::AiWorker> {
        self.ai
            .try_update_value(|all| all.first(parts))
            .unwrap_or_default()
    }

    /// Stops every hint under way.
    fn cancel(self) {
        self.ai.with_value(AiWorkers::cancel);
    }
}

/// Sends a hint's requests to the hint workers and shows their answers (a split point: see
/// [`HintsHost::ask`]). Nothing is sent if the game changed while this code loaded (the
/// change has already cleared the hint).
#[cfg_attr(feature = "split", leptos::lazy)]
fn send_hint_requests(hints: HintsHost, l: Locale, game: AnyGame, values: bool, exact: bool) {
    if !hints.busy.get_untracked() {
        return;
    }
    let total = game.legal_moves().len();
    let HintsHost {
        view, text, busy, ..
    } = hints;
    let parts = Rc::new(RefCell::new(ai::Parts::new(if exact {
        workers_here()
    } else {
        1
    })));
    for (part, worker) in hints
        .workers(parts.borrow().workers())
        .into_iter()
        .enumerate()
    {
        let part = part as u8;
        let share = parts.borrow().share(part);
        let (game, parts) = (game.clone(), parts.clone());
        worker.ask(
            move |id| {
                if values {
                    Request::Values { id, game, share }
                } else {
                    Request::Hint { id, game }
                }
            },
            move |answer| match answer {
                Response::Solved { square, value, .. } => {
                    view.update(|v| v.solved.push((square, value)));
                    let (done, list) =
                        view.with_untracked(|v| (v.solved.len(), value_list(&v.solved, true)));
                    text.set(Some(
                        td_string!(l, solving_progress, done, total, list).to_string(),
                    ));
                }
                Response::Move {
                    square,
                    score,
                    exact,
                    ..
                } => {
                    busy.set(false);
                    let at = square.to_string();
                    let said = if exact {
                        let score = value_label(score, true);
                        td_string!(l, best_exact, square = at, score).to_string()
                    } else {
                        let score = signed_tenths(score);
                        td_string!(l, best_about, square = at, score).to_string()
                    };
                    text.set(Some(said));
                    view.set(HintView {
                        best: Some(square),
                        ..HintView::default()
                    });
                }
                Response::Values { analysis, book, .. } => {
                    // The other parts may still be solving. (Each part sends the same book.)
                    let Some(analysis) = parts.borrow_mut().answer(part, analysis) else {
                        return;
                    };
                    busy.set(false);
                    let list = value_list(&analysis.scores, analysis.exact);
                    let said = if analysis.exact {
                        td_string!(l, exact_final, list).to_string()
                    } else {
                        let depth = analysis.depth;
                        td_string!(l, values_at_depth, depth, list).to_string()
                    };
                    // The search's values first, then the book's (the cells show the
                    // book's where it has the move; the ring and the line stay the search's).
                    text.set(Some(if book.is_empty() {
                        said
                    } else {
                        let list = book_list(&book);
                        format!("{said} · {}", td_string!(l, book_values, list))
                    }));
                    view.set(HintView {
                        best: analysis.scores.first().map(|(sq, _)| *sq),
                        values: Some(analysis),
                        book,
                        ..HintView::default()
                    });
                }
                Response::Error { message, .. } => {
                    // Without this part the others' answers make no whole.
                    hints.cancel();
                    busy.set(false);
                    text.set(Some(td_string!(l, no_hint, message).to_string()))
                }
            },
        );
    }
}
