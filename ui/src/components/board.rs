//! The board: square cells that scale with the viewport. Reversi on felt (or wood), a
//! goban for Gomoku (stones on the intersections), a 3x3 grid for Tic-Tac-Toe. Every cell
//! is a button (SPEC test hooks: data-square, data-disc, data-legal), reached with the
//! arrow keys (a roving cursor) and played with Enter or Space.

use leptos::ev;
use leptos::prelude::*;
use outflank_engine::{Game, GameKind, Player, Square};

use super::viewer::Ctx;
use crate::model;

#[component]
pub fn Board() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let shape = Memo::new(move |_| {
        ctx.data
            .with(|d| d.as_ref().map(|d| (d.game.kind(), d.game.size())))
    });
    let legal = Memo::new(move |_| {
        let n = shape.get().map_or(0, |(_, n)| n);
        let mut v = vec![false; usize::from(n) * usize::from(n)];
        for sq in ctx.legal() {
            if let Some(i) = sq.index(n) {
                v[i as usize] = true;
            }
        }
        v
    });
    let to_move = Memo::new(move |_| ctx.data.with(|d| d.as_ref().and_then(|d| d.game.to_move())));
    let last = Memo::new(move |_| {
        ctx.shown.with(|g| {
            g.as_ref()
                .and_then(|g| model::move_list(g).into_iter().rev().find(|m| m.placed))
                .map(|m| m.text)
        })
    });
    let line = Memo::new(move |_| {
        ctx.shown
            .with(|g| g.as_ref().map(model::winning_line).unwrap_or_default())
    });

    let on_key = move |e: ev::KeyboardEvent| {
        let Some((_, n)) = shape.get_untracked() else {
            return;
        };
        let n = usize::from(n);
        let i = ctx.cursor.get_untracked().min(n * n - 1);
        let (row, col) = (i / n, i % n);
        let next = match e.key().as_str() {
            "ArrowLeft" if col > 0 => i - 1,
            "ArrowRight" if col + 1 < n => i + 1,
            "ArrowUp" if row > 0 => i - n,
            "ArrowDown" if row + 1 < n => i + n,
            "Home" => row * n,
            "End" => row * n + n - 1,
            "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" => i,
            _ => return,
        };
        e.prevent_default();
        ctx.cursor.set(next);
        focus_cell(Square::from_index(next as u32, n as u8));
    };

    view! {
        {move || {
            shape
                .get()
                .map(|(kind, n)| {
                    let cells = model::squares(n)
                        .into_iter()
                        .enumerate()
                        .map(|(i, square)| view! { <Cell index=i square=square kind=kind legal=legal last=last line=line /> })
                        .collect_view();
                    let class = match kind {
                        GameKind::Reversi => "board reversi",
                        GameKind::Gomoku => "board goban",
                        GameKind::TicTacToe => "board tictactoe",
                    };
                    view! {
                        <div class="board-frame" style=format!("--n: {n}")>
                            <Coords n=n />
                            <div
                                class=class
                                role="group"
                                aria-label=format!("{} board, {n} by {n}", model::game_title(kind))
                                data-board=""
                                data-to-move=move || to_move.get().map(|p| p.index().to_string())
                                on:keydown=on_key
                            >
                                {decorations(kind, n)}
                                {cells}
                            </div>
                        </div>
                    }
                })
        }}
    }
}

fn focus_cell(square: Square) {
    let selector = format!("[data-outflank-viewer] [data-square=\"{square}\"]");
    if let Some(el) = document().query_selector(&selector).ok().flatten() {
        if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(el) {
            let _ = el.focus();
        }
    }
}

#[component]
fn Coords(n: u8) -> impl IntoView {
    let cols = (0..n)
        .map(|c| view! { <span>{char::from(b'a' + c).to_string()}</span> })
        .collect_view();
    let rows = (1..=n).map(|r| view! { <span>{r}</span> }).collect_view();
    view! {
        <div class="coords cols" aria-hidden="true">{cols}</div>
        <div class="coords rows" aria-hidden="true">{rows}</div>
    }
}

