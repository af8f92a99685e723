//! Bad input: each gets a clear error and changes nothing.

mod common;

use common::{accounts, game_between, seated, Client, Server};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn post_raw(
    c: &Client,
    path: &str,
    content_type: Option<&str>,
    origin: Option<&str>,
    body: String,
) -> (StatusCode, Value) {
    let mut r = c.http.post(format!("{}{path}", c.base)).body(body);
    if let Some(t) = content_type {
        r = r.header("Content-Type", t);
    }
    if let Some(o) = origin {
        r = r.header("Origin", o);
    }
    let r = r.send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn accounts_refuse_bad_input_and_reveal_nothing() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let c = Client::new(&server);
    for (body, code) in [
        (json!({"name": "a", "password": "password1"}), "bad-name"),
        (
            json!({"name": "<b>ann</b>", "password": "password1"}),
            "bad-name",
        ),
        (
            json!({"name": "x".repeat(25), "password": "password1"}),
            "bad-name",
        ),
        (json!({"name": "ann", "password": "short"}), "bad-password"),
        (
            json!({"name": "ann", "password": "password1", "email": "no at"}),
            "bad-email",
        ),
    ] {
        let (status, got) = c.post("/api/accounts", body).await;
        assert_eq!(
            (status, got["code"].as_str()),
            (StatusCode::BAD_REQUEST, Some(code))
        );
    }
    c.register("ann").await;
    let other = Client::new(&server);
    let (status, got) = other
        .post(
            "/api/accounts",
            json!({"name": "ANN", "password": "password2"}),
        )
        .await;
    assert_eq!(
        (status, got["code"].clone()),
        (StatusCode::CONFLICT, json!("name-taken"))
    );

    // Schema, syntax, type, size, origin.
    let (status, got) = other
        .post(
            "/api/accounts",
            json!({"name": "bob", "password": "password1", "admin": true}),
        )
        .await;
    assert_eq!(
        (status, got["code"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("bad-request"))
    );
    let (status, got) = post_raw(
        &other,
        "/api/session",
        Some("application/json"),
        None,
        "{nope".into(),
    )
    .await;
    assert_eq!(
        (status, got["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("bad-json"))
    );
    let (status, got) = post_raw(&other, "/api/session", None, None, "{}".into()).await;
    assert_eq!(
        (status, got["code"].clone()),
        (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            json!("bad-content-type")
        )
    );
    let big = json!({"name": "bob", "password": "p".repeat(20_000)}).to_string();
    let (status, got) =
        post_raw(&other, "/api/accounts", Some("application/json"), None, big).await;
    assert_eq!(
        (status, got["code"].clone()),
        (StatusCode::PAYLOAD_TOO_LARGE, json!("too-large"))
    );
    let (status, got) = post_raw(
        &other,
        "/api/accounts",
        Some("application/json"),
        Some("http://evil.example"),
        json!({"name": "bob", "password": "password1"}).to_string(),
    )
    .await;
    assert_eq!(
        (status, got["code"].clone()),
        (StatusCode::FORBIDDEN, json!("bad-origin"))
    );
    let (status, _) = other
        .post(
            "/api/session",
            json!({"name": "bob", "password": "password1"}),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "refused requests created no account"
    );

    // A wrong password and an unknown name read the same.
    let (s1, wrong_password) = other
        .post(
            "/api/session",
            json!({"name": "ann", "password": "password9"}),
        )
        .await;
    let (s2, unknown_name) = other
        .post(
            "/api/session",
            json!({"name": "zed", "password": "password1"}),
        )
        .await;
    assert_eq!(
        (s1, s2),
        (StatusCode::UNAUTHORIZED, StatusCode::UNAUTHORIZED)
    );
    assert_eq!(wrong_password, unknown_name);
    assert_eq!(
        wrong_password,
        json!({"code": "wrong-credentials", "message": "Wrong name or password."})
    );

    // Five failures a minute per name, then 429, even with the right password.
    for _ in 0..4 {
        let (s, _) = other
            .post(
                "/api/session",
                json!({"name": "Ann", "password": "password9"}),
            )
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
    }
    let r = other
        .http
        .post(format!("{}/api/session", other.base))
        .json(&json!({"name": "ann", "password": "password1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers().get("retry-after").is_some());
    let got: Value = r.json().await.unwrap();
    assert_eq!(got["code"], "too-many-attempts");
    // The account's own session is untouched.
    assert_eq!(c.get("/api/me").await.1["user"]["name"], "ann");
}

#[tokio::test]
async fn log_ins_are_limited_per_address_too() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &["--login-limit-address", "3"]);
    let c = Client::new(&server);
    for name in ["ann", "bob", "cyd"] {
        let (s, _) = c
            .post(
                "/api/session",
                json!({"name": name, "password": "password1"}),
            )
            .await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
    }
    let (s, got) = c
        .post(
            "/api/session",
            json!({"name": "dee", "password": "password1"}),
        )
        .await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::TOO_MANY_REQUESTS, json!("too-many-attempts"))
    );
}

#[tokio::test]
async fn accounts_are_limited_per_address() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &["--register-limit", "2"]);
    let c = Client::new(&server);
    c.register("ann").await;
    c.register("bob").await;
    let (s, got) = c
        .post(
            "/api/accounts",
            json!({"name": "cyd", "password": "password1"}),
        )
        .await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::TOO_MANY_REQUESTS, json!("too-many-attempts"))
    );
}

