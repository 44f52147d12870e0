//! One site on two `daba serve` instances sharing one PostgreSQL schema
//! (as behind a load balancer): two servers, each with its own router, on
//! the same database URL. A move made through one instance reaches a long
//! poll waiting on the other at once, a seek opened on one is listed and
//! streamed on the other, an accept on one tells the seeker's stream on
//! the other, a listener that lost its connection catches up, a move
//! reaching an instance before the news of the join it needs is played, and
//! a computer search runs on one instance only. PostgreSQL only: without
//! `DABA_TEST_POSTGRES` (CI sets it) each test says it is skipped.

use crate::common::*;
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use serve::router;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;
use tower::ServiceExt;

/// How soon the other instance must have heard of a change.
const AT_ONCE: Duration = Duration::from_secs(2);

/// Two instances of one site: their routers.
async fn two_instances(url: &str) -> (Router, Router) {
    (router(server(url).await), router(server(url).await))
}

/// A guest's read of a game, with the seat token in its header.
async fn read(app: &Router, uri: &str, token: &str) -> Answer {
    request(app, Method::GET, uri, None, None, &[("x-daba-token", token)]).await
}

/// A long poll for the game past `after`, answered in its own task, with
/// how long it waited.
fn long_poll(app: &Router, id: &str, after: u64, token: &str) -> JoinHandle<(Answer, Duration)> {
    let (app, token) = (app.clone(), token.to_string());
    let uri = format!("/api/games/{id}/wait?after={after}");
    tokio::spawn(async move {
        let start = Instant::now();
        let answer = read(&app, &uri, &token).await;
        (answer, start.elapsed())
    })
}

/// A guest's move.
async fn play(app: &Router, id: &str, token: &str, uci: &str) -> Value {
    let body = json!({"token": token, "uci": uci});
    let uri = format!("/api/games/{id}/move");
    ok(&request(app, Method::POST, &uri, Some(body), None, &[]).await).clone()
}

/// Waits for a long poll started before a change; asserts it answered
/// within [`AT_ONCE`] of `changed` (the change's answer) and returns the game.
async fn answered(poll: JoinHandle<(Answer, Duration)>, changed: Instant) -> Value {
    let (answer, _) = tokio::time::timeout(Duration::from_secs(30), poll)
        .await
        .expect("the long poll answers")
        .unwrap();
    let late = changed.elapsed();
    assert!(late < AT_ONCE, "the long poll answered {late:?} after the change");
    ok(&answer).clone()
}

/// A friend game created by a guest on `a`, joined by a guest on `b`:
/// (id, white's token, black's token, version).
async fn friend_game(a: &Router, b: &Router) -> (String, String, String, u64) {
    timed_friend_game(a, b, "-").await
}

/// [`friend_game`] at the time control `control` (`-`: none).
async fn timed_friend_game(a: &Router, b: &Router, control: &str) -> (String, String, String, u64) {
    let (id, white) = open_friend_game(a, control).await;
    let (black, version) = join_friend_game(b, &id).await;
    (id, white, black, version)
}