/// Grid lines and star points: at cell corners on a Reversi board, through the cell
/// centres on a goban.
fn decorations(kind: GameKind, n: u8) -> impl IntoView {
    let nf = f64::from(n);
    match kind {
        GameKind::Reversi => {
            let stars = if n >= 6 {
                vec![(2, 2), (n - 2, 2), (2, n - 2), (n - 2, n - 2)]
            } else {
                Vec::new()
            };
            stars
                .into_iter()
                .map(|(x, y)| {
                    let style = format!(
                        "left: {}%; top: {}%",
                        100.0 * f64::from(x) / nf,
                        100.0 * f64::from(y) / nf
                    );
                    view! { <span class="star" aria-hidden="true" style=style></span> }
                })
                .collect_view()
                .into_any()
        }
        GameKind::Gomoku => {
            let mut d = String::new();
            for k in 0..n {
                let c = f64::from(k) + 0.5;
                d.push_str(&format!("M0.5 {c}H{e}M{c} 0.5V{e}", e = nf - 0.5));
            }
            let edge = if n == 19 { [3, 9, 15] } else { [3, 7, 11] };
            let hoshi = edge
                .iter()
                .flat_map(|&x| edge.iter().map(move |&y| (x, y)))
                .filter(|&(x, y)| n == 19 || (x == y) || (x != 7 && y != 7))
                .map(|(x, y)| {
                    view! { <circle cx=f64::from(x) + 0.5 cy=f64::from(y) + 0.5 r="0.12"></circle> }
                })
                .collect_view();
            view! {
                <svg class="goban-lines" viewBox=format!("0 0 {n} {n}") aria-hidden="true" preserveAspectRatio="none">
                    <path d=d vector-effect="non-scaling-stroke"></path>
                    {hoshi}
                </svg>
            }
            .into_any()
        }
        GameKind::TicTacToe => ().into_any(),
    }
}

#[component]
fn Cell(
    index: usize,
    square: Square,
    kind: GameKind,
    legal: Memo<Vec<bool>>,
    last: Memo<Option<String>>,
    line: Memo<Vec<Square>>,
) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let piece = Memo::new(move |_| {
        if let Some(p) = ctx
            .frame
            .with(|f| f.as_ref().map(|f| f.pieces.get(index).copied().flatten()))
        {
            return p;
        }
        ctx.shown.with(|g| g.as_ref().and_then(|g| g.piece(square)))
    });
    let is_legal = Memo::new(move |_| legal.with(|v| v.get(index).copied().unwrap_or(false)));
    let landing = Memo::new(move |_| {
        ctx.frame
            .with(|f| f.as_ref().is_some_and(|f| f.placed == Some(index)))
    });
    let flipping = Memo::new(move |_| {
        ctx.frame
            .with(|f| f.as_ref().is_some_and(|f| f.flipping.contains(&index)))
    });
    let name = square.to_string();
    let last = Memo::new(move |_| last.with(|l| l.as_deref() == Some(name.as_str())));
    let winning = Memo::new(move |_| line.with(|l| l.contains(&square)));
    let has_piece = Memo::new(move |_| piece.get().is_some());
    let label = move || model::cell_label(kind, square, piece.get(), is_legal.get());
    let class = move || {
        let mut c = String::from("cell");
        for (on, name) in [
            (is_legal.get(), " legal"),
            (landing.get(), " landing"),
            (flipping.get(), " flipping"),
            (last.get(), " last"),
            (winning.get(), " win"),
        ] {
            if on {
                c.push_str(name);
            }
        }
        c
    };
    let tooltip = move || {
        is_legal.get().then_some(match kind {
            GameKind::Reversi => "Place a disc here",
            GameKind::Gomoku => "Place a stone here",
            GameKind::TicTacToe => "Place your mark here",
        })
    };
    let piece_class = match kind {
        GameKind::Reversi => "disc",
        GameKind::Gomoku => "disc stone",
        GameKind::TicTacToe => "mark",
    };
    view! {
        <button
            type="button"
            class=class
            data-square=square.to_string()
            data-legal=move || is_legal.get().then_some("true")
            aria-label=label
            title=tooltip
            tabindex=move || if ctx.cursor.get() == index { "0" } else { "-1" }
            on:click=move |_| {
                ctx.cursor.set(index);
                ctx.play(square);
            }
        >
            <Show when=move || has_piece.get()>
                <span
                    class=piece_class
                    data-disc=move || piece.get().map(|p| p.index().to_string())
                    data-owner=move || piece.get().map(|p| if p == Player::First { "first" } else { "second" })
                >
                    <span class="face front"></span>
                    <span class="face back"></span>
                </span>
            </Show>
        </button>
    }
}
