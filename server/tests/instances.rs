//! Several instances on one PostgreSQL database (a throwaway cluster): the players of a game
//! on different instances and a spectator on a third socket, both instances racing one move,
//! an instance killed (SIGKILL) in the middle of a game, and a move whose notification never
//! left its instance.

mod common;

use std::sync::Arc;

use common::{accounts_at, legal_moves, Client, Rng, Server, Ws};
use outflank_server::fanout::LocalAnnouncer;
use serde_json::{json, Value};

/// Two server processes on the cluster at `url`, with their data directories.
fn two_instances(url: &str) -> ([Server; 2], [tempfile::TempDir; 2]) {
    let dirs = [common::data_dir(), common::data_dir()];
    let servers = [0, 1].map(|i| Server::start(dirs[i].path(), &["--database", url]));
    (servers, dirs)
}

async fn get(c: &Client, path: &str) -> Value {
    c.get(path).await.1
}

#[tokio::test]
async fn a_game_across_two_instances_with_a_spectator_on_a_third_socket() {
    let Some(pg) = common::postgres().await else {
        return;
    };
    let ([a, b], _dirs) = two_instances(&pg.url);
    assert_eq!(
        get(&Client::at(&a.url), "/api/health").await["database"],
        "postgres"
    );
    // Ann registers on A, Bob on B; the watcher follows the lobby on B.
    let [ann, bob] = accounts_at([&a.url, &b.url], ["ann", "bob"]).await;
    let watcher = Client::at(&b.url);
    let mut lobby = watcher.ws("/api/lobby/ws").await;
    lobby.wait_for("lobby", |_| true).await;

    // A game created on A reaches B's lobby; Ann's session opens on B too.
    let id = ann.new_game(json!({"game": "tictactoe"})).await;
    let seen = lobby.wait_for("game", |g| g["id"] == id).await;
    assert_eq!(seen["status"], "waiting");
    assert_eq!(
        get(&ann.via(&b.url), "/api/me").await["user"]["name"],
        "ann"
    );
    assert_eq!(get(&watcher, "/api/lobby").await["waiting"][0]["id"], id);
    bob.join(id).await;
    assert_eq!(
        lobby.wait_for("game", |g| g["id"] == id).await["status"],
        "playing"
    );

    // Ann plays through A, Bob through B; the spectator watches through A.
    let mut wa = ann.ws_game(id).await;
    let mut wb = bob.ws_game(id).await;
    let mut w = watcher.via(&a.url).ws_game(id).await;
    let (seat_a, _, state) = wa.hello().await;
    let (seat_b, _, _) = wb.hello().await;
    let (seat_w, _, _) = w.hello().await;
    assert_eq!((seat_a, seat_b, seat_w), (json!(0), json!(1), Value::Null));
    let mut sid = state["stateId"].as_i64().unwrap();
    for (i, mv) in ["a1", "b1", "a2", "b2", "a3"].iter().enumerate() {
        let mover = if i % 2 == 0 { &mut wa } else { &mut wb };
        mover.play(mv, sid).await;
        sid += 1;
        for ws in [&mut wa, &mut wb, &mut w] {
            assert_eq!(ws.state(sid).await["log"][i + 1]["move"], *mv);
        }
    }
    wb.send("fetchState", Value::Null).await;
    let end = wb.wait_for("game", |g| g["status"] == "finished").await;
    assert_eq!(end["result"]["winner"], 0);
    assert_eq!(
        lobby
            .wait_for("game", |g| g["id"] == id && g["status"] == "finished")
            .await["result"]["ratingChanges"],
        json!([16.0, -16.0])
    );
    // Both instances tell the same story.
    for url in [&a.url, &b.url] {
        let c = Client::at(url);
        let game = get(&c, &format!("/api/games/{id}")).await;
        assert_eq!(
            (
                game["game"]["status"].clone(),
                game["state"]["stateId"].clone()
            ),
            (json!("finished"), json!(sid))
        );
        let board = get(&c, "/api/leaderboard").await;
        assert_eq!(board["players"][0]["name"], "ann");
        assert_eq!(board["players"][0]["rating"], 1516);
    }
}

/// Reads a socket up to the answer to a `fetchLog` sent after a move: the refusals before
/// it (the move's answer comes first: a socket's messages are answered in order), and the
/// newest state id announced meanwhile.
async fn refusals_until_log(ws: &mut Ws) -> (Vec<Value>, i64) {
    ws.send("fetchLog", json!({"start": 0})).await;
    let mut refused = Vec::new();
    let mut newest = -1;
    loop {
        let m = ws.next().await.expect("the socket closed");
        match m["event"].as_str() {
            Some("refused") => refused.push(m["data"].clone()),
            Some("state") => newest = newest.max(m["data"]["stateId"].as_i64().unwrap()),
            Some("gamelog") => return (refused, newest),
            _ => {}
        }
    }
}

