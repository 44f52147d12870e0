//! The accounts' HTTP: routes, the session cookie, CSRF, and the extractors
//! other handlers use to know who is asking.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `POST /api/signup` | `{username, password}` | 201 `{user, csrf}`, and the session cookie |
//! | `POST /api/signin` | `{username, password}` | `{user, csrf}`, and the session cookie |
//! | `POST /api/signout` | | `{user: null, csrf: null}`; the session ends, the cookie goes |
//! | `GET /api/me` | | `{user, csrf}`, or `{user: null, csrf: null}` for a guest |
//! | `POST /api/account/password` | `{current_password, new_password}` | `{changed: true}`; the player's other sessions end |
//! | `POST /api/account/close` | `{password}` | `{user: null, csrf: null}`: the account, its sessions and challenges are gone (409 while a game of theirs is going) |
//! | `GET /api/users/{name}` | | the public profile, or 404 |
//!
//! `user` is a [`Profile`]. The cookie [`SESSION_COOKIE`] is `HttpOnly`,
//! `SameSite=Lax`, `Path=/`, `Max-Age` 30 days (sent again by `/api/me`,
//! so that it slides as the session does), and `Secure` when the server is
//! reached over HTTPS (see [`AccountSettings`]).
//!
//! CSRF: a state-changing request (POST, PUT, PATCH, DELETE) that carries a
//! live session must send its CSRF token (the `csrf` above) in
//! `X-CSRF-Token`, and when it has an `Origin` header, that origin must be
//! this server's (`Host`, or `X-Forwarded-Host` behind a proxy); otherwise
//! 403. Sign-up and sign-in (no session yet) check the `Origin` alike.
//! Rate limits answer 429 with `Retry-After` (seconds). Every refusal is
//! JSON `{error}`.

use super::{AccountError, AccountSettings, Accounts, NewSession, Profile, Session, User, SESSION_SECONDS};
use crate::api::{ApiJson, ApiPath};
use crate::server::{ApiError, Server};
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use subtle::ConstantTimeEq;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "daba_session";
/// The header that carries the CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";

impl IntoResponse for AccountError {
    fn into_response(self) -> Response {
        let status = match &self {
            AccountError::Invalid(_) => 400,
            AccountError::WrongCredentials => 401,
            AccountError::WrongPassword => 403,
            AccountError::Taken | AccountError::GamesGoing => 409,
            AccountError::Limited(_) => 429,
            AccountError::Busy | AccountError::Unavailable(_) => 503,
        };
        if let AccountError::Unavailable(e) = &self {
            eprintln!("daba serve: accounts: {e}");
        }
        let code = match &self {
            AccountError::Invalid(_) => None,
            AccountError::Taken => Some("username-taken"),
            AccountError::WrongCredentials => Some("wrong-credentials"),
            AccountError::WrongPassword => Some("wrong-password"),
            AccountError::GamesGoing => Some("games-going"),
            AccountError::Limited(_) => Some("too-many-attempts"),
            AccountError::Busy => Some("busy"),
            AccountError::Unavailable(_) => Some("unavailable"),
        };
        let mut error = ApiError::new(status, self.to_string());
        if let Some(code) = code {
            error = error.with_code(code);
        }
        let mut response = error.into_response();
        if let AccountError::Limited(seconds) = self {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// The signed-in user, or `None` for a guest: an extractor for any
/// handler on the server's state. A state-changing request that carries a
/// live session is refused (403) unless its CSRF token and origin are
/// right (see the module's documentation).
///
/// ```ignore
/// async fn create(State(s): State<Arc<Server>>, MaybeUser(user): MaybeUser,
///                 ApiJson(body): ApiJson<NewGame>) -> ... {
///     let owner: Option<&User> = user.as_ref();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct MaybeUser(pub Option<User>);

/// The signed-in user: as [`MaybeUser`], but a guest is refused (401).
#[derive(Clone, Debug)]
pub struct CurrentUser(pub User);

/// The live session of the request, checked as [`MaybeUser`] says.
struct SessionOf(Option<Session>);

impl FromRequestParts<Arc<Server>> for SessionOf {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Self, Self::Rejection> {
        let accounts = server.accounts();
        let Some(token) = cookie_token(&parts.headers) else {
            return Ok(SessionOf(None));
        };
        let Some(session) = accounts
            .session(token)
            .await
            .map_err(IntoResponse::into_response)?
        else {
            return Ok(SessionOf(None));
        };
        if changes_state(&parts.method) {
            same_origin(&parts.headers, accounts.settings()).map_err(IntoResponse::into_response)?;
            let sent = parts
                .headers
                .get(CSRF_HEADER)
                .map(|v| v.as_bytes())
                .unwrap_or_default();
            if !bool::from(sent.ct_eq(session.csrf.as_bytes())) {
                return Err(ApiError::new(
                    403,
                    "missing or wrong X-CSRF-Token (reload the page to get a fresh one)",
                )
                .into_response());
            }
        }
        Ok(SessionOf(Some(session)))
    }
}

impl FromRequestParts<Arc<Server>> for MaybeUser {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Self, Self::Rejection> {
        let SessionOf(session) = SessionOf::from_request_parts(parts, server).await?;
        let user = session.map(|s| s.user);
        if let Some(user) = &user {
            server.seen(&user.game_ref()).await;
        }
        Ok(MaybeUser(user))
    }
}

impl FromRequestParts<Arc<Server>> for CurrentUser {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Self, Self::Rejection> {
        match MaybeUser::from_request_parts(parts, server).await? {
            MaybeUser(Some(user)) => Ok(CurrentUser(user)),
            MaybeUser(None) => Err(ApiError::new(401, "sign in first").into_response()),
        }
    }
}

/// Who is asking, as far as the connection tells: the key their attempts
/// are counted under, and whether they came over HTTPS.
struct Client {
    key: String,
    https: bool,
}

impl FromRequestParts<Arc<Server>> for Client {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, server: &Arc<Server>) -> Result<Self, Self::Rejection> {
        let settings = server.accounts().settings();
        let connected = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(a)| a.ip());
        let forwarded = settings
            .behind_proxy
            .then(|| forwarded_for(&parts.headers))
            .flatten();
        Ok(Client {
            // In-process (no connection, as in tests through `oneshot`):
            // one key for all.
            key: forwarded
                .or(connected)
                .map_or_else(|| "local".to_string(), address_key),
            https: is_https(&parts.headers, settings),
        })
    }
}

fn changes_state(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The session token of the request's cookies.
fn cookie_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == SESSION_COOKIE)
        .map(|(_, value)| value.trim_matches('"'))
}

