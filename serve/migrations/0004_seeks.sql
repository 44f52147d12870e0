-- The lobby's open challenges (seeks): one row each until someone accepts
-- it (the accept deletes the row, so only one player can take it, whatever
-- the instance) or its player cancels it. Flags are BIGINT 0/1, which the
-- Any driver reads the same from SQLite and PostgreSQL.
CREATE TABLE seeks (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The seeker's name (names never change), for the game the accept makes.
    username TEXT NOT NULL,
    -- "5+3" (minutes + seconds a move) or "3d" (days a move).
    time_control TEXT NOT NULL,
    -- The seeker's colour: white, black or random.
    color TEXT NOT NULL,
    rated BIGINT NOT NULL,
    fifty_move_rule BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX seeks_user_id ON seeks (user_id);
