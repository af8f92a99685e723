//! Whole games between two accounts in two "browsers", watched by a third that is not
//! logged in; the lobby and the leader board as they follow.

mod common;

use common::{accounts, game_between, legal_moves, seated, Client, Rng, Server};
use serde_json::{json, Value};

#[tokio::test]
async fn tic_tac_toe_between_two_accounts_with_a_spectator() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann, bob] = accounts(&server, ["ann", "Bob"]).await;
    let watcher = Client::new(&server);
    let ann_user = ann.get("/api/me").await.1["user"].clone();
    let bob_user = bob.get("/api/me").await.1["user"].clone();

    let mut lobby = watcher.ws("/api/lobby/ws").await;
    let lists = lobby.wait_for("lobby", |_| true).await;
    assert_eq!(lists["waiting"], json!([]));

    let game = ann.create(json!({"game": "tictactoe"})).await;
    let id = game["id"].as_i64().unwrap();
    assert_eq!(game["status"], "waiting");
    assert_eq!(game["players"][0]["name"], "ann");
    let seen = lobby.wait_for("game", |g| g["id"] == id).await;
    assert_eq!(seen["status"], "waiting");
    let (_, lists) = watcher.get("/api/lobby").await;
    assert_eq!(lists["waiting"][0]["id"], id);
    let (_, mine) = ann.get("/api/lobby").await;
    assert_eq!(mine["mine"][0]["id"], id);

    let joined = bob.join(id).await;
    assert_eq!(joined["status"], "playing");
    assert_eq!(joined["players"][1]["id"], bob_user["id"]);
    assert_eq!(joined["toMove"], 0);
    let seen = lobby.wait_for("game", |g| g["id"] == id).await;
    assert_eq!(seen["status"], "playing");

    let mut a = ann.ws_game(id).await;
    let mut b = bob.ws_game(id).await;
    let mut w = watcher.ws_game(id).await;
    let (seat_a, _, state) = a.hello().await;
    let (seat_b, _, _) = b.hello().await;
    let (seat_w, summary_w, _) = w.hello().await;
    assert_eq!((seat_a, seat_b, seat_w), (json!(0), json!(1), Value::Null));
    assert_eq!(summary_w["players"][1]["name"], "Bob");
    assert_eq!(state["players"][0]["name"], "ann");
    assert_eq!(state["players"][1]["name"], "Bob");
    let mut sid = state["stateId"].as_i64().unwrap();

    // X takes the a column; O answers on b.
    for (i, mv) in ["a1", "b1", "a2", "b2", "a3"].iter().enumerate() {
        let mover = if i % 2 == 0 { &mut a } else { &mut b };
        mover.play(mv, sid).await;
        sid += 1;
        for ws in [&mut a, &mut b, &mut w] {
            let s = ws.state(sid).await;
            assert!(s["log"].as_array().unwrap().len() >= i + 2);
        }
    }
    w.send("fetchState", Value::Null).await;
    let end = w.wait_for("game", |g| g["status"] == "finished").await;
    assert_eq!(end["result"]["winner"], 0);
    assert_eq!(end["result"]["reason"], "end");
    assert_eq!(end["result"]["ratingChanges"], json!([16.0, -16.0]));
    let seen = lobby
        .wait_for("game", |g| g["id"] == id && g["status"] == "finished")
        .await;
    assert_eq!(seen["scores"], json!([100, 0]));

    // A finished game stays viewable, with its log.
    let (_, got) = watcher.get(&format!("/api/games/{id}")).await;
    assert_eq!(got["game"]["status"], "finished");
    assert_eq!(got["state"]["stateId"], sid);
    let (_, log) = watcher.get(&format!("/api/games/{id}/log?start=1")).await;
    assert_eq!(log["start"], 1);
    assert_eq!(log["data"]["log"][0]["move"], "a1");
    let mut late = watcher.ws_game(id).await;
    let (_, g, s) = late.hello().await;
    assert_eq!(
        (g["status"].clone(), s["stateId"].clone()),
        (json!("finished"), json!(sid))
    );
    late.send("fetchLog", json!({"start": 0, "end": 1})).await;
    let slice = late.wait_for("gamelog", |_| true).await;
    assert_eq!(slice["end"], 1);
    assert_eq!(slice["data"]["log"].as_array().unwrap().len(), 2);

    // The leader board and the players' pages.
    let (_, board) = watcher.get("/api/leaderboard").await;
    assert_eq!(board["rule"]["k"], 32.0);
    assert_eq!(board["rule"]["start"], 1500.0);
    let players = board["players"].as_array().unwrap();
    assert_eq!(players[0]["name"], "ann");
    assert_eq!(players[0]["rating"], 1516);
    assert_eq!(players[0]["wins"], 1);
    assert_eq!(players[1]["name"], "Bob");
    assert_eq!(players[1]["losses"], 1);
    let (_, page) = watcher.get("/api/players/bob").await;
    assert_eq!(page["player"]["rating"], 1484);
    assert_eq!(page["games"][0]["id"], id);
    assert_eq!(ann_user["rating"], 1500);
}

