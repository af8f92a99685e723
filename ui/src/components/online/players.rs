//! Players: a link to a player's page, the server's leader board and a player's page (rating,
//! record, games).

use leptos::prelude::*;

use super::lobby::describe;
use super::Online;
use crate::host::Host;
use crate::i18n::{td_string, Locale};
use crate::online::{self, Options, Piece, Route, Status, Summary, Verdict, NAME_MARKS};

/// A link to `name`'s page.
fn player_link(name: String) -> impl IntoView {
    let href = Route::Player(name.clone()).hash();
    view! {
        <a class="online-player" data-testid="player-link" href=href>
            {name}
        </a>
    }
}

/// A sentence made with [`NAME_MARKS`] in place of `names`, each name a link to its page.
pub(super) fn with_names(text: String, names: [Option<String>; 2]) -> impl IntoView {
    online::pieces(&text)
        .into_iter()
        .map(|piece| match piece {
            Piece::Text(words) => words.into_any(),
            Piece::Name(n) => match names.get(n).cloned().flatten() {
                Some(name) => player_link(name).into_any(),
                None => "?".into_any(),
            },
        })
        .collect_view()
}

/// "ann against bob", or "created by ann" while nobody has joined, with links.
pub(super) fn players_of(l: Locale, game: &Summary) -> impl IntoView {
    let [a, b] = NAME_MARKS;
    let text = match game.name(1) {
        Some(_) => td_string!(l, online_vs, dark = a, light = b).to_string(),
        None => td_string!(l, online_by, name = a).to_string(),
    };
    let names = [0, 1].map(|i| game.name(i).map(str::to_string));
    with_names(text, names)
}

pub(super) fn board(online: Online, host: Host) -> impl IntoView {
    let l = move || host.locale();
    move || {
        online.board.get().map(|b| {
            let rule = td_string!(l(), online_rule, system = b.rule.system.clone(), start = b.rule.start, k = b.rule.k).to_string();
            view! {
                <section class="online-board leaderboard" data-testid="online-leaderboard">
                    <h3>{td_string!(l(), leader_board)}</h3>
                    <p class="hint" data-testid="online-rule">{rule}</p>
                    {if b.players.is_empty() {
                        view! { <p>{td_string!(l(), online_board_empty)}</p> }.into_any()
                    } else {
                        view! {
                            <table data-testid="online-board-table">
                                <thead><tr>
                                    <th scope="col">"#"</th>
                                    <th scope="col">{td_string!(l(), player)}</th>
                                    <th scope="col">{td_string!(l(), online_rating)}</th>
                                    <th scope="col">{td_string!(l(), lb_games)}</th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_won)>{td_string!(l(), lb_won_short)}</abbr></th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_drawn)>{td_string!(l(), lb_drawn_short)}</abbr></th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_lost)>{td_string!(l(), lb_lost_short)}</abbr></th>
                                    <th scope="col"><abbr title=td_string!(l(), lb_differential)>"±"</abbr></th>
                                </tr></thead>
                                <tbody>
                                    {b.players.into_iter().map(|p| view! {
                                        <tr data-testid="online-board-row" data-player=p.name.clone()>
                                            <td>{p.rank.unwrap_or_default()}</td>
                                            <th scope="row">{player_link(p.name.clone())}</th>
                                            <td data-testid="online-board-rating">{p.rating.round()}</td>
                                            <td>{p.games.unwrap_or(p.wins + p.losses + p.draws)}</td>
                                            <td>{p.wins}</td>
                                            <td>{p.draws}</td>
                                            <td>{p.losses}</td>
                                            <td>{p.disc_diff}</td>
                                        </tr>
                                    }).collect_view()}
                                </tbody>
                            </table>
                        }.into_any()
                    }}
                </section>
            }
        })
    }
}

/// How a game on a player's page stands for that player: won, lost or drawn (and how), or
/// waiting, being played, cancelled.
fn standing(l: Locale, game: &Summary, seat: Option<usize>) -> String {
    let verdict = seat.and_then(|s| game.verdict(s));
    let mut text = match (game.status, verdict) {
        (Status::Waiting, _) => td_string!(l, online_waiting).to_string(),
        (Status::Playing, _) => td_string!(l, online_playing).to_string(),
        (Status::Cancelled, _) => td_string!(l, online_cancelled).to_string(),
        (Status::Finished, Some(Verdict::Won)) => td_string!(l, online_won).to_string(),
        (Status::Finished, Some(Verdict::Lost)) => td_string!(l, online_lost).to_string(),
        (Status::Finished, _) => td_string!(l, online_drawn).to_string(),
    };
    if let Some(result) = &game.result {
        let how = match result.reason.as_str() {
            "conceded" => Some(td_string!(l, online_reason_conceded)),
            "timeout" => Some(td_string!(l, online_reason_timeout)),
            "abandoned" => Some(td_string!(l, online_reason_abandoned)),
            _ => None,
        };
        if let Some(how) = how {
            text += &format!(" ({how})");
        }
        if matches!(game.options, Options::Reversi { .. }) && game.scores.len() == 2 {
            text += &format!(" {}-{}", game.scores[0], game.scores[1]);
        }
        if let (Some(changes), Some(seat)) = (result.rating_changes, seat) {
            text += &format!(" · {:+}", changes[seat]);
        }
    }
    text
}

pub(super) fn player_page(online: Online, host: Host) -> impl IntoView {
    let l = move || host.locale();
    move || {
        online.player.get().map(|page| {
            let user = page.player;
            let name = user.name.clone();
            let record = td_string!(
                l(),
                online_record,
                wins = user.wins,
                draws = user.draws,
                losses = user.losses,
                diff = user.disc_diff
            )
            .to_string();
            let row = move |game: Summary| {
                let id = game.id;
                let seat = game.seat_of(&name);
                let open = match game.status {
                    Status::Finished => Some(td_string!(l(), online_replay)),
                    Status::Playing => Some(td_string!(l(), online_watch)),
                    Status::Waiting => Some(td_string!(l(), online_resume)),
                    Status::Cancelled => None,
                };
                view! {
                    <li data-testid="player-game" data-game-id=id.to_string() data-status=format!("{:?}", game.status).to_lowercase()>
                        <span class="online-game-options">{describe(l(), game.options, game.control())}</span>
                        " · "
                        <span class="online-game-players">{players_of(l(), &game)}</span>
                        " · "
                        <span data-testid="player-game-standing">{standing(l(), &game, seat)}</span>
                        " "
                        {open.map(|text| view! {
                            <button class="button small" type="button" data-testid="player-game-open" on:click=move |_| online.go(Route::Game(id))>
                                {text}
                            </button>
                        })}
                    </li>
                }
            };
            let games = page.games;
            view! {
                <section class="online-player-page online-list" data-testid="online-player" data-player=user.name.clone()>
                    <h3>{user.name.clone()}</h3>
                    <p data-testid="player-rating">{td_string!(l(), online_player_rating, rating = user.rating.round())}</p>
                    <p data-testid="player-record">{record}</p>
                    <h4>{td_string!(l(), lb_games)}</h4>
                    {if games.is_empty() {
                        view! { <p class="hint">{td_string!(l(), online_none)}</p> }.into_any()
                    } else {
                        view! { <ul>{games.into_iter().map(row).collect_view()}</ul> }.into_any()
                    }}
                </section>
            }
        })
    }
}