/// A friend game created by a guest on `a` at the time control `control`:
/// (id, white's token).
async fn open_friend_game(a: &Router, control: &str) -> (String, String) {
    let created = request(
        a,
        Method::POST,
        "/api/games",
        Some(json!({"mode": "friend", "time_control": control})),
        None,
        &[],
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    assert_eq!(created.body["color"], "white");
    let id = created.body["id"].as_str().unwrap().to_string();
    let white = created.body["token"].as_str().unwrap().to_string();
    (id, white)
}

/// A guest joins the friend game `id` on `b`: (black's token, version).
async fn join_friend_game(b: &Router, id: &str) -> (String, u64) {
    let joined =
        ok(&request(b, Method::POST, &format!("/api/games/{id}/join"), None, None, &[]).await).clone();
    assert_eq!(joined["color"], "black");
    let black = joined["token"].as_str().unwrap().to_string();
    (black, joined["state"]["version"].as_u64().unwrap())
}

#[tokio::test]
async fn a_move_through_one_instance_reaches_a_long_poll_on_the_other_at_once() {
    let Some(url) =
        shared_database("a_move_through_one_instance_reaches_a_long_poll_on_the_other_at_once").await
    else {
        return;
    };
    let (a, b) = two_instances(&url).await;
    let (id, white, black, joined) = friend_game(&a, &b).await;

    // Black waits on B; White moves through A.
    let poll = long_poll(&b, &id, joined, &black);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let moved = play(&a, &id, &white, "e2e4").await;
    let seen = answered(poll, Instant::now()).await;
    assert_eq!(seen["version"], moved["version"]);
    assert_eq!(seen["last_move"], json!(["e2", "e4"]));
    assert_eq!(seen["you"], "black");

    // White waits on A; Black moves through B.
    let after = moved["version"].as_u64().unwrap();
    let poll = long_poll(&a, &id, after, &white);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let moved = play(&b, &id, &black, "e7e5").await;
    let seen = answered(poll, Instant::now()).await;
    assert_eq!(seen["version"], moved["version"]);
    assert_eq!(seen["last_move"], json!(["e7", "e5"]));
    assert_eq!(seen["moves"].as_array().unwrap().len(), 2);

    // Both instances answer the same game; a plain read on either is current.
    let on_a = ok(&read(&a, &format!("/api/games/{id}"), &white).await).clone();
    let on_b = ok(&read(&b, &format!("/api/games/{id}"), &black).await).clone();
    assert_eq!(on_a["fen"], on_b["fen"]);
    assert_eq!(on_a["version"], on_b["version"]);
}

#[tokio::test]
async fn a_listener_that_lost_its_connection_catches_up() {
    let Some(url) = shared_database("a_listener_that_lost_its_connection_catches_up").await else {
        return;
    };
    let (a, b) = two_instances(&url).await;
    let (id, white, black, joined) = friend_game(&a, &b).await;
    let poll = long_poll(&b, &id, joined, &black);
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Cut both instances' listening connections (those of this schema),
    // then move at once, before they are back: the notification is lost,
    // and the reconnected listener must look again by itself.
    cut_listeners(&url).await;
    let moved = play(&a, &id, &white, "d2d4").await;
    let changed = Instant::now();
    let (answer, _) = tokio::time::timeout(Duration::from_secs(30), poll)
        .await
        .expect("the long poll answers")
        .unwrap();
    let late = changed.elapsed();
    assert!(
        late < Duration::from_secs(5),
        "caught up {late:?} after the change"
    );
    assert_eq!(ok(&answer)["version"], moved["version"]);
    // The listeners hear again.
    let poll = long_poll(&a, &id, moved["version"].as_u64().unwrap(), &white);
    tokio::time::sleep(Duration::from_millis(300)).await;
    play(&b, &id, &black, "d7d5").await;
    let seen = answered(poll, Instant::now()).await;
    assert_eq!(seen["last_move"], json!(["d7", "d5"]));
}

#[tokio::test]
async fn a_move_on_an_instance_that_has_not_heard_of_the_join_is_played() {
    let Some(url) = shared_database("a_move_on_an_instance_that_has_not_heard_of_the_join_is_played").await
    else {
        return;
    };
    let instance_a = server(&url).await;
    let (a, b) = (router(instance_a.clone()), router(server(&url).await));
    let (id, white) = open_friend_game(&a, "-").await;
    // A holds the game with an empty seat and stops hearing B: the join
    // made there reaches A only through the database.
    let waiting = ok(&read(&a, &format!("/api/games/{id}"), &white).await).clone();
    assert_eq!(waiting["you"], "white");
    instance_a.stop_listening();
    let (black, _) = join_friend_game(&b, &id).await;
    // White moves through A at once, and Black answers through A too: A
    // looks in the database before refusing either.
    let moved = play(&a, &id, &white, "e2e4").await;
    assert_eq!(moved["last_move"], json!(["e2", "e4"]));
    let answered = play(&a, &id, &black, "e7e5").await;
    assert_eq!(answered["moves"].as_array().unwrap().len(), 2);
    assert_eq!(answered["you"], "black");
    // A move that is refused for its own sake still is.
    let body = json!({"token": black, "uci": "d7d5"});
    let refused = request(
        &a,
        Method::POST,
        &format!("/api/games/{id}/move"),
        Some(body),
        None,
        &[],
    )
    .await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
}

impl Player {
    /// The player's lobby event stream on `app`, past its first event.
    async fn lobby_events(&self, app: &Router) -> Body {
        let request = Request::get("/api/lobby/events")
            .header(header::HOST, "localhost:8080")
            .header(header::COOKIE, format!("daba_session={}", self.token))
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let mut body = response.into_body();
        let first = next_event(&mut body, Duration::from_secs(10)).await;
        assert!(first.starts_with("event: lobby\n"), "{first}");
        body
    }
}

/// The events of a stream until one of `kind` comes, within [`AT_ONCE`].
async fn event_of_kind(body: &mut Body, kind: &str) -> String {
    let start = Instant::now();
    loop {
        let left = AT_ONCE.saturating_sub(start.elapsed());
        let event = next_event(body, left.max(Duration::from_millis(1))).await;
        if event.starts_with(&format!("event: {kind}\n")) {
            return event;
        }
    }
}

#[tokio::test]
async fn a_seek_opened_on_one_instance_is_streamed_and_accepted_on_the_other() {
    let Some(url) =
        shared_database("a_seek_opened_on_one_instance_is_streamed_and_accepted_on_the_other").await
    else {
        return;
    };
    let (a, b) = two_instances(&url).await;
    // Accounts and sessions are in the database: each player signs up on
    // one instance.
    let ada = Player::new(&a, "Ada").await;
    let bob = Player::new(&b, "Bob").await;
    let mut ada_events = ada.lobby_events(&a).await;
    let mut bob_events = bob.lobby_events(&b).await;

    let seek = ok(&ada.post(&a, "/api/seeks", json!({"time_control": "5+3"})).await).clone();
    let seek_id = seek["id"].as_str().unwrap();
    let streamed = event_of_kind(&mut bob_events, "lobby").await;
    assert!(streamed.contains(seek_id), "{streamed}");
    let listed = ok(&bob.get(&b, "/api/lobby").await).clone();
    assert_eq!(listed["seeks"][0]["id"], seek["id"]);
    assert_eq!(listed["seeks"][0]["user"], "Ada");
    assert_eq!(listed["seeks"][0]["mine"], false);
    // Ada's own stream hears it from her instance.
    let own = next_event(&mut ada_events, Duration::from_secs(10)).await;
    assert!(own.contains(seek_id), "{own}");

    let seat = bob
        .post(&b, &format!("/api/seeks/{seek_id}/accept"), json!({}))
        .await;
    assert_eq!(seat.status, StatusCode::CREATED, "{}", seat.body);
    let game = seat.body["id"].as_str().unwrap();
    let started = event_of_kind(&mut ada_events, "started").await;
    assert!(started.contains(game), "{started}");
    assert!(started.contains(seek_id), "{started}");
    // The seek is gone on both; the game reads the same on both.
    for app in [&a, &b] {
        let lobby = ok(&ada.get(app, "/api/lobby").await).clone();
        assert_eq!(lobby["seeks"], json!([]));
    }
    let on_a = ok(&ada.get(&a, &format!("/api/games/{game}")).await).clone();
    assert_eq!(on_a["players"], seat.body["state"]["players"]);
    assert_ne!(on_a["you"], Value::Null, "Ada's seat answers to her account on A");
}

#[tokio::test]
async fn a_computer_search_runs_on_one_instance_only() {
    let Some(url) = shared_database("a_computer_search_runs_on_one_instance_only").await else {
        return;
    };
    let (a, b) = two_instances(&url).await;
    // The computer plays White at full strength (a search long enough to
    // be caught running): it starts on A at once.
    let body = json!({"mode": "computer", "level": 20, "color": "black"});
    let created = request(&a, Method::POST, "/api/games", Some(body), None, &[]).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_string();
    let token = created.body["token"].as_str().unwrap().to_string();
    let version = created.body["state"]["version"].as_u64().unwrap();
    assert_eq!(created.body["state"]["thinking"], true);
    // B loads the game: it leaves the search to A (a search of its own
    // would have saved a version without a move).
    let on_b = ok(&read(&b, &format!("/api/games/{id}"), &token).await).clone();
    let moves = on_b["moves"].as_array().unwrap().len();
    if moves == 0 {
        assert_eq!(on_b["version"].as_u64().unwrap(), version, "{on_b}");
        assert_eq!(on_b["thinking"], true, "B shows A's search");
    } else {
        assert_eq!(on_b["version"].as_u64().unwrap(), version + 1, "{on_b}");
    }
    // The computer's move, made on A, reaches B.
    let start = Instant::now();
    let mut seen = on_b;
    while seen["moves"].as_array().unwrap().is_empty() {
        assert!(start.elapsed() < Duration::from_secs(60), "no computer move");
        let after = seen["version"].as_u64().unwrap();
        seen = ok(&read(&b, &format!("/api/games/{id}/wait?after={after}"), &token).await).clone();
    }
    assert_eq!(seen["moves"].as_array().unwrap().len(), 1);
    assert_eq!(
        seen["version"].as_u64().unwrap(),
        version + 1,
        "one search, one move"
    );
    assert_eq!(seen["thinking"], false);
    assert_eq!(seen["turn"], "black");
}

#[tokio::test]
async fn sqlite_stays_one_process_with_nothing_to_tell() {
    let (url, _dir) = databases().await.into_iter().next().unwrap();
    assert!(url.starts_with("sqlite:"));
    let server = server(&url).await;
    assert!(server.store().channels().is_none());
    let app = router(server.clone());
    let body = json!({"mode": "computer", "level": 0, "color": "black"});
    let created = request(&app, Method::POST, "/api/games", Some(body), None, &[]).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.body);
    let id = created.body["id"].as_str().unwrap();
    // The record names no instance.
    let row = server.store().load(id).await.unwrap().unwrap();
    assert_eq!(row.record.search, None);
}