#[tokio::test]
async fn both_instances_race_the_same_move_and_exactly_one_wins() {
    let Some(pg) = common::postgres().await else {
        return;
    };
    let ([a, b], _dirs) = two_instances(&pg.url);
    let [ann, bob] = accounts_at([&a.url, &b.url], ["ann", "bob"]).await;
    let id = common::game_between(&ann, &bob, json!({"game": "reversi"})).await;
    // Ann has a tab on each instance; Bob plays through B.
    let mut tab_a = ann.ws_game(id).await;
    let mut tab_b = ann.via(&b.url).ws_game(id).await;
    let mut wb = bob.ws_game(id).await;
    let (_, _, mut state) = tab_a.hello().await;
    tab_b.hello().await;
    wb.hello().await;
    let mut played = Vec::new();
    for round in 0..8 {
        let sid = state["stateId"].as_i64().unwrap();
        let legal = legal_moves(&state);
        // Two different moves when there are two, else the same one twice.
        let (m1, m2) = (
            legal[round % legal.len()].clone(),
            legal[legal.len() - 1].clone(),
        );
        tokio::join!(tab_a.play(&m1, sid), tab_b.play(&m2, sid));
        let ((ra, seen_a), (rb, seen_b)) = tokio::join!(
            refusals_until_log(&mut tab_a),
            refusals_until_log(&mut tab_b)
        );
        let refused: Vec<&Value> = ra.iter().chain(rb.iter()).collect();
        assert_eq!(
            refused.len(),
            1,
            "round {round}: exactly one move loses: {refused:?}"
        );
        assert_eq!(refused[0]["code"], "stale", "round {round}");
        assert_eq!(refused[0]["stateId"], sid + 1, "round {round}");
        // Everyone sees the winner's move, once.
        let after = wb.state(sid + 1).await;
        let last = after["log"].as_array().unwrap().last().unwrap()["move"].clone();
        assert!(
            last == json!(m1) || last == json!(m2),
            "round {round}: {last}"
        );
        played.push(last);
        for (tab, seen) in [(&mut tab_a, seen_a), (&mut tab_b, seen_b)] {
            if seen < sid + 1 {
                tab.state(sid + 1).await;
            }
        }
        // Bob answers through B.
        let reply = legal_moves(&after)[0].clone();
        wb.play(&reply, sid + 1).await;
        played.push(json!(reply));
        state = tab_a.state(sid + 2).await;
        tab_b.state(sid + 2).await;
        wb.state(sid + 2).await;
    }
    // The game holds each accepted move once, whichever instance is asked.
    for url in [&a.url, &b.url] {
        let got = get(&Client::at(url), &format!("/api/games/{id}")).await;
        let moves: Vec<Value> = got["state"]["log"].as_array().unwrap()[1..]
            .iter()
            .map(|i| i["move"].clone())
            .collect();
        assert_eq!(moves, played);
    }
}

#[tokio::test]
async fn an_instance_killed_mid_game_loses_nothing_and_its_players_carry_on_elsewhere() {
    let Some(pg) = common::postgres().await else {
        return;
    };
    let ([mut a, b], _dirs) = two_instances(&pg.url);
    let [ann, bob] = accounts_at([&a.url, &b.url], ["ann", "bob"]).await;
    let watcher = Client::at(&b.url);
    let id = common::game_between(
        &ann,
        &bob,
        json!({"game": "reversi", "clock": {"minutes": 10, "increment": 2}}),
    )
    .await;
    let mut wa = ann.ws_game(id).await;
    let mut wb = bob.ws_game(id).await;
    let mut w = watcher.ws_game(id).await;
    let (_, _, mut state) = wa.hello().await;
    wb.hello().await;
    w.hello().await;
    let mut rng = Rng(7);
    // Six moves, each acknowledged: the opponent's socket on the other instance has it.
    for i in 0..6 {
        let sid = state["stateId"].as_i64().unwrap();
        let legal = legal_moves(&state);
        let mv = &legal[rng.below(legal.len())];
        let (mover, other) = if i % 2 == 0 {
            (&mut wa, &mut wb)
        } else {
            (&mut wb, &mut wa)
        };
        mover.play(mv, sid).await;
        state = other.state(sid + 1).await;
        mover.state(sid + 1).await;
        w.state(sid + 1).await;
    }
    let acknowledged = state.clone();

    // A dies without a word; Ann's socket with it.
    a.kill();
    assert!(wa.closed().await);

    // Ann comes back through B, with her session, to the game as it was acknowledged.
    let ann = ann.via(&b.url);
    let mut wa = ann.ws_game(id).await;
    let (seat, game, state) = wa.hello().await;
    assert_eq!(seat, 0);
    assert_eq!(game["status"], "playing");
    assert_eq!(state, acknowledged, "nothing acknowledged is lost");
    // And the game goes on to its end, both players on B.
    let mut state = state;
    let mut moves = 6;
    loop {
        let (_, got) = watcher.get(&format!("/api/games/{id}")).await;
        let Some(seat) = got["game"]["toMove"].as_u64() else {
            break;
        };
        let sid = state["stateId"].as_i64().unwrap();
        let legal = legal_moves(&state);
        let mv = &legal[rng.below(legal.len())];
        let (mover, other) = if seat == 0 {
            (&mut wa, &mut wb)
        } else {
            (&mut wb, &mut wa)
        };
        mover.play(mv, sid).await;
        state = other.state(sid + 1).await;
        mover.state(sid + 1).await;
        w.state(sid + 1).await;
        moves += 1;
        assert!(moves <= 70, "too many moves");
    }
    let (_, got) = watcher.get(&format!("/api/games/{id}")).await;
    assert_eq!(got["game"]["status"], "finished");
    let log = got["state"]["log"].as_array().unwrap();
    let before = acknowledged["log"].as_array().unwrap();
    assert_eq!(
        &log[..before.len()],
        &before[..],
        "the history before the kill is kept"
    );
    let (_, board) = watcher.get("/api/leaderboard").await;
    assert_eq!(board["players"].as_array().unwrap().len(), 2);
}