#[tokio::test]
async fn sessions_forged_or_ended_open_nothing() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann] = accounts(&server, ["ann"]).await;
    let (status, _) = Client::new(&server).get("/api/me").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let forger = Client::new(&server);
    let url: reqwest::Url = server.url.parse().unwrap();
    forger.jar.add_cookie_str(
        &format!("outflank_session={}; Path=/", "A".repeat(43)),
        &url,
    );
    let (status, got) = forger.get("/api/me").await;
    assert_eq!(
        (status, got["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("bad-session"))
    );
    let (status, got) = forger.post("/api/games", json!({"game": "reversi"})).await;
    assert_eq!(
        (status, got["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("bad-session"))
    );
    let (_, lobby) = ann.get("/api/lobby").await;
    assert_eq!(lobby["waiting"], json!([]));

    // A forged session on a game's socket watches, told why.
    let id = ann.new_game(json!({"game": "tictactoe"})).await;
    let mut ws = forger.ws_game(id).await;
    let first = ws.next().await.unwrap();
    assert_eq!(first["event"], "error");
    assert_eq!(first["data"]["code"], "bad-session");
    let (seat, _, _) = ws.hello().await;
    assert_eq!(seat, Value::Null);

    // Log-out ends the session: the old cookie opens nothing.
    let cookie = ann.jar.cookies(&url).unwrap();
    let r = ann
        .http
        .delete(format!("{}/api/session", ann.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NO_CONTENT);
    assert_eq!(ann.get("/api/me").await.0, StatusCode::UNAUTHORIZED);
    let r = reqwest::Client::new()
        .get(format!("{}/api/me", server.url))
        .header("Cookie", cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
}

use reqwest::cookie::CookieStore;

#[tokio::test]
async fn the_lobby_refuses_what_does_not_apply() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann, bob, cyd] = accounts(&server, ["ann", "bob", "cyd"]).await;
    let anon = Client::new(&server);
    let (s, got) = anon.post("/api/games", json!({"game": "reversi"})).await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("not-logged-in"))
    );
    for bad in [
        json!({"game": "chess"}),
        json!({"game": "reversi", "size": 7}),
        json!({"game": "reversi", "variant": "giant"}),
        json!({"game": "gomoku", "variant": "bombs"}),
        json!({"game": "tictactoe", "exactFive": true}),
        json!({"game": "reversi", "clock": {"minutes": 0}}),
        json!({"game": "reversi", "clock": {"minutes": 5, "increment": 600}}),
    ] {
        let (s, got) = ann.post("/api/games", bad.clone()).await;
        assert_eq!(
            (s, got["code"].clone()),
            (StatusCode::BAD_REQUEST, json!("bad-option")),
            "{bad}"
        );
    }
    let (s, got) = ann
        .post("/api/games", json!({"game": "reversi", "colour": "light"}))
        .await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("bad-request"))
    );

    let id = ann.new_game(json!({"game": "reversi"})).await;
    let (s, got) = ann.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::CONFLICT, json!("own-game"))
    );
    let (s, got) = bob
        .post(&format!("/api/games/{id}/cancel"), json!({}))
        .await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::FORBIDDEN, json!("not-yours"))
    );
    for missing in ["12345", "abc", "-1"] {
        let (s, got) = bob
            .post(&format!("/api/games/{missing}/join"), json!({}))
            .await;
        assert_eq!(
            (s, got["code"].clone()),
            (StatusCode::NOT_FOUND, json!("not-found"))
        );
    }
    bob.join(id).await;
    let (s, got) = cyd.post(&format!("/api/games/{id}/join"), json!({})).await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::CONFLICT, json!("not-waiting"))
    );
    let (s, got) = ann
        .post(&format!("/api/games/{id}/cancel"), json!({}))
        .await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::CONFLICT, json!("not-waiting"))
    );

    // Cancel while nobody has joined; then it is gone from the lobby.
    let other = ann.new_game(json!({"game": "tictactoe"})).await;
    let (s, got) = ann
        .post(&format!("/api/games/{other}/cancel"), json!({}))
        .await;
    assert_eq!(
        (s, got["game"]["status"].clone()),
        (StatusCode::OK, json!("cancelled"))
    );
    let (s, got) = bob
        .post(&format!("/api/games/{other}/join"), json!({}))
        .await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::CONFLICT, json!("not-waiting"))
    );
    let (_, lobby) = anon.get("/api/lobby").await;
    assert_eq!(lobby["waiting"], json!([]));
    assert_eq!(lobby["playing"][0]["id"], id);

    // At most five games waiting per player.
    for _ in 0..5 {
        cyd.create(json!({"game": "tictactoe"})).await;
    }
    let (s, got) = cyd.post("/api/games", json!({"game": "tictactoe"})).await;
    assert_eq!(
        (s, got["code"].clone()),
        (StatusCode::CONFLICT, json!("too-many-waiting"))
    );

    // Sockets from another site's page are refused at the upgrade.
    assert!(anon
        .ws_with("/api/lobby/ws", Some("http://evil.example"))
        .await
        .is_err());
    assert!(anon
        .ws_with(&format!("/api/games/{id}/ws"), Some("http://evil.example"))
        .await
        .is_err());
    assert!(anon.ws_with("/api/games/999/ws", None).await.is_err());
}

