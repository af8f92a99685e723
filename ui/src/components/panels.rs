//! A player's panel: colour, name, disc count; lit while that player is to move.

use leptos::prelude::*;
use outflank_engine::Player;

use crate::backend::{colour, HotSeat};

#[component]
pub fn PlayerPanel(game: RwSignal<HotSeat>, player: Player) -> impl IntoView {
    let i = player.index();
    let active = Memo::new(move |_| game.with(|g| g.to_move() == Some(player)));
    let score = Memo::new(move |_| game.with(|g| g.scores()[i]));
    let chip = if player == Player::First {
        "chip dark"
    } else {
        "chip light"
    };
    view! {
        <div
            class="player"
            class:active=move || active.get()
            data-testid=format!("player-{i}")
            aria-current=move || active.get().then_some("true")
        >
            <span class=chip aria-hidden="true"></span>
            <span class="name">{colour(player)}</span>
            <span class="score" data-testid=format!("score-{i}") aria-label=move || {
                format!("{} discs", score.get())
            }>{move || score.get()}</span>
        </div>
    }
}
