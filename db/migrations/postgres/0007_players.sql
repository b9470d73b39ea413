-- Schema 7, PostgreSQL dialect of ../0006_players.sql: the same players table with a BIGINT Discord id
-- and DOUBLE PRECISION epoch seconds.

CREATE TABLE players (
    user_id     BIGINT  PRIMARY KEY,
    timezone    TEXT,                                -- IANA name ('Europe/Paris'); NULL: none chosen
    quiet_from  INTEGER CHECK (quiet_from BETWEEN 0 AND 1439),  -- minutes after midnight in `timezone`
    quiet_to    INTEGER CHECK (quiet_to BETWEEN 0 AND 1439),
    notify      TEXT    NOT NULL DEFAULT 'channel' CHECK (notify IN ('channel', 'dm', 'both')),
    away_until  DOUBLE PRECISION,                    -- epoch seconds; NULL: not away
    updated_at  DOUBLE PRECISION NOT NULL,
    CHECK ((quiet_from IS NULL) = (quiet_to IS NULL))
);
