"""PostgreSQL migrations: the same schema as SQLite's, applied once (also by two processes at once), refusals."""

from __future__ import annotations

import asyncio
import sqlite3

import asyncpg
import pytest

from db.errors import DatabaseError, SchemaMismatch, SchemaTooNew
from db.migrations import LATEST_VERSION, MIGRATIONS, split_statements
from db.postgres.migrations import POSTGRES_MIGRATIONS, apply_migrations, load_postgres_migrations, read_version


def _sqlite_schema() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    for migration in MIGRATIONS:
        for statement in split_statements(migration.sql):
            conn.execute(statement)
    return conn


def _sqlite_columns(conn: sqlite3.Connection) -> dict[str, list[str]]:
    tables = [
        r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    ]
    return {t: [r[1] for r in conn.execute(f"PRAGMA table_info({t})")] for t in tables}


async def _pg_columns(conn: asyncpg.Connection) -> dict[str, list[str]]:
    rows = await conn.fetch(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() "
        "ORDER BY table_name, ordinal_position"
    )
    columns: dict[str, list[str]] = {}
    for row in rows:
        columns.setdefault(row["table_name"], []).append(row["column_name"])
    return columns


async def _migrated(url: str, target: int | None = None) -> asyncpg.Connection:
    conn = await asyncpg.connect(url)
    await apply_migrations(conn, "test", target)
    return conn


async def test_an_empty_database_gets_the_same_tables_and_columns_as_sqlite(pg_url):
    conn = await _migrated(pg_url)
    try:
        assert await _pg_columns(conn) == _sqlite_columns(_sqlite_schema())
        assert await read_version(conn) == LATEST_VERSION
    finally:
        await conn.close()


