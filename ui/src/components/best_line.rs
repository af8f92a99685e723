//! The best line on the hot-seat page: once every move's value has been asked for, the
//! moves the computer expects after the best one, each a button that shows the position it
//! reaches on the board, with steps back and forward and a way back to the game.

use leptos::prelude::*;

use crate::hints::HintView;
use crate::host::hints::HintsHost;
use crate::host::Host;
use crate::i18n::td_string;

/// Mounted while there are move values ([`HintView::values`]; the page decides, lazy.rs).
#[component]
pub fn BestLine(hints: HintsHost, host: Host) -> impl IntoView {
    let view = hints.view;
    let line = Memo::new(move |_| {
        view.with(|h| {
            h.values
                .as_ref()
                .map(|a| (a.line.clone(), a.depth, a.exact))
        })
    });
    let step = Memo::new(move |_| view.with(|h| h.step));
    let go = move |s: Option<usize>| view.update(|h| h.show_step(s));
    let caption = move || {
        let l = host.locale();
        line.with(|line| {
            let &(_, depth, exact) = line.as_ref()?;
            Some(if exact {
                td_string!(l, best_line_exact).to_string()
            } else {
                td_string!(l, best_line_depth, depth).to_string()
            })
        })
    };
    let shown = move || {
        let l = host.locale();
        let s = step.get()?;
        line.with(|line| {
            let (moves, _, _) = line.as_ref()?;
            let upto = moves
                .get(..=s)?
                .iter()
                .map(|sq| sq.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            Some(td_string!(l, best_line_shown, moves = upto).to_string())
        })
    };
    view! {
        <section class="best-line" data-testid="best-line" aria-label=move || td_string!(host.locale(), best_line).to_string()>
            <span class="best-line-caption">{caption}</span>
            <ol class="best-line-moves">
                {move || line.get().map(|(moves, _, _)| {
                    moves.into_iter().enumerate().map(|(k, square)| view! {
                        <li>
                            <button
                                type="button"
                                class="button small"
                                data-step=k
                                aria-pressed=move || (step.get() == Some(k)).to_string()
                                on:click=move |_| go(Some(k))
                            >
                                {square.to_string()}
                            </button>
                        </li>
                    }).collect_view()
                })}
            </ol>
            <button
                type="button"
                class="button small"
                data-testid="line-back"
                aria-label=move || td_string!(host.locale(), line_back).to_string()
                disabled=move || step.get().is_none()
                on:click=move |_| view.update(|h| h.step_by(false))
            >
                "◀"
            </button>
            <button
                type="button"
                class="button small"
                data-testid="line-forward"
                aria-label=move || td_string!(host.locale(), line_forward).to_string()
                disabled=move || view.with(|h| h.values.as_ref().is_some_and(|a| h.step == Some(a.line.len() - 1)))
                on:click=move |_| view.update(|h| h.step_by(true))
            >
                "▶"
            </button>
            <Show when=move || view.with(HintView::previewing)>
                <button type="button" class="button small" data-testid="line-live" on:click=move |_| go(None)>
                    {move || td_string!(host.locale(), line_live).to_string()}
                </button>
            </Show>
            <p class="best-line-shown" data-testid="line-shown" role="status" aria-live="polite">{shown}</p>
        </section>
    }
}
