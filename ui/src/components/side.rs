//! Beside the board: history navigation, the move list with the record, preferences, and
//! the end-of-game statistics.

use super::review::discs;
use crate::review::{Mark, Reviewed};
use leptos::prelude::*;
use outflank_engine::{Game, Player};

use super::ctx::Ctx;
use super::lazy;
use crate::i18n::{td_string, Locale};
use crate::js;
use crate::model;
use crate::protocol::{Language, Preference, Skin, Speed, ThemePref};

/// What sits beside the board (on a phone, below it): the history bar, conceding and the
/// preferences, the move list.
#[component]
pub fn Side() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let busy = Memo::new(move |_| ctx.busy());
    let can_concede = Memo::new(move |_| {
        let Some(p) = ctx.player.get() else {
            return false;
        };
        ctx.my_turn()
            && !busy.get()
            && ctx
                .data
                .with(|d| d.as_ref().is_some_and(|d| model::can_concede(&d.game, p)))
    });
    view! {
        <HistoryBar />
        <div class="actions">
            <button
                type="button"
                class="button"
                data-testid="concede"
                disabled=move || !can_concede.get()
                title=move || td_string!(ctx.locale(), concede_title)
                on:click=move |_| ctx.concede()
            >
                {move || td_string!(ctx.locale(), concede)}
            </button>
            <PrefsPanel />
        </div>
        <MoveList />
    }
}

/// init / prev / next / now (Home, Left, Right, End).
#[component]
pub fn HistoryBar() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let pos = Memo::new(move |_| ctx.position());
    let button = move |key: &'static str,
                       label: &'static str,
                       title: fn(Locale) -> &'static str,
                       at_end: fn((usize, usize)) -> bool| {
        let title = move || title(ctx.locale());
        view! {
            <button
                type="button"
                class="button small"
                data-testid=format!("history-{key}")
                title=title
                aria-label=title
                disabled=move || at_end(pos.get())
                on:click=move |_| ctx.history(key)
            >
                {label}
            </button>
        }
    };
    view! {
        <div class="history" role="group" aria-label=move || td_string!(ctx.locale(), history)>
            {button("init", "«", |l| td_string!(l, history_init), |(c, _)| c == 0)}
            {button("prev", "‹", |l| td_string!(l, history_prev), |(c, _)| c == 0)}
            <span class="history-pos" data-testid="history-position">
                {move || {
                    let (c, t) = pos.get();
                    format!("{c}/{t}")
                }}
            </span>
            {button("next", "›", |l| td_string!(l, history_next), |(c, t)| c >= t)}
            {button("now", "»", |l| td_string!(l, history_now), |(c, t)| c >= t)}
        </div>
        <Show when=move || ctx.historical()>
            <p class="historical-marker" data-testid="historical">{move || td_string!(ctx.locale(), historical_marker)}</p>
        </Show>
    }
}

