-- Attempts counted against a limit (serve/src/limits.rs): failed sign-ins
-- per name and per client address, sign-ups per address, chat messages per
-- sender. Kept in the database so that every instance of a site counts the
-- same attempts and a restart forgets none. `key` is a digest of what is
-- counted (no address or seat token is stored); `at` is seconds since 1970.
-- Rows out of every window are swept.
CREATE TABLE attempts (
    key TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX attempts_key_at ON attempts (key, at);
CREATE INDEX attempts_at ON attempts (at);
