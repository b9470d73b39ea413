"""Real stores that cannot save, for the tests of what a full disk or a lost database server does.

SQLite, full (`fill_sqlite`): the file is made full for real (SQLITE_FULL from SQLite itself): no page
may be added (`PRAGMA max_page_count`, on both of the store's connections) and the room left in the
filler table's pages is used up; a write that needs a new page (a big one) then fails, while a small
one may still fit in the room a table's own pages have left. SQLite, read-only (`outage`): SQLite
refuses every write with SQLITE_READONLY (`PRAGMA query_only` on both connections), whatever its size.
PostgreSQL (`outage`): the test's own database refuses new connections (a connection limit of 0: "too
many connections") and its open sessions are ended by the server (admin shutdown); the shared server
itself keeps running.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import asyncpg

from db.errors import StoreDown
from db.sqlite_store import SqliteStore
from db.store import Store

# Room for the database to grow again once the outage is over (far more than any test writes).
ROOMY = 1_000_000


async def _limit_pages(store: SqliteStore, pages: int) -> None:
    """Set the page limit on the writer's connection (a write step) and on the main connection."""
    # Each answer is read to its end: a statement left open would hold a stale snapshot of the file.
    pragma = f"PRAGMA max_page_count = {int(pages)}"
    await store.database.write(lambda conn: conn.execute(pragma).fetchall())
    async with store.database.reading() as conn:
        await conn.execute_fetchall(pragma)


def _fill_one(size: int) -> Callable[[sqlite3.Connection], None]:
    def work(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO test_filler VALUES (randomblob(?))", (size,))

    return work


async def fill_sqlite(store: SqliteStore) -> None:
    """Make the file full: SQLite answers every write that needs room with SQLITE_FULL."""
    await store.database.write(lambda conn: conn.execute("CREATE TABLE IF NOT EXISTS test_filler (b BLOB)"))
    async with store.database.reading() as conn:
        rows = list(await conn.execute_fetchall("PRAGMA page_count"))
    await _limit_pages(store, int(rows[0][0]))
    for size in (3000, 300, 30, 1):  # big rows take whole pages, small ones the last bytes of room
        for _ in range(10_000):
            try:
                await store.database.write(_fill_one(size))
            except StoreDown:
                break


async def make_room_sqlite(store: SqliteStore) -> None:
    """The disk has room again."""
    await _limit_pages(store, ROOMY)


async def cut_postgres(admin: asyncpg.Connection) -> None:
    """The database `admin` is connected to takes no new connection, and every other session on it (the
    store's pool) is ended."""
    name = await admin.fetchval("SELECT current_database()")
    await admin.execute(f'ALTER DATABASE "{name}" CONNECTION LIMIT 0')
    await admin.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = current_database() AND pid <> pg_backend_pid()"
    )


async def reconnect_postgres(admin: asyncpg.Connection) -> None:
    """The database `admin` is connected to takes connections again."""
    name = await admin.fetchval("SELECT current_database()")
    await admin.execute(f'ALTER DATABASE "{name}" CONNECTION LIMIT -1')


async def _query_only(store: SqliteStore, on: bool) -> None:
    pragma = f"PRAGMA query_only = {int(on)}"
    # On the writer thread outside any transaction (as a checkpoint runs): a query-only connection
    # cannot even begin the write step that would turn it off again.
    await store.database._writer.run(lambda conn: conn.execute(pragma).fetchall())
    async with store.database.reading() as conn:
        await conn.execute_fetchall(pragma)


@asynccontextmanager
async def outage(store: Store, url: str) -> AsyncIterator[None]:
    """Inside the block `store` cannot save (a SQLite file that refuses every write, or a PostgreSQL database
    that refuses connections); afterwards it can again."""
    if isinstance(store, SqliteStore):
        await _query_only(store, True)
        try:
            yield
        finally:
            await _query_only(store, False)
        return
    # Opened before the cut and kept: with the limit at 0 no new session could lift it again.
    admin = await asyncpg.connect(url)
    try:
        await cut_postgres(admin)
        try:
            yield
        finally:
            await reconnect_postgres(admin)
    finally:
        await admin.close()