async def test_the_same_named_indexes_as_sqlite(pg_url):
    sqlite_indexes = {
        r[0]
        for r in _sqlite_schema().execute("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
    }
    conn = await _migrated(pg_url)
    try:
        rows = await conn.fetch("SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()")
    finally:
        await conn.close()
    # Primary keys and UNIQUE constraints are implicit on both sides (sqlite_autoindex_*, *_pkey, *_key).
    named = {r["indexname"] for r in rows if not r["indexname"].endswith(("_pkey", "_key"))}
    assert named == sqlite_indexes


async def test_every_migration_is_logged_with_the_time_it_was_applied(pg_url):
    conn = await _migrated(pg_url)
    try:
        rows = await conn.fetch("SELECT version, name, applied_at FROM schema_migrations ORDER BY version")
    finally:
        await conn.close()
    assert [(r["version"], r["name"]) for r in rows] == [(m.version, m.name) for m in MIGRATIONS]
    assert all(r["applied_at"] is not None for r in rows)


async def test_migrating_again_changes_nothing(pg_url):
    conn = await _migrated(pg_url)
    try:
        before = await conn.fetch("SELECT version, applied_at FROM schema_migrations ORDER BY version")
        assert await apply_migrations(conn, "test") == LATEST_VERSION
        assert await conn.fetch("SELECT version, applied_at FROM schema_migrations ORDER BY version") == before
    finally:
        await conn.close()


async def test_two_processes_migrating_at_once_both_succeed_and_migrate_once(pg_url):
    first, second = await asyncpg.connect(pg_url), await asyncpg.connect(pg_url)
    try:
        versions = await asyncio.gather(apply_migrations(first, "a"), apply_migrations(second, "b"))
        assert versions == [LATEST_VERSION, LATEST_VERSION]
        count = await first.fetchval("SELECT COUNT(*) FROM schema_migrations")
        assert count == LATEST_VERSION
    finally:
        await first.close()
        await second.close()


async def test_a_variant_exists_only_where_the_sql_differs():
    variants = {m.version: m for m in POSTGRES_MIGRATIONS if m.variant}
    shared = {m.version: m.sql for m in MIGRATIONS}
    assert variants, "PostgreSQL needs its own text for at least the initial schema"
    for version, migration in variants.items():
        assert migration.sql != shared[version]
    # Every other number runs the SQLite text unchanged.
    for migration in POSTGRES_MIGRATIONS:
        if not migration.variant:
            assert migration.sql == shared[migration.version]
    assert [m.version for m in POSTGRES_MIGRATIONS] == [m.version for m in MIGRATIONS]


def test_a_variant_without_its_migration_is_refused():
    with pytest.raises(DatabaseError, match=r"0004_outbox\.sql"):
        load_postgres_migrations([m for m in MIGRATIONS if m.version != 4])


async def test_the_action_log_is_append_only(pg_url):
    conn = await _migrated(pg_url)
    try:
        game_id = await conn.fetchval(
            "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, created_at, updated_at) "
            "VALUES (1, 'vendetta', '{}', 9223372036854775807, 2, 0, 0) RETURNING id"
        )
        await conn.execute(
            "INSERT INTO actions (game_id, seq, player, action_id, source, created_at) "
            "VALUES ($1, 1, 0, 'a', 'human', 0)",
            game_id,
        )
        for statement in ("UPDATE actions SET action_id = 'b'", "DELETE FROM actions", "TRUNCATE actions"):
            with pytest.raises(asyncpg.RaiseError, match="append-only"):
                await conn.execute(statement)
        assert await conn.fetchval("SELECT action_id FROM actions") == "a"
    finally:
        await conn.close()


async def test_epoch_seconds_and_discord_ids_are_stored_exactly(pg_url):
    conn = await _migrated(pg_url)
    try:
        now = 1_750_000_000.123456
        snowflake = 1_234_567_890_123_456_789
        game_id = await conn.fetchval(
            "INSERT INTO games (guild_id, channel_id, game_name, options, seed, host_user_id, created_at, updated_at) "
            "VALUES ($1, $1, 'vendetta', '{}', $1, $1, $2, $2) RETURNING id",
            snowflake,
            now,
        )
        row = await conn.fetchrow("SELECT guild_id, seed, created_at FROM games WHERE id = $1", game_id)
        assert (row["guild_id"], row["seed"], row["created_at"]) == (snowflake, snowflake, now)
    finally:
        await conn.close()


async def test_one_open_game_per_channel(pg_url):
    conn = await _migrated(pg_url)
    insert = (
        "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, status, created_at, updated_at) "
        "VALUES (7, 'vendetta', '{}', 1, 2, $1, 0, 0)"
    )
    try:
        await conn.execute(insert, "finished")
        await conn.execute(insert, "lobby")
        with pytest.raises(asyncpg.UniqueViolationError):
            await conn.execute(insert, "active")
    finally:
        await conn.close()


async def test_tables_without_a_migration_log_are_refused_untouched(pg_url):
    conn = await _migrated(pg_url, target=2)
    try:
        assert await read_version(conn) == 0  # no log before schema 3, as on SQLite before its header
        game_id = await conn.fetchval(
            "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, status, version, "
            "created_at, updated_at) VALUES (7, 'vendetta', '{}', 1, 2, 'active', 4, 0, 0) RETURNING id"
        )
        await conn.execute("INSERT INTO seats (game_id, join_order, user_id, player) VALUES ($1, 0, NULL, 0)", game_id)
        await conn.close()
        # The database now has tables but no log: a later run cannot tell its version and refuses it.
        conn = await asyncpg.connect(pg_url)
        with pytest.raises(SchemaMismatch):
            await apply_migrations(conn, "test")
        assert await conn.fetchval("SELECT COUNT(*) FROM games") == 1
    finally:
        await conn.close()


async def test_from_schema_3_the_next_migrations_run_over_existing_games(pg_url):
    conn = await _migrated(pg_url, target=3)
    try:
        assert await read_version(conn) == 3
        game_id = await conn.fetchval(
            "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, status, version, "
            "announced_version, created_at, updated_at) VALUES (7, 'vendetta', '{}', 1, 2, 'active', 4, 4, 0, 0) "
            "RETURNING id"
        )
        await conn.execute("INSERT INTO seats (game_id, join_order, user_id, player) VALUES ($1, 0, NULL, 0)", game_id)
        assert await apply_migrations(conn, "test") == LATEST_VERSION
        game = await conn.fetchrow("SELECT version, announced_version, revision FROM games")
        assert tuple(game) == (4, 4, 0)
        assert await conn.fetchval("SELECT ai_level FROM seats") == "normal"
    finally:
        await conn.close()


async def test_a_database_from_a_newer_gnomehost_is_refused_untouched(pg_url):
    conn = await _migrated(pg_url)
    try:
        await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, 'future')", LATEST_VERSION + 1)
        with pytest.raises(SchemaTooNew):
            await apply_migrations(conn, "test")
        assert await read_version(conn) == LATEST_VERSION + 1
    finally:
        await conn.close()


async def test_tables_that_disagree_with_the_log_are_refused(pg_url):
    conn = await _migrated(pg_url)
    try:
        await conn.execute("DROP TABLE outbox")
        with pytest.raises(SchemaMismatch, match="outbox"):
            await apply_migrations(conn, "test")
    finally:
        await conn.close()


async def test_a_failing_migration_leaves_the_database_as_it_was(pg_url):
    conn = await asyncpg.connect(pg_url)
    try:
        # Migration 1 creates this function after its tables: it fails half-way through.
        await conn.execute("CREATE FUNCTION actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN END $$")
        with pytest.raises(asyncpg.DuplicateFunctionError):
            await apply_migrations(conn, "test")
        assert await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()") == []
        assert await read_version(conn) == 0
    finally:
        await conn.close()
