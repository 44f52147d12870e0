//! The games' database: the store on its own, and the server on it across
//! a restart and a failing database. Every test runs on SQLite (a file in a
//! temporary directory) and, when `DABA_TEST_POSTGRES=postgres://...` is set
//! (CI sets it), the same test on PostgreSQL.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use serve::clock::{Clock, LagMeter, LagRecord, TimeControl};
use serve::game::Reason;
use serve::server::{Mode, UserRef};
use serve::store::{sqlite_url, GameRecord, Store, StoredChat, StoredEnd, StoredGame};
use serve::{router, Config, Server};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

use crate::common::{databases, new_id, poll_until, TempDir};

fn record(moves: &[&str]) -> GameRecord {
    GameRecord {
        mode: Mode::Friend,
        level: 0,
        computer: None,
        seats: [Some("a".repeat(32)), Some("b".repeat(32))],
        users: [
            Some(UserRef {
                id: "u1".into(),
                name: "Ada".into(),
            }),
            None,
        ],
        rated: false,
        control: TimeControl::Unlimited,
        clock: None,
        fifty_move_rule: false,
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        end: None,
        result: None,
        draw_offer: Some("white".into()),
        takeback: Some("black".into()),
        rematch: None,
        rematch_game: None,
        notice: Some("White offers a draw.".into()),
        chat: vec![StoredChat {
            n: 1,
            from: "black".into(),
            text: "héllo <b>".into(),
        }],
        chat_count: 1,
        watchers_chat: vec![StoredChat {
            n: 1,
            from: "Bob".into(),
            text: "nice".into(),
        }],
        watchers_chat_count: 1,
        search: None,
        lag: [
            LagMeter::from(LagRecord {
                samples: vec![80, 95, 70],
                quota_ms: 700,
            }),
            LagMeter::new(),
        ],
    }
}

fn stored(id: &str, version: i64, moves: &[&str]) -> StoredGame {
    StoredGame {
        id: id.to_string(),
        version,
        finished: false,
        updated_at: 1_700_000_000 + version,
        players: [Some("u1".into()), None],
        turn: if moves.len().is_multiple_of(2) {
            "white"
        } else {
            "black"
        }
        .into(),
        record: record(moves),
    }
}

#[tokio::test]
async fn a_saved_game_loads_as_it_was() {
    for (url, _dir) in databases().await {
        let store = Store::open(&url).await.unwrap();
        let id = new_id();
        let mut game = stored(&id, 3, &["e2e4", "e7e5"]);
        game.record.control = TimeControl::Correspondence { days_per_move: 3 };
        game.record.clock = Some(Clock::new(
            game.record.control,
            movegen::Color::White,
            1_700_000_000_000,
        ));
        game.finished = true;
        game.record.end = Some(StoredEnd {
            reason: Reason::Resignation,
            winner: Some("black".into()),
        });
        assert!(store.save(&game).await.unwrap(), "{url}");
        assert_eq!(store.load(&id).await.unwrap(), Some(game.clone()), "{url}");
        let all = store.load_all().await.unwrap();
        assert_eq!(
            all.iter().filter(|g| g.id == id).collect::<Vec<_>>(),
            vec![&game],
            "{url}"
        );
        assert_eq!(store.load(&new_id()).await.unwrap(), None, "{url}");
        // Opening again applies no migration twice and finds the game.
        let again = Store::open(&url).await.unwrap();
        assert_eq!(again.load(&id).await.unwrap(), Some(game), "{url}");
    }
}

#[tokio::test]
async fn an_older_version_never_overwrites_a_newer_one() {
    for (url, _dir) in databases().await {
        let store = Store::open(&url).await.unwrap();
        let id = new_id();
        assert!(store.save(&stored(&id, 2, &["e2e4"])).await.unwrap());
        // Reordered or repeated saves change nothing.
        assert!(!store.save(&stored(&id, 1, &[])).await.unwrap(), "{url}");
        assert!(!store.save(&stored(&id, 2, &["d2d4"])).await.unwrap(), "{url}");
        assert_eq!(
            store.load(&id).await.unwrap().unwrap().record.moves,
            ["e2e4"],
            "{url}"
        );
        // A newer one replaces it.
        assert!(
            store.save(&stored(&id, 3, &["e2e4", "c7c5"])).await.unwrap(),
            "{url}"
        );
        let loaded = store.load(&id).await.unwrap().unwrap();
        assert_eq!((loaded.version, loaded.record.moves.len()), (3, 2), "{url}");
        // Saves racing from many tasks: the newest wins, whatever the order.
        let store = Arc::new(store);
        let tasks: Vec<_> = (4..24)
            .rev()
            .map(|v| {
                let (store, id) = (store.clone(), id.clone());
                tokio::spawn(async move { store.save(&stored(&id, v, &[])).await.unwrap() })
            })
            .collect();
        for t in tasks {
            t.await.unwrap();
        }
        assert_eq!(store.load(&id).await.unwrap().unwrap().version, 23, "{url}");
    }
}