#[tokio::test]
async fn a_games_socket_refuses_every_bad_move_and_changes_nothing() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &[]);
    let [ann, bob, cyd] = accounts(&server, ["ann", "bob", "cyd"]).await;
    let anon = Client::new(&server);
    let id = ann.new_game(json!({"game": "reversi"})).await;
    let other = bob.new_game(json!({"game": "reversi"})).await;
    bob.join(id).await;
    let mut tab1 = ann.ws_game(id).await;
    let mut tab2 = ann.ws_game(id).await;
    let mut b = bob.ws_game(id).await;
    let mut c = cyd.ws_game(id).await;
    let mut x = anon.ws_game(id).await;
    let (_, _, before) = tab1.hello().await;
    for ws in [&mut tab2, &mut b, &mut c, &mut x] {
        ws.hello().await;
    }
    let sid = before["stateId"].as_i64().unwrap();

    // Garbage, in every shape.
    for text in [
        "not json".to_string(),
        json!({"event": "move"}).to_string(),
        json!({"event": "move", "data": {"move": "f5"}}).to_string(),
        json!({"event": "move", "data": {"move": "f5", "stateId": sid, "extra": 1}}).to_string(),
        json!({"event": "fetchLog", "data": {"start": "x"}}).to_string(),
        json!({"event": "move", "data": "f5", "more": 1}).to_string(),
    ] {
        tab1.send_text(text.clone()).await;
        let (event, data) = tab1.refusal().await;
        assert_eq!(
            (event.as_str(), &data["code"]),
            ("error", &json!("bad-message")),
            "{text}"
        );
    }
    tab1.stream
        .send(tokio_tungstenite::tungstenite::Message::Binary(
            vec![1, 2, 3].into(),
        ))
        .await
        .unwrap();
    assert_eq!(tab1.refusal().await.1["code"], "bad-message");
    tab1.send("launchMissiles", json!({})).await;
    assert_eq!(tab1.refusal().await.1["code"], "unknown-event");

    // Moves that are not this player's to make, or not legal.
    b.play("d3", sid).await;
    assert_eq!(b.refusal().await.1["code"], "not-your-turn");
    c.play("f5", sid).await;
    assert_eq!(c.refusal().await.1["code"], "not-a-player");
    x.play("f5", sid).await;
    assert_eq!(x.refusal().await.1["code"], "not-logged-in");
    tab1.play("a1", sid).await;
    assert_eq!(tab1.refusal().await.1["code"], "not-legal");
    tab1.play("d4", sid).await;
    assert_eq!(tab1.refusal().await.1["code"], "occupied");
    tab1.play("z9", sid).await;
    assert_eq!(tab1.refusal().await.1["code"], "off-board");
    tab1.send("move", json!({"move": 42, "stateId": sid})).await;
    assert_eq!(tab1.refusal().await.1["code"], "bad-move");
    tab1.send(
        "move",
        json!({"move": "f5", "stateId": sid, "gameId": other}),
    )
    .await;
    assert_eq!(tab1.refusal().await.1["code"], "wrong-game");
    tab1.play("f5", sid + 7).await;
    let (_, r) = tab1.refusal().await;
    assert_eq!(
        (r["code"].clone(), r["stateId"].clone()),
        (json!("stale"), json!(sid))
    );
    let (_, now) = anon.get(&format!("/api/games/{id}")).await;
    assert_eq!(now["state"], before, "nothing changed");

    // A real move: both tabs follow; the second tab's copy of it, and a replay, are stale.
    tab1.play("f5", sid).await;
    tab1.state(sid + 1).await;
    tab2.state(sid + 1).await;
    tab2.play("f5", sid).await;
    let (_, r) = tab2.refusal().await;
    assert_eq!(
        (r["code"].clone(), r["stateId"].clone()),
        (json!("stale"), json!(sid + 1))
    );
    b.state(sid + 1).await;
    b.play("d6", sid + 1).await;
    tab1.state(sid + 2).await;
    tab1.play("f5", sid).await;
    assert_eq!(tab1.refusal().await.1["code"], "stale");
    b.play("f4", sid + 1).await;
    assert_eq!(b.refusal().await.1["code"], "stale");
    let (_, now) = anon.get(&format!("/api/games/{id}")).await;
    assert_eq!(now["game"]["stateId"], sid + 2);
    let moves: Vec<&str> = now["state"]["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|i| i["move"].as_str())
        .collect();
    assert_eq!(moves, ["f5", "d6"]);

    // Too big, and too many.
    let mut big = ann.ws_game(id).await;
    big.hello().await;
    big.send("move", json!({"move": "x".repeat(5000), "stateId": sid}))
        .await;
    assert!(big.closed().await);
    let mut chatty = anon.ws_game(id).await;
    chatty.hello().await;
    for _ in 0..30 {
        chatty.send("fetchLog", json!({"start": 0})).await;
    }
    let mut saw = false;
    while let Some(m) = chatty.next().await {
        saw |= m["data"]["code"] == "too-many-messages";
    }
    assert!(saw);
    let (_, now) = anon.get(&format!("/api/games/{id}")).await;
    assert_eq!(now["game"]["stateId"], sid + 2);
}

