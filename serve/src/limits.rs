//! Attempts counted in sliding windows, per key (a client's address, a
//! username, a chat sender): at most [`Rule::max`] attempts in any
//! [`Rule::window`] seconds. Kept in the database (the `attempts` table,
//! serve/migrations/0008_attempts.sql), so that every instance of a site
//! counts the same attempts and a restart forgets none. A key is stored as
//! its SHA-256 digest: no address, name or seat token is written there.
//! Two instances checking one key at the same moment may each let one more
//! attempt through than the rule allows; never more than that.

use crate::store::StoreError;
use sha2::{Digest, Sha256};
use sqlx::{AnyPool, Row};
use std::fmt::Write as _;

/// Longest chat message, in characters: a longer one is refused (400), never
/// cut. The page's chat boxes take no more (their `maxlength`, which a test
/// checks against this) and count down to it. Games and tables alike.
pub const MAX_CHAT_CHARS: usize = 200;
/// Chat messages kept per game or table (the oldest go first).
pub const MAX_CHAT_LINES: usize = 100;
/// Chat messages one sender may write in all games together (and in all
/// tables together): 5 in any 10 seconds.
pub const CHAT_RATE: Rule = Rule { max: 5, window: 10 };

/// A limit: at most `max` attempts in any `window` seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Attempts allowed in a window.
    pub max: usize,
    /// The window, in seconds.
    pub window: i64,
}

/// The stored form of `key`: its SHA-256 digest in hex.
fn digest(key: &str) -> String {
    Sha256::digest(key.as_bytes())
        .iter()
        .fold(String::with_capacity(64), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

/// Whether one more attempt on `key` is allowed at `now` under `rule`; if
/// not, `Err` of the seconds until it is (at least 1).
pub async fn check(pool: &AnyPool, key: &str, rule: Rule, now: i64) -> Result<Result<(), i64>, StoreError> {
    // The newest `max` attempts in the window: with all of them there, the
    // oldest of them leaves the window first.
    let rows = sqlx::query("SELECT at FROM attempts WHERE key = $1 AND at > $2 ORDER BY at DESC LIMIT $3")
        .bind(digest(key))
        .bind(now - rule.window)
        .bind(i64::try_from(rule.max).unwrap_or(i64::MAX))
        .fetch_all(pool)
        .await?;
    if rows.len() < rule.max {
        return Ok(Ok(()));
    }
    let oldest: i64 = rows.last().map(|r| r.try_get("at")).transpose()?.unwrap_or(now);
    Ok(Err((oldest + rule.window - now).max(1)))
}

/// Counts an attempt on `key` at `now`.
pub async fn record(pool: &AnyPool, key: &str, now: i64) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO attempts (key, at) VALUES ($1, $2)")
        .bind(digest(key))
        .bind(now)
        .execute(pool)
        .await?;
    Ok(())
}

/// Forgets the attempts on `key`.
pub async fn clear(pool: &AnyPool, key: &str) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM attempts WHERE key = $1")
        .bind(digest(key))
        .execute(pool)
        .await?;
    Ok(())
}

/// Forgets every attempt made at or before `before` (out of every rule's
/// window when `before` is now less the longest window); returns how many.
pub async fn prune(pool: &AnyPool, before: i64) -> Result<u64, StoreError> {
    let done = sqlx::query("DELETE FROM attempts WHERE at <= $1")
        .bind(before)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

/// How many attempts are kept (for tests).
pub async fn kept(pool: &AnyPool) -> Result<i64, StoreError> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM attempts")
        .fetch_one(pool)
        .await?;
    Ok(row.try_get("n")?)
}

/// [`check`], and when the attempt is allowed, [`record`] it: for limits
/// that count every attempt made (chat messages), not only failed ones.
pub async fn take(pool: &AnyPool, key: &str, rule: Rule, now: i64) -> Result<Result<(), i64>, StoreError> {
    let allowed = check(pool, key, rule, now).await?;
    if allowed.is_ok() {
        record(pool, key, now).await?;
    }
    Ok(allowed)
}
