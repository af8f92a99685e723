//! The evaluation graph under the board, in a reviewed game: the predicted final disc
//! difference (Dark's, up; Light's, down) after each move, one point per position; a click
//! on a point (or Enter on it) shows that position. Drawn in SVG from the review's values.

use leptos::prelude::*;

use super::ctx::Ctx;
use super::review::discs;
use crate::i18n::td_string;
use crate::review::Reviewed;

/// The graph's drawing size (the SVG scales to the width it is given).
const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 120.0;
/// Values beyond this many discs are drawn at the edge.
const SPAN: i32 = 64;

#[component]
pub fn EvaluationGraph(review: Reviewed) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let review = review.0;
    // (ply, value for Dark in hundredths, exact) of every position valued so far.
    let points = Memo::new(move |_| {
        review.with(|r| {
            let Some(r) = r else { return (Vec::new(), 0) };
            let (_, all) = r.progress();
            let points = (0..all)
                .filter_map(|ply| r.value(ply).map(|v| (ply, v.dark, v.exact)))
                .collect::<Vec<_>>();
            (points, all.saturating_sub(1).max(1))
        })
    });
    let x = move |ply: usize, last: usize| ply as f64 * WIDTH / last as f64;
    let y = |dark: i32| {
        let clamped = (dark / 100).clamp(-SPAN, SPAN);
        HEIGHT / 2.0 - f64::from(clamped) * (HEIGHT / 2.0 - 4.0) / f64::from(SPAN)
    };
    let line = move || {
        let (points, last) = points.get();
        points
            .iter()
            .map(|&(ply, dark, _)| format!("{:.1},{:.1}", x(ply, last), y(dark)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let shown = move || ctx.position().0;
    view! {
        <Show when=move || review.with(Option::is_some)>
            <figure class="evaluation-graph" data-testid="evaluation-graph">
                <svg
                    viewBox=format!("0 0 {WIDTH} {HEIGHT}")
                    preserveAspectRatio="none"
                    role="group"
                    aria-label=move || td_string!(ctx.locale(), graph_label).to_string()
                >
                    <line class="axis" x1="0" y1=HEIGHT / 2.0 x2=WIDTH y2=HEIGHT / 2.0></line>
                    <polyline class="curve" points=line></polyline>
                    {move || {
                        let (points, last) = points.get();
                        points
                            .into_iter()
                            .map(|(ply, dark, exact)| {
                                let label = move || {
                                    let l = ctx.locale();
                                    let value = discs(dark);
                                    if exact {
                                        td_string!(l, graph_point_exact, ply = ply, value = value).to_string()
                                    } else {
                                        td_string!(l, graph_point, ply = ply, value = value).to_string()
                                    }
                                };
                                view! {
                                    <circle
                                        class="point"
                                        class:here=move || shown() == ply
                                        data-testid="graph-point"
                                        data-ply=ply.to_string()
                                        data-value=dark.to_string()
                                        data-exact=exact.to_string()
                                        cx=format!("{:.1}", x(ply, last))
                                        cy=format!("{:.1}", y(dark))
                                        r="5"
                                        tabindex="0"
                                        role="button"
                                        aria-label=label
                                        on:click=move |_| ctx.goto(ply)
                                        on:keydown=move |e| {
                                            if e.key() == "Enter" || e.key() == " " {
                                                e.prevent_default();
                                                ctx.goto(ply);
                                            }
                                        }
                                    ></circle>
                                }
                            })
                            .collect_view()
                    }}
                </svg>
                <figcaption>{move || td_string!(ctx.locale(), graph_caption).to_string()}</figcaption>
            </figure>
        </Show>
    }
}
