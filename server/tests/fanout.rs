//! Announcements that carry no messages, as a fan-out through the database delivers them
//! (a NOTIFY names the game and its state id, nothing more): every socket reads the game
//! from the database and follows it all the same.

mod common;

use std::sync::Arc;

use common::{accounts_at, seated, Client};
use outflank_server::fanout::{Announcer, GameNews, Hub, LobbyNews};
use outflank_server::store::GameRow;
use serde_json::json;

/// Delivers every announcement stripped of its messages.
struct Bare(Arc<Hub>);

impl Announcer for Bare {
    fn changed(&self, _row: &GameRow, game: Option<GameNews>, lobby: Option<LobbyNews>) {
        if let Some(news) = game {
            self.0.deliver_game(GameNews {
                messages: None,
                ..news
            });
        }
        if let Some(news) = lobby {
            self.0.deliver_lobby(LobbyNews {
                message: None,
                ..news
            });
        }
    }
}

#[tokio::test]
async fn sockets_follow_games_from_the_database_when_news_carries_no_messages() {
    let dir = common::data_dir();
    let mut config = outflank_server::Config::for_data(dir.path().to_path_buf());
    config.password_memory_kib = 1024;
    config.sync = "normal".into();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(outflank_server::serve_announcing(
        config,
        listener,
        Box::new(|hub| Arc::new(Bare(hub))),
    ));
    let [ann, bob] = accounts_at([&url, &url], ["ann", "bob"]).await;
    let watcher = Client::at(&url);
    let mut lobby = watcher.ws("/api/lobby/ws").await;
    lobby.wait_for("lobby", |_| true).await;
    let id = ann.new_game(json!({"game": "tictactoe"})).await;
    assert_eq!(
        lobby.wait_for("game", |g| g["id"] == id).await["status"],
        "waiting"
    );
    let mut w = watcher.ws_game(id).await;
    w.hello().await;
    bob.join(id).await;
    // The watcher's socket was open before the join: it learns of it from the database.
    let g = w.wait_for("game", |g| g["status"] == "playing").await;
    assert_eq!(g["players"][1]["name"], "bob");
    assert_eq!(
        lobby.wait_for("game", |g| g["id"] == id).await["status"],
        "playing"
    );
    let (mut a, mut b, mut sid) = seated(&ann, &bob, id).await;
    for (i, mv) in ["b2", "a1", "c3", "a2", "b3", "a3"].iter().enumerate() {
        let mover = if i % 2 == 0 { &mut a } else { &mut b };
        mover.play(mv, sid).await;
        sid += 1;
        for ws in [&mut a, &mut b, &mut w] {
            assert_eq!(ws.state(sid).await["log"][i + 1]["move"], *mv);
        }
    }
    w.send("fetchState", serde_json::Value::Null).await;
    let end = w.wait_for("game", |g| g["status"] == "finished").await;
    assert_eq!(end["result"]["winner"], 1);
    assert_eq!(
        lobby.wait_for("game", |g| g["id"] == id).await["status"],
        "finished"
    );
}
