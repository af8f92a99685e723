//! Hints: the host asks its own worker (the computer opponent's stays free) for the best
//! move, or for the exact final score of every move near the end of a Reversi game, and the
//! board shows the answer ([`crate::hints`]) until the game changes.

use leptos::prelude::*;
use outflank_engine::{AnyGame, Game, Variant};

use super::Host;
use crate::ai::{self, Request, Response};
use crate::ai_worker::AiWorker;
use crate::hints::{exact_label, HintView};
use crate::i18n::td_string;

/// The hint controls' handles (all `Copy`).
#[derive(Clone, Copy)]
pub struct HintsHost {
    /// What the board shows.
    pub view: RwSignal<HintView>,
    /// The hint's words, for the page's header.
    pub text: RwSignal<Option<String>>,
    /// A hint may be asked for now: the person's turn, nothing under way.
    pub can_hint: Memo<bool>,
    /// The exact scores may be asked for now (standard Reversi, few empty squares).
    pub can_exact: Memo<bool>,
    ai: StoredValue<AiWorker, LocalStorage>,
    busy: RwSignal<bool>,
}

impl HintsHost {
    pub fn new(host: Host) -> HintsHost {
        let view = RwSignal::new(HintView::default());
        let ai = StoredValue::new_local(AiWorker::new());
        let busy = RwSignal::new(false);
        let text = RwSignal::new(None::<String>);
        // A change of the game makes any hint stale.
        Effect::new(move |_| {
            host.version.track();
            ai.with_value(AiWorker::cancel);
            busy.set(false);
            view.set(HintView::default());
            text.set(None);
        });
        let can_hint = Memo::new(move |_| {
            host.version.track();
            let mine = host.with(|h| h.computer_to_move().is_none() && !h.game().ended());
            mine && !host.thinking.get() && !busy.get()
        });
        let can_exact = Memo::new(move |_| {
            host.version.track();
            can_hint.get()
                && host.with(|h| match h.game() {
                    AnyGame::Reversi(r) => {
                        r.options().variant == Variant::Standard
                            && r.position().board().empty().count_ones() <= ai::EXACT_FROM
                    }
                    _ => false,
                })
        });
        HintsHost {
            view,
            text,
            can_hint,
            can_exact,
            ai,
            busy,
        }
    }

    /// Asks for the best move, or (`exact`) every move's exact final score.
    pub fn ask(self, host: Host, exact: bool) {
        let game = host.with(|h| h.game().clone());
        let HintsHost {
            view, text, busy, ..
        } = self;
        busy.set(true);
        let l = host.locale_untracked();
        text.set(Some(
            if exact {
                td_string!(l, solving)
            } else {
                td_string!(l, looking)
            }
            .to_string(),
        ));
        self.ai.get_value().ask(
            move |id| {
                if exact {
                    Request::Exact { id, game }
                } else {
                    Request::Hint { id, game }
                }
            },
            move |answer| {
                busy.set(false);
                match answer {
                    Response::Move {
                        square,
                        score,
                        exact,
                        ..
                    } => {
                        let at = square.to_string();
                        let said = if exact {
                            let score = exact_label(score / 100);
                            td_string!(l, best_exact, square = at, score).to_string()
                        } else {
                            let score = signed_tenths(score);
                            td_string!(l, best_about, square = at, score).to_string()
                        };
                        text.set(Some(said));
                        view.set(HintView {
                            best: Some(square),
                            exact: Vec::new(),
                        });
                    }
                    Response::Exact { scores, .. } => {
                        let list: Vec<String> = scores
                            .iter()
                            .map(|(sq, v)| format!("{sq} {}", exact_label(*v)))
                            .collect();
                        let list = list.join(", ");
                        text.set(Some(td_string!(l, exact_final, list).to_string()));
                        view.set(HintView {
                            best: scores.first().map(|(sq, _)| *sq),
                            exact: scores,
                        });
                    }
                    Response::Error { message, .. } => {
                        text.set(Some(td_string!(l, no_hint, message).to_string()))
                    }
                }
            },
        );
    }
}

/// A score in hundredths of a disc as signed discs to one decimal (`-1234` -> `"-12.3"`),
/// in integers: float printing would weigh on the page's first load.
fn signed_tenths(score: i32) -> String {
    let (negative, tenths) = crate::model::discs_to_tenths(score);
    let sign = if negative == Some(true) { '-' } else { '+' };
    format!("{sign}{tenths}")
}

#[cfg(test)]
mod tests {
    use super::signed_tenths;

    #[test]
    fn scores_read_as_signed_discs_to_one_decimal() {
        assert_eq!(signed_tenths(-1234), "-12.3");
        assert_eq!(signed_tenths(1250), "+12.5");
        assert_eq!(signed_tenths(7), "+0.1");
        assert_eq!(signed_tenths(0), "+0.0");
        assert_eq!(signed_tenths(-4), "+0.0");
    }
}
