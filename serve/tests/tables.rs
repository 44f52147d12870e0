//! The tables for four through the HTTP API, on SQLite and (with
//! `DABA_TEST_POSTGRES`) PostgreSQL: seats by link, moves only for the seat
//! to move, computer seats, a frozen army released, a game to its end, the
//! table chat and the objection rule, the record in §16's notation, bad
//! input answered with 4xx JSON errors, tables surviving a restart, and (PostgreSQL
//! only) a ply reaching an instance before the news of the seat it needs.

use crate::common::{databases, poll_until, request, shared_database, Answer};
use axum::http::Method;
use axum::Router;
use serde_json::{json, Value};
use serve::{Config, Server};
use std::sync::Arc;
use std::time::Duration;

/// T10 of the rules: West frozen by South's Qc10; East to move takes it
/// with Be8xc10 and so releases West.
const RELEASE: &str =
    "___3nK4___/___8___/___8___/14/2sQ11/14/wK3eB9/13eK/14/7wR6/14/___8___/___8___/___4sK3___ E W 0 1";
/// T15 one move before: West frozen, South to move mates East with
/// Ql6-l7, and South and North win.
const MATE: &str =
    "___3nK4___/___8___/___8___/13sR/2sQ11/14/wK13/13eK/11sQ2/14/14/___8___/___8___/___4sK3___ S W 0 1";

async fn server(url: &str) -> Arc<Server> {
    Server::new(Config {
        database: url.to_string(),
        wait_timeout: Duration::from_millis(300),
        seed: Some(1),
        max_games: 100_000,
        max_tables: 100_000,
        presence_every: Duration::from_secs(3600),
        ..Config::default()
    })
    .await
    .unwrap()
}

async fn get(app: &Router, uri: &str, token: Option<&str>) -> Answer {
    let headers: Vec<(&str, &str)> = token.map(|t| ("x-daba-token", t)).into_iter().collect();
    request(app, Method::GET, uri, None, None, &headers).await
}

async fn post(app: &Router, uri: &str, body: Value) -> Answer {
    request(app, Method::POST, uri, Some(body), None, &[]).await
}

async fn ok(app: &Router, uri: &str, body: Value) -> Value {
    let answer = post(app, uri, body).await;
    assert!(
        answer.status.is_success(),
        "{uri}: {} {}",
        answer.status,
        answer.body
    );
    answer.body
}

fn computer(level: u32) -> Value {
    json!({"kind": "computer", "level": level})
}

fn person() -> Value {
    json!({"kind": "person"})
}

/// The table once the computer is not to move (or the game is over).
async fn settled(app: &Router, id: &str, token: &str) -> Value {
    let uri = format!("/api/tables/{id}");
    let read = || async { get(app, &uri, Some(token)).await.body };
    poll_until("no computer move", read, |state| {
        let to_move = state["to_move"].as_str().unwrap_or_default();
        let computer_to_move = state["seats"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["seat"] == to_move && s["holder"] == "computer");
        state["over"] == true || !computer_to_move
    })
    .await
}