#[tokio::test]
async fn who_is_online_is_seen_from_every_instance() {
    let Some(url) = shared_database("who_is_online_is_seen_from_every_instance").await else {
        return;
    };
    let (server_a, server_b) = (server(&url).await, server(&url).await);
    let (a, b) = (router(server_a.clone()), router(server_b.clone()));
    let ada = Player::new(&a, "Ada").await;
    let bob = Player::new(&b, "Bob").await;
    let seek = ok(&ada.post(&a, "/api/seeks", json!({"time_control": "1d"})).await).clone();
    let seat = bob
        .post(
            &b,
            &format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap()),
            json!({}),
        )
        .await;
    assert_eq!(seat.status, StatusCode::CREATED, "{}", seat.body);
    let game = format!("/api/games/{}", seat.body["id"].as_str().unwrap());
    // Ada uses instance A only, Bob instance B only.
    ok(&ada.get(&a, &game).await);
    let ada_seat = if seat.body["state"]["players"][0] == "Ada" {
        0
    } else {
        1
    };
    // Ada's seat is online on B before any presence is read: A told B
    // that it saw her in the game.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let told = ok(&bob.get(&b, &game).await).clone();
    assert_eq!(told["online"][1 - ada_seat], true, "Bob, here");
    assert_eq!(told["online"][ada_seat], true, "Ada, told by A");
    let lobby = ok(&bob.get(&b, "/api/lobby").await).clone();
    assert_eq!(lobby["online"], json!([]), "presence not read yet");
    // A guest has the lobby open on A.
    let guest = Request::get("/api/lobby/events")
        .header(header::HOST, "localhost:8080")
        .body(Body::empty())
        .unwrap();
    let guest_stream = a.clone().oneshot(guest).await.unwrap();
    assert_eq!(guest_stream.status(), StatusCode::OK);

    server_a.refresh_presence().await;
    server_b.refresh_presence().await;
    let seen = ok(&bob.get(&b, &game).await).clone();
    assert_eq!(
        seen["online"],
        json!([true, true]),
        "Ada, seen by A, is online on B"
    );
    let lobby = ok(&bob.get(&b, "/api/lobby").await).clone();
    assert_eq!(lobby["online"], json!(["Ada", "Bob"]));
    assert_eq!(lobby["guests"], 1, "the guest in A's lobby");
    drop(guest_stream);
}

