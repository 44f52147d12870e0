//! The HTTP layer: routes, request bodies, errors as JSON, security headers.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /api/levels` | | the levels, random mover to full strength |
//! | `POST /api/position` | `{fen, moves?}` | a position (after `moves`, UCI, if given): pieces, legal moves, check, end, the last move (the help's lesson boards) |
//! | `POST /api/games` | `{mode, level?, color?, fen?, time_control?, fifty_move_rule?}` | 201 `{id, token, color, state}` |
//! | `GET /api/games/{id}` | | the game |
//! | `GET /api/games/{id}/wait?after=N&answered=T` | | the game once its version passes N (long poll; T, optional, is the `served_at` of the previous poll's answer, which measures the player's round trip) |
//! | `POST /api/games/{id}/join` | | a friend game's free seat: `{id, token, color, state}` |
//! | `POST /api/games/{id}/move` | `{token, uci? , san?}` | the game after the move |
//! | `POST /api/games/{id}/undo` | `{token}` | the game after the take-back |
//! | `POST /api/games/{id}/resign` | `{token}` | the game, over |
//! | `POST /api/games/{id}/draw` | `{token, action: offer/accept/decline}` | the game |
//! | `POST /api/games/{id}/takeback` | `{token, action: ask/accept/decline/cancel}` | the game (two players) |
//! | `POST /api/games/{id}/rematch` | `{token, action: offer/accept/decline/cancel}` | the finished game; once accepted its `rematch_game` is the new game's id (two players, colours swapped) |
//! | `POST /api/games/{id}/abort` | `{token}` | the game, aborted (before both players have moved) |
//! | `POST /api/games/{id}/claim` | `{token}` | the game, drawn by threefold repetition or 50 moves |
//! | `POST /api/games/{id}/chat` | `{token, text}` | the game with the message |
//! | `GET /api/games/{id}/pgn` | | the game as a PGN file |
//! | `GET /api/games/{id}/positions` | | every position of the game, the start first, to step through |
//! | `POST /api/games/{id}/review` | | asks Daba to review the finished game: `{state: waiting, ahead}` (503 when the queue is full, 409 before the end) |
//! | `GET /api/games/{id}/review` | | `{state: none/waiting/running/done, ahead?, done?, total?, review?}` |
//! | `GET /api/my/games` | | the signed-in player's games going, their move first |
//! | `GET /api/users/{name}/games` | | a player's finished games |
//! | `GET /api/users/{name}/pgn` | | a player's finished games as one PGN file |
//! | `GET /api/lobby` | | open challenges and who is online |
//! | `GET /api/lobby/events` | | the lobby as server-sent events (`lobby`, `started`) |
//! | `POST /api/seeks` | `{time_control, color?, rated?, fifty_move_rule?}` | 201 the open challenge (signed in) |
//! | `POST /api/seeks/{id}/cancel` | | one's own challenge withdrawn |
//! | `POST /api/seeks/{id}/accept` | | 201 `{id, token, color, state}`: the game |
//! | accounts | | see `accounts::api`: sign-up, sign-in, sign-out, `me`, profiles |
//!
//! A guest's page names its seat with `token` in the body of a change and
//! the `X-Daba-Token` header on reads; a signed-in player's session cookie
//! names them without one (their changes carry `X-CSRF-Token`).
//!
//! Every refusal is a JSON `{"error": "..."}` with a 4xx status (503 when
//! the server is full or a change could not be saved: then nothing changed). Bodies are limited to [`MAX_BODY_BYTES`].

use crate::accounts::{CurrentUser, MaybeUser, User};
use crate::computer;
use crate::lobby::{LobbyEvent, LobbyView, SeekView};
use crate::locale;
use crate::page;
use crate::server::{self, Actor, ApiError, NewGame, NewSeek, Server, UserRef};
use axum::body::Body;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::Stream;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::convert::Infallible;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 4096;

/// What the page may load: only its own files, no inline script or style,
/// no frames.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        let body = match self.code {
            Some(code) => serde_json::json!({ "error": self.message, "code": code }),
            None => serde_json::json!({ "error": self.message }),
        };
        (status, Json(body)).into_response()
    }
}

