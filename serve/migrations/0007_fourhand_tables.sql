-- Tables for four (four-handed team chess, serve/src/tables/): one row a
-- table, the table itself as JSON in `record` (its start position, its
-- plies, its seats, its chat and objections; see serve/src/tables/table.rs,
-- TableRecord). Saved like the games: a newer version replaces an older
-- one, never the other way round. `open` (BIGINT 0/1, which the Any driver
-- reads the same from SQLite and PostgreSQL) marks a table listed in the
-- lobby with a seat still free.
CREATE TABLE fourhand_tables (
    id TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    finished BIGINT NOT NULL,
    open BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX fourhand_tables_open ON fourhand_tables (open, updated_at);
CREATE INDEX fourhand_tables_updated_at ON fourhand_tables (updated_at);
