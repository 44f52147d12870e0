-- The games: one row a game, the game itself as JSON in `record` (see
-- serve/src/store.rs, GameRecord). Portable SQL: SQLite and PostgreSQL.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    version BIGINT NOT NULL,
    finished BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL,
    record TEXT NOT NULL
);
CREATE INDEX games_updated_at ON games (updated_at);
