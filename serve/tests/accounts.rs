//! Accounts: sign-up, sign-in, sessions and their cookie, CSRF, rate
//! limits, passwords' hashes, and Glicko-2 ratings, through the router
//! in-process. Every test that touches the database runs on SQLite (a file
//! in a temporary directory) and, when `DABA_TEST_POSTGRES=postgres://...`
//! is set (CI sets it), the same test on PostgreSQL (a fresh schema).

use axum::http::{header, Method, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};
use serve::accounts::{self, CurrentUser, MaybeUser};
use serve::ratings::{self, GameResult, Outcome, Rating};
use serve::{router, Config};
use sqlx::Row;

use crate::common::*;

const SECONDS_PER_DAY: i64 = 24 * 60 * 60;

#[tokio::test]
async fn sign_up_refuses_bad_names_and_passwords_in_words() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let pw = "a good password";
        signup(&app, "ab", pw).await.error(400, "3 to 20 characters");
        signup(&app, &"a".repeat(21), pw)
            .await
            .error(400, "3 to 20 characters");
        signup(&app, "bad name", pw).await.error(400, "letters");
        signup(&app, "émile", pw).await.error(400, "letters");
        signup(&app, "1player", pw)
            .await
            .error(400, "starts with a letter");
        signup(&app, "_player", pw)
            .await
            .error(400, "starts with a letter");
        for reserved in ["daba", "Computer", "ADMIN", "guest", "Anonymous"] {
            signup(&app, reserved, pw).await.error(400, "reserved");
        }
        signup(&app, "alice", "short").await.error(400, "at least 8");
        signup(&app, "alice", &"x".repeat(257))
            .await
            .error(400, "at most 256");
        signup(&app, "alice_99", "ALICE_99")
            .await
            .error(400, "not be the username");
        // The body's shape.
        let a = request(
            &app,
            Method::POST,
            "/api/signup",
            Some(json!({"username": "alice", "password": pw, "admin": true})),
            None,
            &[],
        )
        .await;
        assert!(
            a.status.is_client_error() && a.body["error"].is_string(),
            "{}",
            a.body
        );
        // Nothing was made; a good one is.
        let a = signup(&app, "Alice_99-x", &"é".repeat(8)).await;
        assert_eq!(a.status, StatusCode::CREATED, "{url}: {}", a.body);
        assert_eq!(a.body["user"]["username"], "Alice_99-x");
        assert_eq!(a.body["user"]["rating"], 1500);
        assert_eq!(a.body["user"]["provisional"], true);
    }
}

#[tokio::test]
async fn a_username_is_taken_in_any_case() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        new_player(&app, "Magnus").await;
        for name in ["Magnus", "magnus", "MAGNUS", "mAgNuS"] {
            let taken = signup(&app, name, "another password").await;
            taken.error(409, "taken");
            assert_eq!(taken.body["code"], "username-taken");
        }
        // Sign-in and profiles find it in any case, under its own spelling.
        let a = signin(&app, "MAGNUS", "correct horse battery").await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        assert_eq!(a.body["user"]["username"], "Magnus");
        let a = request(&app, Method::GET, "/api/users/magnus", None, None, &[]).await;
        assert_eq!(a.status, StatusCode::OK, "{url}");
        assert_eq!(a.body["username"], "Magnus");
        for field in [
            "rating",
            "deviation",
            "provisional",
            "games",
            "wins",
            "draws",
            "losses",
            "created_at",
        ] {
            assert!(!a.body[field].is_null(), "{field} in {}", a.body);
        }
        assert!(a.body.get("id").is_none() && a.body.get("password_hash").is_none());
        for missing in ["nobody", "x", "a%20b", &"z".repeat(300)] {
            let a = request(
                &app,
                Method::GET,
                &format!("/api/users/{missing}"),
                None,
                None,
                &[],
            )
            .await;
            a.error(404, "no such user");
        }
    }
}

