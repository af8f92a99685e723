//! The board: square cells that scale with the viewport. Reversi on felt (or wood), a
//! goban for Gomoku (stones on the intersections), a 3x3 grid for Tic-Tac-Toe. Every cell
//! is a button (SPEC test hooks: data-square, data-disc, data-legal), reached with the
//! arrow keys (a roving cursor) and played with Enter or Space.

use leptos::ev;
use leptos::prelude::*;

use crate::hints::{exact_label, previewed, value_label, HintView, Hints};
use outflank_engine::{Game, GameKind, Player, Square};

use super::ctx::Ctx;
use crate::i18n::{td_string, Locale};
use crate::model;
use crate::say;

#[component]
pub fn Board() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let shape = Memo::new(move |_| {
        ctx.data
            .with(|d| d.as_ref().map(|d| (d.game.kind(), d.game.size())))
    });
    let to_move = Memo::new(move |_| ctx.data.with(|d| d.as_ref().and_then(|d| d.game.to_move())));
    // The host's hints, if it gives any (the hot-seat page does).
    let hints = use_context::<Hints>();
    // A step of the best line, when the person chose one: the board shows that position.
    let preview = Memo::new(move |_| ctx.data.with(|d| previewed(hints, &d.as_ref()?.game)));
    // Everything the cells show, computed once per change for the whole board; the effect
    // below hands each cell its own entry.
    let cells = Memo::new(move |_| {
        let n = shape.get().map_or(0, |(_, n)| n);
        let mut v = vec![CellView::default(); usize::from(n) * usize::from(n)];
        let draw = |g: &Option<outflank_engine::AnyGame>| {
            let Some(g) = g else { return };
            for (i, sq) in model::squares(n).into_iter().enumerate() {
                v[i].piece = g.piece(sq);
            }
            if let Some(i) = model::last_placed(g).and_then(|sq| sq.index(n)) {
                v[i as usize].last = true;
            }
            for sq in model::winning_line(g) {
                if let Some(i) = sq.index(n) {
                    v[i as usize].win = true;
                }
            }
        };
        if preview.with(Option::is_some) {
            // Nothing else: the line's position is only looked at, never played on.
            preview.with(draw);
            return v;
        }
        ctx.shown.with(draw);
        ctx.frame.with(|f| {
            if let Some(f) = f {
                for (cell, piece) in v.iter_mut().zip(&f.pieces) {
                    cell.piece = *piece;
                }
                if let Some(cell) = f.placed.and_then(|i| v.get_mut(i)) {
                    cell.landing = true;
                }
                for &i in &f.flipping {
                    if let Some(cell) = v.get_mut(i) {
                        cell.flipping = true;
                    }
                }
            }
        });
        let busy = ctx.busy();
        for sq in ctx.playable() {
            if let Some(i) = sq.index(n) {
                v[i as usize].playable = true;
                v[i as usize].legal = !busy;
            }
        }
        if let Some(Hints(hints)) = hints {
            hints.with(|h| {
                if let Some(i) = h.best.and_then(|sq| sq.index(n)) {
                    v[i as usize].hint = true;
                }
                for &(sq, score) in h.values.iter().flat_map(|a| &a.scores) {
                    if let Some(i) = sq.index(n) {
                        v[i as usize].value = h.values.as_ref().map(|a| (score, a.exact));
                    }
                }
                // Exact values as they are solved, before all are.
                for &(sq, score) in &h.solved {
                    if let Some(i) = sq.index(n) {
                        v[i as usize].value = Some((score, true));
                    }
                }
                for &(sq, discs) in &h.book {
                    if let Some(i) = sq.index(n) {
                        v[i as usize].book = Some(discs);
                    }
                }
            });
        }
        if let Some(cell) = v.get_mut(ctx.cursor.get()) {
            cell.focus = true;
        }
        v
    });
    // Signals per cell, set only when that cell changes: a move then wakes the few cells it
    // changes. (Every cell reading the whole board made a move on the 19x19 goban cost 361
    // re-subscriptions to one memo, quadratic in the reactive graph: 36 ms a click.)
    let cell_views = StoredValue::new(Vec::<CellSignals>::new());
    Effect::new(move |_| {
        cells.with(|v| {
            cell_views.with_value(|signals| {
                for (signal, view) in signals.iter().zip(v) {
                    signal.set(*view);
                }
            })
        })
    });

    // The language, for the cells' labels. Each cell reads it once, when the board is built,
    // and a change of language builds the board afresh: with every cell subscribed to the
    // preferences, each re-run of a cell's label (all empty cells, twice a move, as the board
    // locks and unlocks) re-subscribed to a source with hundreds of subscribers, which costs
    // time in proportion to their number (Leptos keeps a source's subscribers in order).
    let locale = Memo::new(move |_| ctx.locale());

    let on_key = move |e: ev::KeyboardEvent| {
        let Some((_, n)) = shape.get_untracked() else {
            return;
        };
        let i = ctx
            .cursor
            .get_untracked()
            .min(usize::from(n) * usize::from(n) - 1);
        let Some(next) = model::cursor_step(&e.key(), Square::from_index(i as u32, n), n) else {
            return;
        };
        e.prevent_default();
        ctx.cursor.set(next.index(n).map_or(i, |k| k as usize));
        focus_cell(next);
    };

    view! {
        {move || {
            shape
                .get()
                .map(|(kind, n)| {
                    let locale = locale.get();
                    let signals: Vec<CellSignals> = cells.with_untracked(|v| {
                        (0..usize::from(n) * usize::from(n))
                            .map(|i| CellSignals::new(v.get(i).copied().unwrap_or_default()))
                            .collect()
                    });
                    cell_views.set_value(signals.clone());
                    let cells = model::squares(n)
                        .into_iter()
                        .zip(signals)
                        .enumerate()
                        .map(|(i, (square, view))| view! { <Cell index=i square=square kind=kind locale=locale view=view hints=hints /> })
                        .collect_view();
                    let class = match kind {
                        GameKind::Reversi => "board reversi",
                        GameKind::Gomoku => "board goban",
                        GameKind::TicTacToe => "board tictactoe",
                    };
                    view! {
                        <div class="board-frame" class:preview=move || preview.with(Option::is_some) style=format!("--n: {n}")>
                            <Coords n=n />
                            <div
                                class=class
                                role="group"
                                aria-label=move || td_string!(ctx.locale(), board_label, game = say::game_name(ctx.locale(), kind), size = n).to_string()
                                data-board=""
                                data-to-move=move || to_move.get().map(|p| p.index().to_string())
                                data-preview=move || preview.with(Option::is_some).then_some("line")
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
    crate::js::focus(&format!(
        "[data-outflank-viewer] [data-square=\"{square}\"]"
    ));
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
    // Integer arithmetic only: formatting a float would pull core's float printing into the
    // first load for two attributes.
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
                    let style =
                        format!("left: calc(100% * {x} / {n}); top: calc(100% * {y} / {n})");
                    view! { <span class="star" aria-hidden="true" style=style></span> }
                })
                .collect_view()
                .into_any()
        }
        GameKind::Gomoku => {
            // In half cells, so that the lines through the cell centres fall on integers.
            let mut d = String::new();
            let e = 2 * u32::from(n) - 1;
            for k in 0..u32::from(n) {
                let c = 2 * k + 1;
                d.push_str(&format!("M1 {c}H{e}M{c} 1V{e}"));
            }
            let edge = if n == 19 { [3, 9, 15] } else { [3, 7, 11] };
            let hoshi = edge
                .iter()
                .flat_map(|&x| edge.iter().map(move |&y| (x, y)))
                .filter(|&(x, y)| n == 19 || (x == y) || (x != 7 && y != 7))
                .map(|(x, y)| {
                    view! { <circle cx=2 * x + 1 cy=2 * y + 1 r="0.24"></circle> }
                })
                .collect_view();
            view! {
                <svg class="goban-lines" viewBox=format!("0 0 {0} {0}", 2 * u32::from(n)) aria-hidden="true" preserveAspectRatio="none">
                    <path d=d vector-effect="non-scaling-stroke"></path>
                    {hoshi}
                </svg>
            }
            .into_any()
        }
        GameKind::TicTacToe => ().into_any(),
    }
}

/// One cell's [`CellView`] as signals. Legality has a signal of its own: locking the board
/// while a move is shown changes every empty cell's legality and nothing else about it, so
/// `look` (the rest, with `legal` always false) stays as it is, and the lock touches one
/// attribute per cell (`data-legal`, which also draws the dot); the label and the tooltip
/// follow `playable`, which the lock leaves alone. (With the class, the tooltip and the
/// label following the lock too, a click on the 19x19 goban cost about four times as many
/// DOM updates.)
#[derive(Clone, Copy)]
struct CellSignals {
    legal: RwSignal<bool>,
    look: RwSignal<CellView>,
}

impl CellSignals {
    fn new(view: CellView) -> CellSignals {
        CellSignals {
            legal: RwSignal::new(view.legal),
            look: RwSignal::new(CellView {
                legal: false,
                ..view
            }),
        }
    }

    /// Sets what changed.
    fn set(&self, view: CellView) {
        if self.legal.get_untracked() != view.legal {
            self.legal.set(view.legal);
        }
        let look = CellView {
            legal: false,
            ..view
        };
        if self.look.get_untracked() != look {
            self.look.set(look);
        }
    }
}

/// What one cell shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct CellView {
    piece: Option<Player>,
    /// A legal move for the viewer's player now: not while the board is locked.
    legal: bool,
    /// A legal move for the viewer's player in the position shown, locked or not.
    playable: bool,
    landing: bool,
    flipping: bool,
    last: bool,
    win: bool,
    /// The host's hint: the best move.
    hint: bool,
    /// The host's value of a move here, in hundredths of a disc, and whether it is exact.
    value: Option<(i32, bool)>,
    /// The move's value in the opening book, in discs (shown instead of `value`).
    book: Option<i32>,
    /// The keyboard cursor is here (the one cell reached with Tab).
    focus: bool,
}

