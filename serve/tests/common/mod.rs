//! What the serve tests share: temporary databases (SQLite, and
//! PostgreSQL when `DABA_TEST_POSTGRES` names one), a server on them, and
//! requests with a session cookie.

use axum::body::Body;
use axum::http::{header, HeaderMap, Method, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use serve::store::sqlite_url;
use serve::{Config, Server};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;

/// A temporary directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new() -> TempDir {
        static COUNT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos();
        let dir = std::env::temp_dir().join(format!(
            "daba-accounts-test-{}-{nanos}-{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::SeqCst)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh id (32 hex digits).
pub fn new_id() -> String {
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    format!(
        "{:016x}{:08x}{:08x}",
        nanos,
        std::process::id(),
        COUNT.fetch_add(1, Ordering::SeqCst)
    )
}

/// The databases every test runs on: a fresh SQLite file, and PostgreSQL
/// when `DABA_TEST_POSTGRES` names one: there a fresh schema of that
/// database.
pub async fn databases() -> Vec<(String, Option<TempDir>)> {
    let dir = TempDir::new();
    let mut out = vec![(sqlite_url(&dir.0.join("daba.sqlite")), Some(dir))];
    let postgres = std::env::var("DABA_TEST_POSTGRES").ok().filter(|u| !u.is_empty());
    if postgres.is_none() {
        testkit::skip(
            "the PostgreSQL half of this test",
            "DABA_TEST_POSTGRES is not set (postgres://user:password@host/database)",
        );
    }
    if let Some(url) = postgres {
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&url)
            .await
            .expect("DABA_TEST_POSTGRES: cannot connect");
        let schema = format!("daba_test_{}", new_id());
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
        let separator = if url.contains('?') { '&' } else { '?' };
        out.push((format!("{url}{separator}options[search_path]={schema}"), None));
    }
    out
}

/// A connection of the test's own to the database at `url`.
pub async fn pool(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap()
}

pub async fn server_with(url: &str, config: Config) -> Arc<Server> {
    Server::new(Config {
        database: url.to_string(),
        // The tests read who is online when they choose
        // (`Server::refresh_presence`), so no refresh adds a lobby event.
        presence_every: Duration::from_secs(3600),
        ..config
    })
    .await
    .unwrap_or_else(|e| panic!("{url}: {e}"))
}

pub async fn server(url: &str) -> Arc<Server> {
    server_with(url, Config::default()).await
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Answer {
    /// Asserts a JSON error with this status and a message containing `words`.
    pub fn error(&self, status: u16, words: &str) {
        assert_eq!(self.status.as_u16(), status, "{}", self.body);
        let message = self.body["error"].as_str().unwrap_or_default();
        assert!(message.contains(words), "'{message}' should contain '{words}'");
        assert!(self.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("application/json"));
    }

    /// The `Set-Cookie` header.
    pub fn set_cookie(&self) -> String {
        self.headers
            .get(header::SET_COOKIE)
            .unwrap_or_else(|| panic!("no Set-Cookie: {}", self.body))
            .to_str()
            .unwrap()
            .to_string()
    }

    /// The session token the answer sets.
    pub fn token(&self) -> String {
        let cookie = self.set_cookie();
        let value = cookie
            .strip_prefix("daba_session=")
            .unwrap_or_else(|| panic!("{cookie}"));
        value.split(';').next().unwrap().to_string()
    }
}

/// One request to `app`, from `localhost:8080`: `cookie` is the session
/// token, `extra` more headers.
pub async fn request(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Value>,
    cookie: Option<&str>,
    extra: &[(&str, &str)],
) -> Answer {
    let mut builder = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, "localhost:8080");
    if let Some(token) = cookie {
        builder = builder.header(header::COOKIE, format!("theme=dark; daba_session={token}"));
    }
    for (name, value) in extra {
        builder = builder.header(*name, *value);
    }
    let body = match body {
        Some(v) => {
            builder = builder.header(header::CONTENT_TYPE, "application/json");
            Body::from(v.to_string())
        }
        None => Body::empty(),
    };
    let response = app.clone().oneshot(builder.body(body).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Answer {
        status,
        headers,
        body,
    }
}

pub async fn signup(app: &Router, username: &str, password: &str) -> Answer {
    let body = json!({"username": username, "password": password});
    request(app, Method::POST, "/api/signup", Some(body), None, &[]).await
}

pub async fn signin(app: &Router, username: &str, password: &str) -> Answer {
    let body = json!({"username": username, "password": password});
    request(app, Method::POST, "/api/signin", Some(body), None, &[]).await
}

pub async fn me(app: &Router, token: &str) -> Answer {
    request(app, Method::GET, "/api/me", None, Some(token), &[]).await
}

pub async fn signout(app: &Router, token: &str, csrf: Option<&str>) -> Answer {
    let headers: Vec<(&str, &str)> = csrf.iter().map(|c| ("x-csrf-token", *c)).collect();
    request(app, Method::POST, "/api/signout", None, Some(token), &headers).await
}

/// Signs up; returns (token, csrf).
pub async fn new_player(app: &Router, username: &str) -> (String, String) {
    let a = signup(app, username, "correct horse battery").await;
    assert_eq!(a.status, StatusCode::CREATED, "{}", a.body);
    (a.token(), a.body["csrf"].as_str().unwrap().to_string())
}

/// An answer that must be a success; its body.
pub fn ok(a: &Answer) -> &Value {
    assert!(a.status.is_success(), "{}: {}", a.status, a.body);
    &a.body
}

/// A signed-in player: session token and CSRF token.
pub struct Player {
    pub token: String,
    pub csrf: String,
}

impl Player {
    /// Signs up `name`.
    pub async fn new(app: &Router, name: &str) -> Player {
        let (token, csrf) = new_player(app, name).await;
        Player { token, csrf }
    }

    /// A read with the session cookie.
    pub async fn get(&self, app: &Router, uri: &str) -> Answer {
        request(app, Method::GET, uri, None, Some(&self.token), &[]).await
    }

    /// A change with the session cookie and the CSRF token.
    pub async fn post(&self, app: &Router, uri: &str, body: Value) -> Answer {
        let csrf = [("x-csrf-token", self.csrf.as_str())];
        request(app, Method::POST, uri, Some(body), Some(&self.token), &csrf).await
    }
}

/// A guest's long poll that gives back `answered` (the `served_at` of a
/// previous answer) and is answered at once (its `after` is behind): the
/// game as the seat token `token` sees it.
pub async fn poll_back(app: &Router, id: &str, token: &str, answered: i64) -> Value {
    let seat = [("x-daba-token", token)];
    let game = request(app, Method::GET, &format!("/api/games/{id}"), None, None, &seat).await;
    let after = ok(&game)["version"].as_u64().unwrap() - 1;
    let uri = format!("/api/games/{id}/wait?after={after}&answered={answered}");
    ok(&request(app, Method::GET, &uri, None, None, &seat).await).clone()
}

/// The PostgreSQL URL of a fresh schema, or `None` (and a line saying the
/// test is skipped) without `DABA_TEST_POSTGRES`.
pub async fn shared_database(test: &str) -> Option<String> {
    let url = databases()
        .await
        .into_iter()
        .map(|(url, _)| url)
        .find(|url| url.starts_with("postgres"));
    if url.is_none() {
        testkit::skip(test, "two instances need PostgreSQL: set DABA_TEST_POSTGRES");
    }
    url
}

/// Cuts the listening connections of the schema in `url` (one per
/// instance), so that neither instance hears the next changes until its
/// listener is back.
pub async fn cut_listeners(url: &str) {
    let schema = url.rsplit('=').next().unwrap().to_string();
    let admin = pool(url).await;
    let cut = sqlx::query(
        "SELECT CAST(COUNT(pg_terminate_backend(pid)) AS BIGINT) AS n FROM pg_stat_activity \
         WHERE query LIKE 'LISTEN%' AND query LIKE $1",
    )
    .bind(format!("%{schema}%"))
    .fetch_one(&admin)
    .await
    .unwrap();
    let cut: i64 = sqlx::Row::get(&cut, "n");
    assert_eq!(cut, 2, "one listener per instance");
}

/// Reads a state with `read` every 20 ms until `done` holds for it, and
/// answers it; fails after a minute (a computer's move at the levels the
/// tests use takes well under a second), saying `what` was awaited.
pub async fn poll_until<F, R>(what: &str, mut read: F, done: impl Fn(&Value) -> bool) -> Value
where
    F: FnMut() -> R,
    R: std::future::Future<Output = Value>,
{
    let start = std::time::Instant::now();
    loop {
        let state = read().await;
        if done(&state) {
            return state;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{what}: {state}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The next server-sent event of a stream, as its text, within `within`.
pub async fn next_event(body: &mut Body, within: std::time::Duration) -> String {
    let mut text = String::new();
    while !text.contains("\n\n") {
        let frame = tokio::time::timeout(within, body.frame())
            .await
            .unwrap_or_else(|_| panic!("an event within {within:?}"))
            .unwrap()
            .unwrap();
        if let Ok(data) = frame.into_data() {
            text.push_str(&String::from_utf8_lossy(&data));
        }
    }
    text
}