#[tokio::test]
async fn a_wrong_password_or_an_unknown_name_is_refused_alike() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        new_player(&app, "carlsen").await;
        let wrong = signin(&app, "carlsen", "not the password").await;
        wrong.error(401, "wrong username or password");
        // The page says it in its reader's language from the code.
        assert_eq!(wrong.body["code"], "wrong-credentials");
        let unknown = signin(&app, "nobody", "not the password").await;
        unknown.error(401, "wrong username or password");
        assert_eq!(wrong.body, unknown.body);
        assert!(wrong.headers.get(header::SET_COOKIE).is_none());
        let a = signin(&app, "carlsen", "correct horse battery").await;
        assert_eq!(a.status, StatusCode::OK, "{url}: {}", a.body);
    }
}

#[tokio::test]
async fn the_session_cookie_is_http_only_same_site_and_secure_when_asked() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let a = signup(&app, "plain", "correct horse battery").await;
        let cookie = a.set_cookie();
        assert!(a.token().len() == 64, "{cookie}");
        for part in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
            assert!(cookie.split("; ").any(|p| p == part), "{part} in {cookie}");
        }
        assert!(!cookie.contains("Secure"), "{cookie}");
        // A proxy's header is not trusted without --behind-proxy.
        let body = json!({"username": "plain", "password": "correct horse battery"});
        let https = [("x-forwarded-proto", "https")];
        let a = request(
            &app,
            Method::POST,
            "/api/signin",
            Some(body.clone()),
            None,
            &https,
        )
        .await;
        assert!(!a.set_cookie().contains("Secure"), "{}", a.set_cookie());

        // --secure-cookies.
        let secure = router(
            server_with(
                &url,
                Config {
                    secure_cookies: true,
                    ..Config::default()
                },
            )
            .await,
        );
        let a = signin(&secure, "plain", "correct horse battery").await;
        assert!(a.set_cookie().ends_with("; Secure"), "{}", a.set_cookie());
        let a = signout(&secure, &a.token(), a.body["csrf"].as_str()).await;
        assert!(a.set_cookie().contains("Max-Age=0") && a.set_cookie().contains("Secure"));

        // --behind-proxy: Secure when the proxy says HTTPS.
        let proxied = router(
            server_with(
                &url,
                Config {
                    behind_proxy: true,
                    ..Config::default()
                },
            )
            .await,
        );
        let a = request(
            &proxied,
            Method::POST,
            "/api/signin",
            Some(body.clone()),
            None,
            &https,
        )
        .await;
        assert!(a.set_cookie().ends_with("; Secure"), "{}", a.set_cookie());
        let http = [("x-forwarded-proto", "http")];
        let a = request(&proxied, Method::POST, "/api/signin", Some(body), None, &http).await;
        assert!(!a.set_cookie().contains("Secure"), "{url}: {}", a.set_cookie());
    }
}

#[tokio::test]
async fn me_before_and_after_sign_in_and_sign_out_ends_the_session() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let a = request(&app, Method::GET, "/api/me", None, None, &[]).await;
        assert_eq!(
            (a.status, a.body.clone()),
            (StatusCode::OK, json!({"user": null, "csrf": null}))
        );
        let (token, csrf) = new_player(&app, "Hikaru").await;
        let a = me(&app, &token).await;
        assert_eq!(a.status, StatusCode::OK);
        assert_eq!(a.body["user"]["username"], "Hikaru", "{url}");
        assert_eq!(a.body["csrf"], csrf.as_str());
        assert_eq!(csrf.len(), 64);
        assert!(a.set_cookie().starts_with(&format!("daba_session={token};")));
        // A second session (another browser) lives on its own.
        let other = signin(&app, "hikaru", "correct horse battery").await;
        assert_ne!(other.token(), token);
        assert_ne!(other.body["csrf"], csrf.as_str());

        let a = signout(&app, &token, Some(&csrf)).await;
        assert_eq!(
            (a.status, a.body.clone()),
            (StatusCode::OK, json!({"user": null, "csrf": null}))
        );
        assert!(
            a.set_cookie().starts_with("daba_session=; Max-Age=0;"),
            "{}",
            a.set_cookie()
        );
        // The token no longer works, and the browser is told to forget it.
        let a = me(&app, &token).await;
        assert_eq!(a.body, json!({"user": null, "csrf": null}), "{url}");
        assert!(a.set_cookie().contains("Max-Age=0"));
        assert_eq!(me(&app, &other.token()).await.body["user"]["username"], "Hikaru");
        // Nor does a made-up one.
        let a = me(&app, &"ab".repeat(32)).await;
        assert_eq!(a.body["user"], Value::Null);
        let a = me(&app, "not-hex").await;
        assert_eq!(a.body["user"], Value::Null);
    }
}

