-- Schema 10, PostgreSQL dialect of ../0010_player_locale.sql: the same column (a plain TEXT, so that db/copy.py
-- moves it unchanged between the two).

ALTER TABLE players ADD COLUMN locale TEXT;
