-- Schema 9, PostgreSQL dialect of ../0009_thread_parents.sql: the same table with BIGINT Discord ids.

CREATE TABLE thread_parents (
    thread_id   BIGINT  PRIMARY KEY,
    parent_id   BIGINT  NOT NULL
);
CREATE INDEX thread_parents_by_parent ON thread_parents (parent_id);