#[tokio::test]
async fn csrf_token_and_origin_are_checked_on_changes() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let (token, csrf) = new_player(&app, "fabiano").await;
        signout(&app, &token, None).await.error(403, "X-CSRF-Token");
        signout(&app, &token, Some(&"0".repeat(64)))
            .await
            .error(403, "X-CSRF-Token");
        signout(&app, &token, Some(&csrf[..63]))
            .await
            .error(403, "X-CSRF-Token");
        assert_eq!(me(&app, &token).await.body["user"]["username"], "fabiano");
        // A foreign page with the right token (it could not know it) is refused all the same.
        for origin in ["https://evil.example", "http://localhost:9999", "null"] {
            let h = [("x-csrf-token", csrf.as_str()), ("origin", origin)];
            let a = request(&app, Method::POST, "/api/signout", None, Some(&token), &h).await;
            a.error(403, "another site");
        }
        // Sign-up and sign-in check the origin too.
        let body = json!({"username": "fabiano", "password": "correct horse battery"});
        let foreign = [("origin", "https://evil.example")];
        let a = request(
            &app,
            Method::POST,
            "/api/signin",
            Some(body.clone()),
            None,
            &foreign,
        )
        .await;
        a.error(403, "another site");
        let new = json!({"username": "someone", "password": "correct horse battery"});
        let a = request(&app, Method::POST, "/api/signup", Some(new), None, &foreign).await;
        a.error(403, "another site");
        let own = [("origin", "http://localhost:8080")];
        let a = request(&app, Method::POST, "/api/signin", Some(body), None, &own).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        // The right token from this server's own page.
        let h = [
            ("x-csrf-token", csrf.as_str()),
            ("origin", "http://LOCALHOST:8080"),
        ];
        let a = request(&app, Method::POST, "/api/signout", None, Some(&token), &h).await;
        assert_eq!(a.status, StatusCode::OK, "{url}: {}", a.body);
        assert_eq!(me(&app, &token).await.body["user"], Value::Null);
    }
}

/// The extractors, as a game handler would use them.
#[tokio::test]
async fn the_extractors_tell_guests_from_players() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        let (token, csrf) = new_player(&app, "ding").await;
        let handlers = Router::new()
            .route(
                "/maybe",
                post(|MaybeUser(user): MaybeUser| async move {
                    Json(json!({ "user": user.map(|u| u.username) }))
                }),
            )
            .route(
                "/current",
                post(|CurrentUser(user): CurrentUser| async move {
                    Json(json!({ "user": user.username, "rating": user.rating.rating }))
                }),
            )
            .with_state(server);
        let a = request(&handlers, Method::POST, "/maybe", None, None, &[]).await;
        assert_eq!(a.body, json!({"user": null}));
        request(&handlers, Method::POST, "/current", None, None, &[])
            .await
            .error(401, "sign in");
        request(&handlers, Method::POST, "/current", None, Some(&token), &[])
            .await
            .error(403, "X-CSRF-Token");
        let h = [("x-csrf-token", csrf.as_str())];
        let a = request(&handlers, Method::POST, "/maybe", None, Some(&token), &h).await;
        assert_eq!(a.body, json!({"user": "ding"}), "{url}");
        let a = request(&handlers, Method::POST, "/current", None, Some(&token), &h).await;
        assert_eq!(a.body, json!({"user": "ding", "rating": 1500.0}));
    }
}

