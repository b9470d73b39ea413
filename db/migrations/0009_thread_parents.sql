-- Schema 9: the channel each game thread was opened from. Games live in threads, so a channel's
-- history (and the last game its read commands fall back to) has to know which threads are its own.
-- A thread without a row is treated as a channel of its own (threads made before this schema).

CREATE TABLE thread_parents (
    thread_id   INTEGER PRIMARY KEY,
    parent_id   INTEGER NOT NULL
);
CREATE INDEX thread_parents_by_parent ON thread_parents (parent_id);
