//! The accounts' SQL: the `users` and `sessions` tables
//! (serve/migrations/0002_accounts.sql), in the portable SQL of
//! [`crate::store`] (`$1..$n` placeholders, one code path for SQLite and
//! PostgreSQL through sqlx's `Any` driver).
//!
//! A rated game's update, [`record_rated_result`], takes a connection, so
//! that it can run inside a transaction that also saves the game.

use crate::game::UserRef;
use crate::ratings::{self, GameResult, Rating};
use crate::store::{Store, StoreError, StoredGame};
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

/// The columns of a user, as [`user_from`] reads them.
const USER_COLUMNS: &str =
    "users.id, users.username, users.created_at, users.rating, users.deviation, users.volatility, \
     users.games, users.wins, users.draws, users.losses";

/// An account.
#[derive(Clone, Debug, PartialEq)]
pub struct User {
    /// Its id (32 hex digits), never shown to others.
    pub id: String,
    /// The username, as typed at sign-up.
    pub username: String,
    /// When it signed up, in seconds since 1970.
    pub created_at: i64,
    /// Its Glicko-2 rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: i64,
    /// Rated games won.
    pub wins: i64,
    /// Rated games drawn.
    pub draws: i64,
    /// Rated games lost.
    pub losses: i64,
}

/// What anyone may see of an account (`GET /api/users/{name}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Profile {
    /// The username, as typed at sign-up.
    pub username: String,
    /// When it signed up, in seconds since 1970.
    pub created_at: i64,
    /// The rating, rounded.
    pub rating: i64,
    /// The rating's deviation, rounded.
    pub deviation: i64,
    /// The rating is provisional: its deviation is above 110 (lichess's
    /// bound), as for a new player.
    pub provisional: bool,
    /// Rated games played.
    pub games: i64,
    /// Rated games won.
    pub wins: i64,
    /// Rated games drawn.
    pub draws: i64,
    /// Rated games lost.
    pub losses: i64,
}

impl User {
    /// What anyone may see of it.
    pub fn profile(&self) -> Profile {
        Profile {
            username: self.username.clone(),
            created_at: self.created_at,
            rating: self.rating.rating.round() as i64,
            deviation: self.rating.deviation.round() as i64,
            provisional: self.rating.is_provisional(),
            games: self.games,
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
        }
    }

    /// The account as a game names it.
    pub fn game_ref(&self) -> UserRef {
        UserRef {
            id: self.id.clone(),
            name: self.username.clone(),
        }
    }
}

/// A new account's row.
pub struct NewUser<'a> {
    /// Its id (random hex).
    pub id: &'a str,
    /// As typed.
    pub username: &'a str,
    /// Lowercase.
    pub username_key: &'a str,
    /// The argon2id PHC string.
    pub password_hash: &'a str,
    /// Seconds since 1970.
    pub created_at: i64,
}

/// A session as the database holds it, with its user.
pub struct SessionRow {
    /// Its user.
    pub user: User,
    /// Its CSRF token.
    pub csrf: String,
    /// When it ends, in seconds since 1970.
    pub expires_at: i64,
    /// When it was last refreshed.
    pub last_seen: i64,
}

/// One player's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RatingChange {
    /// Before the game.
    pub before: Rating,
    /// After it.
    pub after: Rating,
}

/// Both players' ratings around a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RatedGame {
    /// White's.
    pub white: RatingChange,
    /// Black's.
    pub black: RatingChange,
}

fn user_from(row: &AnyRow) -> Result<User, StoreError> {
    Ok(User {
        id: row.try_get("id")?,
        username: row.try_get("username")?,
        created_at: row.try_get("created_at")?,
        rating: Rating {
            rating: row.try_get("rating")?,
            deviation: row.try_get("deviation")?,
            volatility: row.try_get("volatility")?,
        },
        games: row.try_get("games")?,
        wins: row.try_get("wins")?,
        draws: row.try_get("draws")?,
        losses: row.try_get("losses")?,
    })
}