fn words(state: &Value) -> String {
    state["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["words"].as_str().unwrap().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[tokio::test]
async fn four_people_sit_by_link_talk_object_and_move_in_turn() {
    for (url, _dir) in databases().await {
        let app = serve::router(server(&url).await);
        let created = ok(
            &app,
            "/api/tables",
            json!({"seats": [person(), person(), person(), person()], "listed": true}),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        let south = created["token"].as_str().unwrap().to_string();
        assert_eq!(created["seat"], "S");
        assert_eq!(created["state"]["started"], false);
        let lobby = get(&app, "/api/lobby", None).await.body;
        assert!(
            lobby["tables"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == id.as_str()),
            "{lobby}"
        );
        // Nobody moves before every seat is taken.
        post(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": south, "move": "e2-e3"}),
        )
        .await
        .error(409, "every seat");
        let mut tokens = vec![south.clone()];
        for seat in ["W", "N", "E"] {
            let given = ok(&app, &format!("/api/tables/{id}/sit"), json!({"seat": seat})).await;
            assert_eq!(given["seat"], seat);
            tokens.push(given["token"].as_str().unwrap().to_string());
        }
        post(&app, &format!("/api/tables/{id}/sit"), json!({"seat": "W"}))
            .await
            .error(409, "taken");
        let (west, north, east) = (&tokens[1], &tokens[2], &tokens[3]);
        let lobby = get(&app, "/api/lobby", None).await.body;
        assert!(!lobby["tables"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["id"] == id.as_str()));

        // Only the seat to move moves; a watcher not at all.
        post(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": west, "move": "b7-c7"}),
        )
        .await
        .error(409, "South's turn");
        post(&app, &format!("/api/tables/{id}/move"), json!({"move": "e2-e3"}))
            .await
            .error(403, "do not sit");
        post(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": south, "move": "e2-e4"}),
        )
        .await
        .error(400, "not legal");
        ok(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": south, "move": "Nj1-k3"}),
        )
        .await;

        // One chat for the table: North suggests a move to South; West
        // objects, and South may not play it for three plies.
        ok(
            &app,
            &format!("/api/tables/{id}/chat"),
            json!({"token": north, "text": "South: try d2-d3"}),
        )
        .await;
        let seen = get(&app, &format!("/api/tables/{id}"), Some(west)).await.body;
        assert_eq!(
            seen["chat"][0]["text"], "South: try d2-d3",
            "everyone at the table reads it"
        );
        assert!(get(&app, &format!("/api/tables/{id}"), None).await.body["chat"].is_null());
        post(
            &app,
            &format!("/api/tables/{id}/object"),
            json!({"token": south, "line": 1}),
        )
        .await
        .error(409, "opponent");
        // (Three plies from now: made after West's move, it still holds
        // when South's turn comes.)
        ok(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": west, "move": "b7-c7"}),
        )
        .await;
        let objected = ok(
            &app,
            &format!("/api/tables/{id}/object"),
            json!({"token": west, "line": 1}),
        )
        .await;
        assert!(objected["said"].as_str().unwrap().contains("d2-d3"), "{objected}");
        post(
            &app,
            &format!("/api/tables/{id}/object"),
            json!({"token": east, "line": 1}),
        )
        .await
        .error(409, "already");
        ok(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": north, "move": "h13-h12"}),
        )
        .await;
        let state = ok(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": east, "move": "m8-l8"}),
        )
        .await;
        assert!(
            state["legal"].as_array().unwrap().is_empty(),
            "East's view: not East's turn"
        );
        let south_view = get(&app, &format!("/api/tables/{id}"), Some(&south)).await.body;
        assert_eq!(south_view["you"], "S");
        assert!(
            south_view["legal"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["uci"] != "d2d3"),
            "banned for three plies"
        );
        post(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": south, "move": "d2-d3"}),
        )
        .await
        .error(409, "objection");

        // The record in §16's notation.
        let record = get(&app, &format!("/api/tables/{id}/record"), None).await;
        let text = record.body.as_str().unwrap().to_string();
        assert!(
            text.contains("1. S: Nj1-k3  W: b7-c7  N: h13-h12  E: m8-l8"),
            "{text}"
        );
        assert!(text.contains("[Result \"*\"]"), "{text}");

        // It survives a restart.
        drop(app);
        let app = serve::router(server(&url).await);
        let again = get(&app, &format!("/api/tables/{id}"), Some(&south)).await.body;
        assert_eq!(again["log"], south_view["log"]);
        assert_eq!(again["objections"], south_view["objections"]);
        assert_eq!(again["legal"], south_view["legal"]);
        assert_eq!(again["chat"], south_view["chat"]);
    }
}

#[tokio::test]
async fn a_ply_on_an_instance_that_has_not_heard_of_the_last_seat_taken_is_played() {
    let test = "a_ply_on_an_instance_that_has_not_heard_of_the_last_seat_taken_is_played";
    let Some(url) = shared_database(test).await else {
        return;
    };
    let instance_a = server(&url).await;
    let (a, b) = (
        serve::router(instance_a.clone()),
        serve::router(server(&url).await),
    );
    let seats = json!({"seats": [person(), person(), person(), person()]});
    let created = ok(&a, "/api/tables", seats).await;
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["token"].as_str().unwrap().to_string();
    for seat in ["W", "N"] {
        ok(&a, &format!("/api/tables/{id}/sit"), json!({"seat": seat})).await;
    }
    // A holds the table with one empty seat and stops hearing B: the seat
    // taken there reaches A only through the database.
    instance_a.stop_listening();
    ok(&b, &format!("/api/tables/{id}/sit"), json!({"seat": "E"})).await;
    let moved = ok(
        &a,
        &format!("/api/tables/{id}/move"),
        json!({"token": south, "move": "Nj1-k3"}),
    )
    .await;
    assert_eq!(moved["started"], true, "{moved}");
    // A ply refused for its own sake still is.
    post(
        &a,
        &format!("/api/tables/{id}/move"),
        json!({"token": south, "move": "e2-e3"}),
    )
    .await
    .error(409, "turn");
}

#[tokio::test]
async fn a_frozen_army_is_released_and_the_computers_play_on() {
    for (url, _dir) in databases().await {
        let app = serve::router(server(&url).await);
        let created = ok(
            &app,
            "/api/tables",
            json!({"seats": [computer(1), computer(0), computer(2), person()], "seat": "E", "position": RELEASE}),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        let east = created["token"].as_str().unwrap().to_string();
        let state = &created["state"];
        assert_eq!(state["seats"][1]["frozen"], true, "West is frozen: {state}");
        let state = ok(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": east, "move": "Be8xc10"}),
        )
        .await;
        assert!(words(&state).contains("West is released"), "{state}");
        // The page says the same from codes: the ply's kind and the seats
        // it released.
        let capture = &state["log"][0];
        assert_eq!(capture["kind"], "move");
        assert_eq!(capture["released"], json!(["W"]));
        let state = settled(&app, &id, &east).await;
        assert_eq!(state["seats"][1]["frozen"], false);
        assert!(
            state["over"] == true || state["to_move"] == "E",
            "South, West and North (computers) moved: {state}"
        );
        assert!(state["log"].as_array().unwrap().len() >= 2, "{state}");
    }
}

#[tokio::test]
async fn a_game_is_played_to_its_end() {
    for (url, _dir) in databases().await {
        let app = serve::router(server(&url).await);
        let created = ok(
            &app,
            "/api/tables",
            json!({"seats": [person(), computer(0), computer(0), computer(0)], "position": MATE}),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        let south = created["token"].as_str().unwrap().to_string();
        ok(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": south, "move": "Ql6-l7"}),
        )
        .await;
        let state = settled(&app, &id, &south).await;
        assert_eq!(state["over"], true, "{state}");
        assert_eq!(state["winner"], "SN");
        let said = words(&state);
        assert!(said.contains("West is frozen and passes"), "{said}");
        assert!(said.contains("East is checkmated"), "{said}");
        assert!(state["status"].as_str().unwrap().contains("South and North win"));
        assert_eq!(state["end"], json!({"kind": "mate", "team": "SN", "seat": null}));
        let kinds: Vec<&str> = state["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["kind"].as_str().unwrap())
            .collect();
        assert!(
            kinds.contains(&"frozen-pass") && kinds.contains(&"mated"),
            "{kinds:?}"
        );
        for line in state["log"].as_array().unwrap() {
            let checks = line["text"].as_str().unwrap().ends_with('+');
            assert_eq!(
                line["events"].as_array().unwrap().contains(&json!("check")),
                checks,
                "{line}"
            );
        }
        let record = get(&app, &format!("/api/tables/{id}/record"), None).await;
        let text = record.body.as_str().unwrap();
        assert!(
            text.contains("E:(mated)") && text.contains("[Result \"SN win\"]"),
            "{text}"
        );
        post(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": south, "move": "Kh1-i1"}),
        )
        .await
        .error(409, "over");
    }
}

#[tokio::test]
async fn bad_requests_are_json_errors() {
    for (url, _dir) in databases().await {
        let app = serve::router(server(&url).await);
        let four = || json!([person(), computer(0), computer(0), computer(0)]);
        post(&app, "/api/tables", json!({"seats": [person()]}))
            .await
            .error(400, "four seats");
        post(&app, "/api/tables", json!({"seats": four(), "seat": "X"}))
            .await
            .error(400, "not a seat");
        post(&app, "/api/tables", json!({"seats": four(), "seat": "W"}))
            .await
            .error(400, "computer");
        post(
            &app,
            "/api/tables",
            json!({"seats": [person(), computer(99), person(), person()]}),
        )
        .await
        .error(400, "levels");
        post(
            &app,
            "/api/tables",
            json!({"seats": four(), "position": "x".repeat(500)}),
        )
        .await
        .error(400, "longer");
        post(
            &app,
            "/api/tables",
            json!({"seats": four(), "position": "nonsense"}),
        )
        .await
        .error(400, "invalid position");
        post(&app, "/api/tables", json!({"seats": four(), "extra": 1}))
            .await
            .error(422, "");
        get(&app, "/api/tables/0123", None)
            .await
            .error(404, "no such table");
        get(&app, &format!("/api/tables/{}", "a".repeat(32)), None)
            .await
            .error(404, "no such table");
        let created = ok(&app, "/api/tables", json!({"seats": four()})).await;
        let id = created["id"].as_str().unwrap();
        let token = created["token"].as_str().unwrap();
        post(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": token, "move": "x".repeat(40)}),
        )
        .await
        .error(400, "at most");
        post(
            &app,
            &format!("/api/tables/{id}/chat"),
            json!({"token": token, "text": "x".repeat(201)}),
        )
        .await
        .error(400, "at most 200");
        post(
            &app,
            &format!("/api/tables/{id}/chat"),
            json!({"token": token, "text": "  "}),
        )
        .await
        .error(400, "empty");
        post(
            &app,
            &format!("/api/tables/{id}/chat"),
            json!({"token": "nope", "text": "hi"}),
        )
        .await
        .error(403, "do not sit");
        post(&app, &format!("/api/tables/{id}/sit"), json!({"seat": "W"}))
            .await
            .error(409, "computer");
        get(&app, &format!("/api/tables/{id}/wait?after=x"), None)
            .await
            .error(400, "");
        ok(&app, &format!("/api/tables/{id}/resign"), json!({"token": token})).await;
        let state = get(&app, &format!("/api/tables/{id}"), None).await.body;
        assert_eq!(state["winner"], "WE", "{state}");
    }
}

/// T20 of the rules one move before: South's pawn on b9 has two captures
/// and takes West's knight on a10, its third: a promotion.
const PROMOTE: &str =
    "___3nK4___/___8___/___8___/14/wN13/1sP*212/wK13/13eK/14/14/14/___8___/___8___/___4sK3___ S - 0 1";

/// A table's rule settings (docs/fourhand.md's options): a free choice of
/// promotion piece offered and kept across a restart, a repetition claimed
/// under `repetition=claim`, and settings that do not parse refused.
#[tokio::test]
async fn rule_settings_choose_the_promotion_and_let_a_repetition_be_claimed() {
    for (url, _dir) in databases().await {
        let app = serve::router(server(&url).await);
        let created = ok(
            &app,
            "/api/tables",
            json!({"seats": [person(), computer(0), computer(0), computer(0)], "position": PROMOTE,
                   "rules": "promotion=choice,objection=own-turns"}),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        let south = created["token"].as_str().unwrap().to_string();
        let state = &created["state"];
        assert_eq!(state["rules"], "promotion=choice,objection=own-turns");
        let mut choices: Vec<&str> = state["legal"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["from"] == "b9" && m["to"] == "a10")
            .map(|m| m["promotion"].as_str().unwrap())
            .collect();
        choices.sort_unstable();
        assert_eq!(choices, ["b", "n", "q", "r"], "{state}");
        ok(
            &app,
            &format!("/api/tables/{id}/move"),
            json!({"token": south, "move": "b9a10n"}),
        )
        .await;
        let record = get(&app, &format!("/api/tables/{id}/record"), None).await;
        let text = record.body.as_str().unwrap();
        assert!(
            text.contains("[Rules \"promotion=choice,objection=own-turns\"]") && text.contains("b9xa10=N"),
            "{text}"
        );
        // A restart rebuilds the table under its settings.
        let again = serve::router(server(&url).await);
        let state = get(&again, &format!("/api/tables/{id}"), Some(&south)).await.body;
        assert_eq!(state["rules"], "promotion=choice,objection=own-turns");
        assert!(
            state["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["square"] == "a10" && p["seat"] == "S" && p["kind"] == "N"),
            "{state}"
        );

        // Four knights out and back, twice: the start position a third
        // time, which South, to move, may claim as a draw.
        let created = ok(
            &app,
            "/api/tables",
            json!({"seats": [person(), person(), person(), person()], "rules": "repetition=claim"}),
        )
        .await;
        let id = created["id"].as_str().unwrap().to_string();
        let mut tokens = vec![created["token"].as_str().unwrap().to_string()];
        for seat in ["W", "N", "E"] {
            let given = ok(&app, &format!("/api/tables/{id}/sit"), json!({"seat": seat})).await;
            tokens.push(given["token"].as_str().unwrap().to_string());
        }
        let mut out: Vec<(String, String)> = Vec::new();
        for ply in 0..16 {
            let seat = ply % 4;
            let state = get(&app, &format!("/api/tables/{id}"), Some(&tokens[seat]))
                .await
                .body;
            assert_eq!(state["can_claim"], false, "ply {ply}: {state}");
            assert_eq!(state["over"], false, "ply {ply}: {state}");
            let mv = if ply % 8 < 4 {
                let knight: Vec<String> = state["pieces"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|p| p["kind"] == "N")
                    .map(|p| p["square"].as_str().unwrap().to_string())
                    .collect();
                let m = state["legal"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|m| knight.iter().any(|k| m["from"] == k.as_str()))
                    .unwrap();
                let pair = (
                    m["from"].as_str().unwrap().to_string(),
                    m["to"].as_str().unwrap().to_string(),
                );
                if ply < 4 {
                    out.push(pair.clone());
                }
                format!("{}{}", pair.0, pair.1)
            } else {
                let (from, to) = &out[seat];
                format!("{to}{from}")
            };
            ok(
                &app,
                &format!("/api/tables/{id}/move"),
                json!({"token": tokens[seat], "move": mv}),
            )
            .await;
        }
        let west = get(&app, &format!("/api/tables/{id}"), Some(&tokens[1]))
            .await
            .body;
        assert_eq!(west["can_claim"], false, "only the player to move claims");
        post(
            &app,
            &format!("/api/tables/{id}/claim"),
            json!({"token": tokens[1]}),
        )
        .await
        .error(409, "only the player to move");
        let south = get(&app, &format!("/api/tables/{id}"), Some(&tokens[0]))
            .await
            .body;
        assert_eq!(south["over"], false, "no automatic draw under repetition=claim");
        assert_eq!(south["can_claim"], true, "{south}");
        let over = ok(
            &app,
            &format!("/api/tables/{id}/claim"),
            json!({"token": tokens[0]}),
        )
        .await;
        assert_eq!(over["over"], true);
        assert!(
            over["status"].as_str().unwrap().contains("South claimed it"),
            "{over}"
        );
        assert_eq!(over["end"], json!({"kind": "claimed", "team": null, "seat": "S"}));

        // Settings that do not parse change nothing.
        for (rules, says) in [
            ("promotion=rook", "queen, choice"),
            ("castling=on", "no setting is called"),
            (&"leap=any,".repeat(100)[..], "longer than"),
        ] {
            post(
                &app,
                "/api/tables",
                json!({"seats": [person(), computer(0), computer(0), computer(0)], "rules": rules}),
            )
            .await
            .error(400, says);
        }
        post(
            &app,
            &format!("/api/tables/{id}/claim"),
            json!({"token": tokens[0]}),
        )
        .await
        .error(409, "over");
        // Under the default rules there is nothing to claim.
        let created = ok(
            &app,
            "/api/tables",
            json!({"seats": [person(), computer(0), computer(0), computer(0)]}),
        )
        .await;
        assert_eq!(created["state"]["rules"], "");
        let id = created["id"].as_str().unwrap();
        post(
            &app,
            &format!("/api/tables/{id}/claim"),
            json!({"token": created["token"]}),
        )
        .await
        .error(409, "no draw to claim");
    }
}

/// The table page offers the computer's levels up to the highest the
/// server accepts (fourhand.js keeps its own copy of the number).
#[test]
fn the_page_offers_every_computer_level() {
    let page = include_str!("../page/fourhand.js");
    let line = format!("const MAX_LEVEL = {};", fourhand::MAX_LEVEL);
    assert!(page.contains(&line), "fourhand.js should say {line}");
}