/// A JSON body whose rejections are JSON errors too.
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        Json::<T>::from_request(req, state)
            .await
            .map(|Json(v)| ApiJson(v))
            .map_err(|r: JsonRejection| ApiError::new(r.status().as_u16(), r.body_text()))
    }
}

/// A query string whose rejections are JSON errors.
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(v)| ApiQuery(v))
            .map_err(|r: QueryRejection| ApiError::new(r.status().as_u16(), r.body_text()))
    }
}

/// A path parameter whose rejections are JSON errors.
pub struct ApiPath<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(v)| ApiPath(v))
            .map_err(|r: PathRejection| ApiError::new(r.status().as_u16(), r.body_text()))
    }
}

type Shared = State<Arc<Server>>;
type Answer<T> = Result<Json<T>, ApiError>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FenBody {
    fen: String,
    /// Moves played from `fen` (a lesson board the learner plays on).
    #[serde(default)]
    moves: Vec<String>,
}

/// The seat token of a guest's page; a signed-in player's session cookie
/// names them without it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    token: Option<String>,
    uci: Option<String>,
    san: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActionBody {
    token: Option<String>,
    action: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatBody {
    token: Option<String>,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WaitQuery {
    after: u64,
    /// The `served_at` of the answer to the previous long poll.
    answered: Option<i64>,
}

/// The header a guest's page sends its seat token in on reads (a token in
/// a URL would end up in logs and histories).
pub const TOKEN_HEADER: &str = "x-daba-token";

/// The seat token of a read, from [`TOKEN_HEADER`].
pub struct HeaderToken(pub Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for HeaderToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        match parts.headers.get(TOKEN_HEADER) {
            None => Ok(HeaderToken(None)),
            Some(v) => v
                .to_str()
                .map(|t| HeaderToken(Some(t.trim().to_string())))
                .map_err(|_| ApiError::new(400, "the token header is not text")),
        }
    }
}

/// Who makes a request: the token in its body (or query) and the
/// signed-in user.
fn actor(token: Option<String>, user: Option<User>) -> Actor {
    Actor {
        token,
        user: user.map(user_ref),
    }
}

/// An account as a game names it.
fn user_ref(user: User) -> UserRef {
    user.game_ref()
}

async fn levels() -> Json<Vec<computer::LevelInfo>> {
    Json(computer::levels())
}

async fn position(ApiJson(body): ApiJson<FenBody>) -> Answer<server::PositionView> {
    server::position(&body.fen, &body.moves).map(Json)
}

async fn create(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiJson(body): ApiJson<NewGame>,
) -> Result<(StatusCode, Json<server::Seat>), ApiError> {
    s.create(body, user.map(user_ref))
        .await
        .map(|seat| (StatusCode::CREATED, Json(seat)))
}

async fn view(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    HeaderToken(token): HeaderToken,
) -> Answer<server::GameView> {
    s.view(&id, &actor(token, user)).await.map(Json)
}

async fn positions(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    HeaderToken(token): HeaderToken,
) -> Answer<Vec<crate::game::GamePosition>> {
    s.positions(&id, &actor(token, user)).await.map(Json)
}

async fn review(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    HeaderToken(token): HeaderToken,
) -> Answer<crate::review::ReviewView> {
    s.review(&id, &actor(token, user)).await.map(Json)
}

async fn ask_review(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    HeaderToken(token): HeaderToken,
) -> Answer<crate::review::ReviewView> {
    s.ask_review(&id, &actor(token, user)).await.map(Json)
}

async fn wait(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<WaitQuery>,
    HeaderToken(token): HeaderToken,
) -> Answer<server::GameView> {
    s.wait(&id, q.after, q.answered, &actor(token, user))
        .await
        .map(Json)
}

async fn join(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
) -> Answer<server::Seat> {
    s.join(&id, &actor(None, user)).await.map(Json)
}

async fn play(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<MoveBody>,
) -> Answer<server::GameView> {
    if b.uci.is_some() == b.san.is_some() {
        return Err(ApiError::new(400, "give the move as either uci or san"));
    }
    if b.uci.iter().chain(&b.san).any(|m| m.len() > 12) {
        return Err(ApiError::new(400, "a move has at most 12 characters"));
    }
    s.play(&id, &actor(b.token, user), b.uci.as_deref(), b.san.as_deref())
        .await
        .map(Json)
}

async fn undo(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<TokenBody>,
) -> Answer<server::GameView> {
    s.undo(&id, &actor(b.token, user)).await.map(Json)
}

async fn resign(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<TokenBody>,
) -> Answer<server::GameView> {
    s.resign(&id, &actor(b.token, user)).await.map(Json)
}

async fn claim(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<TokenBody>,
) -> Answer<server::GameView> {
    s.claim(&id, &actor(b.token, user)).await.map(Json)
}

async fn draw(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ActionBody>,
) -> Answer<server::GameView> {
    s.draw(&id, &actor(b.token, user), &b.action).await.map(Json)
}

async fn takeback(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ActionBody>,
) -> Answer<server::GameView> {
    s.takeback(&id, &actor(b.token, user), &b.action).await.map(Json)
}

async fn rematch(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ActionBody>,
) -> Answer<server::GameView> {
    s.rematch(&id, &actor(b.token, user), &b.action).await.map(Json)
}

async fn abort(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<TokenBody>,
) -> Answer<server::GameView> {
    s.abort(&id, &actor(b.token, user)).await.map(Json)
}

async fn chat(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ChatBody>,
) -> Answer<server::GameView> {
    s.chat(&id, &actor(b.token, user), &b.text).await.map(Json)
}

async fn pgn(State(s): Shared, ApiPath(id): ApiPath<String>) -> Result<Response, ApiError> {
    let text = s.pgn(&id).await?;
    Ok(pgn_download(text, "daba-game.pgn"))
}

async fn my_games(State(s): Shared, CurrentUser(user): CurrentUser) -> Answer<Vec<server::GameSummary>> {
    s.my_games(&user_ref(user)).await.map(Json)
}

async fn user_games(State(s): Shared, ApiPath(name): ApiPath<String>) -> Answer<Vec<server::GameSummary>> {
    s.user_games(&name).await.map(Json)
}

async fn user_pgn(State(s): Shared, ApiPath(name): ApiPath<String>) -> Result<Response, ApiError> {
    let text = s.user_pgn(&name).await?;
    Ok(pgn_download(text, "daba-games.pgn"))
}

/// A PGN file as a download.
fn pgn_download(text: String, filename: &'static str) -> Response {
    let mut response = text.into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/x-chess-pgn; charset=utf-8"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\"")) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

