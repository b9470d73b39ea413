-- Schema 2: remember up to which version each game was announced in its channel, so that a move
-- committed just before a crash (stored, but never posted) is announced after the restart.
-- Games that exist when upgrading count as announced: no flood of old news after an upgrade.

ALTER TABLE games ADD COLUMN announced_version INTEGER NOT NULL DEFAULT 0;

UPDATE games SET announced_version = version;
