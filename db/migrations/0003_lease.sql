-- Schema 3: one bot process per database, and a log of the applied migrations.
--
-- lease: the single row names the process that runs the bot on this file. The OS file lock on
-- <database>.lock is the real guard; this row covers shared storage where that lock is not seen by
-- other machines: a row refreshed within the lease timeout by another host refuses a second bot,
-- a row older than that (its machine died) may be taken over. token is NULL when nobody holds it.
CREATE TABLE lease (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    token        TEXT,                           -- random per process; NULL: released
    owner_pid    INTEGER,
    owner_host   TEXT,
    started_at   REAL,                           -- epoch seconds
    heartbeat_at REAL                            -- epoch seconds, refreshed while the owner runs
);

INSERT INTO lease (id) VALUES (1);

-- schema_migrations: every migration applied to this file. PRAGMA user_version (in the file header)
-- stays the schema version; a log that is ahead of it means the header and the tables come from
-- different moments (a lost -wal file), and the file is refused instead of migrated again.
CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at REAL                              -- NULL for migrations applied before this log existed
);

INSERT INTO schema_migrations (version, name) VALUES (1, 'initial'), (2, 'announced_version');