use futures_util::SinkExt;

/// The HTTP refusal of a WebSocket upgrade: its status and JSON body.
async fn ws_refusal(c: &Client, path: &str) -> (u16, Value) {
    match c.ws_with(path, Some(&c.base.clone())).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => (
            r.status().as_u16(),
            serde_json::from_slice(r.body().as_deref().unwrap_or_default()).unwrap_or_default(),
        ),
        Err(e) => panic!("{path}: {e}"),
        Ok(_) => panic!("{path}: the upgrade was accepted"),
    }
}

#[tokio::test]
async fn an_address_holds_at_most_its_limit_of_sockets() {
    let dir = common::data_dir();
    let server = Server::start(dir.path(), &["--socket-limit-address", "3"]);
    let [ann, bob] = accounts(&server, ["ann", "bob"]).await;
    let id = game_between(&ann, &bob, json!({"game": "reversi"})).await;
    let mut lobby = ann.ws("/api/lobby/ws").await;
    lobby.wait_for("lobby", |_| true).await;
    let (mut a, b, sid) = seated(&ann, &bob, id).await;

    // The fourth socket from 127.0.0.1, the lobby's or a game's, is refused at the upgrade.
    for path in ["/api/lobby/ws".to_string(), format!("/api/games/{id}/ws")] {
        let (status, body) = ws_refusal(&bob, &path).await;
        assert_eq!(
            (status, body["code"].clone()),
            (429, json!("too-many-sockets")),
            "{path}: {body}"
        );
        assert!(body["message"].as_str().is_some_and(|m| m.contains('3')));
    }
    // Nothing else changed: requests pass, and the open sockets play on.
    assert_eq!(ann.get("/api/me").await.0, StatusCode::OK);
    a.play("f5", sid).await;
    a.state(sid + 1).await;

    // One closes; then a new one is let in.
    let mut b = b;
    b.stream.close(None).await.unwrap();
    assert!(b.closed().await);
    let deadline = std::time::Instant::now() + common::PATIENCE;
    let mut again = loop {
        match bob
            .ws_with(&format!("/api/games/{id}/ws"), Some(&bob.base.clone()))
            .await
        {
            Ok(ws) => break ws,
            // The server counts a socket until its task has seen the close.
            Err(_) if std::time::Instant::now() < deadline => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await
            }
            Err(e) => panic!("no socket after one closed: {e}"),
        }
    };
    let (seat, _, state) = again.hello().await;
    assert_eq!((seat, state["stateId"].clone()), (json!(1), json!(sid + 1)));
    assert_eq!(ws_refusal(&ann, "/api/lobby/ws").await.0, 429);
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_limits() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let dir = common::data_dir();
    let server = Server::start(
        dir.path(),
        &[
            "--trusted-proxy",
            "127.0.0.1",
            "--socket-limit-address",
            "1",
        ],
    );
    // The proxy (127.0.0.1) says whom each connection is for.
    let connect = |client: &'static str| {
        let mut request = server
            .ws_url("/api/lobby/ws")
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("X-Forwarded-For", client.parse().unwrap());
        tokio_tungstenite::connect_async(request)
    };
    let _one = connect("203.0.113.1").await.unwrap();
    let _two = connect("203.0.113.2").await.unwrap();
    match connect("203.0.113.1").await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 429)
        }
        other => panic!("a second socket for 203.0.113.1: {:?}", other.map(|_| ())),
    }
}