#[component]
fn Cell(
    index: usize,
    square: Square,
    kind: GameKind,
    locale: Locale,
    view: CellSignals,
    hints: Option<Hints>,
) -> impl IntoView {
    let CellSignals { legal, look: view } = view;
    let ctx = expect_context::<Ctx>();
    let piece = Memo::new(move |_| view.get().piece);
    let is_legal = move || legal.get();
    let landing = move || view.get().landing;
    let flipping = move || view.get().flipping;
    let last = move || view.get().last;
    let winning = move || view.get().win;
    let has_piece = Memo::new(move |_| piece.get().is_some());
    let hinted = move || view.get().hint;
    let value = move || view.get().value;
    let book = move || view.get().book;
    let playable = move || view.get().playable;
    let label = move || model::cell_label(locale, kind, square, piece.get(), playable());
    let tooltip = move || {
        playable().then_some(match kind {
            GameKind::Reversi => td_string!(locale, place_disc),
            GameKind::Gomoku => td_string!(locale, place_stone),
            GameKind::TicTacToe => td_string!(locale, place_mark),
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
            // One toggle per state, so a change touches only the classes that changed.
            class="cell"
            class:landing=landing
            class:flipping=flipping
            class:last=last
            class:win=winning
            class:hint=hinted
            data-square=square.to_string()
            data-legal=move || is_legal().then_some("true")
            data-hint=move || hinted().then_some("best")
            data-exact=move || value().filter(|v| v.1).map(|(v, _)| exact_label(v / 100))
            data-value=move || value().map(|(v, exact)| value_label(v, exact))
            data-book=move || book().map(exact_label)
            aria-label=label
            title=tooltip
            tabindex=move || if view.get().focus { "0" } else { "-1" }
            on:click=move |_| {
                ctx.cursor.set(index);
                match hints {
                    // A click on the line's position goes back to the game, never plays.
                    Some(Hints(h)) if h.with_untracked(HintView::previewing) => {
                        h.update(|h| h.show_step(None))
                    }
                    _ => ctx.play(square),
                }
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
            {move || {
                let shown = match book() {
                    Some(discs) => Some((exact_label(discs), true)),
                    None => value().map(|(v, exact)| (value_label(v, exact), false)),
                };
                shown.map(|(text, in_book)| view! { <span class="move-value" class:book=in_book aria-hidden="true">{text}</span> })
            }}
        </button>
    }
}