#[tokio::test]
async fn a_round_trip_measured_on_one_instance_is_credited_on_the_other_and_a_guest_is_online_on_both() {
    let Some(url) = shared_database(
        "a_round_trip_measured_on_one_instance_is_credited_on_the_other_and_a_guest_is_online_on_both",
    )
    .await
    else {
        return;
    };
    let (server_a, server_b) = (server(&url).await, server(&url).await);
    let (a, b) = (router(server_a.clone()), router(server_b.clone()));
    // White (a guest) uses A only, Black (a guest) B only.
    let (id, white, black, _) = timed_friend_game(&a, &b, "5+0").await;
    // (A hears of the join made on B.)
    tokio::time::sleep(Duration::from_millis(300)).await;
    play(&a, &id, &white, "e2e4").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let black_moved = Instant::now();
    play(&b, &id, &black, "e7e5").await;
    // White's clock runs. White's long polls on A each give back an answer
    // time 450 ms earlier than it was: three round trips of 450 ms or more,
    // measured on A and told to B.
    let mut served = ok(&read(&a, &format!("/api/games/{id}"), &white).await)["served_at"]
        .as_i64()
        .unwrap();
    for _ in 0..3 {
        served = poll_back(&a, &id, &white, served - 450).await["served_at"]
            .as_i64()
            .unwrap();
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // White's move goes through B, which credits those round trips: the
    // clock charges the time since Black's move less at least 450 ms.
    let moved = play(&b, &id, &white, "g1f3").await;
    let bound = i64::try_from(black_moved.elapsed().as_millis()).unwrap();
    let white_ms = moved["clock"]["white_ms"].as_i64().unwrap();
    assert!(
        white_ms >= 300_000 - (bound - 450).max(0),
        "White has {white_ms} ms after {bound} ms: the round trips measured on A were not credited on B"
    );
    // The meters are saved with the game: B's save holds A's round trips.
    let row = server_b.store().load(&id).await.unwrap().unwrap();
    let lag = serde_json::to_value(&row.record.lag).unwrap();
    let samples = lag[0]["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 3, "{lag}");
    assert!(
        samples
            .iter()
            .all(|s| (450..10_000).contains(&s.as_i64().unwrap())),
        "{lag}"
    );
    // 1 s, 300 ms back with each of White's two moves, less the second
    // move's credit: at least the 300 ms slept.
    assert!(
        lag[0]["quota_ms"].as_i64().unwrap() <= 1_300,
        "a credit was spent: {lag}"
    );
    assert_eq!(lag[1]["samples"], json!([]), "Black gave nothing back");
    // Black, a guest seen only by B, is online on A too; and White on B.
    let on_a = ok(&read(&a, &format!("/api/games/{id}"), &white).await).clone();
    assert_eq!(on_a["online"], json!([true, true]));
    let on_b = ok(&read(&b, &format!("/api/games/{id}"), &black).await).clone();
    assert_eq!(on_b["online"], json!([true, true]));
}

#[tokio::test]
async fn limits_count_the_attempts_made_on_every_instance() {
    let Some(url) = shared_database("limits_count_the_attempts_made_on_every_instance").await else {
        return;
    };
    let (a, b) = two_instances(&url).await;
    ok(&signup(&a, "anish", "correct horse battery").await);
    // Ten failed sign-ins on one name, half on each instance: the next is
    // refused on both.
    for i in 0..10 {
        let app = [&a, &b][i % 2];
        signin(app, "anish", "wrong password").await.error(401, "wrong");
    }
    for app in [&a, &b] {
        signin(app, "anish", "correct horse battery")
            .await
            .error(429, "too many attempts");
    }
    // Five chat messages in a game, split over the instances: the sixth is
    // refused on either.
    let (id, white, _, _) = friend_game(&a, &b).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let chat = format!("/api/games/{id}/chat");
    for i in 0..5 {
        let app = [&a, &b][i % 2];
        let said = request(
            app,
            Method::POST,
            &chat,
            Some(json!({"token": white, "text": "hi"})),
            None,
            &[],
        )
        .await;
        ok(&said);
    }
    for app in [&a, &b] {
        request(
            app,
            Method::POST,
            &chat,
            Some(json!({"token": white, "text": "hi"})),
            None,
            &[],
        )
        .await
        .error(429, "slow down");
    }
}
