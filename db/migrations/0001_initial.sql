-- Schema 1: games (tables), seats, the append-only action log, deadlines.
-- A game is its options + seed + ordered actions; games.snapshot is a cache of
-- the state after the last action (games.version = seq of that action).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,              -- channel or thread the table lives in
    game_name     TEXT    NOT NULL,
    options       TEXT    NOT NULL,              -- JSON, validated, defaults filled in
    seed          INTEGER NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'lobby'
                  CHECK (status IN ('lobby', 'active', 'finished', 'cancelled', 'quarantined')),
    status_reason TEXT,
    host_user_id  INTEGER NOT NULL,
    settings      TEXT    NOT NULL DEFAULT '{}', -- JSON TableSettings
    players       INTEGER,                       -- player count, set at start
    version       INTEGER NOT NULL DEFAULT 0,    -- seq of the last action; the stale-click check
    snapshot      TEXT,                          -- JSON Game.dump at `version` (cache)
    pending       TEXT    NOT NULL DEFAULT '[]', -- JSON decisions at `version` (cache)
    ai_pending    INTEGER NOT NULL DEFAULT 0,    -- 1 while an AI seat must move (resume after a crash)
    outcome       TEXT,                          -- JSON Outcome once finished
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);

-- One open (lobby or running) game per channel or thread.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_open ON games (status) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    join_order INTEGER NOT NULL,
    user_id    INTEGER,                          -- NULL: an AI seat
    player     INTEGER,                          -- player index, NULL until the start
    PRIMARY KEY (game_id, join_order),
    UNIQUE (game_id, player)
) WITHOUT ROWID;

CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),
    player     INTEGER NOT NULL,
    action_id  TEXT    NOT NULL,
    source     TEXT    NOT NULL CHECK (source IN ('human', 'ai', 'timeout', 'undo')),
    user_id    INTEGER,                          -- the user who clicked (NULL for AI seats)
    undoes     INTEGER,                          -- for source 'undo': the seq taken back
    events     TEXT    NOT NULL DEFAULT '[]',    -- JSON narration the move produced (cache of replay)
    created_at REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The log is append-only: an undo is a new entry, never a deletion.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

CREATE TABLE deadlines (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    player     INTEGER NOT NULL,
    kind       TEXT    NOT NULL,                 -- 'turn': a pending human decision
    due_at     REAL    NOT NULL,                 -- epoch seconds
    reminders  INTEGER NOT NULL DEFAULT 0,       -- reminders already sent for this decision
    version    INTEGER NOT NULL,                 -- game version when planned
    PRIMARY KEY (game_id, player, kind)
) WITHOUT ROWID;

CREATE INDEX deadlines_by_due ON deadlines (due_at);
