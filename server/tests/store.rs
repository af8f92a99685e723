//! Every statement of the store, run on both databases: an SQLite file and a throwaway
//! PostgreSQL cluster, with the same calls and the same expected answers.

mod common;

use outflank_server::now_ms;
use outflank_server::store::{Change, Committed, Finish, NewGame, Store};

fn change(from: i64, status: &'static str, data: &str, now: i64) -> Change {
    Change {
        game_id: 10,
        from_state: from,
        to_state: from + 1,
        status,
        data: data.into(),
        to_move: Some((from + 1) % 2),
        scores: [2, 2],
        times: [Some(60_000), Some(59_000)],
        turn_started_at: Some(now),
        deadline: Some(now + 60_000),
        join: None,
        finish: None,
        at: now,
    }
}

async fn every_statement(store: &Store) {
    let now = now_ms();
    let db = store.kind();

    // Accounts: names unique whatever their case.
    assert!(store
        .insert_user(1, "Ann", Some("ann@example.org"), "hash1")
        .await
        .unwrap());
    assert!(
        !store.insert_user(9, "ANN", None, "x").await.unwrap(),
        "{db}"
    );
    assert!(store.insert_user(2, "bob", None, "hash2").await.unwrap());
    let ann = store.user_by_name("aNN").await.unwrap().unwrap();
    assert_eq!(
        (ann.id, ann.name.as_str(), ann.email.as_deref()),
        (1, "Ann", Some("ann@example.org"))
    );
    assert_eq!((ann.password_hash.as_str(), ann.rating), ("hash1", 1500.0));
    assert!(store.user_by_name("cyd").await.unwrap().is_none());
    assert!(store.name_taken("ann").await.unwrap());
    assert!(!store.name_taken("cyd").await.unwrap());

    // Sessions: live ones open their account, expired and deleted ones nothing.
    store.insert_session("t1", 1, now + 60_000).await.unwrap();
    store.insert_session("t2", 2, now - 1).await.unwrap();
    assert_eq!(store.session_user("t1").await.unwrap().unwrap().id, 1);
    assert!(store.session_user("t2").await.unwrap().is_none(), "{db}");
    store.delete_session("t1").await.unwrap();
    assert!(store.session_user("t1").await.unwrap().is_none());

    // Attempts, for the limits.
    store.add_attempts(&["k1", "k1", "k2"]).await.unwrap();
    assert_eq!(store.count_attempts("k1", now - 1_000).await.unwrap(), 2);
    assert_eq!(store.count_attempts("k1", now_ms() + 1).await.unwrap(), 0);
    let oldest = store.oldest_attempt("k1", now - 1_000).await.unwrap();
    assert!(oldest.is_some_and(|t| t >= now && t <= now_ms()), "{db}");
    assert_eq!(store.oldest_attempt("k3", 0).await.unwrap(), None);
    store.clear_attempts("k1").await.unwrap();
    assert_eq!(store.count_attempts("k1", 0).await.unwrap(), 0);
    store.prune().await.unwrap();
    assert_eq!(
        store.count_attempts("k2", 0).await.unwrap(),
        1,
        "recent ones stay"
    );

    // Games: created, read, listed, cancelled.
    assert_eq!(store.count_waiting(1).await.unwrap(), 0);
    for (id, clock) in [(10, Some(60_000)), (11, None)] {
        store
            .insert_game(&NewGame {
                id,
                options: r#"{"game":"tictactoe"}"#.into(),
                creator: 1,
                data: r#"{"n":0}"#.into(),
                clock_ms: clock,
                increment_ms: clock.map(|_| 1_000),
                now,
            })
            .await
            .unwrap();
    }
    assert_eq!(store.count_waiting(1).await.unwrap(), 2);
    let g = store.game(10, true).await.unwrap().unwrap();
    assert_eq!(
        (g.status.as_str(), g.player0_name.as_str(), g.player1_id),
        ("waiting", "Ann", None)
    );
    assert_eq!(
        (g.state_id, g.to_move, g.data.as_deref()),
        (0, Some(0), Some(r#"{"n":0}"#))
    );
    assert_eq!(
        (g.clock_ms, g.increment_ms, g.time1_ms),
        (Some(60_000), Some(1_000), Some(60_000))
    );
    assert_eq!(g.created_at, now);
    assert_eq!(store.game(10, false).await.unwrap().unwrap().data, None);
    assert!(store.game(99, true).await.unwrap().is_none());
    let waiting: Vec<i64> = store
        .games_with_status("waiting", 10)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(waiting, [10, 11], "{db}");
    assert!(!store.cancel_game(11, 2).await.unwrap(), "only its creator");
    assert!(store.cancel_game(11, 1).await.unwrap());
    assert!(!store.cancel_game(11, 1).await.unwrap(), "once");
    let cancelled = store.game(11, false).await.unwrap().unwrap();
    assert_eq!(
        (cancelled.status.as_str(), cancelled.state_id),
        ("cancelled", 1)
    );
    assert_eq!(cancelled.to_move, None);

    // Changes: a join, a move, a stale one, the end with the leader board.
    let mut join = change(0, "playing", r#"{"n":1}"#, now);
    join.join = Some((2, now));
    join.to_move = Some(0);
    let done = Committed::Done {
        rating_changes: None,
    };
    assert_eq!(store.commit(&join).await.unwrap(), done);
    assert_eq!(store.commit(&join).await.unwrap(), Committed::Stale, "{db}");
    let g = store.game(10, true).await.unwrap().unwrap();
    assert_eq!(
        (g.player1_name.as_deref(), g.started_at, g.state_id),
        (Some("bob"), Some(now), 1)
    );
    assert_eq!(
        (g.score0, g.time1_ms, g.deadline),
        (2, Some(59_000), Some(now + 60_000))
    );
    let mine: Vec<i64> = store
        .games_of(2, true, 10)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(mine, [10]);
    let all: Vec<i64> = store
        .games_of(1, false, 10)
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(all, [10], "cancelled games are nobody's");
    assert_eq!(store.due_games(now + 60_000, 10).await.unwrap(), [10]);
    assert!(store.due_games(now, 10).await.unwrap().is_empty());
    assert_eq!(store.next_deadline().await.unwrap(), Some(now + 60_000));
    assert_eq!(
        store
            .commit(&change(1, "playing", r#"{"n":2}"#, now))
            .await
            .unwrap(),
        done
    );
    assert_eq!(
        store
            .commit(&change(1, "playing", r#"{"n":9}"#, now))
            .await
            .unwrap(),
        Committed::Stale
    );
    let mut end = change(2, "finished", r#"{"n":3}"#, now + 5);
    end.to_move = None;
    end.deadline = None;
    end.turn_started_at = None;
    end.finish = Some(Finish {
        reason: "end",
        winner: Some(0),
        players: [1, 2],
        diff0: 4,
    });
    assert_eq!(
        store.commit(&end).await.unwrap(),
        Committed::Done {
            rating_changes: Some([16.0, -16.0])
        },
        "{db}"
    );
    let g = store.game(10, true).await.unwrap().unwrap();
    assert_eq!(
        (g.status.as_str(), g.winner, g.end_reason.as_deref()),
        ("finished", Some(0), Some("end"))
    );
    assert_eq!(
        (g.finished_at, g.rating0_change, g.rating1_change),
        (Some(now + 5), Some(16.0), Some(-16.0))
    );
    assert_eq!(g.data.as_deref(), Some(r#"{"n":3}"#));
    assert_eq!(store.next_deadline().await.unwrap(), None);
    let mut states = store.states(&[11, 99, 10]).await.unwrap();
    states.sort_unstable();
    assert_eq!(states, [(10, 3), (11, 1)], "{db}");
    let many: Vec<i64> = (1..=1200).collect();
    assert_eq!(
        store.states(&many).await.unwrap().len(),
        2,
        "{db}: in chunks"
    );
    let leaders = store.leaders(10).await.unwrap();
    let board: Vec<_> = leaders
        .iter()
        .map(|u| {
            (
                u.name.as_str(),
                u.rating,
                u.wins,
                u.losses,
                u.draws,
                u.disc_diff,
            )
        })
        .collect();
    assert_eq!(
        board,
        [("Ann", 1516.0, 1, 0, 0, 4), ("bob", 1484.0, 0, 1, 0, -4)],
        "{db}"
    );
    store.close().await;
}

#[tokio::test]
async fn every_statement_on_sqlite() {
    let dir = common::data_dir();
    let store = Store::open_sqlite(dir.path(), "normal").await.unwrap();
    assert_eq!(store.kind(), "sqlite");
    every_statement(&store).await;
}

#[tokio::test]
async fn every_statement_on_postgres() {
    let Some(pg) = common::postgres().await else {
        return;
    };
    let store = Store::open_postgres(&pg.url, "outflank-test")
        .await
        .unwrap();
    assert_eq!(store.kind(), "postgres");
    every_statement(&store).await;
    // The migrations run once: a second instance finds the tables made.
    let again = Store::open_postgres(&pg.url, "outflank-test-2")
        .await
        .unwrap();
    assert!(again.user_by_name("ann").await.unwrap().is_some());
}
