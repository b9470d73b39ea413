-- Schema 4: the outbox. Every message a change causes (table post, DM, reminder, lobby message and the
-- edits of older messages) is stored in the same transaction as the change, and a sender delivers it
-- later, in order per queue (a channel or a user's DMs), retrying until Discord takes it.

CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,   -- delivery order inside a queue
    game_id     INTEGER NOT NULL,
    queue       TEXT    NOT NULL,                    -- 'channel:<id>' or 'user:<id>': delivered in id order
    kind        TEXT    NOT NULL,                    -- what the payload is (host.outbox.MessageKind)
    payload     TEXT    NOT NULL,                    -- JSON, public data only for channel queues
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'sent', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_at     REAL    NOT NULL,                    -- not before this time (backoff, retry_after)
    last_error  TEXT,                                -- why the last attempt failed (no hidden data)
    created_at  REAL    NOT NULL,
    sent_at     REAL
);

CREATE INDEX outbox_pending ON outbox (queue, id) WHERE status = 'pending';
CREATE INDEX outbox_by_game ON outbox (game_id, id);

-- The messages a table keeps editing: its lobby message, its live status message, DM prompts.
CREATE TABLE table_messages (
    game_id     INTEGER NOT NULL,
    slot        TEXT    NOT NULL,                    -- 'lobby', 'status', 'prompt:<user id>', ...
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, slot)
) WITHOUT ROWID;

-- Everything already posted before this schema counts as delivered: nothing is re-sent after an upgrade.

-- Every change of a game's row (settings, seats, status, moves) moves its revision on, so that a write
-- made from an outdated copy of the table (another process, a race) is refused instead of overwriting.
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
