//! Where games are kept: a database, SQLite in a file by default
//! (`sqlite://<file>?mode=rwc`, or `sqlite::memory:` for tests) or
//! PostgreSQL (`postgres://...`) for a site on more than one machine.
//!
//! One code path for both through sqlx's `Any` driver: portable SQL with
//! `$1..$n` placeholders in order, and the same versioned migrations
//! (`serve/migrations/`) applied at [`Store::open`]. This module knows
//! nothing of chess: a game is its id, its version, whether it is over, and
//! a [`GameRecord`] stored as JSON. Every write is one transaction, and a
//! game is only ever replaced by a newer version of itself, so saves that
//! race or arrive out of order never go backwards. With PostgreSQL each
//! save also tells the other instances of the site ([`crate::events`]).

use crate::clock::{Clock, LagMeter, TimeControl};
use crate::events::{self, Channels};
use crate::game::{Mode, Reason, UserRef};
use serde::{Deserialize, Serialize};
use sqlx::any::AnyPoolOptions;
use sqlx::Row;
use sqlx::{AnyConnection, AnyPool};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// The schema's migrations, embedded in the binary.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The columns of a game as [`Store::row`] reads them; `finished` as a
/// number: the `Any` driver reads no SQLite BOOLEAN column, while a BIGINT
/// reads the same from both.
const COLUMNS: &str = "id, version, CAST(CASE WHEN finished THEN 1 ELSE 0 END AS BIGINT) AS finished, \
     updated_at, record, white_user, black_user, turn";

/// What went wrong with the database, in words.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> StoreError {
        StoreError(format!("cannot update the database's tables: {e}"))
    }
}

/// A game as it is stored: everything needed to rebuild it by replaying its
/// moves. The `record` column holds it as JSON, so a field added later is an
/// optional field here, not a migration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// How it is played.
    pub mode: Mode,
    /// The computer's level (0 unless against the computer).
    pub level: u32,
    /// The computer's colour, `white` or `black` (computer mode).
    pub computer: Option<String>,
    /// The token of each seat (white, black); a local game has the same
    /// token in both.
    pub seats: [Option<String>; 2],
    /// The signed-in player of each seat.
    #[serde(default)]
    pub users: [Option<UserRef>; 2],
    /// A rated game.
    #[serde(default)]
    pub rated: bool,
    /// The time control (none for games saved before clocks).
    #[serde(default = "unlimited")]
    pub control: TimeControl,
    /// The clocks of a timed game.
    #[serde(default)]
    pub clock: Option<Clock>,
    /// The fifty- and seventy-five-move rules apply (on unless switched off).
    #[serde(default = "on")]
    pub fifty_move_rule: bool,
    /// The position the game started from.
    pub start_fen: String,
    /// The moves, in UCI notation.
    pub moves: Vec<String>,
    /// The end when the moves do not show it (resignation, agreement, a
    /// claimed draw); an end on the board (mate, ...) follows from the moves.
    pub end: Option<StoredEnd>,
    /// The result, `1-0`, `0-1`, `1/2-1/2` or `*` (aborted), once over
    /// (the end may follow from the moves; this saves replaying them for a
    /// list of games).
    #[serde(default)]
    pub result: Option<String>,
    /// The side whose draw offer waits for an answer.
    pub draw_offer: Option<String>,
    /// The side whose take-back request waits for an answer.
    #[serde(default)]
    pub takeback: Option<String>,
    /// After the end, the side whose rematch offer waits for an answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// The rematch's game id, once accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch_game: Option<String>,
    /// What just happened that the board does not show.
    pub notice: Option<String>,
    /// The chat lines kept, oldest first.
    pub chat: Vec<StoredChat>,
    /// Chat messages ever sent (the next one's number less one).
    pub chat_count: u64,
    /// The watchers' chat lines kept, oldest first.
    #[serde(default)]
    pub watchers_chat: Vec<StoredChat>,
    /// Watchers' messages ever sent.
    #[serde(default)]
    pub watchers_chat_count: u64,
    /// The computer's search for this position, on a site of several
    /// instances: which one runs it, since when ([`crate::events`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchLease>,
    /// Each player's lag meter (white, black): the round trips measured
    /// and the quota of credit left ([`crate::clock::LagMeter`]).
    #[serde(default)]
    pub lag: [LagMeter; 2],
}

/// A computer search one instance runs for a game: the others leave it to
/// it for [`events::SEARCH_LEASE`] from its start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchLease {
    /// The instance's id.
    pub instance: String,
    /// When it started, in milliseconds since 1970.
    pub since: i64,
}