/// The client's address as the proxy saw it: the last of `X-Forwarded-For`
/// (earlier ones are whatever the client wrote).
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    let last = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .rfind(|s| !s.is_empty())?;
    last.parse::<IpAddr>()
        .ok()
        .or_else(|| last.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// The key attempts from `ip` count under: the address itself (IPv4), or
/// its /64 (IPv6: one customer usually holds a whole /64).
fn address_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
            }
        },
    }
}

/// Whether the request came over HTTPS: always with `secure_cookies`, or
/// by a proxy's `X-Forwarded-Proto` when it is trusted.
fn is_https(headers: &HeaderMap, settings: AccountSettings) -> bool {
    settings.secure_cookies
        || settings.behind_proxy
            && headers
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"))
}

/// `host[:port]` without the scheme's default port, in lowercase.
fn authority(host: &str, scheme: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    let default = match scheme {
        "https" => ":443",
        "http" => ":80",
        _ => "",
    };
    match host.strip_suffix(default) {
        Some(h) if !default.is_empty() => h.to_string(),
        _ => host,
    }
}

/// Refuses a request whose `Origin` is another site's; one without
/// `Origin` passes (not a browser's cross-site request: browsers send it on
/// every cross-origin POST).
fn same_origin(headers: &HeaderMap, settings: AccountSettings) -> Result<(), ApiError> {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let refused = || ApiError::new(403, "this request comes from another site's page");
    let origin = origin.to_str().map_err(|_| refused())?;
    let (scheme, origin_host) = origin.split_once("://").ok_or_else(refused)?;
    let forwarded_host = settings
        .behind_proxy
        .then(|| headers.get("x-forwarded-host"))
        .flatten();
    let host = forwarded_host
        .or_else(|| headers.get(header::HOST))
        .and_then(|v| v.to_str().ok())
        .ok_or_else(refused)?;
    let host = host.split(',').next().unwrap_or_default();
    if authority(origin_host, scheme) == authority(host, scheme) {
        Ok(())
    } else {
        Err(refused())
    }
}

/// The `Set-Cookie` value that keeps `token` for `max_age` seconds (0:
/// deletes the cookie).
fn cookie(token: &str, max_age: i64, secure: bool) -> HeaderValue {
    let mut value = format!("{SESSION_COOKIE}={token}; Max-Age={max_age}; Path=/; HttpOnly; SameSite=Lax");
    if secure {
        value.push_str("; Secure");
    }
    HeaderValue::from_str(&value).expect("a cookie of hex digits")
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    username: String,
    password: String,
}

/// `POST /api/account/password`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PasswordChange {
    current_password: String,
    new_password: String,
}

/// `POST /api/account/close`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Confirmation {
    password: String,
}

/// Who is signed in, as the page sees it.
#[derive(Serialize)]
struct Me {
    user: Option<Profile>,
    csrf: Option<String>,
}

const SIGNED_OUT: Me = Me {
    user: None,
    csrf: None,
};