#[tokio::test]
async fn failed_sign_ins_are_limited_per_username_and_per_client() {
    for (url, _dir) in databases().await {
        let config = Config {
            behind_proxy: true,
            ..Config::default()
        };
        let server = server_with(&url, config).await;
        let app = router(server.clone());
        new_player(&app, "anish").await;
        let from = |ip: &'static str| [("x-forwarded-for", ip)];
        let attempt = |name: &str, password: &str, ip: &'static str| {
            let body = json!({"username": name, "password": password});
            let app = app.clone();
            async move { request(&app, Method::POST, "/api/signin", Some(body), None, &from(ip)).await }
        };
        // 10 failures on one name, from different clients: the 11th try is
        // refused, even with the right password, from anywhere.
        for i in 0..10 {
            let ip = ["10.0.0.1", "10.0.0.2"][i % 2];
            attempt("anish", "wrong password", ip).await.error(401, "wrong");
        }
        let a = attempt("ANISH", "correct horse battery", "10.0.0.3").await;
        a.error(429, "too many attempts");
        let retry: i64 = a.headers[header::RETRY_AFTER].to_str().unwrap().parse().unwrap();
        assert!((1..=900).contains(&retry), "{retry}");
        // After the window, it is allowed again.
        server.accounts().advance_clock(15 * 60);
        let a = attempt("anish", "correct horse battery", "10.0.0.3").await;
        assert_eq!(a.status, StatusCode::OK, "{url}: {}", a.body);

        // 30 failures from one client, on many names: that client is
        // stopped, another is not.
        for i in 0..30 {
            let name = format!("name{i}");
            attempt(&name, "wrong password", "192.0.2.7")
                .await
                .error(401, "wrong");
        }
        attempt("anish", "correct horse battery", "192.0.2.7")
            .await
            .error(429, "too many attempts");
        let a = attempt("anish", "correct horse battery", "198.51.100.1").await;
        assert_eq!(a.status, StatusCode::OK);
        // The proxy's address is the last one: what the client wrote before it does not count.
        let a = attempt("anish", "correct horse battery", "1.2.3.4, 192.0.2.7").await;
        a.error(429, "too many attempts");
        // After the window, that client may try again.
        server.accounts().advance_clock(15 * 60 + 1);
        let a = attempt("anish", "correct horse battery", "192.0.2.7").await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    }
}

#[tokio::test]
async fn without_a_proxy_forwarded_addresses_are_ignored() {
    let app = router(server("sqlite::memory:").await);
    // Every in-process request is the same client; a spoofed
    // X-Forwarded-For does not give a fresh one.
    for i in 0..30 {
        let ip = format!("10.1.0.{i}");
        let body = json!({"username": format!("user{i}"), "password": "wrong password"});
        let h = [("x-forwarded-for", ip.as_str())];
        request(&app, Method::POST, "/api/signin", Some(body), None, &h)
            .await
            .error(401, "wrong");
    }
    let body = json!({"username": "other", "password": "wrong password"});
    let h = [("x-forwarded-for", "10.2.0.1")];
    let a = request(&app, Method::POST, "/api/signin", Some(body), None, &h).await;
    a.error(429, "too many attempts");
    assert!(a.headers.contains_key(header::RETRY_AFTER));
    // Sign-ups count against the same client.
    signup(&app, "newcomer", "correct horse battery")
        .await
        .error(429, "too many attempts");
}

