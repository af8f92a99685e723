//! The review's bar on the hot-seat page: a progress bar and Cancel while the computer goes
//! through the game, then each player's total loss and the worst move. (The marks in the
//! move list and the graph are the viewer's: `side.rs`, `graph.rs`.)

use leptos::prelude::*;
use outflank_engine::{Game, LogItem, Player};

use crate::host::review::ReviewHost;
use crate::host::Host;

/// Hundredths of a disc as discs to one decimal ("12.5").
pub fn discs(hundredths: i32) -> String {
    let tenths = (hundredths.unsigned_abs() + 5) / 10;
    let sign = if hundredths < 0 && tenths > 0 { "−" } else { "" };
    format!("{sign}{}.{}", tenths / 10, tenths % 10)
}

#[component]
pub fn ReviewBar(review: ReviewHost, host: Host) -> impl IntoView {
    let progress = move || {
        review
            .review
            .with(|r| r.as_ref().map(|r| r.progress()).unwrap_or((0, 1)))
    };
    let summary = move || {
        host.version.track();
        review.review.with(|r| {
            let r = r.as_ref().filter(|r| r.done())?;
            let totals = r.totals();
            let name = |p: Player| {
                host.with(|h| {
                    let colour = h.game().kind().colour(p);
                    match h.data().name(p) {
                        Some(name) => format!("{name} ({colour})"),
                        None => colour.to_string(),
                    }
                })
            };
            let worst = match r.worst() {
                Some(w) => format!(
                    " Worst move: {}. {} ({} lost {} discs).",
                    w.ply,
                    host.with(|h| {
                        h.game()
                            .log()
                            .iter()
                            .filter_map(|i| match i {
                                LogItem::Move { square, .. } => Some(square.to_string()),
                                _ => None,
                            })
                            .nth(w.ply - 1)
                            .unwrap_or_default()
                    }),
                    name(w.player),
                    discs(w.loss)
                ),
                None => " No move lost a disc.".to_string(),
            };
            Some(format!(
                "Review: {} lost {} discs in all, {} lost {}.{worst}",
                name(Player::First),
                discs(totals[0]),
                name(Player::Second),
                discs(totals[1]),
            ))
        })
    };
    view! {
        <Show when=move || review.running.get()>
            <p class="review-bar" data-testid="review-progress" role="status">
                "Reviewing the game… "
                <progress
                    max=move || progress().1.to_string()
                    value=move || progress().0.to_string()
                    aria-label="Review progress"
                ></progress>
                {move || {
                    let (done, all) = progress();
                    format!(" {done} of {all} positions ")
                }}
                <button
                    type="button"
                    class="button small"
                    data-testid="review-cancel"
                    on:click=move |_| review.cancel()
                >
                    "Cancel"
                </button>
            </p>
        </Show>
        {move || review.error.get().map(|e| view! {
            <p class="notice" role="alert">{format!("The review stopped: {e}")}</p>
        })}
        {move || summary().map(|text| view! {
            <p class="review-bar" data-testid="review-summary">{text}</p>
        })}
    }
}
