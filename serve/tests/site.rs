//! The site between signed-in players, through the router in-process: the
//! lobby (seeks, accepts, live events), games whose seats belong to
//! accounts, clocks kept by the server, take-backs, watchers and their
//! chat, rated results, my games, profiles' histories and PGN. Every test
//! runs on SQLite and, when `DABA_TEST_POSTGRES` is set (CI), PostgreSQL.

use crate::common::*;
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use serve::router;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// Ada opens a seek, Bob accepts it: (ada, bob, game id, Ada's colour).
async fn seek_and_accept(app: &Router, seek: Value) -> (Player, Player, String, String) {
    let ada = Player::new(app, "Ada").await;
    let bob = Player::new(app, "Bob").await;
    let a = ada.post(app, "/api/seeks", seek).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    let seek_id = a.body["id"].as_str().unwrap().to_string();
    let accepted = bob
        .post(app, &format!("/api/seeks/{seek_id}/accept"), json!({}))
        .await;
    assert_eq!(accepted.status, StatusCode::CREATED, "{}", accepted.body);
    let game = accepted.body["id"].as_str().unwrap().to_string();
    let bob_color = accepted.body["color"].as_str().unwrap();
    let ada_color = if bob_color == "white" { "black" } else { "white" };
    (ada, bob, game, ada_color.to_string())
}

