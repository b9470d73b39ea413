"""What the benchmarks (benchmarks/host.py, benchmarks/outbox.py) need from a database directly: an empty
scratch database per measurement on either store, the bare insert+commit a move is compared with, and bulk
copies of games to build a large database fast.

They live in db/ because only db/ talks to the drivers; nothing in the bot uses them.
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit, urlunsplit

from db.url import is_postgres, sqlite_path, sqlite_url

if TYPE_CHECKING:
    import asyncpg

STORES = ("sqlite", "postgres")


@asynccontextmanager
async def scratch_database(store: str, name: str, *, folder: Path, postgres_url: str | None) -> AsyncIterator[str]:
    """The URL of a new, empty database for one measurement: a SQLite file `name`.db in `folder` (which the
    caller removes), or a PostgreSQL database named after `name` and this process, made on the server of
    `postgres_url` (whose role must be allowed to create databases) and dropped afterwards."""
    if store == "sqlite":
        yield sqlite_url(folder / f"{name}.db")
        return
    if store != "postgres" or postgres_url is None or not is_postgres(postgres_url):
        raise ValueError("a PostgreSQL benchmark needs a postgresql:// URL of a role that may create databases")
    import asyncpg

    from db.postgres.store import PoolSettings

    # The pool bounds a URL may carry (?pool_max=...) are the store's, not the server's: not for this connection.
    _, server_url = PoolSettings.from_url(postgres_url)
    # The process id keeps two runs on one server (a developer's and the test suite's) off each other's databases.
    database = re.sub(r"[^a-z0-9_]", "_", f"gnomehost_bench_{name}_{os.getpid()}".lower())
    admin = await asyncpg.connect(server_url)
    try:
        await _drop(admin, database)
        await admin.execute(f'CREATE DATABASE "{database}"')
        try:
            yield urlunsplit(urlsplit(postgres_url)._replace(path="/" + database))
        finally:
            await _drop(admin, database)
    finally:
        await admin.close()


async def _drop(admin: asyncpg.Connection, database: str) -> None:
    """Drop a scratch database once the benchmark's own connections are gone (waiting a little for them)."""
    import asyncpg

    # Not WITH (FORCE): a role that is not a superuser may not end the autovacuum worker that often runs
    # right after a benchmark's writes; a plain DROP asks autovacuum to leave, and waits for nobody else.
    for _ in range(40):
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{database}"')
            return
        except asyncpg.ObjectInUseError:
            await asyncio.sleep(0.25)
    await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')


class Bare(Protocol):
    """A bare insert+commit of a row of a given size on the benchmark's database."""

    async def insert(self, size: int) -> float:
        """Seconds to insert and commit one row of `size` bytes."""
        ...

    async def close(self) -> None:
        """Drop the scratch table and close."""
        ...


async def bare_writer(url: str, synchronous: str) -> Bare:
    """The bare writer for the database at `url` (SQLite with the store's pragmas, or PostgreSQL)."""
    path = sqlite_path(url)
    if path is not None:
        return _SqliteBare(BareWriter(path, synchronous))
    import asyncpg

    from db.postgres.store import PoolSettings

    conn = await asyncpg.connect(PoolSettings.from_url(url)[1])
    await conn.execute("CREATE TABLE IF NOT EXISTS bench_bare (id BIGSERIAL PRIMARY KEY, body TEXT)")
    return _PostgresBare(conn)


class _SqliteBare:
    def __init__(self, writer: BareWriter) -> None:
        self._writer = writer

    async def insert(self, size: int) -> float:
        return self._writer.insert(size)

    async def close(self) -> None:
        self._writer.close()


class _PostgresBare:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def insert(self, size: int) -> float:
        body = "x" * size
        began = time.perf_counter()
        # One statement is one committed transaction (autocommit), as durable as the store's commits.
        await self._conn.execute("INSERT INTO bench_bare (body) VALUES ($1)", body)
        return time.perf_counter() - began

    async def close(self) -> None:
        await self._conn.execute("DROP TABLE bench_bare")
        await self._conn.close()

# Copied as they are; id (new), channel_id (one per copy) and revision (a fresh row) are not.
def _columns(conn: sqlite3.Connection, table: str, *, besides: tuple[str, ...]) -> str:
    """The table's columns other than `besides`, comma-separated: read from the schema, so that a migration
    adding a column does not break the copy."""
    names = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
    return ", ".join(name for name in names if name not in besides)


class BareWriter:
    """The baseline a move is compared with: a plain sqlite3 INSERT + COMMIT on the same file, same pragmas."""

    def __init__(self, path: str | Path, synchronous: str) -> None:
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"unknown synchronous level {synchronous!r}")
        self._conn = sqlite3.connect(path, isolation_level=None)
        self._conn.execute("PRAGMA journal_mode = WAL")
        self._conn.execute(f"PRAGMA synchronous = {synchronous.upper()}")
        self._conn.execute("CREATE TABLE IF NOT EXISTS bench_bare (id INTEGER PRIMARY KEY, body TEXT)")

    def insert(self, size: int) -> float:
        """Seconds to insert and commit one row of `size` bytes."""
        body = "x" * size
        began = time.perf_counter()
        self._conn.execute("BEGIN IMMEDIATE")
        self._conn.execute("INSERT INTO bench_bare (body) VALUES (?)", (body,))
        self._conn.execute("COMMIT")
        return time.perf_counter() - began

    def close(self) -> None:
        """Drop the scratch table and close."""
        self._conn.execute("DROP TABLE bench_bare")
        self._conn.close()


def clone_games(path: str | Path, copies: list[tuple[int, int, int]]) -> None:
    """For each (template game id, count, first channel id): `count` copies of the game with its seats and log,
    in channels first, first + 1, ...; one transaction. For building large databases fast."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        game_columns = _columns(conn, "games", besides=("id", "channel_id"))
        action_columns = _columns(conn, "actions", besides=("game_id",))
        conn.execute("BEGIN")
        for template, count, first_channel in copies:
            for i in range(count):
                cursor = conn.execute(
                    f"INSERT INTO games (channel_id, {game_columns}) "
                    f"SELECT ?, {game_columns} FROM games WHERE id = ?",
                    (first_channel + i, template),
                )
                new_id = cursor.lastrowid
                conn.execute(
                    "INSERT INTO seats (game_id, join_order, user_id, player, ai_level) "
                    "SELECT ?, join_order, user_id, player, ai_level FROM seats WHERE game_id = ?",
                    (new_id, template),
                )
                conn.execute(
                    f"INSERT INTO actions (game_id, {action_columns}) "
                    f"SELECT ?, {action_columns} FROM actions WHERE game_id = ?",
                    (new_id, template),
                )
        conn.execute("COMMIT")
    finally:
        conn.close()
