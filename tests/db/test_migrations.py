"""Schema migrations: from an empty file, from every earlier version's fixture, and refusing newer files."""

from __future__ import annotations

import hashlib
import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from db import migrations
from db.connection import open_database
from db.errors import DatabaseError, SchemaTooNew
from db.migrations import LATEST_VERSION, Migration, split_statements
from engine.core.rng import Rng
from host.notifier import RecordingNotifier
from host.results import TableStatus
from tests.host.conftest import FakeClock, open_service, play_until

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "db"
FIXTURE_FILES = sorted(FIXTURES.glob("v*.sqlite3"), key=lambda p: int(re.findall(r"\d+", p.name)[0]))
EXPECTED_TABLES = {"games", "seats", "actions", "deadlines"}


def _tables(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    finally:
        conn.close()


def _version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def test_there_is_a_fixture_for_every_version():
    assert [int(re.findall(r"\d+", p.name)[0]) for p in FIXTURE_FILES] == list(range(1, LATEST_VERSION + 1))


def test_migrations_are_numbered_without_gaps():
    assert [m.version for m in migrations.MIGRATIONS] == list(range(1, LATEST_VERSION + 1))


async def _pragma(conn: aiosqlite.Connection, name: str) -> Any:
    """The value of the PRAGMA `name` on `conn`."""
    async with conn.execute(f"PRAGMA {name}") as cursor:
        row = await cursor.fetchone()
    assert row is not None, f"PRAGMA {name} returned no row"
    return row[0]


async def test_from_an_empty_file(tmp_path):
    path = tmp_path / "new" / "gnomehost.db"  # the folder is created too
    db = await open_database(path)
    try:
        async with db.reading() as conn:
            assert await _pragma(conn, "journal_mode") == "wal"
            assert await _pragma(conn, "foreign_keys") == 1
            assert await _pragma(conn, "busy_timeout") >= 1000
            assert await _pragma(conn, "synchronous") == 2  # FULL
    finally:
        await db.close()
    assert _tables(path) >= EXPECTED_TABLES
    assert _version(path) == LATEST_VERSION
    db = await open_database(path)  # opening again changes nothing
    await db.close()
    assert _version(path) == LATEST_VERSION


@pytest.mark.parametrize("fixture", FIXTURE_FILES, ids=[p.stem for p in FIXTURE_FILES])
async def test_from_every_earlier_version_and_the_games_go_on(fixture, tmp_path):
    path = tmp_path / "old.db"
    shutil.copy(fixture, path)
    clock = FakeClock(1_750_100_000.0)
    notifier = RecordingNotifier()
    svc = await open_service(path, notifier, clock=clock)
    try:
        assert _version(path) == LATEST_VERSION
        assert notifier.posts == []  # an upgrade posts no old news
        report = await svc.recover()
        assert report.quarantined == () and report.running == 2
        assert (await svc.get_table(1)).status == TableStatus.LOBBY
        assert (await svc.get_table(3)).status == TableStatus.FINISHED
        assert (await svc.get_table(4)).status == TableStatus.CANCELLED
        running = await svc.get_table(2)
        assert running.status == TableStatus.ACTIVE
        # the stored deadlines still fire: the fixture's clock is long past
        assert await svc.run_due_deadlines() >= 1
        last = await play_until(svc, 2, Rng.from_seed(9))
        assert last is not None and last.ended
        lobby = await svc.start(1, 501)
        assert lobby.table.status == TableStatus.ACTIVE
    finally:
        await svc.close()


async def test_v1_games_count_as_announced_after_the_upgrade(tmp_path):
    path = tmp_path / "v1.db"
    shutil.copy(FIXTURES / "v1.sqlite3", path)
    db = await open_database(path)
    await db.close()
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT version, announced_version FROM games").fetchall()
    finally:
        conn.close()
    assert rows and all(version == announced for version, announced in rows)


async def test_a_newer_database_is_refused_untouched(tmp_path):
    path = tmp_path / "future.db"
    shutil.copy(FIXTURE_FILES[-1], path)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.execute("PRAGMA journal_mode = DELETE")  # a file as a newer release might leave it
    conn.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(SchemaTooNew) as info:
        await open_database(path)
    message = str(info.value)
    assert f"schema version {LATEST_VERSION + 1}" in message and f"up to {LATEST_VERSION}" in message
    assert "not changed" in message
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["future.db"]  # no -wal/-shm either
    with pytest.raises(SchemaTooNew):
        await open_service(path)


async def test_a_failing_migration_leaves_the_file_at_its_old_version(tmp_path, monkeypatch):
    path = tmp_path / "half.db"
    db = await open_database(path)
    await db.close()
    broken = Migration(LATEST_VERSION + 1, "broken", "CREATE TABLE extra (a INTEGER);\nCREATE TABLE games (b);\n")
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, broken])
    monkeypatch.setattr(migrations, "LATEST_VERSION", LATEST_VERSION + 1)
    with pytest.raises(sqlite3.OperationalError):
        await open_database(path)
    assert _version(path) == LATEST_VERSION
    assert "extra" not in _tables(path)  # all or nothing


def test_split_statements_keeps_triggers_whole():
    script = (
        "-- a comment\nCREATE TABLE a (x);\n\nCREATE TRIGGER t BEFORE DELETE ON a\nBEGIN\n"
        "    SELECT RAISE(ABORT, 'no');\nEND;\n-- trailing comment\n"
    )
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(DatabaseError):
        split_statements("CREATE TABLE a (x)")


def test_bad_synchronous_setting_is_refused(tmp_path):
    from db.connection import _synchronous

    assert _synchronous("normal") == "NORMAL"
    with pytest.raises(ValueError):
        _synchronous("sometimes")


async def test_an_in_memory_database_is_refused_clearly():
    with pytest.raises(ValueError, match="file"):
        await open_database(":memory:")