/// The moves in notation; a click shows that position. The record can be copied.
/// Keyed, so a new move adds one item instead of rebuilding the list.
#[component]
pub fn MoveList() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let entries = Memo::new(move |_| {
        ctx.data.with(|d| {
            d.as_ref()
                .map(|d| model::move_list(ctx.locale(), &d.game))
                .unwrap_or_default()
        })
    });
    let record = Memo::new(move |_| {
        ctx.data
            .with(|d| d.as_ref().map(|d| d.game.record()).unwrap_or_default())
    });
    // Whether the record was copied (the words follow the language).
    let copied = RwSignal::new(None::<bool>);
    let copy = move |_| {
        js::copy_text(
            &record.get_untracked(),
            move || copied.set(Some(true)),
            move || copied.set(Some(false)),
        );
    };
    let copied_text = move || {
        copied.get().map(|ok| {
            let l = ctx.locale();
            if ok {
                td_string!(l, record_copied)
            } else {
                td_string!(l, record_copy_failed)
            }
        })
    };
    let items = move || entries.get().into_iter().enumerate().collect::<Vec<_>>();
    let reviewed = use_context::<Reviewed>();
    let row = move |(k, m): (usize, model::MoveEntry)| {
        let ply = m.ply;
        let placed = m.placed;
        let here = Memo::new(move |_| placed && ctx.position().0 == ply);
        let class = match m.opening {
            Some(_) => format!("move p{} named", m.player.index()),
            None => format!("move p{}", m.player.index()),
        };
        // A reviewed game's mistakes and blunders, with what they lost.
        let judged = move || {
            reviewed.and_then(|r| {
                r.0.with(|r| r.as_ref().and_then(|r| r.judged_at(ply)))
                    .filter(|_| placed)
            })
        };
        let mark = move || judged().and_then(|j| j.mark).map(Mark::key);
        let named = m.opening.map(|o| o.full_name());
        let label = match &named {
            Some(name) => format!("{} ({name})", m.text),
            None => m.text.clone(),
        };
        let first = m.player == Player::First;
        view! {
            <li class=class data-mark=mark>
                <button
                    type="button"
                    data-ply=ply.to_string()
                    aria-label=move || {
                        let l = ctx.locale();
                        let lost = judged()
                            .and_then(|j| Some((j.mark?, j.loss)))
                            .map(|(mark, loss)| {
                                let mark = match mark {
                                    Mark::Mistake => td_string!(l, mark_mistake).to_string(),
                                    Mark::Blunder => td_string!(l, mark_blunder).to_string(),
                                };
                                td_string!(l, mark_lost, mark = mark, lost = discs(loss)).to_string()
                            })
                            .unwrap_or_default();
                        let who = if first {
                            td_string!(l, first_player_lc)
                        } else {
                            td_string!(l, second_player_lc)
                        };
                        let what = format!("{label}{lost}");
                        td_string!(l, move_label, number = k + 1, who, what).to_string()
                    }
                    title=named.clone()
                    data-opening=named
                    aria-current=move || here.get().then_some("step")
                    on:click=move |_| ctx.goto(ply)
                >
                    {m.text.clone()}
                </button>
            </li>
        }
    };
    view! {
        <section class="moves" aria-label=move || td_string!(ctx.locale(), moves)>
            <ol class="move-list" data-testid="move-list" data-empty=move || td_string!(ctx.locale(), no_moves)>
                <For each=items key=|(k, m): &(usize, model::MoveEntry)| (*k, m.ply, m.text.clone()) children=row />
            </ol>
            <div class="record">
                <label for="outflank-record">{move || td_string!(ctx.locale(), record)}</label>
                <input id="outflank-record" data-testid="record" readonly prop:value=move || record.get() />
                <button type="button" class="button small" data-testid="copy-record" on:click=copy>
                    {move || td_string!(ctx.locale(), copy)}
                </button>
                <span class="copied" role="status">{copied_text}</span>
            </div>
        </section>
    }
}

/// Skin, highlights, animation speed, theme.
/// Sets the preference a `<select>` chose (its options are the choices' words).
fn choose<T>(
    ctx: Ctx,
    event: &leptos::ev::Event,
    read: fn(&str) -> Option<T>,
    preference: fn(T) -> Preference,
) {
    if let Some(choice) = read(&event_target_value(event)) {
        ctx.set_preference(preference(choice));
    }
}

#[component]
pub fn PrefsPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let open = RwSignal::new(false);
    view! {
        <button
            type="button"
            class="button"
            data-testid="preferences"
            aria-expanded=move || if open.get() { "true" } else { "false" }
            aria-controls="outflank-prefs"
            on:click=move |_| open.update(|o| *o = !*o)
        >
            {move || td_string!(ctx.locale(), preferences)}
        </button>
        // The choices' code loads when they are first opened (lazy.rs); their holder is in
        // the page at once, so the button never says it controls an element not there yet.
        {move || open.get().then(|| view! { <div id="outflank-prefs">{lazy::prefs_fields()}</div> })}
    }
}

