//! The board: square cells on green felt, coordinates around it, star points, discs.

use leptos::prelude::*;
use outflank_engine::{Player, Square};

use crate::backend::HotSeat;

/// The board of the game in `game`; rebuilt only when the board size changes.
#[component]
pub fn Board(game: RwSignal<HotSeat>) -> impl IntoView {
    let size = Memo::new(move |_| game.with(|g| g.size()));
    let to_move = Memo::new(move |_| game.with(|g| g.to_move().map(|p| p.index())));
    view! {
        <div class="board-frame" style=move || format!("--n: {}", size.get())>
            <div class="coords cols" aria-hidden="true">
                {move || {
                    (0..size.get())
                        .map(|c| view! { <span>{char::from(b'a' + c).to_string()}</span> })
                        .collect_view()
                }}
            </div>
            <div class="coords rows" aria-hidden="true">
                {move || (1..=size.get()).map(|r| view! { <span>{r}</span> }).collect_view()}
            </div>
            <div
                class="board"
                role="group"
                aria-label="Board"
                data-to-move=move || to_move.get().map(|i| i.to_string())
            >
                {move || {
                    let n = size.get();
                    let stars = star_points(n)
                        .into_iter()
                        .map(|(x, y)| {
                            let style = format!(
                                "left: {}%; top: {}%",
                                100.0 * f64::from(x) / f64::from(n),
                                100.0 * f64::from(y) / f64::from(n),
                            );
                            view! { <span class="star" aria-hidden="true" style=style></span> }
                        })
                        .collect_view();
                    let cells = game
                        .with_untracked(HotSeat::squares)
                        .into_iter()
                        .map(|square| view! { <Cell game=game square=square /> })
                        .collect_view();
                    (cells, stars)
                }}
            </div>
        </div>
    }
}

/// Where the star points go, as grid-line intersections (0..=n): the corners of the
/// central block, two lines in from each edge (c3/g3/c7/g7 corners on 8x8).
fn star_points(n: u8) -> Vec<(u8, u8)> {
    if n < 6 {
        return Vec::new();
    }
    let (a, b) = (2, n - 2);
    vec![(a, a), (b, a), (a, b), (b, b)]
}

#[component]
fn Cell(game: RwSignal<HotSeat>, square: Square) -> impl IntoView {
    let cell = Memo::new(move |_| game.with(|g| g.cell(square)));
    let label = Memo::new(move |_| game.with(|g| g.cell_label(square)));
    let play = move |_| {
        if cell.get_untracked().legal {
            game.update(|g| {
                if let Err(e) = g.play(square) {
                    leptos::logging::warn!("outflank: {square} refused: {e}");
                }
            });
        }
    };
    view! {
        <button
            type="button"
            class="cell"
            class:legal=move || cell.get().legal
            data-square=square.to_string()
            data-legal=move || cell.get().legal.then_some("true")
            aria-label=move || label.get()
            title=move || cell.get().legal.then_some("Place a disc here")
            on:click=play
        >
            {move || {
                cell.get()
                    .disc
                    .map(|p| {
                        let class = if p == Player::First { "disc dark" } else { "disc light" };
                        view! { <span class=class data-disc=p.index().to_string()></span> }
                    })
            }}
        </button>
    }
}
