//! Every endpoint of `daba serve`'s API, driven in-process through the
//! router (no port), with the good inputs and the bad ones: every refusal
//! must be JSON with a 4xx status (503 when full).

use axum::body::Body;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use serve::{router, Config, Server};
use std::time::Duration;
use tower::ServiceExt;

async fn app_with(config: Config) -> Router {
    router(Server::new(config).await.expect("an in-memory database"))
}

async fn app() -> Router {
    app_with(Config {
        wait_timeout: Duration::from_millis(300),
        ..Config::default()
    })
    .await
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    text: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// Asserts a JSON error with this status and a message containing `words`.
    fn error(&self, status: u16, words: &str) {
        assert_eq!(self.status.as_u16(), status, "{}", self.text);
        let message = self.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(message.contains(words), "'{message}' should contain '{words}'");
        assert!(self.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("application/json"));
    }
}

async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        headers,
        text: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

async fn get(app: &Router, uri: &str) -> Answer {
    send(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

async fn post(app: &Router, uri: &str, body: Value) -> Answer {
    let request = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, request).await
}

/// Creates a game; returns (id, token, state).
async fn create(app: &Router, body: Value) -> (String, String, Value) {
    let a = post(app, "/api/games", body).await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.text);
    let v = a.json();
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
        v["state"].clone(),
    )
}

async fn play(app: &Router, id: &str, token: &str, mv: &str) -> Answer {
    post(
        app,
        &format!("/api/games/{id}/move"),
        json!({"token": token, "uci": mv}),
    )
    .await
}

async fn play_all(app: &Router, id: &str, token: &str, moves: &str) -> Value {
    let mut last = Value::Null;
    for mv in moves.split_whitespace() {
        let a = play(app, id, token, mv).await;
        assert_eq!(a.status, StatusCode::OK, "{mv}: {}", a.text);
        last = a.json();
    }
    last
}

/// Waits (long poll) until the computer has moved.
async fn computer_done(app: &Router, id: &str, token: &str, mut state: Value) -> Value {
    for _ in 0..100 {
        if !state["thinking"].as_bool().unwrap() {
            return state;
        }
        let v = state["version"].as_u64().unwrap();
        let request = Request::get(format!("/api/games/{id}/wait?after={v}"))
            .header("x-daba-token", token)
            .body(Body::empty())
            .unwrap();
        state = send(app, request).await.json();
    }
    panic!("the computer never moved");
}