#[tokio::test]
async fn a_failed_save_leaves_nothing() {
    for (url, _dir) in databases().await {
        let store = Store::open(&url).await.unwrap();
        let (old, new) = (new_id(), new_id());
        store.save(&stored(&old, 1, &["e2e4"])).await.unwrap();
        store.set_failing(true);
        assert!(store.save(&stored(&new, 1, &[])).await.is_err(), "{url}");
        assert!(
            store.save(&stored(&old, 2, &["e2e4", "e7e5"])).await.is_err(),
            "{url}"
        );
        store.set_failing(false);
        assert_eq!(store.load(&new).await.unwrap(), None, "{url}");
        assert_eq!(
            store.load(&old).await.unwrap(),
            Some(stored(&old, 1, &["e2e4"])),
            "{url}"
        );
    }
}

#[tokio::test]
async fn a_bad_url_is_refused_in_words() {
    let error = Store::open("mysql://nobody").await.err().unwrap().to_string();
    assert!(error.contains("unsupported database URL"), "{error}");
}

// The server on a database.

async fn send(app: &Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&body).to_string();
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

/// A read with a seat's token (a player's view: the players' chat).
async fn get_as(app: &Router, uri: &str, token: &str) -> (StatusCode, Value) {
    let request = Request::get(uri)
        .header("x-daba-token", token)
        .body(Body::empty())
        .unwrap();
    send(app, request).await
}

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, request).await
}

/// Posts and expects a 2xx answer.
async fn ok(app: &Router, uri: &str, body: Value) -> Value {
    let (status, value) = post(app, uri, body).await;
    assert!(status.is_success(), "{uri}: {status} {value}");
    value
}

async fn server(url: &str) -> Arc<Server> {
    Server::new(Config {
        database: url.to_string(),
        wait_timeout: Duration::from_millis(300),
        seed: Some(1),
        // A PostgreSQL database shared by many runs holds many games.
        max_games: 100_000,
        ..Config::default()
    })
    .await
    .unwrap()
}

/// The game once the computer is not thinking, with `plies` moves.
async fn settled(app: &Router, id: &str, plies: usize) -> Value {
    let uri = format!("/api/games/{id}");
    let read = || async {
        let (status, state) = get(app, &uri).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        state
    };
    poll_until("the computer did not move", read, |state| {
        state["thinking"] == false && state["moves"].as_array().unwrap().len() == plies
    })
    .await
}

/// What a restart must keep of a game's view.
fn kept(state: &Value) -> Value {
    json!({
        "mode": state["mode"], "level": state["level"], "computer": state["computer"],
        "seats": state["seats"], "start_fen": state["start_fen"], "fen": state["fen"],
        "moves": state["moves"], "over": state["over"], "result": state["result"],
        "reason": state["reason"], "winner": state["winner"], "draw_offer": state["draw_offer"],
        "notice": state["notice"], "notice_code": state["notice_code"], "chat": state["chat"],
        "version": state["version"],
    })
}

