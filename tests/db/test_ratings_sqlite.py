"""db/ratings.py on SQLite: a game is rated once, and a rating moved on meanwhile refuses the write."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from db import ratings
from db.connection import open_database
from db.ratings import RatingConflict, RatingWrite, SeatRating, SkillRow, Subject

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "db" / "v6.sqlite3"
GUILD = 1
MIRA, HARD = Subject(user_id=502), Subject(ai_level="hard")


def _finished_game(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT id FROM games WHERE status = 'finished'").fetchone()[0])


def _write(game_id: int, games: int, mu: float) -> RatingWrite:
    seats = (SeatRating(0, MIRA, True, 25.0, 8.3, mu, 8.0), SeatRating(1, HARD, True, 25.0, 8.3, 50 - mu, 8.0))
    skills = (
        SkillRow(GUILD, "dash", MIRA, mu, 8.0, games, 1.0),
        SkillRow(GUILD, "dash", HARD, 50 - mu, 8.0, games, 1.0),
    )
    return RatingWrite(game_id, GUILD, "dash", seats, skills, 1.0)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    copy = tmp_path / "g.sqlite3"
    shutil.copy(FIXTURE, copy)
    return copy


async def test_a_game_is_rated_once_and_a_stale_rating_is_refused(path: Path):
    game_id = _finished_game(path)
    database = await open_database(path)
    try:
        await database.write(lambda conn: ratings.write(conn, _write(game_id, 1, 27.0)))
        with pytest.raises(RatingConflict):
            await database.write(lambda conn: ratings.write(conn, _write(game_id, 2, 28.0)))
        async with database.reading() as conn:
            board = await ratings.board(conn, GUILD, "dash")
            seats = await ratings.seat_ratings(conn, game_id)
            mine = await ratings.ratings_of(conn, GUILD, "dash", [MIRA])
        assert {r.subject: (r.mu, r.games) for r in board} == {MIRA: (27.0, 1), HARD: (23.0, 1)}
        assert [s.player for s in seats] == [0, 1] and mine[0].mu == 27.0
    finally:
        await database.close()


async def test_the_rebuild_replaces_every_rating(path: Path):
    game_id = _finished_game(path)
    database = await open_database(path)
    try:
        await database.write(lambda conn: ratings.write(conn, _write(game_id, 1, 27.0)))
        await database.write(lambda conn: ratings.replace_all(conn, [_write(game_id, 1, 30.0)]))
        async with database.reading() as conn:
            board = await ratings.board(conn, GUILD, "dash")
            finished = await ratings.finished_games(conn)
        assert {r.subject: r.mu for r in board} == {MIRA: 30.0, HARD: 20.0}
        assert [g.game_id for g in finished] == [game_id]
        assert finished[0].outcome["ranking"] and finished[0].turns
    finally:
        await database.close()
