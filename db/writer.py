"""The write path for moves: a thread with its own SQLite connection that commits queued writes in groups.

Each write is a plain function of a sqlite3.Connection. A group runs in ONE hop
to the writer thread: BEGIN IMMEDIATE, each write inside its own SAVEPOINT (a
failing write undoes only itself), COMMIT: one disk sync for the whole group.
(aiosqlite would cost one thread hop per statement, and a move takes six.)

A full disk, a read-only or failing file (see db/sqlite_faults.py) comes back as StoreDown, for the
write that hit it or for the whole group when the group could not be committed.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from db.sqlite_faults import store_down

log = logging.getLogger(__name__)

SyncWork = Callable[[sqlite3.Connection], Any]
Outcome = tuple[BaseException | None, Any]


class GroupWriter:
    """The writer thread and its connection (same pragmas as the main connection)."""

    def __init__(self, executor: ThreadPoolExecutor, conn: sqlite3.Connection, path: str = "") -> None:
        self._executor = executor
        self._conn = conn
        self._path = path

    @classmethod
    async def open(cls, path: str, pragmas: list[str]) -> GroupWriter:
        """Start the thread and open its connection there (sqlite3 objects stay in their thread)."""
        executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gnomehost-db-writer")

        def connect() -> sqlite3.Connection:
            """The writer's connection, made on the writer thread."""
            conn = sqlite3.connect(path, isolation_level=None)
            for pragma in pragmas:
                conn.execute(pragma)
            return conn

        try:
            conn = await asyncio.get_running_loop().run_in_executor(executor, connect)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(executor, conn, path)

    async def commit(self, works: list[SyncWork]) -> list[Outcome]:
        """Run the writes as one transaction; each outcome is (error, None) or (None, value).

        If BEGIN or COMMIT fails, every outcome carries that error: nothing was stored.
        """
        return await asyncio.get_running_loop().run_in_executor(self._executor, self._commit, works)

    def _commit(self, works: list[SyncWork]) -> list[Outcome]:
        conn = self._conn
        outcomes: list[Outcome] = []
        try:
            conn.execute("BEGIN IMMEDIATE")
            for index, work in enumerate(works):
                conn.execute(f"SAVEPOINT w{index}")
                try:
                    value = work(conn)
                except Exception as exc:
                    down = store_down(exc, self._path)
                    if not conn.in_transaction:
                        # SQLite gave up the whole transaction (it may on a full disk or an I/O error):
                        # the writes before this one are gone too.
                        if down is None:
                            raise
                        raise down from exc
                    conn.execute(f"ROLLBACK TO w{index}")
                    conn.execute(f"RELEASE w{index}")
                    outcomes.append((down or exc, None))
                else:
                    conn.execute(f"RELEASE w{index}")
                    outcomes.append((None, value))
            conn.execute("COMMIT")
        except Exception as exc:
            self._roll_back()
            down = store_down(exc, self._path)
            if down is not None:
                # Expected while the disk is full; the table service tells the operator once, not per group.
                log.debug("group commit of %d writes failed: %s", len(works), down)
                return [(down, None) for _ in works]
            log.error("group commit of %d writes failed: %r", len(works), exc)
            return [(exc, None) for _ in works]
        return outcomes

    def _roll_back(self) -> None:
        """End a failed group's transaction, if SQLite has not already, so the next group starts clean."""
        if not self._conn.in_transaction:
            return
        try:
            self._conn.execute("ROLLBACK")
        except sqlite3.Error:
            log.warning("rollback of a failed group commit failed on %s", self._path, exc_info=True)

    async def run(self, work: SyncWork) -> Any:
        """Run `work` on the writer thread outside any transaction (a checkpoint), between two groups."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, work, self._conn)

    async def close(self) -> None:
        """Close the connection and stop the thread."""
        await asyncio.get_running_loop().run_in_executor(self._executor, self._conn.close)
        self._executor.shutdown(wait=True)