/// Adds an account at a new player's rating; false when its
/// `username_key` is taken (nothing written).
pub async fn insert_user(pool: &AnyPool, user: &NewUser<'_>) -> Result<bool, StoreError> {
    let new = Rating::NEW;
    let written = sqlx::query(
        "INSERT INTO users (id, username, username_key, password_hash, created_at, rating, deviation, \
         volatility, games, wins, draws, losses) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, 0, 0) \
         ON CONFLICT (username_key) DO NOTHING",
    )
    .bind(user.id)
    .bind(user.username)
    .bind(user.username_key)
    .bind(user.password_hash)
    .bind(user.created_at)
    .bind(new.rating)
    .bind(new.deviation)
    .bind(new.volatility)
    .execute(pool)
    .await?
    .rows_affected();
    Ok(written > 0)
}

/// The account whose lowercase name is `key`.
pub async fn user_by_key(pool: &AnyPool, key: &str) -> Result<Option<User>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS} FROM users WHERE username_key = $1"
    ))
    .bind(key)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(user_from).transpose()
}

/// The account whose lowercase name is `key`, with its password hash.
pub async fn user_and_hash(pool: &AnyPool, key: &str) -> Result<Option<(User, String)>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS}, users.password_hash FROM users WHERE username_key = $1"
    ))
    .bind(key)
    .fetch_optional(pool)
    .await?;
    match row {
        Some(row) => Ok(Some((user_from(&row)?, row.try_get("password_hash")?))),
        None => Ok(None),
    }
}

/// The account with this id.
pub async fn user_by_id(pool: &AnyPool, id: &str) -> Result<Option<User>, StoreError> {
    let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.as_ref().map(user_from).transpose()
}

/// Adds a session: `id` is the SHA-256 of its token (hex).
pub async fn insert_session(
    pool: &AnyPool,
    id: &str,
    user_id: &str,
    csrf: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO sessions (id, user_id, csrf, created_at, expires_at, last_seen) \
         VALUES ($1, $2, $3, $4, $5, $4)",
    )
    .bind(id)
    .bind(user_id)
    .bind(csrf)
    .bind(now)
    .bind(expires_at)
    .execute(pool)
    .await?;
    Ok(())
}

/// The session `id` with its user, unless it ended before `now`.
pub async fn session(pool: &AnyPool, id: &str, now: i64) -> Result<Option<SessionRow>, StoreError> {
    let row = sqlx::query(&format!(
        "SELECT {USER_COLUMNS}, sessions.csrf, sessions.expires_at, sessions.last_seen \
         FROM sessions JOIN users ON users.id = sessions.user_id \
         WHERE sessions.id = $1 AND sessions.expires_at > $2"
    ))
    .bind(id)
    .bind(now)
    .fetch_optional(pool)
    .await?;
    match row {
        Some(row) => Ok(Some(SessionRow {
            user: user_from(&row)?,
            csrf: row.try_get("csrf")?,
            expires_at: row.try_get("expires_at")?,
            last_seen: row.try_get("last_seen")?,
        })),
        None => Ok(None),
    }
}

/// Extends the session `id`: seen at `now`, ending at `expires_at`.
pub async fn touch_session(pool: &AnyPool, id: &str, now: i64, expires_at: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE sessions SET last_seen = $2, expires_at = $3 WHERE id = $1")
        .bind(id)
        .bind(now)
        .bind(expires_at)
        .execute(pool)
        .await?;
    Ok(())
}

