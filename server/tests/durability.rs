//! Nothing is lost: a player who reconnects gets the game as it is, a server killed in the
//! middle of a game comes back with it (clocks included), and the clocks and the abandonment
//! rule end games on the server.

mod common;

use common::{accounts, game_between, seated, Client, Server};
use serde_json::{json, Value};

#[tokio::test]
async fn a_player_who_reconnects_gets_the_game_as_it_is() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann, bob] = accounts(&server, ["ann", "bob"]).await;
    let id = game_between(&ann, &bob, json!({"game": "reversi"})).await;
    let (mut a, mut b, sid) = seated(&ann, &bob, id).await;
    a.play("f5", sid).await;
    b.state(sid + 1).await;
    // Ann's tab goes away; Bob moves meanwhile.
    drop(a);
    b.play("d6", sid + 1).await;
    b.state(sid + 2).await;
    let mut a = ann.ws_game(id).await;
    let (seat, game, state) = a.hello().await;
    assert_eq!(seat, 0);
    assert_eq!(game["toMove"], 0);
    assert_eq!(state["stateId"], sid + 2);
    assert_eq!(state["log"].as_array().unwrap().len(), 3);
    a.play("c3", sid + 2).await;
    b.state(sid + 3).await;
}

#[tokio::test]
async fn a_server_killed_mid_game_comes_back_with_it() {
    let dir = common::data_dir();
    let mut server = Server::start(dir.path(), &[]);
    let [mut ann, mut bob] = accounts(&server, ["ann", "bob"]).await;
    let mut watcher = Client::new(&server);
    let id = game_between(
        &ann,
        &bob,
        json!({"game": "tictactoe", "clock": {"minutes": 10, "increment": 2}}),
    )
    .await;
    let (mut a, mut b, sid) = seated(&ann, &bob, id).await;
    a.play("a1", sid).await;
    b.state(sid + 1).await;
    b.play("b1", sid + 1).await;
    let before = a.state(sid + 2).await;
    let (_, summary) = watcher.get(&format!("/api/games/{id}")).await;
    let deadline = summary["game"]["deadline"].as_i64().unwrap();

    server.restart();
    for c in [&mut ann, &mut bob, &mut watcher] {
        c.moved_to(&server);
    }
    // The sockets of the old process are gone; the sessions are not.
    assert!(a.closed().await && b.closed().await);
    assert_eq!(ann.get("/api/me").await.1["user"]["name"], "ann");
    let (_, after) = watcher.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["state"], before);
    assert_eq!(
        after["game"]["deadline"], deadline,
        "the clock resumes from its deadline"
    );
    let left = after["game"]["clock"]["remainingMs"][0].as_i64().unwrap();
    assert!(left > 0 && left <= 10 * 60_000 + 2_000);

    let mut a = ann.ws_game(id).await;
    let mut b = bob.ws_game(id).await;
    let mut w = watcher.ws_game(id).await;
    let (seat, _, _) = a.hello().await;
    assert_eq!(seat, 0);
    b.hello().await;
    w.hello().await;
    let mut sid = sid + 2;
    for (i, mv) in ["a2", "b2", "a3"].iter().enumerate() {
        let mover = if i % 2 == 0 { &mut a } else { &mut b };
        mover.play(mv, sid).await;
        sid += 1;
        w.state(sid).await;
    }
    w.send("fetchState", Value::Null).await;
    let end = w.wait_for("game", |g| g["status"] == "finished").await;
    assert_eq!(end["result"]["winner"], 0);

    // And once more after the end: the finished game and the leader board are kept.
    server.restart();
    watcher.moved_to(&server);
    let (_, after) = watcher.get(&format!("/api/games/{id}")).await;
    assert_eq!(after["game"]["status"], "finished");
    let (_, board) = watcher.get("/api/leaderboard").await;
    assert_eq!(board["players"][0]["name"], "ann");
}

#[tokio::test]
async fn a_flag_fall_ends_the_game_for_the_player_out_of_time() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann, bob] = accounts(&server, ["ann", "bob"]).await;
    // Three seconds each, no increment.
    let id = game_between(
        &ann,
        &bob,
        json!({"game": "reversi", "clock": {"minutes": 0.05}}),
    )
    .await;
    let mut a = ann.ws_game(id).await;
    let mut b = bob.ws_game(id).await;
    let (_, g, s) = a.hello().await;
    b.hello().await;
    assert_eq!(g["clock"]["running"], 0);
    let sid = s["stateId"].as_i64().unwrap();
    a.play("f5", sid).await;
    let g = b.wait_for("game", |g| g["stateId"] == sid + 1).await;
    assert_eq!(g["clock"]["running"], 1);
    // Bob does not move: his flag falls, and Ann wins (BGS dropPlayer: he scores 0).
    let end = b.wait_for("game", |g| g["status"] == "finished").await;
    assert_eq!(end["result"]["reason"], "timeout");
    assert_eq!(end["result"]["winner"], 0);
    assert_eq!(end["clock"]["remainingMs"][1], 0);
    assert_eq!(end["scores"][1], 0);
    let state = a.wait_for("state", |s| s["stateId"] == sid + 2).await;
    let last = state["log"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .find(|i| i["event"] == "drop");
    assert!(last.is_some(), "the log records the drop: {}", state["log"]);
    // A move after the end is refused.
    b.play("d6", sid + 1).await;
    assert_eq!(b.refusal().await.1["code"], "game-over");
}

#[tokio::test]
async fn a_game_without_a_clock_ends_when_the_player_to_move_is_gone_too_long() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &["--abandon-after", "2"]);
    let [ann, bob] = accounts(&server, ["ann", "bob"]).await;
    let id = game_between(&ann, &bob, json!({"game": "gomoku"})).await;
    let mut b = bob.ws_game(id).await;
    b.hello().await;
    let end = b.wait_for("game", |g| g["status"] == "finished").await;
    assert_eq!(end["result"]["reason"], "abandoned");
    assert_eq!(end["result"]["winner"], 1);
    let (_, board) = bob.get("/api/leaderboard").await;
    assert_eq!(board["players"][0]["name"], "bob");
    assert_eq!(board["players"][0]["wins"], 1);
}

#[tokio::test]
async fn a_server_asked_to_stop_closes_its_sockets_as_going_away() {
    let dir = common::data_dir();
    let mut server = Server::start(dir.path(), &[]);
    let [ann] = accounts(&server, ["ann"]).await;
    let id = ann.new_game(json!({"game": "reversi"})).await;
    let mut a = ann.ws_game(id).await;
    a.hello().await;
    let mut lobby = ann.ws("/api/lobby/ws").await;
    lobby.wait_for("lobby", |_| true).await;
    assert!(server.terminate().success());
    for ws in [&mut a, &mut lobby] {
        let close = loop {
            match ws.stream.next().await {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Close(frame))) => break frame,
                Some(Ok(_)) => continue,
                other => panic!("no close frame: {other:?}"),
            }
        };
        assert_eq!(close.map(|f| u16::from(f.code)), Some(1001));
    }
}

use futures_util::StreamExt;
