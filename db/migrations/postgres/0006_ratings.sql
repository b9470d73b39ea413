-- Schema 6, PostgreSQL dialect of ../0006_ratings.sql: the same tables with BIGINT Discord ids and
-- DOUBLE PRECISION ratings and epoch seconds (REAL is 4 bytes there), and no WITHOUT ROWID.

CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game_name   TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL DEFAULT 0,
    ai_level    TEXT    NOT NULL DEFAULT '' CHECK (ai_level IN ('', 'easy', 'normal', 'hard')),
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL CHECK (games >= 1),
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game_name, user_id, ai_level),
    CHECK ((user_id = 0) <> (ai_level = ''))
);

CREATE TABLE rated_games (
    game_id     BIGINT PRIMARY KEY REFERENCES games (id),
    guild_id    BIGINT NOT NULL,
    game_name   TEXT   NOT NULL,
    rated_at    DOUBLE PRECISION NOT NULL
);

CREATE TABLE rated_seats (
    game_id      BIGINT  NOT NULL REFERENCES rated_games (game_id),
    player       INTEGER NOT NULL,
    user_id      BIGINT  NOT NULL DEFAULT 0,
    ai_level     TEXT    NOT NULL DEFAULT '',
    rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, player)
);

ALTER TABLE actions ADD COLUMN turn_seconds DOUBLE PRECISION;