fn on() -> bool {
    true
}

fn unlimited() -> TimeControl {
    TimeControl::Unlimited
}

/// A decided end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredEnd {
    /// The decision or claim.
    pub reason: Reason,
    /// `white` or `black`; `None` for a draw.
    pub winner: Option<String>,
}

/// A chat line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredChat {
    /// Its number in the game, from 1.
    pub n: u64,
    /// `white` or `black` (players' chat), or the writer's name (watchers').
    pub from: String,
    /// The text.
    pub text: String,
}

/// A row of the `games` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// Grows with every change; a save only replaces an older version.
    pub version: i64,
    /// The game is over.
    pub finished: bool,
    /// Seconds since 1970 of the last save.
    pub updated_at: i64,
    /// The user id of each seat's signed-in player (white, black).
    pub players: [Option<String>; 2],
    /// `white` or `black`: the side to move.
    pub turn: String,
    /// The game.
    pub record: GameRecord,
}

/// An open challenge in the lobby (a row of `seeks`).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredSeek {
    /// Its id.
    pub id: String,
    /// The seeker's account.
    pub user_id: String,
    /// The seeker's name.
    pub username: String,
    /// `5+3` or `3d`.
    pub time_control: String,
    /// `white`, `black` or `random`.
    pub color: String,
    /// A rated game.
    pub rated: bool,
    /// The fifty- and seventy-five-move rules apply.
    pub fifty_move_rule: bool,
    /// Seconds since 1970.
    pub created_at: i64,
}

/// A seek as listed, with its seeker's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedSeek {
    /// The seek.
    pub seek: StoredSeek,
    /// The seeker's rating.
    pub rating: f64,
    /// The seeker's rating deviation.
    pub deviation: f64,
}

/// The columns of a seek as [`Store::seek_row`] reads them.
const SEEK_COLUMNS: &str =
    "seeks.id, seeks.user_id, seeks.username, seeks.time_control, seeks.color, seeks.rated, \
     seeks.fifty_move_rule, seeks.created_at";

/// The database.
pub struct Store {
    pool: AnyPool,
    failing: AtomicBool,
    /// PostgreSQL: the channels that tell the other instances.
    channels: Option<Channels>,
    /// This instance's id ([`events::instance_id`]): its notifications
    /// carry it, so that it can skip its own.
    instance: String,
}

/// Seconds since 1970.
pub fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The URL of the SQLite file `path`, created if missing.
pub fn sqlite_url(path: &std::path::Path) -> String {
    let mut url = String::from("sqlite://");
    for c in path.to_string_lossy().chars() {
        match c {
            '%' | '?' | '#' | ' ' => url.push_str(&format!("%{:02X}", c as u32)),
            c => url.push(c),
        }
    }
    url.push_str("?mode=rwc");
    url
}