#[tokio::test]
async fn a_seek_is_listed_accepted_once_and_becomes_a_game_of_both_accounts() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let ada = Player::new(&app, "Ada").await;
        let bob = Player::new(&app, "Bob").await;
        let cy = Player::new(&app, "Cyd").await;
        // Guests see the lobby but cannot seek.
        let guest = request(&app, Method::GET, "/api/lobby", None, None, &[]).await;
        assert_eq!(ok(&guest)["seeks"], json!([]));
        request(
            &app,
            Method::POST,
            "/api/seeks",
            Some(json!({"time_control": "5+3"})),
            None,
            &[],
        )
        .await
        .error(401, "");
        // Bad seeks are refused in words.
        ada.post(&app, "/api/seeks", json!({"time_control": "-"}))
            .await
            .error(400, "needs a clock");
        ada.post(
            &app,
            "/api/seeks",
            json!({"time_control": "5+3", "color": "green"}),
        )
        .await
        .error(400, "colour");
        ada.post(&app, "/api/seeks", json!({"time_control": "4d"}))
            .await
            .error(400, "");
        // Without the CSRF header a signed-in change is refused.
        request(
            &app,
            Method::POST,
            "/api/seeks",
            Some(json!({"time_control": "5+3"})),
            Some(&ada.token),
            &[],
        )
        .await
        .error(403, "");
        let seek = ok(&ada
            .post(
                &app,
                "/api/seeks",
                json!({"time_control": "5+3", "color": "white", "rated": true}),
            )
            .await)
        .clone();
        assert_eq!(seek["user"], "Ada");
        assert_eq!(seek["rating"], 1500);
        assert_eq!(seek["provisional"], true);
        assert_eq!(seek["speed"], "blitz");
        assert_eq!(seek["mine"], true);
        let id = seek["id"].as_str().unwrap();
        let listed = ok(&bob.get(&app, "/api/lobby").await).clone();
        assert_eq!(listed["seeks"][0]["id"], id);
        assert_eq!(listed["seeks"][0]["mine"], false);
        // At most three open seeks a player.
        for _ in 0..2 {
            ok(&ada.post(&app, "/api/seeks", json!({"time_control": "3d"})).await);
        }
        let refused = ada.post(&app, "/api/seeks", json!({"time_control": "3d"})).await;
        refused.error(409, "3 open challenges");
        assert_eq!(refused.body["code"], "too-many-seeks");
        // One's own seek cannot be accepted; it stays.
        ada.post(&app, &format!("/api/seeks/{id}/accept"), json!({}))
            .await
            .error(409, "your own");
        assert_eq!(
            ok(&cy.get(&app, "/api/lobby").await)["seeks"]
                .as_array()
                .unwrap()
                .len(),
            3
        );
        // Bob takes it; Cy is too late.
        let seat = ok(&bob
            .post(&app, &format!("/api/seeks/{id}/accept"), json!({}))
            .await)
        .clone();
        cy.post(&app, &format!("/api/seeks/{id}/accept"), json!({}))
            .await
            .error(409, "taken or cancelled");
        assert_eq!(seat["color"], "black");
        let game = seat["id"].as_str().unwrap().to_string();
        let state = &seat["state"];
        assert_eq!(state["players"], json!(["Ada", "Bob"]));
        assert_eq!(state["you"], "black");
        assert_eq!(state["rated"], true);
        assert_eq!(state["time_control"], "5+3");
        assert_eq!(state["clock"]["white_ms"], 300_000);
        assert_eq!(state["clock"]["running"], false, "the first moves are untimed");
        // Ada plays from her account, with no seat token: any tab or device.
        let s = ok(&ada
            .post(&app, &format!("/api/games/{game}/move"), json!({"san": "e4"}))
            .await)
        .clone();
        assert_eq!(s["you"], "white");
        bob.post(&app, &format!("/api/games/{game}/move"), json!({"san": "e4"}))
            .await
            .error(400, "");
        ok(&bob
            .post(&app, &format!("/api/games/{game}/move"), json!({"san": "c5"}))
            .await);
        // Now White's clock runs; my games puts Ada's move first.
        let mine = ok(&ada.get(&app, "/api/my/games").await).clone();
        assert_eq!(mine[0]["id"], game.as_str());
        assert_eq!(mine[0]["your_turn"], true);
        assert_eq!(mine[0]["opponent"], "Bob");
        let s = ok(&ada.get(&app, &format!("/api/games/{game}")).await).clone();
        assert_eq!(s["clock"]["running"], true);
        assert_eq!(s["clock"]["turn"], "white");
        // Cancel: one's own only.
        let left = ok(&ada.get(&app, "/api/lobby").await)["seeks"].clone();
        let other = left[0]["id"].as_str().unwrap().to_string();
        bob.post(&app, &format!("/api/seeks/{other}/cancel"), json!({}))
            .await
            .error(404, "");
        ok(&ada
            .post(&app, &format!("/api/seeks/{other}/cancel"), json!({}))
            .await);
        assert_eq!(
            ok(&ada.get(&app, "/api/lobby").await)["seeks"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
    }
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings_and_shows_in_history_and_pgn() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let (ada, bob, game, ada_color) = seek_and_accept(
            &app,
            json!({"time_control": "10+0", "color": "black", "rated": true}),
        )
        .await;
        assert_eq!(ada_color, "black");
        ok(&bob
            .post(&app, &format!("/api/games/{game}/move"), json!({"san": "f3"}))
            .await);
        ok(&ada
            .post(&app, &format!("/api/games/{game}/move"), json!({"san": "e5"}))
            .await);
        ok(&bob
            .post(&app, &format!("/api/games/{game}/move"), json!({"san": "g4"}))
            .await);
        let s = ok(&ada
            .post(&app, &format!("/api/games/{game}/move"), json!({"san": "Qh4#"}))
            .await)
        .clone();
        assert_eq!(s["result"], "0-1");
        assert_eq!(s["clock"]["running"], false, "the clocks stop at the end");
        assert_eq!(s["can_undo"], false);
        bob.post(
            &app,
            &format!("/api/games/{game}/takeback"),
            json!({"action": "ask"}),
        )
        .await
        .error(409, "over");
        let ada_profile = ok(&ada.get(&app, "/api/users/ada").await).clone();
        let bob_profile = ok(&ada.get(&app, "/api/users/Bob").await).clone();
        assert!(ada_profile["rating"].as_i64().unwrap() > 1500, "{ada_profile}");
        assert!(bob_profile["rating"].as_i64().unwrap() < 1500, "{bob_profile}");
        assert_eq!(ada_profile["wins"], 1);
        assert_eq!(bob_profile["losses"], 1);
        // The history lists it; the PGN download holds it with the names.
        let history = ok(&bob.get(&app, "/api/users/Ada/games").await).clone();
        assert_eq!(history[0]["id"], game.as_str());
        assert_eq!(history[0]["result"], "0-1");
        assert_eq!(history[0]["opponent"], "Bob");
        let pgn = request(&app, Method::GET, "/api/users/Ada/pgn", None, None, &[]).await;
        assert_eq!(pgn.status, StatusCode::OK);
        let text = pgn.body.as_str().unwrap();
        assert!(
            text.contains("[White \"Bob\"]") && text.contains("[Black \"Ada\"]"),
            "{text}"
        );
        assert!(text.contains("2. g4 Qh4#"), "{text}");
        request(&app, Method::GET, "/api/users/nobody/games", None, None, &[])
            .await
            .error(404, "no such player");
        // An unrated game changes nothing.
        let cy = Player::new(&app, "Cyd").await;
        let seek = ok(&cy.post(&app, "/api/seeks", json!({"time_control": "10+0"})).await).clone();
        let seat = ok(&ada
            .post(
                &app,
                &format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap()),
                json!({}),
            )
            .await)
        .clone();
        let g2 = seat["id"].as_str().unwrap();
        ok(&ada
            .post(&app, &format!("/api/games/{g2}/resign"), json!({}))
            .await);
        let after = ok(&ada.get(&app, "/api/users/Ada").await).clone();
        assert_eq!(after["rating"], ada_profile["rating"]);
        assert_eq!(after["games"], 1);
    }
}