#[tokio::test]
async fn games_survive_a_restart() {
    for (url, _dir) in databases().await {
        let first = server(&url).await;
        let app = router(first.clone());
        // Against the computer, from a FEN, with a move each.
        let computer = ok(
            &app,
            "/api/games",
            json!({"mode": "computer", "level": 0, "color": "white",
                   "fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"}),
        )
        .await;
        let (c_id, c_token) = (
            computer["id"].as_str().unwrap(),
            computer["token"].as_str().unwrap(),
        );
        ok(
            &app,
            &format!("/api/games/{c_id}/move"),
            json!({"token": c_token, "uci": "e1g1"}),
        )
        .await;
        let c_state = settled(&app, c_id, 2).await;
        // A friend game: both seats, moves, chat, a draw offer.
        let friend = ok(&app, "/api/games", json!({"mode": "friend", "color": "white"})).await;
        let (f_id, white) = (friend["id"].as_str().unwrap(), friend["token"].as_str().unwrap());
        let joined = ok(&app, &format!("/api/games/{f_id}/join"), json!({})).await;
        let black = joined["token"].as_str().unwrap();
        ok(
            &app,
            &format!("/api/games/{f_id}/move"),
            json!({"token": white, "san": "e4"}),
        )
        .await;
        ok(
            &app,
            &format!("/api/games/{f_id}/chat"),
            json!({"token": black, "text": "good luck"}),
        )
        .await;
        ok(
            &app,
            &format!("/api/games/{f_id}/move"),
            json!({"token": black, "san": "c5"}),
        )
        .await;
        ok(
            &app,
            &format!("/api/games/{f_id}/chat"),
            json!({"token": white, "text": "you too"}),
        )
        .await;
        ok(
            &app,
            &format!("/api/games/{f_id}/draw"),
            json!({"token": white, "action": "offer"}),
        )
        .await;
        let f_state = get_as(&app, &format!("/api/games/{f_id}"), white).await.1;
        // A friend game ended by resignation.
        let resigned = ok(&app, "/api/games", json!({"mode": "friend", "color": "black"})).await;
        let (r_id, r_black) = (
            resigned["id"].as_str().unwrap(),
            resigned["token"].as_str().unwrap(),
        );
        let r_white = ok(&app, &format!("/api/games/{r_id}/join"), json!({})).await;
        let r_white = r_white["token"].as_str().unwrap();
        ok(
            &app,
            &format!("/api/games/{r_id}/move"),
            json!({"token": r_white, "san": "f3"}),
        )
        .await;
        let r_state = ok(
            &app,
            &format!("/api/games/{r_id}/resign"),
            json!({"token": r_black}),
        )
        .await;
        // On one screen.
        let local = ok(&app, "/api/games", json!({"mode": "local"})).await;
        let (l_id, l_token) = (local["id"].as_str().unwrap(), local["token"].as_str().unwrap());
        for san in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
            ok(
                &app,
                &format!("/api/games/{l_id}/move"),
                json!({"token": l_token, "san": san}),
            )
            .await;
        }
        let l_state = ok(
            &app,
            &format!("/api/games/{l_id}/claim"),
            json!({"token": l_token}),
        )
        .await;
        assert_eq!(l_state["reason"], "threefold-repetition");

        drop(app);
        drop(first);
        let second = server(&url).await;
        let app = router(second);
        for (id, token, before) in [
            (c_id, "", &c_state),
            (f_id, white, &f_state),
            (r_id, "", &r_state),
            (l_id, "", &l_state),
        ] {
            let (status, after) = get_as(&app, &format!("/api/games/{id}"), token).await;
            assert_eq!(status, StatusCode::OK, "{url}: {after}");
            assert_eq!(kept(&after), kept(before), "{url}");
        }
        assert_eq!(r_state["reason"], "resignation");
        assert_eq!(r_state["winner"], "white");
        assert_eq!(f_state["chat"].as_array().unwrap().len(), 2);
        // The seats' tokens still work, and only them.
        let (status, _) = post(&app, &format!("/api/games/{f_id}/join"), json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, _) = post(
            &app,
            &format!("/api/games/{f_id}/move"),
            json!({"token": black, "san": "Nf3"}),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "not black's turn");
        let state = ok(
            &app,
            &format!("/api/games/{f_id}/move"),
            json!({"token": white, "san": "Nf3"}),
        )
        .await;
        assert_eq!(state["moves"].as_array().unwrap().len(), 3);
        assert_eq!(
            state["draw_offer"], "white",
            "a player's own move keeps their offer"
        );
        let state = ok(
            &app,
            &format!("/api/games/{f_id}/chat"),
            json!({"token": black, "text": "back"}),
        )
        .await;
        assert_eq!(state["chat"][2]["n"], 3);
        ok(
            &app,
            &format!("/api/games/{c_id}/undo"),
            json!({"token": c_token}),
        )
        .await;
        ok(
            &app,
            &format!("/api/games/{c_id}/move"),
            json!({"token": c_token, "uci": "a1d1"}),
        )
        .await;
        settled(&app, c_id, 2).await;
        let (status, _) = post(
            &app,
            &format!("/api/games/{r_id}/move"),
            json!({"token": r_black, "san": "e5"}),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "the game is over");
    }
}

