//! The New game dialog's board editor: squares to click (with the brush), clear and
//! standard-start buttons, the side to move. It edits the form's [`Setup`] signal; the
//! editor's logic is [`crate::host::editor`].

use leptos::prelude::*;
use outflank_engine::{GameKind, Player, Square};

use crate::host::editor::{Brush, Editor, Problem};
use crate::host::setup::Setup;
use crate::host::Host;
use crate::i18n::{td_string, Locale};
use crate::say;
use crate::{js, model};

/// What is wrong with a set-up, in the page's language.
pub fn say_problem(l: Locale, problem: &Problem) -> String {
    match problem {
        Problem::EmptyCentre(squares) => {
            let squares: Vec<String> = squares.iter().map(Square::to_string).collect();
            td_string!(l, editor_centre_empty, squares = squares.join(", ")).to_string()
        }
    }
}

fn brush_label(l: Locale, brush: Brush) -> String {
    match brush {
        Brush::Cycle => td_string!(l, brush_cycle).to_string(),
        Brush::Dark => say::colour(l, GameKind::Reversi, Player::First),
        Brush::Light => say::colour(l, GameKind::Reversi, Player::Second),
        Brush::Erase => td_string!(l, brush_erase).to_string(),
    }
}

#[component]
pub fn PositionEditor(s: RwSignal<Setup>, host: Host) -> impl IntoView {
    let edit = move |change: &dyn Fn(&mut Editor)| {
        s.update(|s| {
            if let Some(editor) = &mut s.position {
                change(editor);
            }
        })
    };
    let read = move |f: &dyn Fn(&Editor) -> String| {
        s.with(|s| s.position.as_ref().map(f).unwrap_or_default())
    };
    let size = Memo::new(move |_| s.with(|s| s.position.as_ref().map_or(8, Editor::size)));
    let owner = move |sq: Square| s.with(|s| s.position.as_ref().and_then(|e| e.disc(sq)));
    // One square in the tab order (a roving cursor, as on the board): the arrow keys move
    // it, so a keyboard crosses the editor in one Tab, not 64.
    let cursor = RwSignal::new(Square::new(0, 0));
    Effect::new(move |_| {
        // Another size: the cursor goes back to a1, always on the board.
        size.track();
        cursor.set(Square::new(0, 0));
    });
    let on_key = move |e: leptos::ev::KeyboardEvent| {
        let Some(next) = model::cursor_step(&e.key(), cursor.get_untracked(), size.get_untracked())
        else {
            return;
        };
        e.prevent_default();
        cursor.set(next);
        js::focus(&format!(
            "[data-testid=\"editor-square\"][data-square=\"{next}\"]"
        ));
    };
    let square = move |sq: Square| {
        let label = move || {
            let l = host.locale();
            match owner(sq) {
                Some(p) => td_string!(
                    l,
                    cell_piece,
                    square = sq.to_string(),
                    piece = say::piece(l, GameKind::Reversi, p)
                )
                .to_string(),
                None => td_string!(l, cell_empty, square = sq.to_string()).to_string(),
            }
        };
        view! {
            <button
                type="button"
                class="editor-square"
                data-testid="editor-square"
                data-square=sq.to_string()
                data-owner=move || owner(sq).map(|p| p.index().to_string()).unwrap_or_default()
                aria-label=label
                title=sq.to_string()
                tabindex=move || if cursor.get() == sq { "0" } else { "-1" }
                on:click=move |_| {
                    cursor.set(sq);
                    edit(&|e| e.click(sq))
                }
            >
                {move || owner(sq).map(|p| {
                    let class = match p {
                        Player::First => "editor-disc dark",
                        Player::Second => "editor-disc light",
                    };
                    view! { <span class=class></span> }
                })}
            </button>
        }
    };
    view! {
        <fieldset class="editor" data-testid="editor">
            <legend>{move || td_string!(host.locale(), setup_position)}</legend>
            <p class="editor-help">{move || td_string!(host.locale(), editor_help)}</p>
            <div class="editor-frame" style=move || format!("--n: {}", size.get())>
            // The coordinates of a book diagram, to set it up square by square.
            <span class="editor-corner" aria-hidden="true"></span>
            <div class="editor-cols" aria-hidden="true">
                {move || (0..size.get()).map(|c| view! { <span>{char::from(b'a' + c).to_string()}</span> }).collect_view()}
            </div>
            <div class="editor-rows" aria-hidden="true">
                {move || (1..=size.get()).map(|r| view! { <span>{r}</span> }).collect_view()}
            </div>
            <div
                class="editor-board"
                role="group"
                style=move || format!("--n: {}", size.get())
                on:keydown=on_key
                aria-label=move || td_string!(host.locale(), editor_board, size = size.get()).to_string()
            >
                {move || {
                    let n = size.get();
                    (0..n)
                        .flat_map(|row| (0..n).map(move |col| Square::new(col, row)))
                        .map(square)
                        .collect_view()
                }}
            </div>
            </div>
            <p class="editor-counts" data-testid="editor-counts" aria-live="polite">
                {move || {
                    let [dark, light] = s.with(|s| s.position.as_ref().map_or([0, 0], Editor::counts));
                    td_string!(host.locale(), editor_counts, dark = dark, light = light).to_string()
                }}
            </p>
            <div class="editor-brushes" role="radiogroup" aria-label=move || td_string!(host.locale(), editor_brush)>
                {Brush::ALL
                    .map(|brush| view! {
                        <label class="editor-brush">
                            <input
                                type="radio"
                                name="editor-brush"
                                value=brush.key()
                                data-testid=format!("editor-brush-{}", brush.key())
                                prop:checked=move || s.with(|s| s.position.as_ref().is_some_and(|e| e.brush == brush))
                                on:change=move |_| edit(&|e| e.brush = brush)
                            />
                            " "{move || brush_label(host.locale(), brush)}
                        </label>
                    })
                    .collect_view()}
            </div>
            <div class="editor-buttons">
                <button type="button" class="button small" data-testid="editor-clear" on:click=move |_| edit(&Editor::clear)>
                    {move || td_string!(host.locale(), editor_clear)}
                </button>
                <button type="button" class="button small" data-testid="editor-reset" on:click=move |_| edit(&Editor::reset)>
                    {move || td_string!(host.locale(), editor_reset)}
                </button>
            </div>
            <label>
                {move || td_string!(host.locale(), editor_to_move)}" "
                <select
                    data-testid="editor-to-move"
                    prop:value=move || read(&|e| e.to_move().index().to_string())
                    on:change=move |ev| {
                        let player = if event_target_value(&ev) == "1" { Player::Second } else { Player::First };
                        edit(&|e| e.set_to_move(player));
                    }
                >
                    {Player::BOTH
                        .map(|p| view! {
                            <option value=p.index().to_string()>
                                {move || say::colour(host.locale(), GameKind::Reversi, p)}
                            </option>
                        })
                        .collect_view()}
                </select>
            </label>
            <button type="submit" class="button primary" data-testid="editor-start">
                {move || td_string!(host.locale(), editor_start)}
            </button>
        </fieldset>
    }
}