#[tokio::test]
async fn the_page_is_served_with_its_security_headers() {
    let app = app().await;
    for (path, kind) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/pieces/wK.svg", "image/svg+xml"),
        ("/pieces/bN.svg", "image/svg+xml"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let a = get(&app, path).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert!(
            a.headers[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with(kind),
            "{path}"
        );
        let csp = a.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe"),
            "{csp}"
        );
        assert_eq!(a.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    }
    let page = get(&app, "/").await.text;
    assert!(page.contains("<script src=\"/app.js\""));
    // The script never hands text to the HTML parser.
    let script = get(&app, "/app.js").await.text;
    assert!(
        !script.contains("innerHTML")
            && !script.contains("outerHTML")
            && !script.contains("insertAdjacentHTML")
    );
    get(&app, "/nothing-here").await.error(404, "not found");
    get(&app, "/api/nothing").await.error(404, "not found");
    let a = send(&app, Request::delete("/api/games").body(Body::empty()).unwrap()).await;
    a.error(405, "not allowed");
    assert!(a.headers.contains_key(header::CONTENT_SECURITY_POLICY));
}

#[tokio::test]
async fn levels_run_from_random_to_full_strength() {
    let levels = get(&app().await, "/api/levels").await.json();
    let levels = levels.as_array().unwrap();
    assert_eq!(levels.len(), 21);
    assert_eq!(levels[0]["level"], 0);
    assert!(levels[0]["nodes"].is_null());
    assert!(levels[0]["name"].as_str().unwrap().contains("random"));
    assert!(levels[20]["name"].as_str().unwrap().contains("full strength"));
}

/// A lesson board is played: the moves from its FEN, en passant and
/// castling included, even where a game would be over (a king against a
/// king); an illegal or unknown move is refused.
#[tokio::test]
async fn position_plays_a_lesson_boards_moves() {
    let app = app().await;
    let v = post(
        &app,
        "/api/position",
        json!({"fen": "1k6/8/8/3pP3/8/8/8/6K1 w - d6 0 1", "moves": ["e5d6"]}),
    )
    .await
    .json();
    assert_eq!(v["san"], "exd6");
    assert_eq!(v["last_move"], json!(["e5", "d6"]));
    assert_eq!(v["turn"], "black");
    assert!(v["board"][3 * 8 + 4].is_null(), "the pawn left e5");
    assert!(v["board"][4 * 8 + 3].is_null(), "the taken pawn left d5");
    assert_eq!(v["board"][5 * 8 + 3], "wP");
    let castled = post(
        &app,
        "/api/position",
        json!({"fen": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "moves": ["e1g1", "e8c8"]}),
    )
    .await
    .json();
    assert_eq!(castled["san"], "O-O-O");
    assert_eq!(castled["board"][6], "wK");
    assert_eq!(castled["board"][5], "wR");
    assert_eq!(castled["board"][56 + 3], "bR");
    let kings = post(
        &app,
        "/api/position",
        json!({"fen": "1k6/8/8/8/3K4/8/8/8 w - - 0 1", "moves": ["d4e5", "b8c7"]}),
    )
    .await
    .json();
    assert_eq!(kings["board"][4 * 8 + 4], "wK");
    assert!(!kings["legal"].as_array().unwrap().is_empty());
    post(
        &app,
        "/api/position",
        json!({"fen": "1k6/8/8/8/3K4/8/8/8 w - - 0 1", "moves": ["d4d6"]}),
    )
    .await
    .error(400, "not a legal move");
    post(
        &app,
        "/api/position",
        json!({"fen": "1k6/8/8/8/3K4/8/8/8 w - - 0 1", "moves": ["zz"]}),
    )
    .await
    .error(400, "not a legal move");
}

#[tokio::test]
async fn position_gives_the_legal_moves_and_refuses_bad_fens() {
    let app = app().await;
    let v = post(
        &app,
        "/api/position",
        json!({"fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}),
    )
    .await
    .json();
    assert_eq!(v["legal"].as_array().unwrap().len(), 20);
    assert_eq!(v["board"][4], "wK");
    assert!(v["end_text"].is_null());
    let mate = post(
        &app,
        "/api/position",
        json!({"fen": "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"}),
    )
    .await
    .json();
    assert_eq!(mate["check"], "g8");
    assert_eq!(mate["end_text"], "Checkmate: White wins.");

    post(&app, "/api/position", json!({"fen": "8/8/8 w - -"}))
        .await
        .error(400, "invalid FEN");
    post(&app, "/api/position", json!({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}))
        .await
        .error(400, "no king");
    post(&app, "/api/position", json!({"fen": "x".repeat(500)}))
        .await
        .error(400, "longer than");
    post(&app, "/api/position", json!({"fen": 5}))
        .await
        .error(422, "");
    post(&app, "/api/position", json!({})).await.error(422, "fen");
    post(
        &app,
        "/api/position",
        json!({"fen": "k7/8/8/8/8/8/8/7K w - - 0 1", "more": 1}),
    )
    .await
    .error(422, "unknown field");
    let bad_json = Request::post("/api/position")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"fen\": "))
        .unwrap();
    send(&app, bad_json).await.error(400, "");
    let no_type = Request::post("/api/position").body(Body::from("{}")).unwrap();
    send(&app, no_type).await.error(415, "");
    let huge = Request::post("/api/position")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(format!("{{\"fen\": \"{}\"}}", "a".repeat(10_000))))
        .unwrap();
    send(&app, huge).await.error(413, "");
}