/// A whole Reversi game from a seeded random sequence of legal moves (`OUTFLANK_SEED` to
/// replay one).
#[tokio::test]
async fn a_whole_reversi_game_of_random_legal_moves() {
    let seed: u64 = std::env::var("OUTFLANK_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos() as u64
                | 1
        });
    println!("OUTFLANK_SEED={seed}");
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [dark, light] = accounts(&server, ["dark", "light"]).await;
    let watcher = Client::new(&server);
    let id = game_between(
        &dark,
        &light,
        json!({"game": "reversi", "size": 8, "variant": "standard", "clock": {"minutes": 30, "increment": 5}}),
    )
    .await;
    let mut ws = [dark.ws_game(id).await, light.ws_game(id).await];
    let mut w = watcher.ws_game(id).await;
    let (_, _, mut state) = w.hello().await;
    for s in ws.iter_mut() {
        s.hello().await;
    }
    let mut rng = Rng(seed);
    let mut moves = 0;
    loop {
        let sid = state["stateId"].as_i64().unwrap();
        let (_, got) = watcher.get(&format!("/api/games/{id}")).await;
        let to_move = &got["game"]["toMove"];
        let Some(seat) = to_move.as_u64() else {
            break;
        };
        let legal = legal_moves(&state);
        assert!(
            !legal.is_empty(),
            "seed {seed}: no legal move for the player to move"
        );
        let mv = &legal[rng.below(legal.len())];
        ws[seat as usize].play(mv, sid).await;
        state = w.state(sid + 1).await;
        for s in ws.iter_mut() {
            s.state(sid + 1).await;
        }
        moves += 1;
        assert!(moves <= 70, "seed {seed}: too many moves");
    }
    let (_, got) = watcher.get(&format!("/api/games/{id}")).await;
    let game = &got["game"];
    assert_eq!(game["status"], "finished", "seed {seed}");
    let scores = [
        game["scores"][0].as_i64().unwrap(),
        game["scores"][1].as_i64().unwrap(),
    ];
    let winner = match scores[0].cmp(&scores[1]) {
        std::cmp::Ordering::Greater => json!(0),
        std::cmp::Ordering::Less => json!(1),
        std::cmp::Ordering::Equal => Value::Null,
    };
    assert_eq!(game["result"]["winner"], winner, "seed {seed}");
    let (_, page) = watcher.get("/api/players/dark").await;
    assert_eq!(
        page["player"]["discDiff"],
        scores[0] - scores[1],
        "seed {seed}"
    );
    // The clock ran: each player's time is less than 30 minutes plus the increments.
    let left = game["clock"]["remainingMs"][0].as_i64().unwrap();
    assert!(left > 0 && left <= 30 * 60_000 + 5_000 * 40, "seed {seed}");
}

#[tokio::test]
async fn concede_on_ones_own_turn_while_behind() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann, bob] = accounts(&server, ["ann", "bob"]).await;
    let id = game_between(&ann, &bob, json!({"game": "reversi"})).await;
    let (mut a, mut b, sid) = seated(&ann, &bob, id).await;
    // Dark cannot concede while ahead or level.
    a.play("concede", sid).await;
    let refused = a.wait_for("refused", |_| true).await;
    assert_eq!(refused["code"], "cannot-concede");
    a.play("f5", sid).await;
    b.state(sid + 1).await;
    b.play("concede", sid + 1).await;
    let end = a.wait_for("game", |g| g["status"] == "finished").await;
    assert_eq!(end["result"]["winner"], 0);
    assert_eq!(end["result"]["reason"], "conceded");
}

#[tokio::test]
async fn gomoku_and_bombs_games_start_with_their_options() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann] = accounts(&server, ["ann"]).await;
    let g = ann
        .create(json!({"game": "gomoku", "size": 15, "exactFive": true}))
        .await;
    assert_eq!(
        g["options"],
        json!({"game": "gomoku", "size": 15, "exactFive": true})
    );
    let (_, got) = ann.get(&format!("/api/games/{}", g["id"])).await;
    assert_eq!(got["state"]["board"].as_array().unwrap().len(), 15);
    let b = ann
        .create(json!({"game": "reversi", "size": 10, "variant": "bombs"}))
        .await;
    assert_eq!(b["options"]["variant"], "bombs");
    let (_, got) = ann.get(&format!("/api/games/{}", b["id"])).await;
    assert_eq!(got["state"]["board"].as_array().unwrap().len(), 10);
}
