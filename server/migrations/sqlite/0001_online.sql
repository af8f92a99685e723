-- The Outflank server's tables, in the SQL that SQLite and PostgreSQL share: ids are made by
-- the server (no AUTOINCREMENT / SERIAL); times are milliseconds since the Unix epoch; whole
-- numbers are BIGINT (64 bits on both); flags are TEXT (no BOOLEAN literals); JSON is TEXT.

CREATE TABLE users (
    id BIGINT PRIMARY KEY,
    -- As the player typed it; shown everywhere.
    name TEXT NOT NULL,
    -- name in lower case: names are unique whatever their case.
    name_key TEXT NOT NULL UNIQUE,
    email TEXT,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- The leader board, kept up to date in the transaction that ends each game.
    rating DOUBLE PRECISION NOT NULL DEFAULT 1500,
    wins BIGINT NOT NULL DEFAULT 0,
    losses BIGINT NOT NULL DEFAULT 0,
    draws BIGINT NOT NULL DEFAULT 0,
    disc_diff BIGINT NOT NULL DEFAULT 0
);

CREATE INDEX users_rating ON users (rating);

CREATE TABLE sessions (
    -- SHA-256 of the cookie's random token, in hex: a leaked table opens no session.
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);

-- Failed log-ins (and registrations), by key: 'name:<name_key>', 'addr:<ip>', 'reg:<ip>'.
CREATE TABLE attempts (
    attempt_key TEXT NOT NULL,
    at BIGINT NOT NULL
);

CREATE INDEX attempts_key_at ON attempts (attempt_key, at);

CREATE TABLE games (
    id BIGINT PRIMARY KEY,
    -- 'waiting' (for an opponent), 'playing', 'finished', 'cancelled' (by its creator).
    status TEXT NOT NULL,
    -- The creation options as the lobby shows them (JSON): game, size, variant, exactFive.
    options TEXT NOT NULL,
    -- The creator plays dark (player 0).
    player0_id BIGINT NOT NULL REFERENCES users (id),
    player1_id BIGINT REFERENCES users (id),
    -- Bumped by every accepted action; a change is a compare-and-set on it.
    state_id BIGINT NOT NULL,
    -- The BGS GameData (JSON): what the engine API reads and returns.
    data TEXT NOT NULL,
    -- Derived from data, for the lobby: who is to move (NULL once over), the scores.
    to_move BIGINT,
    score0 BIGINT NOT NULL DEFAULT 0,
    score1 BIGINT NOT NULL DEFAULT 0,
    -- The clock, if any: milliseconds per player and increment per move.
    clock_ms BIGINT,
    increment_ms BIGINT,
    -- Each player's time left when the turn now running began.
    time0_ms BIGINT,
    time1_ms BIGINT,
    turn_started_at BIGINT,
    -- When the player to move loses (flag fall, or abandonment without a clock).
    deadline BIGINT,
    created_at BIGINT NOT NULL,
    started_at BIGINT,
    finished_at BIGINT,
    -- 'end' (by the rules), 'conceded', 'timeout' (flag fall), 'abandoned' (no move for too long).
    end_reason TEXT,
    -- 0 or 1, or NULL on a draw.
    winner BIGINT,
    rating0_change DOUBLE PRECISION,
    rating1_change DOUBLE PRECISION
);

CREATE INDEX games_status_created ON games (status, created_at);
CREATE INDEX games_player0 ON games (player0_id, created_at);
CREATE INDEX games_player1 ON games (player1_id, created_at);
CREATE INDEX games_deadline ON games (deadline) WHERE status = 'playing';
