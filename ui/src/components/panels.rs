//! A player's panel: colour, the host's picture of them, name (a button: the host may
//! rename), count, Gomoku stones left; lit while that player is to move.

use leptos::prelude::*;
use outflank_engine::Player;

use super::ctx::Ctx;
use crate::hints::{previewed, Hints};
use crate::i18n::td_string;
use crate::model::{self, Panel};

#[component]
pub fn PlayerPanel(player: Player) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let i = player.index();
    // While the board shows a step of the best line, the panels count that position.
    let hints = use_context::<Hints>();
    let panel = Memo::new(move |_| {
        let frame_scores = ctx.frame.with(|f| f.as_ref().map(|f| f.scores));
        ctx.data.with(|d| {
            let d = d.as_ref()?;
            let preview = previewed(hints, &d.game);
            let frame_scores = frame_scores.filter(|_| preview.is_none());
            let game = preview.or_else(|| ctx.shown.get())?;
            let l = ctx.locale();
            let mut p: Panel = model::panel(l, d, &game, player);
            if let Some(scores) = frame_scores {
                p.score = scores[i];
                p.score_label = model::score_label(l, game.kind(), p.score);
            }
            Some(p)
        })
    });
    let get = move |f: fn(&Panel) -> String| panel.with(|p| p.as_ref().map(f).unwrap_or_default());
    let active = move || panel.with(|p| p.as_ref().is_some_and(|p| p.active));
    let winner = move || panel.with(|p| p.as_ref().is_some_and(|p| p.winner));
    let class = move || {
        let mut c = format!("player p{i}");
        if active() {
            c.push_str(" active");
        }
        if winner() {
            c.push_str(" winner");
        }
        c
    };
    // The host's picture of the player (BGS `avatars`), if it sent one.
    let avatar = move || {
        ctx.avatars
            .with(|a| a.get(i).cloned())
            .filter(|src| !src.trim().is_empty())
    };
    let clicked = move |_| ctx.player_clicked(player);
    view! {
        <div class=class data-testid=format!("player-{i}") aria-current=move || active().then_some("true")>
            <span class="chip" data-owner=if i == 0 { "first" } else { "second" } aria-hidden="true"></span>
            {move || avatar().map(|src| view! {
                <img class="avatar" src=src alt="" data-testid=format!("avatar-{i}") />
            })}
            <span class="who">
                <button
                    type="button"
                    class="name"
                    data-testid=format!("name-{i}")
                    title=move || if ctx.hot_seat { td_string!(ctx.locale(), rename_player) } else { td_string!(ctx.locale(), player) }
                    on:click=clicked
                >
                    {move || get(|p| p.name.clone())}
                </button>
                <span class="colour">
                    {move || panel.with(|p| p.as_ref().filter(|p| p.name != p.colour).map(|p| p.colour.clone())).map(|c| view! {
                        <span class="colour-name">{c}</span>
                    })}
                    {move || panel.with(|p| p.as_ref().and_then(|p| p.stones_left)).map(|n| view! {
                        <span class="stones" data-testid=format!("stones-{i}")>{move || td_string!(ctx.locale(), stones_left, count = n).to_string()}</span>
                    })}
                </span>
            </span>
            <span
                class="score"
                data-testid=format!("score-{i}")
                aria-label=move || get(|p| p.score_label.clone())
            >
                {move || get(|p| p.score.to_string())}
            </span>
        </div>
    }
}
