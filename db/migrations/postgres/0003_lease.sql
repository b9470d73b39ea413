-- Schema 3, PostgreSQL dialect of ../0003_lease.sql: the same lease row and migration log, with epoch
-- seconds in DOUBLE PRECISION (PostgreSQL's REAL is 4 bytes).
--
-- lease: the single row names the process that runs the bot on this database (see the SQLite text).
-- schema_migrations: every migration applied to this database. PostgreSQL has no header version
-- (PRAGMA user_version): the highest version in this log IS the schema version.
CREATE TABLE lease (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    token        TEXT,                           -- random per process; NULL: released
    owner_pid    INTEGER,
    owner_host   TEXT,
    started_at   DOUBLE PRECISION,               -- epoch seconds
    heartbeat_at DOUBLE PRECISION                -- epoch seconds, refreshed while the owner runs
);

INSERT INTO lease (id) VALUES (1);

CREATE TABLE schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at DOUBLE PRECISION                  -- NULL for migrations applied before this log existed
);

INSERT INTO schema_migrations (version, name) VALUES (1, 'initial'), (2, 'announced_version');
