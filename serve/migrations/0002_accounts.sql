-- Accounts (serve/src/accounts/): players and their signed-in sessions.
-- Portable SQL: SQLite and PostgreSQL. Ids are random hex TEXT, times are
-- seconds since 1970, ratings are Glicko-2 on the usual scale (1500/350/0.06
-- for a new player) as DOUBLE PRECISION, which both store as an 8-byte float
-- and sqlx's Any driver reads back as f64 from both.
CREATE TABLE users (
    id TEXT PRIMARY KEY,
    -- As typed at sign-up; shown.
    username TEXT NOT NULL,
    -- Lowercase: one account per name whatever its case.
    username_key TEXT NOT NULL UNIQUE,
    -- Argon2id, as a PHC string ($argon2id$v=19$m=...,t=...,p=...$salt$hash).
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL DEFAULT 0,
    wins BIGINT NOT NULL DEFAULT 0,
    draws BIGINT NOT NULL DEFAULT 0,
    losses BIGINT NOT NULL DEFAULT 0
);

-- A session is known by the SHA-256 of its token (hex): the token itself,
-- which the cookie carries, is never stored.
CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The token a state-changing request must echo in X-CSRF-Token.
    csrf TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);
CREATE INDEX sessions_expires_at ON sessions (expires_at);
