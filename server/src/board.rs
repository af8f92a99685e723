//! The leader board: every finished game counts (whatever ended it: the rules, a concession,
//! a flag fall, an abandonment), for wins, losses, draws, the disc differential (Reversi) and
//! an Elo rating, whose rule [`rule`] states for the page.

use axum::extract::{Path, State};
use axum::Json;
use serde_json::{json, Value};

use crate::auth::user_json;
use crate::error::ApiError;
use crate::games::summary;
use crate::{now_ms, Shared};

pub const START: f64 = 1500.0;
pub const K: f64 = 32.0;

/// Players listed on the board.
const BOARD_MAX: i64 = 200;
/// Games listed on a player's page.
const GAMES_MAX: i64 = 200;

/// The ratings after a game between players rated `r` in which player 0 scored `s0` (1 win,
/// 0.5 draw, 0 loss): each moves by K times (score - expected score), the expected score
/// being 1 / (1 + 10^((opponent - own) / 400)).
pub fn elo(r: [f64; 2], s0: f64) -> [f64; 2] {
    let e0 = 1.0 / (1.0 + 10f64.powf((r[1] - r[0]) / 400.0));
    let d = K * (s0 - e0);
    [r[0] + d, r[1] - d]
}

/// A rating as shown: a whole number.
pub fn shown_rating(r: f64) -> i64 {
    r.round() as i64
}

/// The rule, in words and numbers, for the page to state.
pub fn rule() -> Value {
    json!({
        "system": "Elo",
        "start": START,
        "k": K,
        "expected": "E = 1 / (1 + 10^((Ropponent - Rplayer) / 400))",
        "update": "R' = R + K × (S − E), where S is 1 for a win, ½ for a draw, 0 for a loss",
        "counts": "Every finished game counts, however it ended: by the rules, by a concession, on time, or by abandonment. Cancelled games do not.",
        "discDiff": "Reversi only: the player's discs minus the opponent's at the end, summed over games.",
        "order": "By rating, then by wins, then by name.",
        "shown": "Ratings are stored exactly and shown rounded to a whole number.",
    })
}

/// `GET /api/leaderboard`
pub async fn leaderboard(State(app): State<Shared>) -> Result<Json<Value>, ApiError> {
    let leaders = app.store.leaders(BOARD_MAX).await?;
    let players: Vec<Value> = leaders
        .iter()
        .enumerate()
        .map(|(i, u)| {
            let mut v = user_json(u, false);
            v["rank"] = json!(i + 1);
            v["games"] = json!(u.wins + u.losses + u.draws);
            v
        })
        .collect();
    Ok(Json(json!({ "rule": rule(), "players": players })))
}

/// `GET /api/players/{name}`: the player's figures and games (the newest first).
pub async fn player(
    State(app): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let user = match crate::auth::check_name(&name) {
        Ok(()) => app.store.user_by_name(&name).await?,
        Err(_) => None,
    }
    .ok_or_else(|| ApiError::not_found("player"))?;
    let now = now_ms();
    let games: Vec<Value> = app
        .store
        .games_of(user.id, false, GAMES_MAX)
        .await?
        .iter()
        .map(|r| summary(r, now))
        .collect();
    let mut player = user_json(&user, false);
    player["games"] = json!(user.wins + user.losses + user.draws);
    Ok(Json(
        json!({ "player": player, "games": games, "rule": rule() }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_players_move_by_half_k() {
        assert_eq!(elo([1500.0, 1500.0], 1.0), [1516.0, 1484.0]);
        assert_eq!(elo([1500.0, 1500.0], 0.5), [1500.0, 1500.0]);
        let [a, b] = elo([1700.0, 1500.0], 0.0);
        assert!((a - 1675.69).abs() < 0.01 && (b - 1524.31).abs() < 0.01);
    }
}
