"""Schema 5: every seat stores its AI level; seats of older files play "normal" after the upgrade."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from db import seats as seats_repo
from db.connection import open_database
from host.results import AiLevel
from tests.host.conftest import FakeClock, open_service

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "db"


async def _levels(path: Path) -> dict[tuple[int, int], tuple[int | None, str]]:
    db = await open_database(path)
    try:
        async with db.reading() as conn:
            out = {}
            for game_id in range(1, 6):
                for s in await seats_repo.list_seats(conn, game_id):
                    out[(game_id, s.join_order)] = (s.user_id, s.ai_level)
            return out
    finally:
        await db.close()


async def test_the_ai_seats_of_a_schema_4_file_play_normal_after_the_upgrade(tmp_path):
    path = tmp_path / "v4.db"
    shutil.copy(FIXTURES / "v4.sqlite3", path)
    levels = await _levels(path)
    ai_seats = [level for user, level in levels.values() if user is None]
    assert ai_seats and set(ai_seats) == {"normal"}
    assert all(level == "normal" for _, level in levels.values())


async def test_the_levels_stored_by_schema_5_survive_and_are_shown(tmp_path):
    path = tmp_path / "v5.db"
    shutil.copy(FIXTURES / "v5.sqlite3", path)
    svc = await open_service(path, clock=FakeClock(1_750_100_000.0))
    try:
        lobby = await svc.get_table(1)
        running = await svc.get_table(2)
    finally:
        await svc.close()
    assert [s.ai_level for s in lobby.seats if s.is_ai] == [AiLevel.EASY, AiLevel.HARD]
    assert running.settings.afk_level is AiLevel.EASY


async def test_a_level_outside_the_three_is_refused_by_the_file(tmp_path):
    path = tmp_path / "fresh.db"
    db = await open_database(path)
    await db.close()
    conn = sqlite3.connect(path)
    try:
        conn.execute(
            "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, created_at, updated_at) "
            "VALUES (1, 'dash', '{}', 1, 1, 0, 0)"
        )
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute("INSERT INTO seats (game_id, join_order, user_id, ai_level) VALUES (1, 0, NULL, 'godlike')")
    finally:
        conn.close()
