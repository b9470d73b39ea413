"""Files whose header disagrees with their contents are refused untouched, never re-initialised."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from db.connection import open_database
from db.errors import SchemaMismatch
from db.migrations import LATEST_VERSION

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "db"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _sql(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for statement in statements:
            conn.execute(statement)
    finally:
        conn.close()


async def _refused(path: Path) -> str:
    before = _digest(path)
    names = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(SchemaMismatch) as info:
        await open_database(path)
    assert _digest(path) == before, "a refused file must not change"
    assert sorted(p.name for p in path.parent.iterdir()) == names  # no -wal/-shm either
    message = str(info.value)
    assert "not changed" in message and "python -m db.backup restore" in message and "\n" not in message
    return message


async def _fresh(tmp_path: Path) -> Path:
    path = tmp_path / "g.db"
    db = await open_database(path)
    await db.close()
    _sql(path, "PRAGMA journal_mode = DELETE")  # one self-contained file for the crafted damage
    return path


async def test_tables_without_a_schema_version_are_refused(tmp_path):
    path = await _fresh(tmp_path)
    _sql(path, "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, created_at, updated_at) "
               "VALUES (1, 'dash', '{}', 1, 1, 0, 0)", "PRAGMA user_version = 0")
    message = await _refused(path)
    assert "Gnomehost tables" in message and "games" in message


async def test_pages_without_any_schema_are_refused(tmp_path):
    # A torn file: the header page of a brand-new database in front of the pages of a full one.
    full = await _fresh(tmp_path)
    blank = tmp_path / "blank.db"
    _sql(blank, "PRAGMA journal_mode = WAL")  # what a first start writes before migrating: one page
    page = 4096
    assert blank.stat().st_size == page
    torn = tmp_path / "torn" / "g.db"
    torn.parent.mkdir()
    torn.write_bytes(blank.read_bytes() + full.read_bytes()[page:])
    message = await _refused(torn)
    assert "pages long" in message


async def test_a_header_older_than_its_migration_log_is_refused(tmp_path):
    path = await _fresh(tmp_path)
    _sql(path, f"PRAGMA user_version = {LATEST_VERSION - 1}")
    message = await _refused(path)
    assert f"migration log records version {LATEST_VERSION}" in message


async def test_a_header_older_than_its_tables_is_refused(tmp_path):
    path = await _fresh(tmp_path)
    _sql(path, "DELETE FROM schema_migrations WHERE version >= 3", "PRAGMA user_version = 2")
    message = await _refused(path)
    assert "lease" in message and "later version" in message


async def test_a_schema_version_without_its_tables_is_refused(tmp_path):
    path = await _fresh(tmp_path)
    _sql(path, "DROP TABLE deadlines")
    message = await _refused(path)
    assert "lacks the tables deadlines" in message


async def test_another_applications_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    _sql(path, "CREATE TABLE notes (body TEXT)", "INSERT INTO notes VALUES ('keep me')")
    message = await _refused(path)
    assert "not a Gnomehost database" in message and "notes" in message


@pytest.mark.parametrize("kind", ["missing", "empty", "wal-header-only"])
async def test_a_new_file_is_initialised(tmp_path, kind):
    path = tmp_path / "g.db"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "wal-header-only":  # a first start that died before its migrations committed
        _sql(path, "PRAGMA journal_mode = WAL")
    db = await open_database(path)
    await db.close()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST_VERSION
    finally:
        conn.close()


@pytest.mark.parametrize("fixture", sorted(FIXTURES.glob("v*.sqlite3")), ids=lambda p: p.stem)
async def test_released_versions_pass_the_check(tmp_path, fixture):
    path = tmp_path / "old.db"
    shutil.copy(fixture, path)
    db = await open_database(path)
    await db.close()