/// The preferences' choices, under the Preferences button once it is opened.
#[component]
pub fn PrefsFields() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let prefs = ctx.prefs;
    view! {
        <fieldset class="prefs">
            <legend>{move || td_string!(ctx.locale(), preferences)}</legend>
            <label>
                {move || td_string!(ctx.locale(), language)}" "
                <select
                    data-testid="pref-language"
                    on:change=move |e| choose(ctx, &e, Language::from_key, Preference::Language)
                    prop:value=move || prefs.get().language.key()
                >
                    {Language::ALL
                        .iter()
                        .map(|l| view! { <option value=l.key() lang=l.key()>{l.own_name()}</option> })
                        .collect_view()}
                </select>
            </label>
            <label>
                {move || td_string!(ctx.locale(), board_style)}" "
                <select
                    data-testid="pref-skin"
                    on:change=move |e| choose(ctx, &e, Skin::from_key, Preference::Skin)
                    prop:value=move || prefs.get().skin.key()
                >
                    <option value="classic">{move || td_string!(ctx.locale(), skin_classic)}</option>
                    <option value="wooden">{move || td_string!(ctx.locale(), skin_wooden)}</option>
                </select>
            </label>
            <label>
                <input
                    type="checkbox"
                    data-testid="pref-highlights"
                    prop:checked=move || prefs.get().highlights
                    on:change=move |e| ctx.set_preference(Preference::Highlights(event_target_checked(&e)))
                />
                " "{move || td_string!(ctx.locale(), show_moves)}
            </label>
            <label>
                {move || td_string!(ctx.locale(), animation)}" "
                <select
                    data-testid="pref-speed"
                    on:change=move |e| choose(ctx, &e, Speed::from_key, Preference::Speed)
                    prop:value=move || prefs.get().speed.key()
                >
                    <option value="normal">{move || td_string!(ctx.locale(), speed_normal)}</option>
                    <option value="fast">{move || td_string!(ctx.locale(), speed_fast)}</option>
                    <option value="off">{move || td_string!(ctx.locale(), speed_off)}</option>
                </select>
            </label>
            {ctx.reduced_motion.then(|| view! { <p class="hint">{move || td_string!(ctx.locale(), reduced_motion)}</p> })}
            <label>
                <input
                    type="checkbox"
                    data-testid="pref-sound"
                    prop:checked=move || prefs.get().sound
                    on:change=move |e| ctx.set_preference(Preference::Sound(event_target_checked(&e)))
                />
                " "{move || td_string!(ctx.locale(), sound)}
            </label>
            <label>
                {move || td_string!(ctx.locale(), volume)}" "
                <input
                    type="range"
                    min="0"
                    max="100"
                    step="10"
                    data-testid="pref-volume"
                    disabled=move || !prefs.get().sound
                    prop:value=move || prefs.get().volume.to_string()
                    on:change=move |e| {
                        if let Ok(v) = event_target_value(&e).parse::<u8>() {
                            ctx.set_preference(Preference::Volume(v.min(100)));
                        }
                    }
                />
            </label>
            <label>
                {move || td_string!(ctx.locale(), theme)}" "
                <select
                    data-testid="pref-theme"
                    on:change=move |e| choose(ctx, &e, ThemePref::from_key, Preference::Theme)
                    prop:value=move || prefs.get().theme.key()
                >
                    <option value="auto">{move || td_string!(ctx.locale(), theme_auto)}</option>
                    <option value="light">{move || td_string!(ctx.locale(), theme_light)}</option>
                    <option value="dark">{move || td_string!(ctx.locale(), theme_dark)}</option>
                </select>
            </label>
        </fieldset>
    }
}

/// The result and per-player statistics once the game is over.
#[component]
pub fn StatsPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let content = move || {
        ctx.data.with(|d| {
            let d = d.as_ref()?;
            let l = ctx.locale();
            let names = [model::display_name(l, d, Player::First), model::display_name(l, d, Player::Second)];
            let result = model::result_text(l, d, &d.game).unwrap_or_default();
            let rows = model::stats_rows(l, &d.game)
                .into_iter()
                .map(|(label, [a, b])| view! { <tr><th scope="row">{label}</th><td>{a}</td><td>{b}</td></tr> })
                .collect_view();
            Some(view! {
                <p class="result" data-testid="result">{result}</p>
                <table class="stats-table">
                    <caption>{td_string!(l, statistics)}</caption>
                    <thead><tr><td></td><th scope="col">{names[0].clone()}</th><th scope="col">{names[1].clone()}</th></tr></thead>
                    <tbody>{rows}</tbody>
                </table>
            })
        })
    };
    view! {
        <section class="stats" data-testid="stats" aria-label=move || td_string!(ctx.locale(), end_of_game)>
            <h3>{move || td_string!(ctx.locale(), game_over)}</h3>
            {content}
        </section>
    }
}
