//! The SQL of the tables for four: the `fourhand_tables` table of migration
//! 0007, through the site's [`Store`] (one code path for SQLite and
//! PostgreSQL). A table is its id, its version, whether it is over, whether
//! the lobby lists it with a seat free, and its [`TableRecord`] as JSON.
//! Saved like the games: one transaction, a newer version replacing an
//! older one and never the other way round, and on PostgreSQL a `NOTIFY`
//! on the tables channel at the commit ([`crate::events`]).

use super::table::TableRecord;
use crate::events;
use crate::store::{Store, StoreError};
use sqlx::Row;

/// A table as it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTable {
    /// The table's id (32 hex digits).
    pub id: String,
    /// Its version: each saved change adds one.
    pub version: i64,
    /// The game at the table is over.
    pub finished: bool,
    /// Listed in the lobby with a seat still free.
    pub open: bool,
    /// When it was last saved, in seconds since 1970.
    pub updated_at: i64,
    /// The table itself.
    pub record: TableRecord,
}

const COLUMNS: &str = "id, version, finished, open, updated_at, record";

/// Saves a table unless the database already holds this version or a newer
/// one; true when it was written. One transaction.
pub async fn save(store: &Store, table: &StoredTable) -> Result<bool, StoreError> {
    let record = serde_json::to_string(&table.record).map_err(|e| StoreError(e.to_string()))?;
    let mut tx = store.pool().begin().await?;
    let written = sqlx::query(
        "INSERT INTO fourhand_tables (id, version, finished, open, updated_at, record) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (id) DO UPDATE SET version = excluded.version, finished = excluded.finished, \
         open = excluded.open, updated_at = excluded.updated_at, record = excluded.record \
         WHERE fourhand_tables.version < excluded.version",
    )
    .bind(&table.id)
    .bind(table.version)
    .bind(i64::from(table.finished))
    .bind(i64::from(table.open))
    .bind(table.updated_at)
    .bind(record)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if let Some(channels) = store.channels().filter(|_| written) {
        let payload = events::game_payload(&table.id, table.version, store.instance());
        Store::notify_on(&mut tx, &channels.tables, &payload).await?;
    }
    store.refuse_if_failing()?;
    tx.commit().await?;
    Ok(written)
}

/// One table, if it is stored.
pub async fn load(store: &Store, id: &str) -> Result<Option<StoredTable>, StoreError> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM fourhand_tables WHERE id = $1"))
        .bind(id)
        .fetch_optional(store.pool())
        .await?;
    row.as_ref().map(read).transpose()
}

/// The tables still going, the most recently saved first, at most `limit`
/// (the ones a server holds in memory after a restart).
pub async fn going(store: &Store, limit: i64) -> Result<Vec<StoredTable>, StoreError> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM fourhand_tables WHERE finished = 0 ORDER BY updated_at DESC, id LIMIT $1"
    ))
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(read).collect()
}

/// The tables the lobby lists (a seat still free), the oldest first, at
/// most `limit`.
pub async fn open(store: &Store, limit: i64) -> Result<Vec<StoredTable>, StoreError> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM fourhand_tables WHERE open = 1 AND finished = 0 \
         ORDER BY updated_at, id LIMIT $1"
    ))
    .bind(limit)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(read).collect()
}

fn read(row: &sqlx::any::AnyRow) -> Result<StoredTable, StoreError> {
    let id: String = row.try_get("id")?;
    let record: String = row.try_get("record")?;
    let record = serde_json::from_str(&record)
        .map_err(|e| StoreError(format!("table {id}: unreadable record: {e}")))?;
    Ok(StoredTable {
        version: row.try_get("version")?,
        finished: row.try_get::<i64, _>("finished")? != 0,
        open: row.try_get::<i64, _>("open")? != 0,
        updated_at: row.try_get("updated_at")?,
        record,
        id,
    })
}
