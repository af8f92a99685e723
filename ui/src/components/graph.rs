//! The evaluation graph under the board, in a reviewed game: the predicted final disc
//! difference (Dark's, up; Light's, down) after each move, one point per position; a click
//! on a point (or Enter on it) shows that position. Drawn in SVG from the review's values.

use leptos::prelude::*;

use super::ctx::Ctx;
use super::review::discs;
use crate::i18n::td_string;
use crate::review::Reviewed;

/// The graph's drawing size in its own units: the SVG stretches to the width it is given,
/// so the points are round buttons laid over it rather than circles inside it (which would
/// stretch into ellipses). Integers only: formatting floats would weigh on the first load.
const WIDTH: i32 = 1000;
const HEIGHT: i32 = 240;
/// Values beyond this many discs are drawn at the edge.
const SPAN: i32 = 64;

/// Where a point goes: `(x, y)` in the graph's units.
fn place(ply: usize, last: usize, dark: i32) -> (i32, i32) {
    let x = (ply * WIDTH as usize / last.max(1)) as i32;
    let clamped = (dark / 100).clamp(-SPAN, SPAN);
    let y = HEIGHT / 2 - clamped * (HEIGHT / 2 - 8) / SPAN;
    (x, y)
}

/// Mounted while there is a review (the viewer decides, lazy.rs).
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
    let line = move || {
        let (points, last) = points.get();
        points
            .iter()
            .map(|&(ply, dark, _)| {
                let (x, y) = place(ply, last, dark);
                format!("{x},{y}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let shown = move || ctx.position().0;
    view! {
        <figure class="evaluation-graph" data-testid="evaluation-graph">
            <div
                class="graph-area"
                role="group"
                aria-label=move || td_string!(ctx.locale(), graph_label).to_string()
            >
                <svg viewBox=format!("0 0 {WIDTH} {HEIGHT}") preserveAspectRatio="none" aria-hidden="true">
                    <line class="axis" x1="0" y1=HEIGHT / 2 x2=WIDTH y2=HEIGHT / 2></line>
                    <polyline class="curve" points=line></polyline>
                </svg>
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
                            let (x, y) = place(ply, last, dark);
                            let style = format!(
                                "left: calc(100% * {x} / {WIDTH}); top: calc(100% * {y} / {HEIGHT})"
                            );
                            view! {
                                <button
                                    type="button"
                                    class="point"
                                    class:here=move || shown() == ply
                                    data-testid="graph-point"
                                    data-ply=ply.to_string()
                                    data-value=dark.to_string()
                                    data-exact=exact.to_string()
                                    style=style
                                    aria-label=label
                                    on:click=move |_| ctx.goto(ply)
                                ></button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <figcaption>{move || td_string!(ctx.locale(), graph_caption).to_string()}</figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_span_the_graph_and_clamp_at_its_edges() {
        assert_eq!(place(0, 60, 0), (0, HEIGHT / 2));
        assert_eq!(place(60, 60, 0).0, WIDTH);
        assert_eq!(place(30, 60, 6400), (WIDTH / 2, 8));
        assert_eq!(place(30, 60, -9900), (WIDTH / 2, HEIGHT - 8));
        assert!(place(1, 60, 100).1 < HEIGHT / 2, "Dark's advantage is up");
    }
}
