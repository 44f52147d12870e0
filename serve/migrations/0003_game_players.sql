-- Who plays each game and whose turn it is, as columns, so that a player's
-- games ("my games", a profile's history) are found without reading every
-- record. NULL for a guest's seat and for games saved before this
-- migration (their records stay as they were).
ALTER TABLE games ADD COLUMN white_user TEXT;
ALTER TABLE games ADD COLUMN black_user TEXT;
ALTER TABLE games ADD COLUMN turn TEXT;
CREATE INDEX games_white_user ON games (white_user, finished);
CREATE INDEX games_black_user ON games (black_user, finished);