/// Ends the session `id`.
pub async fn delete_session(pool: &AnyPool, id: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Sets the password of the user `user_id` and ends their sessions but
/// `keep`, in one transaction.
pub async fn set_password(
    pool: &AnyPool,
    user_id: &str,
    password_hash: &str,
    keep: &str,
) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id <> $2")
        .bind(user_id)
        .bind(keep)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Deletes the user `user_id` with their sessions, seeks and presence, in
/// one transaction, unless a game of theirs is going: then nothing changes
/// and the answer is false.
pub async fn delete_user_without_games(pool: &AnyPool, user_id: &str) -> Result<bool, StoreError> {
    let mut tx = pool.begin().await?;
    let going: i64 = sqlx::query(
        "SELECT COUNT(*) AS n FROM games WHERE (white_user = $1 OR black_user = $2) AND finished = $3",
    )
    .bind(user_id)
    .bind(user_id)
    .bind(false)
    .fetch_one(&mut *tx)
    .await?
    .try_get("n")?;
    if going > 0 {
        return Ok(false);
    }
    for table in ["sessions", "seeks", "presence"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE user_id = $1"))
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("DELETE FROM users WHERE id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(true)
}

/// Deletes the sessions ended by `now`; returns how many.
pub async fn delete_expired_sessions(pool: &AnyPool, now: i64) -> Result<u64, StoreError> {
    Ok(sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
        .bind(now)
        .execute(pool)
        .await?
        .rows_affected())
}

/// Reads a user to rate, locking their row until the transaction ends on
/// PostgreSQL (`FOR UPDATE`: a game rated at once waits); SQLite writes
/// one transaction at a time anyway.
async fn read_user(conn: &mut AnyConnection, id: &str) -> Result<User, StoreError> {
    let lock = if conn.backend_name() == "PostgreSQL" {
        " FOR UPDATE"
    } else {
        ""
    };
    let row = sqlx::query(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = $1{lock}"))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or_else(|| StoreError(format!("no user {id} to rate")))?;
    user_from(&row)
}

/// Writes `user`'s new rating and counters unless the row changed since
/// `before` was read (its game count moved): then a game rated meanwhile
/// would be lost, and this fails instead (a safety net: the row is locked
/// where the database can).
async fn write_rating(
    conn: &mut AnyConnection,
    before: &User,
    after: Rating,
    outcome: ratings::Outcome,
) -> Result<(), StoreError> {
    let (win, draw, loss) = match outcome {
        ratings::Outcome::Win => (1_i64, 0_i64, 0_i64),
        ratings::Outcome::Draw => (0, 1, 0),
        ratings::Outcome::Loss => (0, 0, 1),
    };
    let written = sqlx::query(
        "UPDATE users SET rating = $2, deviation = $3, volatility = $4, games = games + 1, \
         wins = wins + $5, draws = draws + $6, losses = losses + $7 WHERE id = $1 AND games = $8",
    )
    .bind(&before.id)
    .bind(after.rating)
    .bind(after.deviation)
    .bind(after.volatility)
    .bind(win)
    .bind(draw)
    .bind(loss)
    .bind(before.games)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if written == 0 {
        return Err(StoreError(format!(
            "user {} was rated meanwhile; rate this game again",
            before.id
        )));
    }
    Ok(())
}

/// Rates a game between the users `white_id` and `black_id` (Glicko-2,
/// [`ratings::rate_game`]): both users' ratings and their games, wins,
/// draws and losses, written on `conn`. Run it inside a transaction (the
/// one that saves the game, say: `&mut *tx`) and commit only when it
/// succeeds, so that both players change or neither does. Fails when a
/// user is missing or both are the same user. On PostgreSQL both rows stay
/// locked until the transaction ends (two games rated at once wait for
/// each other: rows are always taken in the order of their ids, so they
/// cannot deadlock).
pub async fn record_rated_result(
    conn: &mut AnyConnection,
    white_id: &str,
    black_id: &str,
    result: GameResult,
) -> Result<RatedGame, StoreError> {
    if white_id == black_id {
        return Err(StoreError("a player cannot be rated against themselves".into()));
    }
    let (white, black) = if white_id < black_id {
        let white = read_user(conn, white_id).await?;
        (white, read_user(conn, black_id).await?)
    } else {
        let black = read_user(conn, black_id).await?;
        (read_user(conn, white_id).await?, black)
    };
    let (white_after, black_after) = ratings::rate_game(white.rating, black.rating, result);
    let mut writes = [
        (&white, white_after, result.for_white()),
        (&black, black_after, result.for_black()),
    ];
    writes.sort_by(|a, b| a.0.id.cmp(&b.0.id));
    for (user, after, outcome) in writes {
        write_rating(conn, user, after, outcome).await?;
    }
    Ok(RatedGame {
        white: RatingChange {
            before: white.rating,
            after: white_after,
        },
        black: RatingChange {
            before: black.rating,
            after: black_after,
        },
    })
}

/// Saves a game that has just ended, rated, together with both players'
/// rating update: one transaction, so the game and the ratings change
/// together or not at all. The update is applied only when the game was
/// written (a save of an older version changes nothing); true when it was.
pub async fn save_rated_game(
    store: &Store,
    game: &StoredGame,
    white_id: &str,
    black_id: &str,
    result: GameResult,
) -> Result<bool, StoreError> {
    let mut tx = store.pool().begin().await?;
    let written = store.save_in(&mut tx, game).await?;
    if written {
        record_rated_result(&mut tx, white_id, black_id, result).await?;
    }
    tx.commit().await?;
    Ok(written)
}
