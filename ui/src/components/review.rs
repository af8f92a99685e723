//! The review's bar on the hot-seat page: a progress bar and Cancel while the computer goes
//! through the game, then each player's total loss and the worst move. (The marks in the
//! move list and the graph are the viewer's: `side.rs`, `graph.rs`.)

use leptos::prelude::*;
use outflank_engine::{Game, LogItem, Player};

use crate::host::review::ReviewHost;
use crate::host::Host;
use crate::i18n::td_string;
use crate::model;

/// Hundredths of a disc as discs to one decimal ("12.5", "−3.0").
pub fn discs(hundredths: i32) -> String {
    match model::discs_to_tenths(hundredths) {
        (Some(true), tenths) => format!("−{tenths}"),
        (_, tenths) => tenths,
    }
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
        let l = host.locale();
        review.review.with(|r| {
            let r = r.as_ref().filter(|r| r.done())?;
            let totals = r.totals();
            let name = |p: Player| host.with(|h| model::name_and_colour(l, h.data(), p));
            let worst = match r.worst() {
                Some(w) => td_string!(
                    l,
                    review_worst,
                    n = w.ply,
                    square = host.with(|h| {
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
                    who = name(w.player),
                    lost = discs(w.loss)
                )
                .to_string(),
                None => td_string!(l, review_no_loss).to_string(),
            };
            let totals = td_string!(
                l,
                review_totals,
                first = name(Player::First),
                a = discs(totals[0]),
                second = name(Player::Second),
                b = discs(totals[1])
            );
            Some(format!("{totals} {worst}"))
        })
    };
    view! {
        <Show when=move || review.running.get()>
            <p class="review-bar" data-testid="review-progress" role="status">
                {move || td_string!(host.locale(), reviewing).to_string()}
                <progress
                    max=move || progress().1.to_string()
                    value=move || progress().0.to_string()
                    aria-label=move || td_string!(host.locale(), review_progress).to_string()
                ></progress>
                {move || {
                    let (done, all) = progress();
                    td_string!(host.locale(), review_positions, done = done, all = all).to_string()
                }}
                <button
                    type="button"
                    class="button small"
                    data-testid="review-cancel"
                    on:click=move |_| review.cancel()
                >
                    {move || td_string!(host.locale(), cancel).to_string()}
                </button>
            </p>
        </Show>
        {move || review.error.get().map(|e| view! {
            <p class="notice" role="alert">
                {td_string!(host.locale_untracked(), review_stopped, why = e).to_string()}
            </p>
        })}
        {move || summary().map(|text| view! {
            <p class="review-bar" data-testid="review-summary">{text}</p>
        })}
    }
}