#[tokio::test]
async fn take_backs_abort_watchers_and_their_chat() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let (ada, bob, game, _) =
            seek_and_accept(&app, json!({"time_control": "3d", "color": "white"})).await;
        let g = |path: &str| format!("/api/games/{game}/{path}");
        // Before both have moved, either may abort; after, not.
        ok(&ada.post(&app, &g("move"), json!({"san": "e4"})).await);
        ok(&bob.post(&app, &g("move"), json!({"san": "e5"})).await);
        ada.post(&app, &g("abort"), json!({}))
            .await
            .error(409, "resign instead");
        ok(&ada.post(&app, &g("move"), json!({"san": "Nf3"})).await);
        // Take-back: asked, then accepted by the opponent only.
        ada.post(&app, &g("takeback"), json!({"action": "accept"}))
            .await
            .error(409, "no take-back request");
        let s = ok(&ada.post(&app, &g("takeback"), json!({"action": "ask"})).await).clone();
        assert_eq!(s["takeback"], "white");
        let s = ok(&bob.post(&app, &g("takeback"), json!({"action": "accept"})).await).clone();
        assert_eq!(s["moves"].as_array().unwrap().len(), 2);
        assert_eq!(s["takeback"], Value::Null);
        assert_eq!(s["clock"]["kind"], "correspondence");
        // A declined request leaves the move.
        ok(&ada.post(&app, &g("move"), json!({"san": "Nc3"})).await);
        ok(&ada.post(&app, &g("takeback"), json!({"action": "ask"})).await);
        let s = ok(&bob.post(&app, &g("takeback"), json!({"action": "decline"})).await).clone();
        assert_eq!(s["moves"].as_array().unwrap().len(), 3);
        // Players chat among themselves.
        ok(&bob.post(&app, &g("chat"), json!({"text": "good luck"})).await);
        // A signed-in watcher: no seat, the watchers' chat only.
        let cy = Player::new(&app, "Cyd").await;
        let w = ok(&cy.get(&app, &format!("/api/games/{game}")).await).clone();
        assert_eq!(w["you"], Value::Null);
        assert_eq!(w["chat"], json!([]), "the players' chat is theirs");
        cy.post(&app, &g("move"), json!({"san": "Nc6"}))
            .await
            .error(403, "");
        cy.post(&app, &g("resign"), json!({})).await.error(403, "");
        cy.post(&app, &g("draw"), json!({"action": "offer"}))
            .await
            .error(403, "");
        let w = ok(&cy.post(&app, &g("chat"), json!({"text": "nice opening"})).await).clone();
        assert_eq!(w["watchers_chat"][0]["from"], "Cyd");
        let p = ok(&bob.get(&app, &format!("/api/games/{game}")).await).clone();
        assert_eq!(p["chat"][0]["text"], "good luck");
        assert_eq!(
            p["watchers_chat"],
            json!([]),
            "players do not see the watchers during the game"
        );
        // Joining a full game is refused: the page shows it to watch.
        cy.post(&app, &g("join"), json!({}))
            .await
            .error(409, "watch it instead");
        // After the end everyone reads the watchers' chat.
        ok(&bob.post(&app, &g("resign"), json!({})).await);
        let p = ok(&bob.get(&app, &format!("/api/games/{game}")).await).clone();
        assert_eq!(p["watchers_chat"][0]["text"], "nice opening");
    }
}

