-- Game reviews: Daba's analysis of a finished game, once made, for every
-- later viewer and every instance. `record` is the review as JSON (the moves
-- as `daba analyse --json` writes them, and each side's accuracy and
-- counts); `nodes` the search's budget per position.
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY,
    nodes BIGINT NOT NULL,
    record TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
