//! The HTTP routes of the tables for four.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `POST /api/tables` | `{seats: [{kind: person} or {kind: computer, level}] x4, seat?, position?, listed?, rules?}` | 201 `{id, token, seat, state}` |
//! | `GET /api/tables/{id}` | | the table |
//! | `GET /api/tables/{id}/wait?after=N` | | the table once its version passes N (long poll) |
//! | `POST /api/tables/{id}/sit` | `{seat}` | a free seat: `{id, token, seat, state}` |
//! | `POST /api/tables/{id}/move` | `{token?, move}` | the table after the move (`Nj1-k3` or `j1k3`) |
//! | `POST /api/tables/{id}/chat` | `{token?, text}` | the table with the line |
//! | `POST /api/tables/{id}/object` | `{token?, line}` | `{said, state}`: an objection to a chat line (§12) |
//! | `POST /api/tables/{id}/resign` | `{token?}` | the table, over (the team resigns) |
//! | `POST /api/tables/{id}/claim` | `{token?}` | the table, drawn (a repetition claimed under `repetition=claim`) |
//! | `GET /api/tables/{id}/record` | | the game record in §16's notation, as a file |
//!
//! As with the games, a guest's page names its seat with `token` in the
//! body of a change and the `X-Daba-Token` header on reads; a signed-in
//! player's session cookie names them without one. Every refusal is a JSON
//! `{"error": "..."}` with a 4xx status (503 when the server is full or a
//! change could not be saved).

use super::{NewTable, Refusal, SeatGiven, TableView, Who};
use crate::accounts::MaybeUser;
use crate::api::{ApiJson, ApiPath, ApiQuery, HeaderToken};
use crate::lobby::LobbyEvent;
use crate::server::{ApiError, Server};
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;

/// Longest move text accepted.
const MAX_MOVE_CHARS: usize = 16;

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        ApiError::new(r.status, r.message)
    }
}

type Shared = State<Arc<Server>>;
type Answer<T> = Result<Json<T>, ApiError>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SitBody {
    seat: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    token: Option<String>,
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatBody {
    token: Option<String>,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectBody {
    token: Option<String>,
    line: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenBody {
    token: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WaitQuery {
    after: u64,
}

fn who(token: Option<String>, user: Option<crate::accounts::User>) -> Who {
    Who {
        token,
        user: user.map(|u| u.game_ref()),
    }
}

async fn create(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiJson(body): ApiJson<NewTable>,
) -> Result<(StatusCode, Json<SeatGiven>), ApiError> {
    let listed = body.listed == Some(true);
    let given = s.tables().create(body, user.map(|u| u.game_ref())).await?;
    if listed && !given.state.started {
        s.announce(LobbyEvent::Changed).await;
    }
    Ok((StatusCode::CREATED, Json(given)))
}

async fn view(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    HeaderToken(token): HeaderToken,
) -> Answer<TableView> {
    Ok(Json(s.tables().view(&id, &who(token, user)).await?))
}

async fn wait(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiQuery(q): ApiQuery<WaitQuery>,
    HeaderToken(token): HeaderToken,
) -> Answer<TableView> {
    Ok(Json(s.tables().wait(&id, q.after, &who(token, user)).await?))
}

async fn sit(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<SitBody>,
) -> Answer<SeatGiven> {
    let given = s.tables().sit(&id, &b.seat, &who(None, user)).await?;
    if given.state.listed {
        s.announce(LobbyEvent::Changed).await;
    }
    Ok(Json(given))
}

async fn play(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<MoveBody>,
) -> Answer<TableView> {
    if b.mv.chars().count() > MAX_MOVE_CHARS {
        return Err(ApiError::new(
            400,
            format!("a move has at most {MAX_MOVE_CHARS} characters"),
        ));
    }
    Ok(Json(s.tables().play(&id, &who(b.token, user), &b.mv).await?))
}

async fn chat(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ChatBody>,
) -> Answer<TableView> {
    Ok(Json(s.tables().chat(&id, &who(b.token, user), &b.text).await?))
}

async fn object(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<ObjectBody>,
) -> Answer<serde_json::Value> {
    let (said, state) = s.tables().object(&id, &who(b.token, user), b.line).await?;
    Ok(Json(serde_json::json!({ "said": said, "state": state })))
}

async fn resign(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<TokenBody>,
) -> Answer<TableView> {
    Ok(Json(s.tables().resign(&id, &who(b.token, user)).await?))
}

async fn claim(
    State(s): Shared,
    MaybeUser(user): MaybeUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(b): ApiJson<TokenBody>,
) -> Answer<TableView> {
    Ok(Json(s.tables().claim_draw(&id, &who(b.token, user)).await?))
}

async fn record(State(s): Shared, ApiPath(id): ApiPath<String>) -> Result<Response, ApiError> {
    let text = s.tables().record(&id).await?;
    let mut response = text.into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    h.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"daba-table.txt\""),
    );
    Ok(response)
}

/// The tables' routes, merged into the application's router.
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/api/tables", post(create))
        .route("/api/tables/{id}", get(view))
        .route("/api/tables/{id}/wait", get(wait))
        .route("/api/tables/{id}/sit", post(sit))
        .route("/api/tables/{id}/move", post(play))
        .route("/api/tables/{id}/chat", post(chat))
        .route("/api/tables/{id}/object", post(object))
        .route("/api/tables/{id}/resign", post(resign))
        .route("/api/tables/{id}/claim", post(claim))
        .route("/api/tables/{id}/record", get(record))
}
