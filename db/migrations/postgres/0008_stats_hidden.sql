-- Schema 8, PostgreSQL dialect of ../0008_stats_hidden.sql: the same column (an INTEGER 0/1, like SQLite's,
-- so that db/copy.py moves it unchanged between the two).

ALTER TABLE players ADD COLUMN stats_hidden INTEGER NOT NULL DEFAULT 0 CHECK (stats_hidden IN (0, 1));