/// Answers a new session: the user and CSRF token, the cookie set, and the
/// session the request came with (if any) ended.
async fn opened(
    accounts: &Accounts,
    status: StatusCode,
    new: NewSession,
    before: Option<Session>,
    https: bool,
) -> Response {
    if let Some(old) = before {
        let _ = accounts.sign_out(&old).await;
    }
    let body = Me {
        user: Some(new.user.profile()),
        csrf: Some(new.csrf),
    };
    let mut response = (status, Json(body)).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, cookie(&new.token, SESSION_SECONDS, https));
    response
}

/// The live session of a request, without the CSRF check (for sign-in
/// and sign-up, whose own origin check stands in).
async fn current_session(accounts: &Accounts, headers: &HeaderMap) -> Option<Session> {
    let token = cookie_token(headers)?;
    accounts.session(token).await.ok().flatten()
}

async fn signup(
    State(s): State<Arc<Server>>,
    client: Client,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Credentials>,
) -> Response {
    let accounts = s.accounts();
    let attempt = accounts.sign_up(&body.username, &body.password, &client.key);
    begin_session(accounts, &client, &headers, StatusCode::CREATED, attempt).await
}

async fn signin(
    State(s): State<Arc<Server>>,
    client: Client,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Credentials>,
) -> Response {
    let accounts = s.accounts();
    let attempt = accounts.sign_in(&body.username, &body.password, &client.key);
    begin_session(accounts, &client, &headers, StatusCode::OK, attempt).await
}

/// A sign-up's or a sign-in's answer: `attempt` (not started before the
/// origin is checked) and, when it succeeds, the new session's cookie in
/// place of the one the request carried.
async fn begin_session(
    accounts: &Accounts,
    client: &Client,
    headers: &HeaderMap,
    status: StatusCode,
    attempt: impl std::future::Future<Output = Result<NewSession, AccountError>>,
) -> Response {
    if let Err(e) = same_origin(headers, accounts.settings()) {
        return e.into_response();
    }
    match attempt.await {
        Ok(new) => {
            let before = current_session(accounts, headers).await;
            opened(accounts, status, new, before, client.https).await
        }
        Err(e) => e.into_response(),
    }
}

async fn signout(State(s): State<Arc<Server>>, client: Client, SessionOf(session): SessionOf) -> Response {
    if let Some(session) = session {
        if let Err(e) = s.accounts().sign_out(&session).await {
            return e.into_response();
        }
    }
    let mut response = Json(SIGNED_OUT).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, cookie("", 0, client.https));
    response
}

async fn me(client: Client, headers: HeaderMap, SessionOf(session): SessionOf) -> Response {
    match session {
        Some(session) => {
            let token = cookie_token(&headers).unwrap_or_default();
            let refreshed = cookie(token, session.seconds_left.max(0), client.https);
            let body = Me {
                user: Some(session.user.profile()),
                csrf: Some(session.csrf),
            };
            let mut response = Json(body).into_response();
            response.headers_mut().insert(header::SET_COOKIE, refreshed);
            response
        }
        None => {
            let mut response = Json(SIGNED_OUT).into_response();
            if cookie_token(&headers).is_some() {
                // An ended session: the browser may forget it.
                response
                    .headers_mut()
                    .insert(header::SET_COOKIE, cookie("", 0, client.https));
            }
            response
        }
    }
}

async fn change_password(
    State(s): State<Arc<Server>>,
    client: Client,
    SessionOf(session): SessionOf,
    ApiJson(body): ApiJson<PasswordChange>,
) -> Response {
    let Some(session) = session else {
        return ApiError::new(401, "sign in first").into_response();
    };
    let changed = s
        .accounts()
        .change_password(&session, &body.current_password, &body.new_password, &client.key)
        .await;
    match changed {
        Ok(()) => Json(serde_json::json!({ "changed": true })).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn close_account(
    State(s): State<Arc<Server>>,
    client: Client,
    SessionOf(session): SessionOf,
    ApiJson(body): ApiJson<Confirmation>,
) -> Response {
    let Some(session) = session else {
        return ApiError::new(401, "sign in first").into_response();
    };
    if let Err(e) = s
        .accounts()
        .close_account(&session, &body.password, &client.key)
        .await
    {
        return e.into_response();
    }
    // Its challenges went with it.
    s.announce(crate::lobby::LobbyEvent::Changed).await;
    let mut response = Json(SIGNED_OUT).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, cookie("", 0, client.https));
    response
}

async fn user(State(s): State<Arc<Server>>, ApiPath(name): ApiPath<String>) -> Response {
    match s.accounts().user_by_name(&name).await {
        Ok(Some(user)) => Json(user.profile()).into_response(),
        Ok(None) => ApiError::new(404, "no such user").into_response(),
        Err(e) => e.into_response(),
    }
}

/// The accounts' routes, to merge into the application's router.
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/api/signup", post(signup))
        .route("/api/signin", post(signin))
        .route("/api/signout", post(signout))
        .route("/api/me", get(me))
        .route("/api/account/password", post(change_password))
        .route("/api/account/close", post(close_account))
        .route("/api/users/{name}", get(user))
}
