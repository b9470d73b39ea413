-- Schema 6: each server's record. Ratings are a cache of the finished games (host/ratings.py can
-- rebuild them from games, seats and actions); the turn time of each stored move feeds the stats.

-- One openskill (Plackett-Luce) rating per person, or per AI level, per game, per server (guild).
-- A person's row has user_id set and ai_level ''; an AI level's row has user_id 0 and its level: the
-- primary key needs both columns NOT NULL, and the CHECK keeps exactly one of them meaningful.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game_name   TEXT    NOT NULL,
    user_id     INTEGER NOT NULL DEFAULT 0,
    ai_level    TEXT    NOT NULL DEFAULT '' CHECK (ai_level IN ('', 'easy', 'normal', 'hard')),
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    games       INTEGER NOT NULL CHECK (games >= 1),  -- rated games so far: the guard against two writers
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, game_name, user_id, ai_level),
    CHECK ((user_id = 0) <> (ai_level = ''))
) WITHOUT ROWID;

-- A finished game is rated at most once: its row is written by the same transaction as its last move.
CREATE TABLE rated_games (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    guild_id    INTEGER NOT NULL,
    game_name   TEXT    NOT NULL,
    rated_at    REAL    NOT NULL
);

-- Each seat's rating before and after the game (the end message's "1,240 -> 1,262"); `rated` 0: the
-- seat's player was left out (the AI played more than half of their turns), before = after.
CREATE TABLE rated_seats (
    game_id      INTEGER NOT NULL REFERENCES rated_games (game_id),
    player       INTEGER NOT NULL,
    user_id      INTEGER NOT NULL DEFAULT 0,
    ai_level     TEXT    NOT NULL DEFAULT '',
    rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    PRIMARY KEY (game_id, player)
) WITHOUT ROWID;

-- Seconds from the moment the decision became the mover's to the move; NULL for moves stored before
-- schema 6 (and for undo entries): averages leave them out.
ALTER TABLE actions ADD COLUMN turn_seconds REAL;
