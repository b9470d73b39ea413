"""Opening the SQLite file (WAL, foreign keys, busy timeout) and running transactions on it.

One aiosqlite connection serves the whole process. aiosqlite runs statements on
its own thread in call order, but two coroutines could still interleave their
statements inside one transaction; an asyncio.Lock makes each transaction (and
each multi-statement read) exclusive on the connection.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from db.errors import SchemaTooNew
from db.migrations import LATEST_VERSION, apply_migrations, read_version

log = logging.getLogger(__name__)

DEFAULT_BUSY_TIMEOUT_MS = 10_000


class Database:
    """An open Gnomehost database: the connection plus the lock that keeps transactions whole."""

    def __init__(self, conn: aiosqlite.Connection, path: str) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._closed = False

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction (BEGIN IMMEDIATE ... COMMIT); rolled back if the block raises.

        IMMEDIATE takes SQLite's write lock up front, so a second process waits
        (busy timeout) instead of failing half-way when it upgrades a read lock.
        """
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                # Shielded: a cancelled caller must still leave the connection clean.
                await asyncio.shield(self._rollback())
                raise
            # Shielded: once COMMIT is sent, a cancellation of the caller must not
            # leave us unsure whether it happened.
            await asyncio.shield(self.conn.execute("COMMIT"))

    async def _rollback(self) -> None:
        try:
            await self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            log.exception("rollback failed on %s", self.path)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """Exclusive use of the connection for a few reads that must see one state."""
        async with self._lock:
            yield self.conn

    async def close(self) -> None:
        """Close the connection (idempotent). Waits for a running transaction to finish."""
        if self._closed:
            return
        async with self._lock:
            self._closed = True
            await self.conn.close()

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._closed


async def open_database(
    path: str | Path,
    *,
    synchronous: str = "FULL",
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
) -> Database:
    """Open (creating if needed) and migrate the database at `path`.

    A file from a newer schema version raises SchemaTooNew before anything is
    written to it. `synchronous` FULL makes every commit durable even against a
    power cut; NORMAL survives process crashes only.
    """
    path = str(path)
    if path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        # Check the version before any PRAGMA that writes (journal_mode does).
        found = await read_version(conn)
        if found > LATEST_VERSION:
            raise SchemaTooNew(path, found, LATEST_VERSION)
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute(f"PRAGMA synchronous = {_synchronous(synchronous)}")
        await apply_migrations(conn, path)
    except BaseException:
        await conn.close()
        raise
    return Database(conn, path)


def _synchronous(value: str) -> str:
    value = value.upper()
    if value not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {value!r}")
    return value
