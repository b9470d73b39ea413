-- Schema 8: a player may keep their turn times out of the server stats' slowest and fastest lists
-- (/me stats). 0: shown (the default), 1: hidden. Their own /game stats still shows them everything.

ALTER TABLE players ADD COLUMN stats_hidden INTEGER NOT NULL DEFAULT 0 CHECK (stats_hidden IN (0, 1));