#[tokio::test]
async fn the_server_ends_a_game_on_time_and_draws_when_the_opponent_cannot_mate() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        // A friend game at 0+1 (it starts with 3 s each): White K+R, Black
        // a lone king. White's flag falls: Black cannot mate, a draw.
        let created = request(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({"mode": "friend", "color": "white", "time_control": "0+1",
                        "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"})),
            None,
            &[],
        )
        .await;
        let white = ok(&created)["token"].as_str().unwrap().to_string();
        let id = created.body["id"].as_str().unwrap().to_string();
        let joined = request(
            &app,
            Method::POST,
            &format!("/api/games/{id}/join"),
            Some(json!({})),
            None,
            &[],
        )
        .await;
        let black = ok(&joined)["token"].as_str().unwrap().to_string();
        let play = |token: String, san: &'static str| {
            let app = app.clone();
            let id = id.clone();
            async move {
                request(
                    &app,
                    Method::POST,
                    &format!("/api/games/{id}/move"),
                    Some(json!({"token": token, "san": san})),
                    None,
                    &[],
                )
                .await
            }
        };
        ok(&play(white.clone(), "Ra2").await);
        ok(&play(black.clone(), "Kd7").await);
        // White's clock now runs from 3 s; nobody asks anything: the
        // server's timer ends the game.
        tokio::time::sleep(Duration::from_millis(3800)).await;
        let s = request(&app, Method::GET, &format!("/api/games/{id}"), None, None, &[]).await;
        let s = ok(&s);
        assert_eq!(s["reason"], "timeout-insufficient-material", "{s}");
        assert_eq!(s["result"], "1/2-1/2");
        assert_eq!(s["clock"]["white_ms"], 0);

        // The same with a queen for Black: White loses on time.
        let created = request(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({"mode": "friend", "color": "white", "time_control": "0+1",
                        "fen": "3qk3/8/8/8/8/8/8/R3K3 w - - 0 1"})),
            None,
            &[],
        )
        .await;
        let white = ok(&created)["token"].as_str().unwrap().to_string();
        let id2 = created.body["id"].as_str().unwrap().to_string();
        let joined = request(
            &app,
            Method::POST,
            &format!("/api/games/{id2}/join"),
            Some(json!({})),
            None,
            &[],
        )
        .await;
        let black = ok(&joined)["token"].as_str().unwrap().to_string();
        let mv = |token: &str, san: &str| json!({"token": token, "san": san});
        ok(&request(
            &app,
            Method::POST,
            &format!("/api/games/{id2}/move"),
            Some(mv(&white, "Ra2")),
            None,
            &[],
        )
        .await);
        ok(&request(
            &app,
            Method::POST,
            &format!("/api/games/{id2}/move"),
            Some(mv(&black, "Kd7")),
            None,
            &[],
        )
        .await);
        tokio::time::sleep(Duration::from_millis(3800)).await;
        // A move after the flag fell is too late.
        let late = request(
            &app,
            Method::POST,
            &format!("/api/games/{id2}/move"),
            Some(mv(&white, "Ra3")),
            None,
            &[],
        )
        .await;
        late.error(409, "over");
        let s = request(&app, Method::GET, &format!("/api/games/{id2}"), None, None, &[]).await;
        assert_eq!(ok(&s)["reason"], "timeout");
        assert_eq!(s.body["winner"], "black");
        assert_eq!(s.body["end_text"], "White ran out of time: Black wins.");
    }
}

