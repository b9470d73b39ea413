"""Numbered, forward-only schema migrations kept in db/migrations/NNNN_name.sql.

The schema version is SQLite's PRAGMA user_version. All pending migrations run
in one transaction at start: a failure leaves the file at its old version.
Never edit a released migration; add the next number instead (and a fixture
file for the old version under tests/fixtures/db/).
"""

from __future__ import annotations

import logging
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from db.errors import DatabaseError, SchemaTooNew

log = logging.getLogger(__name__)

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    """One migration: its number, name and SQL script."""

    version: int
    name: str
    sql: str


def load_migrations() -> list[Migration]:
    """Every migration shipped with the package, in order; numbering must be 1, 2, 3 ... without gaps."""
    found: list[Migration] = []
    folder = resources.files("db") / "migrations"
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise DatabaseError(f"migration numbering has a gap or duplicate at {migration.version}")
    return found


MIGRATIONS = load_migrations()
LATEST_VERSION = MIGRATIONS[-1].version if MIGRATIONS else 0


def split_statements(script: str) -> list[str]:
    """The complete SQL statements of a script (triggers with inner semicolons stay whole)."""
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            text = buffer.strip()
            if text and not all(part.strip().startswith("--") or not part.strip() for part in text.splitlines()):
                statements.append(text)
            buffer = ""
    if buffer.strip() and not all(p.strip().startswith("--") or not p.strip() for p in buffer.splitlines()):
        raise DatabaseError(f"incomplete SQL statement at the end of a migration: {buffer.strip()[:80]!r}")
    return statements


async def read_version(conn: aiosqlite.Connection) -> int:
    """The schema version stored in the file (0 for a new, empty file)."""
    async with conn.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def apply_migrations(conn: aiosqlite.Connection, path: str = "?", target: int | None = None) -> int:
    """Bring the schema up to `target` (default: the latest) in one transaction; returns the new version.

    `conn` must be in autocommit mode (isolation_level=None). The version is
    re-read after taking the write lock, so two processes starting together
    migrate once.
    """
    target = LATEST_VERSION if target is None else target
    await conn.execute("BEGIN IMMEDIATE")
    try:
        current = await read_version(conn)
        if current > LATEST_VERSION:
            raise SchemaTooNew(path, current, LATEST_VERSION)
        for migration in MIGRATIONS:
            if current < migration.version <= target:
                log.info("applying migration %04d_%s to %s", migration.version, migration.name, path)
                for statement in split_statements(migration.sql):
                    await conn.execute(statement)
                current = migration.version
        # PRAGMA user_version is part of the transaction: it commits or rolls back with the schema.
        await conn.execute(f"PRAGMA user_version = {int(current)}")
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")
    return current
