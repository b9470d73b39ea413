-- Schema 7: each player's own settings, kept per Discord user across every server: their time zone,
-- their daily quiet hours, how "your turn" reaches them and their vacation. A user without a row has
-- the defaults (no zone: UTC shown, no quiet hours, told in the channel, not away).

CREATE TABLE players (
    user_id     INTEGER PRIMARY KEY,
    timezone    TEXT,                                -- IANA name ('Europe/Paris'); NULL: none chosen
    quiet_from  INTEGER CHECK (quiet_from BETWEEN 0 AND 1439),  -- minutes after midnight in `timezone`
    quiet_to    INTEGER CHECK (quiet_to BETWEEN 0 AND 1439),
    notify      TEXT    NOT NULL DEFAULT 'channel' CHECK (notify IN ('channel', 'dm', 'both')),
    away_until  REAL,                                -- epoch seconds; NULL: not away
    updated_at  REAL    NOT NULL,
    CHECK ((quiet_from IS NULL) = (quiet_to IS NULL))
);