#[tokio::test]
async fn passwords_are_stored_as_argon2id_with_owasp_parameters() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        new_player(&app, "Judit").await;
        new_player(&app, "judit2").await;
        let pool = pool(&url).await;
        let rows = sqlx::query("SELECT username_key, password_hash FROM users ORDER BY username_key")
            .fetch_all(&pool)
            .await
            .unwrap();
        let hashes: Vec<(String, String)> = rows
            .iter()
            .map(|r| (r.get("username_key"), r.get("password_hash")))
            .collect();
        assert_eq!(hashes[0].0, "judit");
        for (_, hash) in &hashes {
            assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
            assert!(!hash.contains("correct horse"));
            assert!(accounts::verify_password("correct horse battery", hash));
            assert!(!accounts::verify_password("correct horse batterY", hash));
        }
        // Salted: the same password, two hashes.
        assert_ne!(hashes[0].1, hashes[1].1, "{url}");
        // Sessions keep the token's SHA-256, never the token.
        let (token, _) = new_player(&app, "judit3").await;
        let ids: Vec<String> = sqlx::query("SELECT id FROM sessions")
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get("id"))
            .collect();
        assert!(!ids.contains(&token));
        assert!(ids.contains(&accounts::session_key(&token)));
        pool.close().await;
    }
}

#[tokio::test]
async fn sessions_slide_for_30_days_then_end_and_are_swept() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        let (token, _) = new_player(&app, "Hou").await;
        let (idle, _) = new_player(&app, "idle").await;
        // In use every 29 days, it lives on.
        for _ in 0..3 {
            server.accounts().advance_clock(29 * SECONDS_PER_DAY);
            let a = me(&app, &token).await;
            assert_eq!(a.body["user"]["username"], "Hou", "{url}");
            assert!(a.set_cookie().contains("Max-Age=2592000"), "{}", a.set_cookie());
        }
        // The idle one ended.
        assert_eq!(me(&app, &idle).await.body["user"], Value::Null);
        // 30 days unused: ended too.
        server.accounts().advance_clock(30 * SECONDS_PER_DAY);
        assert_eq!(me(&app, &token).await.body["user"], Value::Null);
        let pool = pool(&url).await;
        let count = |pool: sqlx::AnyPool| async move {
            sqlx::query("SELECT COUNT(*) AS n FROM sessions")
                .fetch_one(&pool)
                .await
                .unwrap()
                .get::<i64, _>("n")
        };
        assert_eq!(count(pool.clone()).await, 2);
        assert_eq!(server.accounts().sweep().await.unwrap(), 2, "{url}");
        assert_eq!(count(pool.clone()).await, 0);
        pool.close().await;
    }
}

#[test]
fn glicko2_matches_glickmans_worked_example() {
    // Glickman, "Example of the Glicko-2 system": a 1500/200 player (volatility
    // 0.06) beats a 1400/30 and loses to a 1550/100 and a 1700/300, tau 0.5:
    // 1464.06 / 151.52 / 0.05999 in the paper (whose intermediate steps are
    // rounded); worked by hand without rounding: 1464.0507 / 151.5165 /
    // 0.0599960.
    let opponent = |rating, deviation| Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let player = opponent(1500.0, 200.0);
    let games = [
        (opponent(1400.0, 30.0), Outcome::Win),
        (opponent(1550.0, 100.0), Outcome::Loss),
        (opponent(1700.0, 300.0), Outcome::Loss),
    ];
    let new = ratings::rating_period(player, &games, 0.5);
    assert!((new.rating - 1464.06).abs() < 0.02, "{new:?}");
    assert!((new.rating - 1464.0507).abs() < 0.001, "{new:?}");
    assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
    assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
}