async fn lobby(State(s): Shared, MaybeUser(user): MaybeUser) -> Answer<LobbyView> {
    s.lobby_view(user.map(user_ref).as_ref()).await.map(Json)
}

/// Keeps a player counted in the lobby while their stream is open.
struct LobbyStream {
    server: Arc<Server>,
    user: Option<UserRef>,
}

impl Drop for LobbyStream {
    fn drop(&mut self) {
        self.server.lobby().leave(self.user.as_ref());
    }
}

/// The lobby as server-sent events: `lobby` (the whole lobby, at once and
/// after every change) and, for the signed-in seeker, `started` (`{game,
/// seek}`) when someone accepts their challenge.
async fn lobby_events(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let viewer = user.map(user_ref);
    if !s.lobby().enter(viewer.as_ref()) {
        return Err(ApiError::new(503, "the lobby is full; try again later"));
    }
    let events = s.lobby().subscribe();
    let presence = LobbyStream {
        server: s,
        user: viewer.clone(),
    };
    let stream = futures_util::stream::unfold(
        (presence, events, viewer, true),
        |(presence, mut events, viewer, first)| async move {
            if !first {
                loop {
                    match events.recv().await {
                        Ok(LobbyEvent::Changed) | Err(RecvError::Lagged(_)) => break,
                        Ok(LobbyEvent::Started { user_id, seek, game })
                            if viewer.as_ref().is_some_and(|v| v.id == user_id) =>
                        {
                            let data = serde_json::json!({ "game": game, "seek": seek }).to_string();
                            let event = Event::default().event("started").data(data);
                            return Some((Ok(event), (presence, events, viewer, false)));
                        }
                        Ok(LobbyEvent::Started { .. }) => continue,
                        Err(RecvError::Closed) => return None,
                    }
                }
            }
            let event = match presence.server.lobby_view(viewer.as_ref()).await {
                Ok(view) => Event::default()
                    .event("lobby")
                    .data(serde_json::to_string(&view).unwrap_or_default()),
                // Not "error", which is EventSource's own event name.
                Err(e) => Event::default().event("lobby-error").data(e.message),
            };
            Some((Ok(event), (presence, events, viewer, false)))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

async fn create_seek(
    State(s): Shared,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<NewSeek>,
) -> Result<(StatusCode, Json<SeekView>), ApiError> {
    s.create_seek(&user_ref(user), body)
        .await
        .map(|seek| (StatusCode::CREATED, Json(seek)))
}

async fn cancel_seek(
    State(s): Shared,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<String>,
) -> Answer<serde_json::Value> {
    s.cancel_seek(&user_ref(user), &id).await?;
    Ok(Json(serde_json::json!({ "cancelled": id })))
}

async fn accept_seek(
    State(s): Shared,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<String>,
) -> Result<(StatusCode, Json<server::Seat>), ApiError> {
    s.accept_seek(&user_ref(user), &id)
        .await
        .map(|seat| (StatusCode::CREATED, Json(seat)))
}

async fn not_found() -> ApiError {
    ApiError::new(404, "not found")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(405, "this method is not allowed here")
}

/// Whether a `Host` header value names this computer: `localhost`, an IPv4
/// loopback address or `[::1]`, with or without a port.
pub fn is_local_host(host: &str) -> bool {
    let name = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((inside, _)) => inside,
            None => return false,
        }
    } else {
        host.split(':').next().unwrap_or_default()
    };
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// Refuses requests addressed to another host when the server is local only
/// (see `Config::local_only`). A request without `Host` (not HTTP/1.1 from a
/// browser) passes.
async fn check_host(
    State(server): State<Arc<Server>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    if server.local_only() {
        if let Some(host) = request.headers().get(header::HOST) {
            if !host.to_str().is_ok_and(is_local_host) {
                return ApiError::new(
                    403,
                    "this server answers only requests addressed to this computer (localhost)",
                )
                .into_response();
            }
        }
    }
    next.run(request).await
}

/// Security headers on every answer.
async fn headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if !h.contains_key(header::CACHE_CONTROL) {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

/// The page itself, in the language of the request (`locale::choose`):
/// the one chosen in its menu (a cookie), else the browser's.
async fn index(request_headers: axum::http::HeaderMap) -> Response {
    let text = |name| {
        request_headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let lang = locale::choose(text(header::COOKIE), text(header::ACCEPT_LANGUAGE));
    let html = std::str::from_utf8(page::INDEX).expect("the page is UTF-8");
    let mut response = Response::new(Body::from(locale::page_in(html, lang)));
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // The same URL answers in several languages: caches must key on both.
    h.insert(header::VARY, HeaderValue::from_static("Accept-Language, Cookie"));
    if let Ok(value) = HeaderValue::from_str(lang) {
        h.insert(header::CONTENT_LANGUAGE, value);
    }
    response
}

/// The whole application: the page's files and the API.
pub fn router(server: Arc<Server>) -> Router {
    let mut router = Router::new()
        .route("/api/levels", get(levels))
        .route("/api/position", post(position))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/wait", get(wait))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/takeback", post(takeback))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/abort", post(abort))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/pgn", get(pgn))
        .route("/api/games/{id}/positions", get(positions))
        .route("/api/games/{id}/review", get(review).post(ask_review))
        .route("/api/my/games", get(my_games))
        .route("/api/lobby", get(lobby))
        .route("/api/lobby/events", get(lobby_events))
        .route("/api/seeks", post(create_seek))
        .route("/api/seeks/{id}/cancel", post(cancel_seek))
        .route("/api/seeks/{id}/accept", post(accept_seek))
        .route("/api/users/{name}/games", get(user_games))
        .route("/api/users/{name}/pgn", get(user_pgn))
        .merge(crate::accounts::routes())
        .merge(crate::tables::routes());
    for file in page::FILES {
        if file.path == "/" {
            router = router.route("/", get(index));
            continue;
        }
        router = router.route(
            file.path,
            get(move || async move {
                let mut response = Response::new(Body::from(file.bytes));
                let h = response.headers_mut();
                h.insert(header::CONTENT_TYPE, HeaderValue::from_static(file.content_type));
                h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
                response
            }),
        );
    }
    router
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(axum::middleware::from_fn_with_state(server.clone(), check_host))
        .layer(axum::middleware::map_response(headers))
        .with_state(server)
}
