//! The views. Each reads the hot-seat game from one signal; none holds game logic.

mod board;
mod panels;

use leptos::prelude::*;

use crate::backend::HotSeat;
use crate::storage::{self, Loaded};

pub use board::Board;
pub use panels::PlayerPanel;

use outflank_engine::Player;

/// The hot-seat page: player panels, status line, board, controls.
#[component]
pub fn App() -> impl IntoView {
    let (initial, notice) = match storage::load() {
        Loaded::Nothing => (HotSeat::default(), None),
        Loaded::Game(game) => (game, None),
        Loaded::Corrupt(reason) => {
            leptos::logging::warn!("outflank: the saved game could not be read ({reason})");
            (
                HotSeat::default(),
                Some("The saved game could not be read: a new game was started.".to_string()),
            )
        }
    };
    let game = RwSignal::new(initial);
    let notice = RwSignal::new(notice);

    // Autosave after every change.
    Effect::new(move |_| game.with(storage::save));

    let new_game = move |_| {
        storage::clear();
        notice.set(None);
        game.set(HotSeat::default());
    };

    view! {
        <main class="outflank" data-outflank-viewer="" data-busy="false">
            <header class="top">
                <h1 class="title">"Outflank"</h1>
                <button class="button" type="button" data-testid="new-game" on:click=new_game>
                    "New game"
                </button>
            </header>
            <section class="players" aria-label="Players">
                <PlayerPanel game=game player=Player::First />
                <PlayerPanel game=game player=Player::Second />
            </section>
            <p class="status" data-testid="status" role="status" aria-live="polite">
                {move || game.with(HotSeat::status)}
            </p>
            <Board game=game />
            {move || {
                notice
                    .get()
                    .map(|text| {
                        view! {
                            <p class="notice" data-testid="notice" role="alert">
                                {text}
                            </p>
                        }
                    })
            }}
        </main>
    }
}