#[test]
fn glicko2_moves_ratings_the_right_way() {
    let new = Rating::NEW;
    assert_eq!((new.rating, new.deviation, new.volatility), (1500.0, 350.0, 0.06));
    assert!(new.is_provisional());
    let (w, b) = ratings::rate_game(new, new, GameResult::WhiteWins);
    assert!(w.rating > 1500.0 && b.rating < 1500.0, "{w:?} {b:?}");
    assert!(
        (w.rating - 1500.0 + (b.rating - 1500.0)).abs() < 1e-6,
        "symmetric"
    );
    assert!(w.deviation < 350.0 && b.deviation < 350.0);
    let (w, b) = ratings::rate_game(new, new, GameResult::BlackWins);
    assert!(w.rating < 1500.0 && b.rating > 1500.0);
    // A draw between equals moves no rating; against a stronger player it gains.
    let (w, b) = ratings::rate_game(new, new, GameResult::Draw);
    assert!((w.rating - 1500.0).abs() < 1e-9 && (b.rating - 1500.0).abs() < 1e-9);
    let strong = Rating {
        rating: 2000.0,
        deviation: 60.0,
        volatility: 0.06,
    };
    let (w, b) = ratings::rate_game(new, strong, GameResult::Draw);
    assert!(w.rating > 1500.0 && b.rating < 2000.0, "{w:?} {b:?}");
    // The settled player moves less than the new one.
    assert!(2000.0 - b.rating < w.rating - 1500.0);
    // An upset moves more than an expected win.
    let (upset, _) = ratings::rate_game(new, strong, GameResult::WhiteWins);
    let (_, expected) = ratings::rate_game(new, strong, GameResult::BlackWins);
    assert!(upset.rating - 1500.0 > expected.rating - 2000.0);
    // The deviation has a floor.
    let settled = Rating {
        rating: 1800.0,
        deviation: 45.0,
        volatility: 0.06,
    };
    let (s, _) = ratings::rate_game(settled, settled, GameResult::Draw);
    assert!(s.deviation >= ratings::MIN_DEVIATION);
    assert!(!s.is_provisional());
}

#[tokio::test]
async fn a_rated_game_updates_both_players_or_neither() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        new_player(&app, "white").await;
        new_player(&app, "black").await;
        let accounts = server.accounts();
        let user = |name: &'static str| async move { accounts.user_by_name(name).await.unwrap().unwrap() };
        let (w, b) = (user("white").await, user("black").await);

        // A missing player, or one against themselves: refused.
        let e = accounts
            .record_rated_result(&w.id, &new_id(), GameResult::WhiteWins)
            .await;
        assert!(e.is_err(), "{url}");
        assert!(accounts
            .record_rated_result(&w.id, &w.id, GameResult::Draw)
            .await
            .is_err());
        assert_eq!(user("white").await, w);

        // A failure half-way (the database refuses the second player's
        // update, after the first's): neither changed.
        let pool = pool(&url).await;
        let second = std::cmp::max(&w.id, &b.id);
        let trigger = if url.starts_with("sqlite:") {
            format!(
                "CREATE TRIGGER refuse_rating BEFORE UPDATE ON users WHEN NEW.id = '{second}' \
                 BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
            )
        } else {
            format!(
                "CREATE FUNCTION refuse_rating() RETURNS trigger AS $$ BEGIN \
                 RAISE EXCEPTION 'refused by the test'; END $$ LANGUAGE plpgsql; \
                 CREATE TRIGGER refuse_rating BEFORE UPDATE ON users FOR EACH ROW \
                 WHEN (NEW.id = '{second}') EXECUTE FUNCTION refuse_rating()"
            )
        };
        sqlx::raw_sql(&trigger).execute(&pool).await.unwrap();
        let e = accounts
            .record_rated_result(&w.id, &b.id, GameResult::WhiteWins)
            .await
            .unwrap_err();
        assert!(e.to_string().contains("refused by the test"), "{url}: {e}");
        assert_eq!((user("white").await, user("black").await), (w.clone(), b.clone()));
        let drop = if url.starts_with("sqlite:") {
            "DROP TRIGGER refuse_rating"
        } else {
            "DROP TRIGGER refuse_rating ON users"
        };
        sqlx::raw_sql(drop).execute(&pool).await.unwrap();

        // Inside a caller's transaction (the game's save, say): rolled back,
        // nothing changed; committed, both did.
        let mut tx = pool.begin().await.unwrap();
        accounts::record_rated_result(&mut tx, &w.id, &b.id, GameResult::WhiteWins)
            .await
            .unwrap();
        tx.rollback().await.unwrap();
        assert_eq!((user("white").await, user("black").await), (w.clone(), b.clone()));
        let mut tx = pool.begin().await.unwrap();
        let rated = accounts::record_rated_result(&mut tx, &w.id, &b.id, GameResult::WhiteWins)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        pool.close().await;
        let (w1, b1) = (user("white").await, user("black").await);
        assert_eq!(rated.white.before, w.rating);
        assert_eq!(rated.white.after, w1.rating, "{url}: read back exactly");
        assert_eq!(rated.black.after, b1.rating);
        assert!(w1.rating.rating > 1500.0 && b1.rating.rating < 1500.0);
        assert_eq!((w1.games, w1.wins, w1.draws, w1.losses), (1, 1, 0, 0));
        assert_eq!((b1.games, b1.wins, b1.draws, b1.losses), (1, 0, 0, 1));

        // The service's own transaction; a draw.
        let rated = accounts
            .record_rated_result(&b.id, &w.id, GameResult::Draw)
            .await
            .unwrap();
        let (w2, b2) = (user("white").await, user("black").await);
        assert_eq!((rated.white.after, rated.black.after), (b2.rating, w2.rating));
        assert_eq!((w2.games, w2.wins, w2.draws, w2.losses), (2, 1, 1, 0));
        assert_eq!((b2.games, b2.wins, b2.draws, b2.losses), (2, 0, 1, 1));
        // The profile shows it rounded.
        let a = request(&app, Method::GET, "/api/users/white", None, None, &[]).await;
        assert_eq!(a.body["rating"], w2.rating.rating.round() as i64);
        assert_eq!(a.body["deviation"], w2.rating.deviation.round() as i64);
        assert_eq!(a.body["provisional"], true);
        assert_eq!(
            (a.body["games"].clone(), a.body["draws"].clone()),
            (json!(2), json!(1))
        );
    }
}

