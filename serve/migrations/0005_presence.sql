-- Who is online, for every instance of a site to see. A signed-in player's
-- last request (the lobby, a game, any page), written at most every
-- 20 seconds by each instance; and each instance's count of guests with
-- the lobby open. Rows older than the online window count for nothing and
-- are swept.
CREATE TABLE presence (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    seen_at BIGINT NOT NULL
);
CREATE INDEX presence_seen_at ON presence (seen_at);
CREATE TABLE instance_guests (
    instance TEXT PRIMARY KEY,
    guests BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);
