"""Numbered, forward-only schema migrations kept in db/migrations/NNNN_name.sql.

The schema version is SQLite's PRAGMA user_version. All pending migrations run
in one transaction at start: a failure leaves the file at its old version. From
schema 3 on, each applied migration is also recorded in the table
schema_migrations. Before anything is written, `check_schema` refuses a file whose
header disagrees with its contents (see there).
Never edit a released migration; add the next number instead (and a fixture
file for the old version under tests/fixtures/db/).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import re
import sqlite3
import time
from importlib import resources
from typing import Any

import aiosqlite

from db.errors import DatabaseError, SchemaMismatch, SchemaTooNew

log = logging.getLogger(__name__)

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_IDENT = r"[\"`\[]?(\w+)[\"`\]]?"
_CREATE_TABLE = re.compile(r"\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?" + _IDENT, re.IGNORECASE)
_DROP_TABLE = re.compile(r"\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?" + _IDENT, re.IGNORECASE)
_RENAME_TABLE = re.compile(r"\bALTER\s+TABLE\s+" + _IDENT + r"\s+RENAME\s+TO\s+" + _IDENT, re.IGNORECASE)
LOG_TABLE = "schema_migrations"


@dataclasses.dataclass(frozen=True, slots=True)
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


def _without_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines())


def tables_at(version: int) -> set[str]:
    """The tables a file at schema `version` has, read from the migrations' CREATE/DROP/RENAME TABLE."""
    tables: set[str] = set()
    for migration in MIGRATIONS:
        if migration.version > version:
            break
        sql = _without_comments(migration.sql)
        events = [(m.start(), "create", m.group(1), "") for m in _CREATE_TABLE.finditer(sql)]
        events += [(m.start(), "drop", m.group(1), "") for m in _DROP_TABLE.finditer(sql)]
        events += [(m.start(), "rename", m.group(1), m.group(2)) for m in _RENAME_TABLE.finditer(sql)]
        for _, kind, name, new_name in sorted(events):
            if kind == "create":
                tables.add(name.lower())
            elif kind == "drop":
                tables.discard(name.lower())
            else:
                tables.discard(name.lower())
                tables.add(new_name.lower())
    return tables


@dataclasses.dataclass(frozen=True, slots=True)
class FileState:
    """What a database file says about itself before anything is written to it."""

    version: int  # PRAGMA user_version, from the file header
    tables: frozenset[str]  # user tables in sqlite_master (lower case)
    data_pages: int  # pages in use: page_count - freelist_count
    logged_version: int  # highest version in schema_migrations (0 without that table)
    file_pages: int = 0  # size of the main file on disk in pages (a torn file can be longer than its header says)


_TABLES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
_LOGGED_SQL = f"SELECT MAX(version) FROM {LOG_TABLE}"


def _file_state(version: int, names: list[Any], pages: int, free: int, logged: Any) -> FileState:
    return FileState(version, frozenset(str(n).lower() for n in names), pages - free, int(logged or 0))


async def read_file_state(conn: aiosqlite.Connection) -> FileState:
    """Read the header version, the tables, the pages in use and the migration log (reads only)."""

    async def one(sql: str) -> Any:
        async with conn.execute(sql) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    async with conn.execute(_TABLES_SQL) as cursor:
        names = [row[0] for row in await cursor.fetchall()]
    logged = await one(_LOGGED_SQL) if LOG_TABLE in {str(n).lower() for n in names} else 0
    return _file_state(
        int(await one("PRAGMA user_version") or 0),
        names,
        int(await one("PRAGMA page_count") or 0),
        int(await one("PRAGMA freelist_count") or 0),
        logged,
    )


def read_file_state_sync(conn: sqlite3.Connection) -> FileState:
    """`read_file_state` on a plain sqlite3 connection (backup verification)."""
    names = [row[0] for row in conn.execute(_TABLES_SQL)]
    logged = conn.execute(_LOGGED_SQL).fetchone()[0] if LOG_TABLE in {str(n).lower() for n in names} else 0
    return _file_state(
        int(conn.execute("PRAGMA user_version").fetchone()[0]),
        names,
        int(conn.execute("PRAGMA page_count").fetchone()[0]),
        int(conn.execute("PRAGMA freelist_count").fetchone()[0]),
        logged,
    )


def schema_problem(state: FileState) -> str | None:
    """Why a file must not be opened (its header disagrees with its contents), or None when it is fine.

    Version 0 is a new file only when it is empty: at most one page (the header
    page SQLite writes when it switches to WAL) and no tables. A version-0 file
    with tables or pages holds data whose schema record is gone: migrating it
    would write an empty schema over it. At version N the file must have every
    table of schema N, no table that only a later schema creates, and no entry
    above N in its migration log.
    """
    if state.version == 0:
        ours = state.tables & tables_at(LATEST_VERSION)
        if ours:
            return (
                f"it holds Gnomehost tables ({', '.join(sorted(ours))}) but no schema version, so the part of the "
                "file that records its schema is older than its data."
            )
        if state.tables:
            return (
                f"it is not a Gnomehost database: it holds other tables ({', '.join(sorted(state.tables))}) and "
                "no Gnomehost schema."
            )
        if state.data_pages > 1:
            return f"it holds {state.data_pages} pages of data but no schema at all."
        if state.file_pages > 1:
            return f"its header describes an empty database, yet the file is {state.file_pages} pages long."
        return None
    if state.logged_version > state.version:
        return (
            f"its header says schema version {state.version}, but its own migration log records version "
            f"{state.logged_version}: the header is older than the tables."
        )
    missing = tables_at(state.version) - state.tables
    if missing:
        return (
            f"it says schema version {state.version} but lacks the tables {', '.join(sorted(missing))} "
            "that version has."
        )
    newer = {t for v in range(state.version + 1, LATEST_VERSION + 1) for t in tables_at(v)}
    ahead = (newer - tables_at(state.version)) & state.tables
    if ahead:
        return (
            f"it says schema version {state.version} but already has the tables {', '.join(sorted(ahead))} "
            "of a later version: the header is older than the tables."
        )
    return None


async def check_schema(conn: aiosqlite.Connection, path: str) -> int:
    """The file's schema version; SchemaTooNew or SchemaMismatch (nothing written) when it must be refused."""
    state = await read_file_state(conn)
    async with conn.execute("PRAGMA page_size") as cursor:
        page_size = int((await cursor.fetchone() or (4096,))[0]) or 4096
    with contextlib.suppress(OSError):
        state = dataclasses.replace(state, file_pages=-(-os.path.getsize(path) // page_size))
    if state.version > LATEST_VERSION:
        raise SchemaTooNew(path, state.version, LATEST_VERSION)
    problem = schema_problem(state)
    if problem is not None:
        raise SchemaMismatch(path, problem)
    return state.version


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
                await _log_applied(conn, migration)
        # PRAGMA user_version is part of the transaction: it commits or rolls back with the schema.
        await conn.execute(f"PRAGMA user_version = {int(current)}")
    except BaseException:
        await conn.execute("ROLLBACK")
        raise
    await conn.execute("COMMIT")
    return current


async def _log_applied(conn: aiosqlite.Connection, migration: Migration) -> None:
    """Record `migration` in schema_migrations once that table exists (schema 3 on)."""
    async with conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (LOG_TABLE,)) as c:
        if await c.fetchone() is None:
            return
    await conn.execute(
        f"INSERT OR REPLACE INTO {LOG_TABLE} (version, name, applied_at) VALUES (?, ?, ?)",
        (migration.version, migration.name, time.time()),
    )