#[tokio::test]
async fn a_long_poll_measures_the_round_trip_which_the_clock_credits_and_the_game_keeps() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        let created = request(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({"mode": "friend", "color": "white", "time_control": "5+0"})),
            None,
            &[],
        )
        .await;
        let white = ok(&created)["token"].as_str().unwrap().to_string();
        let id = created.body["id"].as_str().unwrap().to_string();
        let joined = request(
            &app,
            Method::POST,
            &format!("/api/games/{id}/join"),
            None,
            None,
            &[],
        )
        .await;
        let black = ok(&joined)["token"].as_str().unwrap().to_string();
        let moves = format!("/api/games/{id}/move");
        let play = |token: &str, uci: &str| {
            let body = json!({"token": token, "uci": uci});
            request(&app, Method::POST, &moves, Some(body), None, &[])
        };
        ok(&play(&white, "e2e4").await);
        let black_moved = Instant::now();
        let moved = ok(&play(&black, "e7e5").await).clone();
        // An answer time ahead of the server's clock measures nothing; three
        // given back 450 ms early are round trips of 450 ms or more.
        let mut served = moved["served_at"].as_i64().unwrap();
        served = poll_back(&app, &id, &white, served + 60_000).await["served_at"]
            .as_i64()
            .unwrap();
        for _ in 0..3 {
            served = poll_back(&app, &id, &white, served - 450).await["served_at"]
                .as_i64()
                .unwrap();
        }
        // Some time passes on White's clock, so some credit is spent.
        tokio::time::sleep(Duration::from_millis(50)).await;
        let moved = ok(&play(&white, "g1f3").await).clone();
        let bound = i64::try_from(black_moved.elapsed().as_millis()).unwrap();
        let white_ms = moved["clock"]["white_ms"].as_i64().unwrap();
        assert!(
            white_ms >= 300_000 - (bound - 450).max(0),
            "{url}: White has {white_ms} ms after {bound} ms: the round trips were not credited"
        );
        let row = server.store().load(&id).await.unwrap().unwrap();
        let lag = serde_json::to_value(&row.record.lag).unwrap();
        let samples = lag[0]["samples"].as_array().unwrap();
        assert_eq!(samples.len(), 3, "{url}: {lag}");
        assert!(
            samples
                .iter()
                .all(|s| (450..10_000).contains(&s.as_i64().unwrap())),
            "{lag}"
        );
        let quota = lag[0]["quota_ms"].as_i64().unwrap();
        // 1 s at the start, 300 ms back with each of White's two moves, less
        // the credit of the second (at least the 50 ms slept, at most 500).
        assert!((1_100..1_550).contains(&quota), "{url}: the credit spent: {lag}");
        assert_eq!(lag[1]["samples"], json!([]), "Black gave nothing back");
    }
}

#[tokio::test]
async fn the_lobby_streams_its_changes_and_tells_the_seeker_when_the_game_starts() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        let ada = Player::new(&app, "Ada").await;
        let bob = Player::new(&app, "Bob").await;
        let request = Request::get("/api/lobby/events")
            .header(header::HOST, "localhost:8080")
            .header(header::COOKIE, format!("daba_session={}", ada.token))
            .body(Body::empty())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert!(response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream"));
        let mut body = response.into_body();
        let first = next_event(&mut body, Duration::from_secs(10)).await;
        assert!(first.starts_with("event: lobby\n"), "{first}");
        assert!(first.contains("\"online\":[\"Ada\"]"), "{first}");
        let seek = ok(&ada.post(&app, "/api/seeks", json!({"time_control": "1d"})).await).clone();
        let listed = next_event(&mut body, Duration::from_secs(10)).await;
        assert!(listed.contains(seek["id"].as_str().unwrap()), "{listed}");
        let seat = ok(&bob
            .post(
                &app,
                &format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap()),
                json!({}),
            )
            .await)
        .clone();
        let started = next_event(&mut body, Duration::from_secs(10)).await;
        assert!(started.starts_with("event: started\n"), "{started}");
        assert!(started.contains(seat["id"].as_str().unwrap()), "{started}");
        drop(body);
        // The stream closed: Ada is no longer in the lobby.
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(server.lobby().streams().0.is_empty());
    }
}