impl Store {
    /// Connects to the database at `url` and brings its tables up to date.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        if !(sqlite || url.starts_with("postgres://") || url.starts_with("postgresql://")) {
            return Err(StoreError(format!(
                "unsupported database URL '{url}' (sqlite://FILE?mode=rwc or postgres://...)"
            )));
        }
        let options = if sqlite {
            // SQLite writes one at a time anyway: one connection, kept open
            // (an in-memory database lives as long as its connection).
            AnyPoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            AnyPoolOptions::new().max_connections(8)
        };
        let pool = options
            .connect(url)
            .await
            .map_err(|e| StoreError(format!("cannot open the database: {e}")))?;
        if sqlite && !url.contains(":memory:") && !url.contains("mode=memory") {
            // Write-ahead logging: a commit appends to the log instead of
            // rewriting the journal, a quarter of the CPU and a fourth of the
            // tail latency of every move under load (docs/site-load.md). It
            // stays set in the file.
            sqlx::query("PRAGMA journal_mode=WAL").execute(&pool).await?;
        }
        MIGRATOR.run(&pool).await?;
        let channels = if sqlite {
            None
        } else {
            let row = sqlx::query("SELECT CAST(COALESCE(current_schema(), 'public') AS TEXT) AS s")
                .fetch_one(&pool)
                .await?;
            Some(Channels::of_schema(&row.try_get::<String, _>("s")?))
        };
        Ok(Store {
            pool,
            failing: AtomicBool::new(false),
            channels,
            instance: events::instance_id(),
        })
    }

    /// The channels that tell the other instances of the site: `Some` on
    /// PostgreSQL, where several instances may share the database.
    pub fn channels(&self) -> Option<&Channels> {
        self.channels.as_ref()
    }

    /// The id of the instance that has this database open: new at every
    /// [`Store::open`].
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Sends `payload` on the PostgreSQL channel `channel` (on `conn`: inside
    /// a transaction, it is delivered at the commit).
    pub(crate) async fn notify_on(
        conn: &mut AnyConnection,
        channel: &str,
        payload: &str,
    ) -> Result<(), StoreError> {
        // pg_notify answers void, which the `Any` driver does not read.
        sqlx::query("SELECT CAST(pg_notify($1, $2) AS TEXT) AS sent")
            .bind(channel)
            .bind(payload)
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Sends `payload` on the PostgreSQL channel `channel` now.
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        let mut conn = self.pool.acquire().await?;
        Self::notify_on(&mut conn, channel, payload).await
    }

    /// For tests: while on, every save writes and then fails before its
    /// commit, so its transaction is rolled back.
    pub fn set_failing(&self, failing: bool) {
        self.failing.store(failing, Ordering::SeqCst);
    }

    /// The test switch of [`Store::set_failing`]: an error while it is on
    /// (a write made in a transaction is then rolled back).
    pub(crate) fn refuse_if_failing(&self) -> Result<(), StoreError> {
        if self.failing.load(Ordering::SeqCst) {
            return Err(StoreError(
                "the database refused the write (a test's failure)".into(),
            ));
        }
        Ok(())
    }

    /// Saves a game unless the database already holds this version or a
    /// newer one; true when it was written. One transaction.
    pub async fn save(&self, game: &StoredGame) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let written = self.save_in(&mut tx, game).await?;
        tx.commit().await?;
        Ok(written)
    }

    /// [`Store::save`]'s write inside the caller's transaction (a finished
    /// rated game is saved with its rating update, in one transaction).
    /// When the test switch is on, the write is made and then refused, so
    /// the caller's transaction rolls back.
    pub(crate) async fn save_in(
        &self,
        conn: &mut AnyConnection,
        game: &StoredGame,
    ) -> Result<bool, StoreError> {
        let record = serde_json::to_string(&game.record).map_err(|e| StoreError(e.to_string()))?;
        let written = sqlx::query(
            "INSERT INTO games (id, version, finished, updated_at, record, white_user, black_user, turn) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
             ON CONFLICT (id) DO UPDATE SET version = excluded.version, finished = excluded.finished, \
             updated_at = excluded.updated_at, record = excluded.record, \
             white_user = excluded.white_user, black_user = excluded.black_user, turn = excluded.turn \
             WHERE games.version < excluded.version",
        )
        .bind(&game.id)
        .bind(game.version)
        .bind(game.finished)
        .bind(game.updated_at)
        .bind(record)
        .bind(game.players[0].clone())
        .bind(game.players[1].clone())
        .bind(&game.turn)
        .execute(&mut *conn)
        .await?
        .rows_affected()
            > 0;
        if let Some(channels) = self.channels.as_ref().filter(|_| written) {
            let payload = events::game_payload(&game.id, game.version, &self.instance);
            Self::notify_on(&mut *conn, &channels.games, &payload).await?;
        }
        self.refuse_if_failing()?;
        Ok(written)
    }

    /// Every stored game, the most recently saved first.
    pub async fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM games ORDER BY updated_at DESC, id"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Self::row).collect()
    }

    /// One game, if it is stored.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(Self::row).transpose()
    }

    /// The games of the player `user_id` that are over (`finished`) or still
    /// going, the most recently saved first, at most `limit`.
    pub async fn games_of(
        &self,
        user_id: &str,
        finished: bool,
        limit: i64,
    ) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM games WHERE (white_user = $1 OR black_user = $2) AND finished = $3 \
             ORDER BY updated_at DESC, id LIMIT $4"
        ))
        .bind(user_id)
        .bind(user_id)
        .bind(finished)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(Self::row).collect()
    }

    /// Adds a seek.
    pub async fn add_seek(&self, seek: &StoredSeek) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO seeks (id, user_id, username, time_control, color, rated, fifty_move_rule, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(&seek.id)
        .bind(&seek.user_id)
        .bind(&seek.username)
        .bind(&seek.time_control)
        .bind(&seek.color)
        .bind(i64::from(seek.rated))
        .bind(i64::from(seek.fifty_move_rule))
        .bind(seek.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The open seeks with their seekers' ratings, the oldest first, at
    /// most `limit`.
    pub async fn seeks(&self, limit: i64) -> Result<Vec<ListedSeek>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {SEEK_COLUMNS}, users.rating, users.deviation FROM seeks \
             JOIN users ON users.id = seeks.user_id ORDER BY seeks.created_at, seeks.id LIMIT $1"
        ))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ListedSeek {
                    seek: Self::seek_row(row)?,
                    rating: row.try_get("rating")?,
                    deviation: row.try_get("deviation")?,
                })
            })
            .collect()
    }

    /// How many seeks the player `user_id` has open.
    pub async fn seek_count(&self, user_id: &str) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM seeks WHERE user_id = $1")
            .bind(user_id)
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get("n")?)
    }

    /// Removes the seek `id` and answers it, if it was still open: of two
    /// players accepting at once (on any instance) only one gets it.
    pub async fn take_seek(&self, id: &str) -> Result<Option<StoredSeek>, StoreError> {
        let row = sqlx::query(&format!(
            "DELETE FROM seeks WHERE id = $1 RETURNING {}",
            SEEK_COLUMNS.replace("seeks.", "")
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(Self::seek_row).transpose()
    }

    /// Puts back a seek taken by an accept that could not make its game.
    pub async fn restore_seek(&self, seek: &StoredSeek) -> Result<(), StoreError> {
        self.add_seek(seek).await
    }

    /// Removes the seek `id` of the player `user_id`; false when there is
    /// no such seek of theirs.
    pub async fn cancel_seek(&self, id: &str, user_id: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM seeks WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    fn seek_row(row: &sqlx::any::AnyRow) -> Result<StoredSeek, StoreError> {
        Ok(StoredSeek {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            username: row.try_get("username")?,
            time_control: row.try_get("time_control")?,
            color: row.try_get("color")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            fifty_move_rule: row.try_get::<i64, _>("fifty_move_rule")? != 0,
            created_at: row.try_get("created_at")?,
        })
    }

    fn row(row: &sqlx::any::AnyRow) -> Result<StoredGame, StoreError> {
        let id: String = row.try_get("id")?;
        let record: String = row.try_get("record")?;
        let record = serde_json::from_str(&record)
            .map_err(|e| StoreError(format!("game {id}: unreadable record: {e}")))?;
        let finished = row.try_get::<i64, _>("finished")? != 0;
        let turn: Option<String> = row.try_get("turn")?;
        Ok(StoredGame {
            version: row.try_get("version")?,
            finished,
            updated_at: row.try_get("updated_at")?,
            players: [row.try_get("white_user")?, row.try_get("black_user")?],
            turn: turn.unwrap_or_default(),
            record,
            id,
        })
    }

    /// Keeps the review of the game `game_id` (JSON), replacing none: the
    /// first one made stays.
    pub async fn save_review(&self, game_id: &str, nodes: i64, record: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO reviews (game_id, nodes, record, created_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(nodes)
        .bind(record)
        .bind(now_seconds())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The review of the game `game_id` (JSON), if one was made.
    pub async fn review(&self, game_id: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT record FROM reviews WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| r.try_get("record")).transpose()?)
    }

    /// Marks the player `user_id` seen at `at` (seconds since 1970); the
    /// `presence` table of [`crate::presence`].
    pub async fn touch_presence(&self, user_id: &str, at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO presence (user_id, seen_at) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET seen_at = excluded.seen_at",
        )
        .bind(user_id)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The players seen since `since`: (id, name) each, by name.
    pub async fn seen_since(&self, since: i64) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT users.id, users.username FROM presence JOIN users ON users.id = presence.user_id \
             WHERE presence.seen_at >= $1 ORDER BY users.username_key",
        )
        .bind(since)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((row.try_get("id")?, row.try_get("username")?)))
            .collect()
    }

    /// Records that the instance `instance` has `guests` guests in its
    /// lobby at `at`.
    pub async fn set_instance_guests(&self, instance: &str, guests: i64, at: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO instance_guests (instance, guests, seen_at) VALUES ($1, $2, $3) \
             ON CONFLICT (instance) DO UPDATE SET guests = excluded.guests, seen_at = excluded.seen_at",
        )
        .bind(instance)
        .bind(guests)
        .bind(at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The guests in the lobbies of the instances other than `instance`
    /// that wrote their count since `since`.
    pub async fn other_guests(&self, instance: &str, since: i64) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(guests), 0) AS BIGINT) AS n FROM instance_guests \
             WHERE instance <> $1 AND seen_at >= $2",
        )
        .bind(instance)
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get("n")?)
    }

    /// Forgets presence written before `before`: it no longer counts.
    pub async fn sweep_presence(&self, before: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM presence WHERE seen_at < $1")
            .bind(before)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM instance_guests WHERE seen_at < $1")
            .bind(before)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The connections, for the accounts' tables (`crate::accounts::store`).
    pub(crate) fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes the connections.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}