#[tokio::test]
async fn games_rated_at_once_are_all_counted() {
    for (url, _dir) in databases().await {
        let server = server(&url).await;
        let app = router(server.clone());
        new_player(&app, "left").await;
        new_player(&app, "right").await;
        let accounts = server.accounts();
        let left = accounts.user_by_name("left").await.unwrap().unwrap();
        let right = accounts.user_by_name("right").await.unwrap().unwrap();
        // Both colours at once (the rows are taken in opposite orders).
        let tasks: Vec<_> = (0..12)
            .map(|i| {
                let (server, left, right) = (server.clone(), left.id.clone(), right.id.clone());
                tokio::spawn(async move {
                    let (white, black) = if i % 2 == 0 { (left, right) } else { (right, left) };
                    server
                        .accounts()
                        .record_rated_result(&white, &black, GameResult::WhiteWins)
                        .await
                })
            })
            .collect();
        for t in tasks {
            t.await.unwrap().unwrap_or_else(|e| panic!("{url}: {e}"));
        }
        for name in ["left", "right"] {
            let u = accounts.user_by_name(name).await.unwrap().unwrap();
            assert_eq!((u.games, u.wins, u.losses), (12, 6, 6), "{url}: {name}");
        }
    }
}

/// Over a real connection, as `daba serve` runs (the client's address
/// from `ConnectInfo`): a sign-up, then its session.
#[tokio::test]
async fn accounts_work_over_a_real_connection() {
    let server = server("sqlite::memory:").await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = router(server).into_make_service_with_connect_info::<std::net::SocketAddr>();
    let serving = tokio::spawn(async move { axum::serve(listener, app).await });
    let exchange = move |request: String| {
        tokio::task::spawn_blocking(move || {
            use std::io::{Read, Write};
            let mut stream = std::net::TcpStream::connect(address).unwrap();
            stream.write_all(request.as_bytes()).unwrap();
            let mut answer = String::new();
            stream.read_to_string(&mut answer).unwrap();
            answer
        })
    };
    let body = json!({"username": "wired", "password": "correct horse battery"}).to_string();
    let answer = exchange(format!(
        "POST /api/signup HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    ))
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    let cookie = answer
        .lines()
        .find_map(|l| l.strip_prefix("set-cookie: daba_session="))
        .unwrap_or_else(|| panic!("{answer}"));
    let token = cookie.split(';').next().unwrap();
    let answer = exchange(format!(
        "GET /api/me HTTP/1.1\r\nHost: localhost\r\nCookie: daba_session={token}\r\nConnection: close\r\n\r\n"
    ))
    .await
    .unwrap();
    assert!(answer.contains(r#""username":"wired""#), "{answer}");
    serving.abort();
}

#[tokio::test]
async fn a_password_change_needs_the_current_one_and_ends_the_other_sessions() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let ada = Player::new(&app, "Ada").await;
        let other = signin(&app, "Ada", "correct horse battery").await;
        let other_token = other.token();
        let change = |current: &str, new: &str| json!({"current_password": current, "new_password": new});
        ada.post(
            &app,
            "/api/account/password",
            change("wrong one!", "a new password"),
        )
        .await
        .error(403, "not your password");
        ada.post(
            &app,
            "/api/account/password",
            change("correct horse battery", "short"),
        )
        .await
        .error(400, "at least");
        // Without the CSRF token: refused, nothing changed.
        let bare = request(
            &app,
            Method::POST,
            "/api/account/password",
            Some(change("correct horse battery", "a new password")),
            Some(&ada.token),
            &[],
        )
        .await;
        bare.error(403, "X-CSRF-Token");
        ok(&ada
            .post(
                &app,
                "/api/account/password",
                change("correct horse battery", "a new password"),
            )
            .await);
        assert_eq!(
            ok(&me(&app, &ada.token).await)["user"]["username"],
            "Ada",
            "this session goes on"
        );
        assert_eq!(
            ok(&me(&app, &other_token).await)["user"],
            Value::Null,
            "the other one ended"
        );
        signin(&app, "Ada", "correct horse battery")
            .await
            .error(401, "wrong");
        ok(&signin(&app, "Ada", "a new password").await);
    }
}

#[tokio::test]
async fn an_account_closes_with_its_password_once_no_game_is_going() {
    for (url, _dir) in databases().await {
        let app = router(server(&url).await);
        let ada = Player::new(&app, "Ada").await;
        let bob = Player::new(&app, "Bob").await;
        let seek = ok(&ada.post(&app, "/api/seeks", json!({"time_control": "1d"})).await).clone();
        let game = ok(&bob
            .post(
                &app,
                &format!("/api/seeks/{}/accept", seek["id"].as_str().unwrap()),
                json!({}),
            )
            .await)
        .clone();
        ok(&ada.post(&app, "/api/seeks", json!({"time_control": "3d"})).await);
        ada.post(&app, "/api/account/close", json!({"password": "not hers at all"}))
            .await
            .error(403, "not your password");
        ada.post(
            &app,
            "/api/account/close",
            json!({"password": "correct horse battery"}),
        )
        .await
        .error(409, "games going");
        assert_eq!(
            ok(&me(&app, &ada.token).await)["user"]["username"],
            "Ada",
            "nothing changed"
        );
        let id = game["id"].as_str().unwrap();
        ok(&ada.post(&app, &format!("/api/games/{id}/abort"), json!({})).await);
        let closed = ada
            .post(
                &app,
                "/api/account/close",
                json!({"password": "correct horse battery"}),
            )
            .await;
        assert_eq!(ok(&closed)["user"], Value::Null);
        assert!(
            closed.set_cookie().contains("Max-Age=0"),
            "{}",
            closed.set_cookie()
        );
        assert_eq!(
            ok(&me(&app, &ada.token).await)["user"],
            Value::Null,
            "her session ended"
        );
        request(&app, Method::GET, "/api/users/Ada", None, None, &[])
            .await
            .error(404, "no such user");
        let lobby = ok(&bob.get(&app, "/api/lobby").await).clone();
        assert_eq!(lobby["seeks"], json!([]), "her challenge went with her");
        // The finished game keeps her name; the name is free again.
        let finished = ok(&bob.get(&app, &format!("/api/games/{id}")).await).clone();
        assert!(
            finished["players"].as_array().unwrap().contains(&json!("Ada")),
            "{finished}"
        );
        ok(&signup(&app, "Ada", "another good password").await);
    }
}