#[tokio::test]
async fn a_player_in_a_game_is_online_in_the_lobby() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        let ada = Player::new(&app, "Ada").await;
        let bob = Player::new(&app, "Bob").await;
        // Ada only plays the computer: she never opens the lobby.
        let game = ada
            .post(&app, "/api/games", json!({"mode": "computer", "level": 0}))
            .await;
        assert_eq!(game.status, StatusCode::CREATED, "{}", game.body);
        let id = game.body["id"].as_str().unwrap().to_string();
        ok(&ada.get(&app, &format!("/api/games/{id}")).await);
        let before = ok(&bob.get(&app, "/api/lobby").await).clone();
        assert_eq!(before["online"], json!([]), "not read from the database yet");
        server.refresh_presence().await;
        let after = ok(&bob.get(&app, "/api/lobby").await).clone();
        assert_eq!(after["online"], json!(["Ada", "Bob"]), "{url}");
        assert_eq!(after["guests"], 0);
    }
}

#[tokio::test]
async fn a_player_has_at_most_so_many_games_going() {
    for (url, _dir) in databases().await {
        let config = serve::Config {
            max_games_per_player: 2,
            ..serve::Config::default()
        };
        let app = router(server_with(&url, config).await);
        let ada = Player::new(&app, "Ada").await;
        for _ in 0..2 {
            let a = ada
                .post(&app, "/api/games", json!({"mode": "computer", "level": 0}))
                .await;
            assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
        }
        ada.post(&app, "/api/games", json!({"mode": "computer"}))
            .await
            .error(409, "2 games going");
        ada.post(&app, "/api/seeks", json!({"time_control": "3d"}))
            .await
            .error(409, "2 games going");
        // A guest's games are not an account's: no limit by account.
        let guest = request(
            &app,
            Method::POST,
            "/api/games",
            Some(json!({"mode": "local"})),
            None,
            &[],
        )
        .await;
        assert_eq!(guest.status, StatusCode::CREATED);
        // One finished frees a place.
        let mine = ok(&ada.get(&app, "/api/my/games").await).clone();
        let first = mine[0]["id"].as_str().unwrap();
        ok(&ada
            .post(&app, &format!("/api/games/{first}/resign"), json!({}))
            .await);
        let a = ada.post(&app, "/api/games", json!({"mode": "computer"})).await;
        assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    }
}

#[tokio::test]
async fn finished_games_make_room_for_new_ones() {
    for (url, _dir) in databases().await {
        let config = serve::Config {
            max_games: 2,
            finished_expiry: Duration::ZERO,
            ..serve::Config::default()
        };
        let server = server_with(&url, config).await;
        let app = router(server.clone());
        let new_game = || {
            request(
                &app,
                Method::POST,
                "/api/games",
                Some(json!({"mode": "local"})),
                None,
                &[],
            )
        };
        let first = new_game().await;
        let token = ok(&first)["token"].as_str().unwrap().to_string();
        let id = first.body["id"].as_str().unwrap().to_string();
        let second = new_game().await;
        assert_eq!(second.status, StatusCode::CREATED, "second: {}", second.body);
        new_game().await.error(503, "its limit");
        let resign = json!({"token": token});
        ok(&request(
            &app,
            Method::POST,
            &format!("/api/games/{id}/resign"),
            Some(resign),
            None,
            &[],
        )
        .await);
        ok(&new_game().await);
        // The finished game left memory, not the database.
        assert_eq!(server.game_count(), 2);
        let stored = server.store().load(&id).await.unwrap().expect("still stored");
        assert!(stored.finished);
    }
}