#[tokio::test]
async fn games_are_created_with_unguessable_ids_and_checked_settings() {
    let app = app().await;
    let (id, token, state) = create(&app, json!({"mode": "local"})).await;
    assert_eq!(id.len(), 32);
    assert!(id.chars().all(|c| c.is_ascii_hexdigit()));
    assert_eq!(token.len(), 32);
    assert_ne!(id, token);
    let (id2, _, _) = create(&app, json!({"mode": "local"})).await;
    assert_ne!(id, id2);
    assert_eq!(state["mode"], "local");
    assert_eq!(state["turn"], "white");
    assert_eq!(state["legal"].as_array().unwrap().len(), 20);
    assert_eq!(state["result"], "*");
    // The state never shows a token.
    assert!(!get(&app, &format!("/api/games/{id}")).await.text.contains(&token));

    let (_, _, s) = create(
        &app,
        json!({"mode": "local", "fen": "4k3/8/8/8/8/8/8/R3K3 b - - 0 40"}),
    )
    .await;
    assert_eq!(s["turn"], "black");
    assert_eq!(s["start_fen"], "4k3/8/8/8/8/8/8/R3K3 b - - 0 40");
    let (_, _, over) = create(
        &app,
        json!({"mode": "local", "fen": "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}),
    )
    .await;
    assert_eq!(over["over"], true);
    assert_eq!(over["reason"], "stalemate");

    post(&app, "/api/games", json!({"mode": "chess960"}))
        .await
        .error(422, "mode");
    post(&app, "/api/games", json!({"mode": "computer", "level": 21}))
        .await
        .error(400, "level must be 0 to 20");
    post(&app, "/api/games", json!({"mode": "computer", "level": -1}))
        .await
        .error(422, "");
    post(&app, "/api/games", json!({"mode": "local", "level": 3}))
        .await
        .error(400, "only for games against the computer");
    post(&app, "/api/games", json!({"mode": "friend", "color": "green"}))
        .await
        .error(400, "white, black or random");
    post(
        &app,
        "/api/games",
        json!({"mode": "local", "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"}),
    )
    .await
    .error(400, "invalid FEN");
    post(&app, "/api/games", json!({"mode": "local", "token": "x"}))
        .await
        .error(422, "unknown field");
    get(&app, "/api/games/0123456789abcdef0123456789abcdef")
        .await
        .error(404, "no such game");
    get(&app, "/api/games/not-even-hex")
        .await
        .error(404, "no such game");
}

#[tokio::test]
async fn moves_are_checked_by_the_rules_and_the_token() {
    let app = app().await;
    let (id, token, _) = create(&app, json!({"mode": "local"})).await;
    let s = play(&app, &id, &token, "e2e4").await.json();
    assert_eq!(s["moves"][0]["san"], "e4");
    assert_eq!(s["last_move"], json!(["e2", "e4"]));
    assert_eq!(s["turn"], "black");
    let url = format!("/api/games/{id}/move");
    let s = post(&app, &url, json!({"token": token, "san": "Nf6"}))
        .await
        .json();
    assert_eq!(s["moves"][1]["uci"], "g8f6");
    play(&app, &id, &token, "e4e6")
        .await
        .error(400, "not a legal move");
    play(&app, &id, &token, "zz").await.error(400, "not a move");
    post(&app, &url, json!({"token": token, "san": "Qh5+x"}))
        .await
        .error(400, "");
    post(&app, &url, json!({"token": token, "san": "Nc3", "uci": "b1c3"}))
        .await
        .error(400, "either uci or san");
    post(&app, &url, json!({"token": token}))
        .await
        .error(400, "either uci or san");
    post(&app, &url, json!({"token": token, "san": "N".repeat(40)}))
        .await
        .error(400, "at most 12");
    play(&app, &id, "0123456789abcdef0123456789abcdef", "d2d4")
        .await
        .error(403, "token");
    play(&app, &id, "", "d2d4").await.error(403, "token");
    play(&app, "ffffffffffffffffffffffffffffffff", &token, "d2d4")
        .await
        .error(404, "no such game");

    // Fool's mate ends the game; nothing more may be played.
    let (id, token, _) = create(&app, json!({"mode": "local"})).await;
    let s = play_all(&app, &id, &token, "f2f3 e7e5 g2g4 d8h4").await;
    assert_eq!(s["over"], true);
    assert_eq!(s["reason"], "checkmate");
    assert_eq!(s["winner"], "black");
    assert_eq!(s["result"], "0-1");
    assert_eq!(s["check"], "e1");
    assert_eq!(s["end_text"], "Checkmate: Black wins.");
    assert!(s["legal"].as_array().unwrap().is_empty());
    play(&app, &id, &token, "e1f2").await.error(409, "over");
}

#[tokio::test]
async fn promotion_castling_and_en_passant_come_from_the_rules() {
    let app = app().await;
    let (id, token, s) = create(
        &app,
        json!({"mode": "local", "fen": "r3k3/1P6/8/3pP3/8/8/8/4K2R w K d6 0 1"}),
    )
    .await;
    let legal = s["legal"].as_array().unwrap();
    let promotions = legal
        .iter()
        .filter(|m| m["from"] == "b7" && m["to"] == "b8")
        .count();
    assert_eq!(promotions, 4);
    assert!(legal.iter().any(|m| m["san"] == "O-O" && m["to"] == "g1"));
    assert!(legal.iter().any(|m| m["san"] == "exd6"));
    let s = play(&app, &id, &token, "b7a8n").await.json();
    assert_eq!(s["moves"][0]["san"], "bxa8=N");
    assert_eq!(s["board"][56], "wN");
}

#[tokio::test]
async fn the_computer_answers_and_undo_takes_back_both_moves() {
    let app = app().await;
    let (id, token, s) = create(&app, json!({"mode": "computer", "level": 0, "color": "white"})).await;
    assert_eq!(s["computer"], "black");
    assert_eq!(s["level"], 0);
    assert_eq!(s["thinking"], false);
    assert_eq!(s["can_undo"], false);
    let s = play(&app, &id, &token, "e2e4").await.json();
    let s = computer_done(&app, &id, &token, s).await;
    assert_eq!(s["moves"].as_array().unwrap().len(), 2);
    assert_eq!(s["turn"], "white");
    assert_eq!(s["can_undo"], true);
    let s = post(&app, &format!("/api/games/{id}/undo"), json!({"token": token}))
        .await
        .json();
    assert_eq!(s["moves"].as_array().unwrap().len(), 0);
    post(&app, &format!("/api/games/{id}/undo"), json!({"token": token}))
        .await
        .error(409, "no move to take back");
    post(&app, &format!("/api/games/{id}/undo"), json!({"token": "nope"}))
        .await
        .error(403, "token");

    // A searching level, playing White: it moves first, and finds a mate.
    let (id, token, s) = create(
        &app,
        json!({"mode": "computer", "level": 8, "color": "black", "fen": "7k/8/6K1/8/8/8/8/R7 w - - 0 1"}),
    )
    .await;
    assert_eq!(s["computer"], "white");
    let s = computer_done(&app, &id, &token, s).await;
    assert_eq!(s["moves"][0]["san"], "Ra8#");
    assert_eq!(s["end_text"], "Checkmate: White wins.");
    // A finished game stays finished: no take-back reopens it.
    assert_eq!(s["can_undo"], false);
    post(&app, &format!("/api/games/{id}/undo"), json!({"token": token}))
        .await
        .error(409, "over");
    // The player's move is refused while it is the computer's turn.
    let (id, token2, s) = create(&app, json!({"mode": "computer", "level": 3, "color": "black"})).await;
    if s["thinking"] == true {
        // Refused while the computer thinks; accepted only if its move came
        // first (the search may finish between the two requests).
        let a = play(&app, &id, &token2, "e7e5").await;
        if a.status == StatusCode::OK {
            assert_eq!(a.json()["moves"].as_array().unwrap().len(), 2, "{}", a.text);
        } else {
            a.error(409, "");
        }
    }
    computer_done(&app, &id, &token2, s).await;
    let _ = token;
}

#[tokio::test]
async fn resign_draws_and_claims() {
    let app = app().await;
    // Resignation.
    let (id, token, _) = create(&app, json!({"mode": "friend", "color": "black"})).await;
    let s = post(&app, &format!("/api/games/{id}/resign"), json!({"token": token}))
        .await
        .json();
    assert_eq!(
        (s["reason"].as_str(), s["winner"].as_str()),
        (Some("resignation"), Some("white"))
    );
    assert_eq!(s["end_text"], "Black resigned: White wins.");
    post(&app, &format!("/api/games/{id}/resign"), json!({"token": token}))
        .await
        .error(409, "over");

    // One screen: an offer is an agreement.
    let (id, token, _) = create(&app, json!({"mode": "local"})).await;
    let draw = format!("/api/games/{id}/draw");
    post(&app, &draw, json!({"token": token, "action": "maybe"}))
        .await
        .error(400, "offer, accept or decline");
    let s = post(&app, &draw, json!({"token": token, "action": "offer"}))
        .await
        .json();
    assert_eq!(s["reason"], "agreement");
    assert_eq!(s["result"], "1/2-1/2");

    // Claims: threefold repetition, by the player to move.
    let (id, token, _) = create(
        &app,
        json!({"mode": "local", "fen": "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1"}),
    )
    .await;
    let claim = format!("/api/games/{id}/claim");
    post(&app, &claim, json!({"token": token}))
        .await
        .error(409, "no draw can be claimed");
    let s = play_all(&app, &id, &token, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8").await;
    assert_eq!(s["claim"], "threefold-repetition");
    assert_eq!(s["over"], false);
    let s = post(&app, &claim, json!({"token": token})).await.json();
    assert_eq!(s["reason"], "threefold-repetition");
    assert!(s["end_text"].as_str().unwrap().contains("threefold repetition"));

    // Fivefold ends by itself.
    let (id, token, _) = create(
        &app,
        json!({"mode": "local", "fen": "4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1"}),
    )
    .await;
    let s = play_all(&app, &id, &token, &"g1f3 g8f6 f3g1 f6g8 ".repeat(4)).await;
    assert_eq!(s["reason"], "fivefold-repetition");

    // The fifty-move rule: claimable at 100 half-moves.
    let (id, token, s) = create(
        &app,
        json!({"mode": "local", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"}),
    )
    .await;
    assert!(s["claim"].is_null());
    let s = play(&app, &id, &token, "a1a2").await.json();
    assert_eq!(s["claim"], "fifty-moves");
    let s = post(&app, &format!("/api/games/{id}/claim"), json!({"token": token}))
        .await
        .json();
    assert!(s["end_text"].as_str().unwrap().contains("fifty-move rule"));
    let (_, _, s) = create(
        &app,
        json!({"mode": "local", "fen": "4k3/8/8/8/8/8/8/R3K3 w - - 150 100"}),
    )
    .await;
    assert_eq!(s["reason"], "seventy-five-moves");
    let (id, token, _) = create(
        &app,
        json!({"mode": "local", "fen": "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1"}),
    )
    .await;
    let s = play(&app, &id, &token, "e1d2").await.json();
    assert_eq!(s["reason"], "insufficient-material");
}

#[tokio::test]
async fn the_computer_takes_a_draw_only_when_not_ahead() {
    let app = app().await;
    // Daba (Black) has a bare king against a queen: it accepts.
    let (id, token, _) = create(
        &app,
        json!({"mode": "computer", "level": 5, "color": "white", "fen": "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"}),
    )
    .await;
    let s = post(
        &app,
        &format!("/api/games/{id}/draw"),
        json!({"token": token, "action": "offer"}),
    )
    .await
    .json();
    assert_eq!(s["reason"], "agreement");
    // Daba has the queen: it declines, and says so.
    let (id, token, _) = create(
        &app,
        json!({"mode": "computer", "level": 5, "color": "white", "fen": "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"}),
    )
    .await;
    let s = post(
        &app,
        &format!("/api/games/{id}/draw"),
        json!({"token": token, "action": "offer"}),
    )
    .await
    .json();
    assert_eq!(s["over"], false);
    assert_eq!(s["notice"], "Daba declines the draw offer.");
    post(
        &app,
        &format!("/api/games/{id}/draw"),
        json!({"token": token, "action": "accept"}),
    )
    .await
    .error(409, "no draw offer");
}

/// Daba judges a draw offer by the position (its search's score read as a
/// win chance): never at the start, whichever side it plays, and a level
/// rook ending it takes.
#[tokio::test]
async fn the_computer_declines_a_draw_in_the_opening_and_takes_a_dead_level_ending() {
    let app = app().await;
    for color in ["white", "black"] {
        let (id, token, s) = create(&app, json!({"mode": "computer", "level": 5, "color": color})).await;
        computer_done(&app, &id, &token, s).await;
        let s = post(
            &app,
            &format!("/api/games/{id}/draw"),
            json!({"token": token, "action": "offer"}),
        )
        .await
        .json();
        assert_eq!(s["over"], false, "playing {color}: {s}");
        assert_eq!(s["notice"], "Daba declines the draw offer.");
    }
    let (id, token, _) = create(
        &app,
        json!({"mode": "computer", "level": 5, "color": "white", "fen": "8/8/3k4/r7/8/3K4/7R/8 w - - 0 1"}),
    )
    .await;
    let s = post(
        &app,
        &format!("/api/games/{id}/draw"),
        json!({"token": token, "action": "offer"}),
    )
    .await
    .json();
    assert_eq!(s["reason"], "agreement", "{s}");
}

/// A rematch after a game between two people: offered, declined, offered
/// again and accepted; the new game has the colours swapped and each
/// player's old token for their new seat.
#[tokio::test]
async fn a_finished_friend_game_gets_a_rematch_with_colours_swapped() {
    let app = app().await;
    let (id, white, _) = create(&app, json!({"mode": "friend", "color": "white"})).await;
    let black = post(&app, &format!("/api/games/{id}/join"), json!({}))
        .await
        .json()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let rematch = format!("/api/games/{id}/rematch");
    play_all(&app, &id, &white, "e2e4").await;
    post(&app, &rematch, json!({"token": white, "action": "offer"}))
        .await
        .error(409, "after the game is over");
    post(&app, &format!("/api/games/{id}/resign"), json!({"token": black})).await;
    post(&app, &rematch, json!({"token": white, "action": "maybe"}))
        .await
        .error(400, "offer, accept, decline or cancel");
    post(&app, &rematch, json!({"token": black, "action": "accept"}))
        .await
        .error(409, "no rematch offer");
    post(&app, &rematch, json!({"action": "offer"}))
        .await
        .error(403, "");
    let s = post(&app, &rematch, json!({"token": white, "action": "offer"}))
        .await
        .json();
    assert_eq!(s["rematch"], "white");
    assert_eq!(s["notice"], "White offers a rematch.");
    assert_eq!(
        s["notice_code"],
        json!({"kind": "rematch-offered", "color": "white"})
    );
    let s = post(&app, &rematch, json!({"token": black, "action": "decline"}))
        .await
        .json();
    assert!(s["rematch"].is_null());
    assert!(s["rematch_game"].is_null());
    assert_eq!(s["notice"], "Black declines the rematch.");
    post(&app, &rematch, json!({"token": black, "action": "offer"})).await;
    let s = post(&app, &rematch, json!({"token": white, "action": "accept"}))
        .await
        .json();
    let next = s["rematch_game"].as_str().expect("the rematch's id").to_string();
    assert_ne!(next, id);
    assert!(s["rematch"].is_null());
    post(&app, &rematch, json!({"token": white, "action": "offer"}))
        .await
        .error(409, "already started");
    // The new game: Black's seat is now White's, and it moves first.
    let view = |token: &str| {
        Request::get(format!("/api/games/{next}"))
            .header("x-daba-token", token)
            .body(Body::empty())
            .unwrap()
    };
    let n = send(&app, view(&black)).await.json();
    assert_eq!(n["you"], "white");
    assert_eq!(n["over"], false);
    assert_eq!(n["mode"], "friend");
    assert_eq!(n["seats"], json!({"white": true, "black": true}));
    assert_eq!(send(&app, view(&white)).await.json()["you"], "black");
    play(&app, &next, &white, "e2e4")
        .await
        .error(409, "not your turn");
    let n = play_all(&app, &next, &black, "e2e4").await;
    assert_eq!(n["moves"][0]["san"], "e4");
    // Against the computer there is no rematch to offer.
    let (cid, token, _) = create(&app, json!({"mode": "computer", "color": "white"})).await;
    post(&app, &format!("/api/games/{cid}/resign"), json!({"token": token})).await;
    post(
        &app,
        &format!("/api/games/{cid}/rematch"),
        json!({"token": token, "action": "offer"}),
    )
    .await
    .error(409, "between two players");
}

#[tokio::test]
async fn friends_join_by_link_offer_draws_and_chat() {
    let app = app().await;
    let (id, white, s) = create(&app, json!({"mode": "friend", "color": "white"})).await;
    assert_eq!(s["seats"], json!({"white": true, "black": false}));
    post(
        &app,
        "/api/games/ffffffffffffffffffffffffffffffff/join",
        json!({}),
    )
    .await
    .error(404, "no such game");
    let join = send(
        &app,
        Request::post(format!("/api/games/{id}/join"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(join.status, StatusCode::OK, "{}", join.text);
    let seat = join.json();
    assert_eq!(seat["color"], "black");
    let black = seat["token"].as_str().unwrap().to_string();
    assert_ne!(black, white);
    assert_eq!(seat["state"]["seats"], json!({"white": true, "black": true}));
    send(
        &app,
        Request::post(format!("/api/games/{id}/join"))
            .body(Body::empty())
            .unwrap(),
    )
    .await
    .error(409, "both seats");

    // Turns belong to seats.
    play(&app, &id, &black, "e7e5").await.error(409, "not your turn");
    play(&app, &id, &white, "e2e4").await;
    play(&app, &id, &white, "d2d4").await.error(409, "not your turn");
    post(&app, &format!("/api/games/{id}/undo"), json!({"token": white}))
        .await
        .error(409, "take-back is asked for");

    // A long poll sees the change another player makes.
    let v = get(&app, &format!("/api/games/{id}")).await.json()["version"]
        .as_u64()
        .unwrap();
    let wait_url = format!("/api/games/{id}/wait?after={v}");
    let (waited, _) = tokio::join!(get(&app, &wait_url), async {
        tokio::time::sleep(Duration::from_millis(50)).await;
        play(&app, &id, &black, "e7e5").await
    });
    assert_eq!(waited.json()["moves"][1]["san"], "e5");
    // With nothing new it answers after the timeout, unchanged.
    let v = waited.json()["version"].as_u64().unwrap();
    assert_eq!(
        get(&app, &format!("/api/games/{id}/wait?after={v}")).await.json()["version"],
        v
    );
    get(&app, &format!("/api/games/{id}/wait?after=soon"))
        .await
        .error(400, "");
    get(&app, &format!("/api/games/{id}/wait")).await.error(400, "");

    // Chat: plain text kept as typed, length-limited, players only.
    let chat = format!("/api/games/{id}/chat");
    let text = "<script>alert(1)</script> <b>hi</b>";
    let s = post(&app, &chat, json!({"token": black, "text": text}))
        .await
        .json();
    assert_eq!(s["chat"][0], json!({"n": 1, "from": "black", "text": text}));
    post(&app, &chat, json!({"token": white, "text": "   "}))
        .await
        .error(400, "empty");
    post(&app, &chat, json!({"token": white, "text": "x".repeat(201)}))
        .await
        .error(400, "at most 200");
    post(&app, &chat, json!({"token": "spectator", "text": "hi"}))
        .await
        .error(403, "token");
    let s = post(&app, &chat, json!({"token": white, "text": "line\nbreak"}))
        .await
        .json();
    assert_eq!(s["chat"][1]["text"], "line break");
    // At most 5 messages in 10 seconds per sender (the rejected ones above
    // did not count): white has written 1, so 4 more pass, then 429.
    for i in 0..4 {
        let a = post(&app, &chat, json!({"token": white, "text": format!("m{i}")})).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    }
    post(&app, &chat, json!({"token": white, "text": "too fast"}))
        .await
        .error(429, "at most 5 messages");
    // A watcher (no token) reads neither the players' chat nor writes
    // without an account.
    let s = get(&app, &format!("/api/games/{id}")).await.json();
    assert_eq!(s["chat"], json!([]));
    assert_eq!(s["you"], Value::Null);
    post(&app, &chat, json!({"text": "hello players"}))
        .await
        .error(401, "sign in");

    // Draw offers: offer, decline, offer, accept.
    let draw = format!("/api/games/{id}/draw");
    post(&app, &draw, json!({"token": black, "action": "accept"}))
        .await
        .error(409, "no draw offer");
    let s = post(&app, &draw, json!({"token": white, "action": "offer"}))
        .await
        .json();
    assert_eq!(s["draw_offer"], "white");
    let s = post(&app, &draw, json!({"token": black, "action": "decline"}))
        .await
        .json();
    assert!(s["draw_offer"].is_null());
    assert_eq!(s["notice"], "Black declines the draw offer.");
    assert_eq!(
        s["notice_code"],
        json!({"kind": "draw-declined", "color": "black"})
    );
    post(&app, &draw, json!({"token": black, "action": "offer"})).await;
    let s = post(&app, &draw, json!({"token": white, "action": "accept"}))
        .await
        .json();
    assert_eq!(s["reason"], "agreement");

    // Chat and joining are for friend games only.
    let (local, token, _) = create(&app, json!({"mode": "local"})).await;
    post(
        &app,
        &format!("/api/games/{local}/chat"),
        json!({"token": token, "text": "hi"}),
    )
    .await
    .error(409, "two players");
    send(
        &app,
        Request::post(format!("/api/games/{local}/join"))
            .body(Body::empty())
            .unwrap(),
    )
    .await
    .error(409, "only a game with a friend");
}

#[tokio::test]
async fn pgn_download() {
    let app = app().await;
    let (id, token, _) = create(&app, json!({"mode": "local"})).await;
    play_all(&app, &id, &token, "f2f3 e7e5 g2g4 d8h4").await;
    let a = get(&app, &format!("/api/games/{id}/pgn")).await;
    assert_eq!(a.status, StatusCode::OK);
    assert!(a.headers[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("application/x-chess-pgn"));
    assert!(a.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap()
        .contains("attachment"));
    assert!(a.text.contains("[Result \"0-1\"]"));
    assert!(
        a.text
            .contains("1. f3 e5 2. g4 Qh4# {Checkmate: Black wins.} 0-1"),
        "{}",
        a.text
    );
    get(&app, "/api/games/ffffffffffffffffffffffffffffffff/pgn")
        .await
        .error(404, "no such game");
}

#[tokio::test]
async fn games_in_memory_are_capped_and_expire_to_the_database() {
    let server = Server::new(Config {
        max_games: 2,
        expiry: Duration::from_millis(200),
        ..Config::default()
    })
    .await
    .unwrap();
    let app = router(server.clone());
    let (first, token, _) = create(&app, json!({"mode": "local"})).await;
    post(
        &app,
        &format!("/api/games/{first}/move"),
        json!({"token": token, "san": "e4"}),
    )
    .await;
    create(&app, json!({"mode": "local"})).await;
    post(&app, "/api/games", json!({"mode": "local"}))
        .await
        .error(503, "limit");
    assert_eq!(server.game_count(), 2);
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Full, but the old games have expired from memory: they make room.
    create(&app, json!({"mode": "local"})).await;
    assert_eq!(server.game_count(), 1);
    // An expired game is still in the database: asking for it loads it.
    let state = get(&app, &format!("/api/games/{first}")).await.json();
    assert_eq!(state["moves"][0]["san"], "e4", "{state}");
    assert_eq!(server.game_count(), 2);
    // Memory is full again and nothing has expired: a third game waits.
    post(&app, "/api/games", json!({"mode": "local"}))
        .await
        .error(503, "limit");
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.sweep();
    assert_eq!(server.game_count(), 0);
    // The token still works after a trip through the database.
    let state = post(
        &app,
        &format!("/api/games/{first}/move"),
        json!({"token": token, "san": "e5"}),
    )
    .await
    .json();
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn the_method_must_fit_the_route() {
    let app = app().await;
    send(
        &app,
        Request::builder()
            .method(Method::GET)
            .uri("/api/games")
            .body(Body::empty())
            .unwrap(),
    )
    .await
    .error(405, "");
    send(
        &app,
        Request::builder()
            .method(Method::PUT)
            .uri("/api/position")
            .body(Body::empty())
            .unwrap(),
    )
    .await
    .error(405, "");
}

/// DNS rebinding: a page of another domain pointed at 127.0.0.1 sends its own
/// name as `Host`. A local-only server refuses it; localhost names pass.
#[tokio::test]
async fn a_local_server_refuses_requests_addressed_to_other_hosts() {
    let app = app().await;
    for host in [
        "localhost:8080",
        "LOCALHOST",
        "127.0.0.1:8080",
        "127.1.2.3",
        "[::1]:8080",
        "[::1]",
    ] {
        let request = Request::get("/api/levels")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(&app, request).await.status, StatusCode::OK, "{host}");
    }
    for host in [
        "evil.example:8080",
        "evil.example",
        "localhost.evil.example",
        "192.168.1.5:8080",
        "[::2]:80",
        "[::1",
    ] {
        let request = Request::get("/api/levels")
            .header(header::HOST, host)
            .body(Body::empty())
            .unwrap();
        send(&app, request).await.error(403, "addressed to this computer");
    }
    // A server opened to the network (--host 0.0.0.0) answers any name.
    let open = app_with(Config {
        local_only: false,
        ..Config::default()
    })
    .await;
    let request = Request::get("/api/levels")
        .header(header::HOST, "chess.lan:8080")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&open, request).await.status, StatusCode::OK);
}

#[tokio::test]
async fn a_finished_game_steps_through_its_positions_and_is_reviewed() {
    let app = app().await;
    let (id, token, _) = create(&app, json!({"mode": "local"})).await;
    post(&app, &format!("/api/games/{id}/review"), json!({}))
        .await
        .error(409, "once it is over");
    // 1. f3 e5 2. g4?? Qh4#
    let over = play_all(&app, &id, &token, "f2f3 e7e5 g2g4 d8h4").await;
    assert_eq!(over["reason"], "checkmate");

    let positions = get(&app, &format!("/api/games/{id}/positions")).await.json();
    let positions = positions.as_array().unwrap();
    assert_eq!(positions.len(), 5, "the start and after each move");
    assert_eq!(positions[0]["last_move"], Value::Null);
    assert_eq!(positions[2]["san"], "e5");
    assert_eq!(positions[4]["last_move"], json!(["d8", "h4"]));
    assert_eq!(positions[4]["check"], "e1");
    assert_eq!(positions[4]["fen"], over["fen"]);

    let none = get(&app, &format!("/api/games/{id}/review")).await.json();
    assert_eq!(none["state"], "none");
    let asked = post(&app, &format!("/api/games/{id}/review"), json!({}))
        .await
        .json();
    assert!(
        matches!(asked["state"].as_str(), Some("waiting" | "running" | "done")),
        "{asked}"
    );
    let mut review = Value::Null;
    for _ in 0..600 {
        let answer = get(&app, &format!("/api/games/{id}/review")).await.json();
        if answer["state"] == "done" {
            review = answer["review"].clone();
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let moves = review["moves"].as_array().expect("reviewed within a minute");
    assert_eq!(moves.len(), 4);
    assert_eq!(moves[2]["move"], "g4");
    assert_eq!(moves[2]["mark"], "??");
    assert_ne!(moves[2]["best"], "g4");
    assert!(!moves[2]["pv"].as_array().unwrap().is_empty(), "the better line");
    assert_eq!(moves[3]["eval"], json!({"mate": 0}));
    assert!(review["white"]["blunders"].as_u64().unwrap() >= 1);
    // Asked again: the same review, from the database.
    let again = post(&app, &format!("/api/games/{id}/review"), json!({}))
        .await
        .json();
    assert_eq!(again["state"], "done");
    assert_eq!(again["review"], review);
}
