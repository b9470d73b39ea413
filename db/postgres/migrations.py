"""The numbered schema migrations on PostgreSQL, and the runner that applies them.

The migrations are the same numbered list as SQLite's (db/migrations/NNNN_name.sql); where the SQL
differs, db/migrations/postgres/NNNN_name.sql holds the PostgreSQL text of that number and is used
instead. PostgreSQL has no header version (SQLite's PRAGMA user_version): the highest version in the
table schema_migrations (created by migration 3, like on SQLite) is the schema version. All pending
migrations run in one transaction (PostgreSQL's DDL is transactional), under an advisory lock, so two
processes starting at once migrate once and a failure leaves the database as it was.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from importlib import resources

import asyncpg

from db.errors import DatabaseError, SchemaMismatch, SchemaTooNew
from db.migrations import LATEST_VERSION, LOG_TABLE, MIGRATIONS, Migration, tables_at

log = logging.getLogger(__name__)

# The key of the advisory lock held while migrating ("gnomehos" in ASCII); any fixed 64-bit number works as
# long as every Gnomehost process uses the same one.
MIGRATION_LOCK_KEY = 0x676E6F6D65686F73


@dataclass(frozen=True, slots=True)
class DialectMigration:
    """One migration as PostgreSQL runs it: the shared number and name, and the SQL for this dialect."""

    version: int
    name: str
    sql: str
    variant: bool  # True: the text comes from db/migrations/postgres/, False: the SQLite text is used as is


def load_postgres_migrations(base: list[Migration] | None = None) -> list[DialectMigration]:
    """The migrations in PostgreSQL dialect: each number's variant file when there is one, else the shared text.

    A variant without a migration of the same number and name is a packaging mistake and is refused.
    """
    base = MIGRATIONS if base is None else base
    folder = resources.files("db") / "migrations" / "postgres"
    variants = {
        entry.name: entry.read_text(encoding="utf-8") for entry in folder.iterdir() if entry.name.endswith(".sql")
    }
    known = {f"{m.version:04d}_{m.name}.sql" for m in base}
    stray = sorted(set(variants) - known)
    if stray:
        raise DatabaseError(f"PostgreSQL migration variants without a migration of that number: {', '.join(stray)}")
    result: list[DialectMigration] = []
    for migration in base:
        file_name = f"{migration.version:04d}_{migration.name}.sql"
        text = variants.get(file_name)
        result.append(DialectMigration(migration.version, migration.name, text or migration.sql, text is not None))
    return result


POSTGRES_MIGRATIONS = load_postgres_migrations()


async def _tables(conn: asyncpg.Connection) -> set[str]:
    rows = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
    return {str(r["tablename"]).lower() for r in rows}


async def read_version(conn: asyncpg.Connection) -> int:
    """The schema version of the database (0 for an empty one): the highest version in schema_migrations."""
    if LOG_TABLE not in await _tables(conn):
        return 0
    value = await conn.fetchval(f"SELECT MAX(version) FROM {LOG_TABLE}")
    return int(value or 0)


def _problem(version: int, tables: set[str]) -> str | None:
    """Why a database at `version` holding `tables` must not be migrated, or None (see db.migrations)."""
    if version == 0:
        ours = tables & tables_at(LATEST_VERSION)
        if ours:
            return (
                f"it holds Gnomehost tables ({', '.join(sorted(ours))}) but no migration log, so it was not made "
                "by Gnomehost's migrations."
            )
        return None
    missing = tables_at(version) - tables
    if missing:
        return f"its migration log says schema version {version} but it lacks the tables {', '.join(sorted(missing))}."
    return None


async def apply_migrations(conn: asyncpg.Connection, where: str = "?", target: int | None = None) -> int:
    """Bring the schema up to `target` (default: the latest) in one transaction; returns the version reached.

    Raises SchemaTooNew for a database written by a newer Gnomehost and SchemaMismatch for one whose tables
    disagree with its migration log; in both cases nothing is changed. `where` names the database in
    messages (a URL without its password).
    """
    target = LATEST_VERSION if target is None else target
    async with conn.transaction():
        # Held until COMMIT: a second process waits here, then finds the schema already current.
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK_KEY)
        current = await read_version(conn)
        if current > LATEST_VERSION:
            raise SchemaTooNew(where, current, LATEST_VERSION)
        problem = _problem(current, await _tables(conn))
        if problem is not None:
            raise SchemaMismatch(where, problem)
        applied: list[int] = []
        for migration in POSTGRES_MIGRATIONS:
            if current < migration.version <= target:
                log.info("applying migration %04d_%s to %s", migration.version, migration.name, where)
                # No arguments: the simple query protocol runs the whole script, function bodies included.
                await conn.execute(migration.sql)
                applied.append(migration.version)
                current = migration.version
                if LOG_TABLE in await _tables(conn):
                    await conn.execute(
                        f"INSERT INTO {LOG_TABLE} (version, name, applied_at) VALUES ($1, $2, $3) "
                        "ON CONFLICT (version) DO UPDATE SET name = excluded.name, applied_at = excluded.applied_at",
                        migration.version,
                        migration.name,
                        time.time(),
                    )
        if applied and LOG_TABLE in await _tables(conn):
            # Migration 3 records 1 and 2 as "applied before the log existed" (NULL); here they were applied now.
            await conn.execute(
                f"UPDATE {LOG_TABLE} SET applied_at = $1 WHERE version = ANY($2::int[]) AND applied_at IS NULL",
                time.time(),
                applied,
            )
    return current