#[tokio::test]
async fn the_computer_moves_after_a_restart_when_it_was_to_move() {
    for (url, _dir) in databases().await {
        let store = Store::open(&url).await.unwrap();
        let id = new_id();
        let mut game = stored(&id, 5, &["e2e4"]);
        game.record.mode = Mode::Computer;
        game.record.computer = Some("black".into());
        game.record.seats = [Some("c".repeat(32)), None];
        game.record.chat = Vec::new();
        game.record.chat_count = 0;
        game.record.draw_offer = None;
        game.updated_at = serve::store::now_seconds();
        store.save(&game).await.unwrap();
        let app = router(server(&url).await);
        let state = settled(&app, &id, 2).await;
        assert_eq!(state["moves"][0]["uci"], "e2e4");
        assert!(state["version"].as_u64().unwrap() > 5);
        // Its move was saved.
        let saved = store.load(&id).await.unwrap().unwrap();
        assert_eq!(saved.record.moves.len(), 2, "{url}");
    }
}

#[tokio::test]
async fn a_change_that_cannot_be_saved_answers_503_and_changes_nothing() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        let friend = ok(&app, "/api/games", json!({"mode": "friend"})).await;
        let (id, white) = (friend["id"].as_str().unwrap(), friend["token"].as_str().unwrap());
        let black = ok(&app, &format!("/api/games/{id}/join"), json!({})).await;
        let black = black["token"].as_str().unwrap();
        ok(
            &app,
            &format!("/api/games/{id}/move"),
            json!({"token": white, "san": "d4"}),
        )
        .await;
        let before = get(&app, &format!("/api/games/{id}")).await.1;
        let count = server.game_count();

        server.store().set_failing(true);
        let uri = |action: &str| format!("/api/games/{id}/{action}");
        for (action, body) in [
            ("move", json!({"token": black, "san": "d5"})),
            ("chat", json!({"token": black, "text": "hi"})),
            ("draw", json!({"token": black, "action": "offer"})),
            ("resign", json!({"token": black})),
        ] {
            let (status, answer) = post(&app, &uri(action), body).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{action}: {answer}");
            assert!(
                answer["error"].as_str().unwrap().contains("could not be saved"),
                "{answer}"
            );
            // The game is as it was (who has it open may change: presence
            // is not the game's state; nor is the answer's time).
            let mut after = get(&app, &format!("/api/games/{id}")).await.1;
            after["online"] = before["online"].clone();
            after["served_at"] = before["served_at"].clone();
            assert_eq!(after, before, "{action}");
        }
        let (status, answer) = post(&app, "/api/games", json!({"mode": "local"})).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
        assert_eq!(server.game_count(), count);
        let computer = post(&app, "/api/games", json!({"mode": "computer", "color": "black"})).await;
        assert_eq!(computer.0, StatusCode::SERVICE_UNAVAILABLE);

        server.store().set_failing(false);
        let state = ok(&app, &uri("move"), json!({"token": black, "san": "d5"})).await;
        assert_eq!(
            state["version"].as_u64().unwrap(),
            before["version"].as_u64().unwrap() + 1
        );
        let stored = server.store().load(id).await.unwrap().unwrap();
        assert_eq!(stored.record.moves, ["d2d4", "d7d5"], "{url}");
    }
}

#[tokio::test]
async fn a_sqlite_file_is_opened_in_write_ahead_logging_mode() {
    let dir = TempDir::new();
    let url = sqlite_url(&dir.0.join("daba.sqlite"));
    let store = Store::open(&url).await.unwrap();
    store.close().await;
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let row = sqlx::query("PRAGMA journal_mode").fetch_one(&pool).await.unwrap();
    let mode: String = sqlx::Row::try_get(&row, 0).unwrap();
    assert_eq!(mode, "wal", "the mode stays set in the file");
    pool.close().await;
}