/// An instance on `pg` that tells its own sockets and nobody else, as one that dies between
/// a commit and its notification would; its URL.
async fn silent_instance(pg: &outflank_server::scratch::Cluster, dir: &std::path::Path) -> String {
    let mut config = outflank_server::Config::for_data(dir.to_path_buf());
    config.database = Some(pg.url.clone());
    config.password_memory_kib = 1024;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(outflank_server::serve_announcing(
        config,
        listener,
        Box::new(|hub| Arc::new(LocalAnnouncer::new(hub))),
    ));
    url
}

#[tokio::test]
async fn a_move_whose_announcement_never_left_its_instance_still_reaches_the_others() {
    let Some(pg) = common::postgres().await else {
        return;
    };
    let dir = common::data_dir();
    let a_url = silent_instance(&pg, dir.path()).await;
    let b_dir = common::data_dir();
    let b = Server::start(b_dir.path(), &["--database", &pg.url]);
    let [ann, bob] = accounts_at([&a_url, &b.url], ["ann", "bob"]).await;
    let id = common::game_between(&bob, &ann, json!({"game": "tictactoe"})).await;
    let (mut wb, mut wa, sid) = common::seated(&bob, &ann, id).await;
    // Bob (B) moves: A hears of it through the database.
    wb.play("a1", sid).await;
    wa.state(sid + 1).await;
    // Ann (A) moves: no notification leaves A; B's follower finds the game moved on.
    let sent = std::time::Instant::now();
    wa.play("b1", sid + 1).await;
    assert_eq!(wb.state(sid + 2).await["log"][2]["move"], "b1");
    assert!(sent.elapsed() < std::time::Duration::from_secs(5));
}

#[tokio::test]
async fn lobby_news_that_never_left_its_instance_still_reaches_the_other_lobbies() {
    let Some(pg) = common::postgres().await else {
        return;
    };
    let dir = common::data_dir();
    let a_url = silent_instance(&pg, dir.path()).await;
    let b_dir = common::data_dir();
    let b = Server::start(b_dir.path(), &["--database", &pg.url]);
    let [ann, bob] = accounts_at([&a_url, &a_url], ["ann", "bob"]).await;
    let mut lobby = Client::at(&b.url).ws("/api/lobby/ws").await;
    lobby.wait_for("lobby", |_| true).await;
    // Created, joined and cancelled on A, which tells nobody: B's lobby learns of each
    // within its follower's second.
    let sent = std::time::Instant::now();
    let id = ann.new_game(json!({"game": "tictactoe"})).await;
    lobby
        .wait_for("game", |g| g["id"] == id && g["status"] == "waiting")
        .await;
    bob.join(id).await;
    lobby
        .wait_for("game", |g| g["id"] == id && g["status"] == "playing")
        .await;
    let other = ann.new_game(json!({"game": "reversi"})).await;
    lobby
        .wait_for("game", |g| g["id"] == other && g["status"] == "waiting")
        .await;
    let (status, _) = ann
        .post(&format!("/api/games/{other}/cancel"), json!({}))
        .await;
    assert!(status.is_success());
    lobby
        .wait_for("game", |g| g["id"] == other && g["status"] == "cancelled")
        .await;
    assert!(sent.elapsed() < std::time::Duration::from_secs(10));
}
