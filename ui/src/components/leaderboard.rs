//! The local leader board's dialog: the table of the current game's kind, ranked by the
//! rule it states ([`crate::leaderboard`]), and a way to clear it.

use leptos::prelude::*;

use super::dialogs::{escape_closes, refocus};
use crate::backend::HotSeat;
use crate::host::Host;
use crate::i18n::td_string;
use crate::leaderboard::LeaderBoard;
use crate::say;
use crate::storage;

#[component]
pub fn LeaderBoardDialog(open: RwSignal<bool>, host: Host) -> impl IntoView {
    let kind = host.with(|h| h.game().kind());
    let rows = move || host.leaderboard.with(|b| b.standings(kind));
    let close = move || {
        open.set(false);
        refocus("leaderboard".into());
    };
    let confirming = RwSignal::new(false);
    let close_button = NodeRef::<leptos::html::Button>::new();
    request_animation_frame(move || {
        if let Some(el) = close_button.get_untracked() {
            let _ = el.focus();
        }
    });
    let clear = move |_| {
        if confirming.get_untracked() {
            let board = LeaderBoard::cleared(host.with(HotSeat::id));
            storage::save_leaderboard(&board);
            host.leaderboard.set(board);
            confirming.set(false);
        } else {
            confirming.set(true);
        }
    };
    view! {
        <div class="backdrop">
            <div
                class="dialog leaderboard"
                role="dialog"
                aria-modal="true"
                aria-labelledby="leaderboard-title"
                data-testid="leaderboard-dialog"
                on:keydown=escape_closes(close)
            >
                <h2 id="leaderboard-title">{move || td_string!(host.locale(), leaderboard_title, game = say::game_name(host.locale(), kind)).to_string()}</h2>
                <p class="hint">{move || td_string!(host.locale(), ranking_rule)}</p>
                <Show
                    when=move || !rows().is_empty()
                    fallback=move || view! { <p data-testid="leaderboard-empty">{move || td_string!(host.locale(), lb_empty)}</p> }
                >
                    <table data-testid="leaderboard-table">
                        <thead>
                            <tr>
                                <th scope="col">"#"</th>
                                <th scope="col">{move || td_string!(host.locale(), player)}</th>
                                <th scope="col">{move || td_string!(host.locale(), lb_games)}</th>
                                <th scope="col"><abbr title=move || td_string!(host.locale(), lb_won)>{move || td_string!(host.locale(), lb_won_short)}</abbr></th>
                                <th scope="col"><abbr title=move || td_string!(host.locale(), lb_drawn)>{move || td_string!(host.locale(), lb_drawn_short)}</abbr></th>
                                <th scope="col"><abbr title=move || td_string!(host.locale(), lb_lost)>{move || td_string!(host.locale(), lb_lost_short)}</abbr></th>
                                <th scope="col"><abbr title=move || td_string!(host.locale(), lb_differential)>"±"</abbr></th>
                            </tr>
                        </thead>
                        <tbody>
                            {move || {
                                rows()
                                    .into_iter()
                                    .enumerate()
                                    .map(|(k, s)| {
                                        let discs = if s.discs > 0 { format!("+{}", s.discs) } else { s.discs.to_string() };
                                        view! {
                                            <tr data-testid="leaderboard-row">
                                                <td>{k + 1}</td>
                                                <th scope="row">{s.name.clone()}</th>
                                                <td>{s.played()}</td>
                                                <td>{s.wins}</td>
                                                <td>{s.draws}</td>
                                                <td>{s.losses}</td>
                                                <td>{discs}</td>
                                            </tr>
                                        }
                                    })
                                    .collect_view()
                            }}
                        </tbody>
                    </table>
                </Show>
                <div class="dialog-buttons">
                    <button
                        type="button"
                        class="button"
                        data-testid="leaderboard-clear"
                        disabled=move || host.leaderboard.with(LeaderBoard::is_empty)
                        on:click=clear
                    >
                        {move || if confirming.get() { td_string!(host.locale(), lb_confirm) } else { td_string!(host.locale(), lb_clear) }}
                    </button>
                    <button
                        type="button"
                        class="button primary"
                        node_ref=close_button
                        data-testid="leaderboard-close"
                        on:click=move |_| close()
                    >
                        {move || td_string!(host.locale(), close)}
                    </button>
                </div>
            </div>
        </div>
    }
}
