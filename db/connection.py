"""Opening the SQLite file (WAL, foreign keys, busy timeout) and running transactions on it.

One aiosqlite connection serves the whole process. aiosqlite runs statements on
its own thread in call order, but two coroutines could still interleave their
statements inside one transaction; an asyncio.Lock makes each transaction (and
each multi-statement read) exclusive on the connection.

Moves go through `Database.write` (see db/writer.py): writes queued at the same
moment share one transaction and one disk sync (group commit), each inside its
own SAVEPOINT so that one failing write undoes only itself. With many games live
this turns "one fsync per move" into "one fsync per round of moves". Both
connections are used under the same lock, so their transactions never overlap.

The Database also keeps itself safe to lose a -wal file (checkpoints, see
db/checkpoint.py) and, in a process holding the database's lease (db/lease.py),
claims the lease row and keeps its heartbeat going, and keeps the mark saying
whether confirmed commits live only in the -wal file (db/log_mark.py): set before
the first commit past a checkpoint is confirmed, removed after a checkpoint.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from db.checkpoint import AUTOCHECKPOINT_PAGES, CHECKPOINT_SECONDS, CheckpointResult, checkpoint, checkpoint_loop
from db.errors import DatabaseError, DatabaseNotWritable
from db.lease import LEASE_TIMEOUT_SECONDS, Lease, acquire, acquire_lease, heartbeat_loop, held_lease
from db.migrations import apply_migrations, check_schema
from db.writer import GroupWriter, SyncWork

log = logging.getLogger(__name__)

DEFAULT_BUSY_TIMEOUT_MS = 10_000
# Writes committed together at most; bounds the time one group holds the write lock.
MAX_GROUP = 256

T = TypeVar("T")


class Database:
    """An open Gnomehost database: the main connection, the lock that keeps transactions whole, the writer."""

    def __init__(
        self, conn: aiosqlite.Connection, path: str, writer: GroupWriter, *, lease: Lease | None = None
    ) -> None:
        self.conn = conn
        self.path = path
        self._writer = writer
        self._lock = asyncio.Lock()
        self._closed = False
        self._queue: list[tuple[SyncWork, asyncio.Future[Any]]] = []
        self._drainer: asyncio.Task[None] | None = None
        self._lease = lease
        self._attached = False
        self._commits = 0  # transactions committed so far
        self._checkpointed = 0  # value of _commits at the last complete checkpoint
        self._tasks: list[asyncio.Task[None]] = []

    @property
    def lease(self) -> Lease | None:
        """The lease this database holds for its process (None when the process took no lease)."""
        return self._lease

    async def checkpoint(self) -> CheckpointResult:
        """Copy every committed transaction into the main file and empty the -wal file (on the writer thread)."""
        if self._closed:
            raise DatabaseError("the database is closed")
        # Under the lock no commit slips in between the copy and the removal of the mark, so under steady
        # traffic the mark is still removed and the log emptied (the writer thread is busy meanwhile anyway).
        async with self._lock:
            if self._closed:
                raise DatabaseError("the database is closed")
            commits = self._commits
            result = await self._checkpoint_now()
        if result.complete:
            self._checkpointed = max(self._checkpointed, commits)
        return result

    async def _checkpoint_now(self) -> CheckpointResult:
        mark = self._lease.mark if self._lease is not None else None
        if mark is None:
            return await self._writer.run(checkpoint)
        # Copy first and keep the log's length, remove the mark, and only then empty the log: a crash between
        # two of these steps leaves a mark with its log intact, or no mark at all, never a mark without a log.
        counted = mark.commits
        result = await self._writer.run(_full_checkpoint)
        if result.complete and await asyncio.to_thread(mark.clear_if_unchanged, counted):
            await self._writer.run(checkpoint)
        return result

    async def _mark_commit(self) -> None:
        """Count a commit just made; before the first one past a checkpoint is confirmed, write the mark."""
        mark = self._lease.mark if self._lease is not None else None
        if mark is None or not mark.note_commit():
            return
        try:
            await asyncio.to_thread(mark.set)
        except OSError:
            # The commit is stored; only the guard against a later deleted -wal is missing, so say so and go on.
            log.error("could not write the -wal mark into %s", mark.state_file, exc_info=True)

    def _dirty(self) -> bool:
        return self._commits != self._checkpointed

    async def _start(self, checkpoint_seconds: float | None) -> None:
        """Claim the lease row (if this process holds the lease) and start the background upkeep."""
        if self._lease is not None:
            await self.write(self._lease.claim)
            self._lease.attach()
            self._attached = True
            self._tasks.append(
                asyncio.create_task(
                    heartbeat_loop(self._lease, self.write, self._lease.timeout / 4), name="gnomehost-db-lease"
                )
            )
        if checkpoint_seconds:
            self._tasks.append(
                asyncio.create_task(
                    checkpoint_loop(self.checkpoint, self._dirty, checkpoint_seconds), name="gnomehost-db-checkpoint"
                )
            )

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` (a plain function of a sqlite3 connection) in a write transaction shared with the writes
        queued alongside it; returns its result after COMMIT.

        `work` runs inside its own SAVEPOINT on the writer thread: if it raises,
        only its changes are undone and only this caller gets the exception. A
        caller cancelled while waiting cannot know whether its write was
        committed (it must re-read); one cancelled before its group began is
        not stored.
        """
        if self._closed:
            raise DatabaseError("the database is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queue.append((work, future))
        if self._drainer is None or self._drainer.done():
            self._drainer = asyncio.create_task(self._drain(), name="gnomehost-db-groups")
        return await future

    async def _drain(self) -> None:
        while self._queue:
            async with self._lock:
                # Taken under the lock: a caller that gave up while we waited is left out.
                group = [(w, f) for w, f in self._queue[:MAX_GROUP] if not f.cancelled()]
                del self._queue[:MAX_GROUP]
                if not group:
                    continue
                try:
                    outcomes = await asyncio.shield(self._writer.commit([w for w, _ in group]))
                except BaseException as exc:
                    for _, future in group:
                        if not future.done():
                            future.set_exception(DatabaseError(f"write abandoned: {exc!r}"))
                    raise
                self._commits += 1
                await asyncio.shield(self._mark_commit())
            for (_, future), (error, value) in zip(group, outcomes, strict=True):
                if future.done():
                    continue
                if error is not None:
                    future.set_exception(error)
                else:
                    future.set_result(value)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction (BEGIN IMMEDIATE ... COMMIT); rolled back if the block raises.

        IMMEDIATE takes SQLite's write lock up front, so a second process waits
        (busy timeout) instead of failing half-way when it upgrades a read lock.
        """
        async with self._lock:
            if self._closed:
                raise DatabaseError("the database is closed")
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
            self._commits += 1
            await asyncio.shield(self._mark_commit())

    async def _rollback(self) -> None:
        try:
            await self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            # No transaction left to roll back (SQLite already ended it) is fine; anything else is logged.
            if self.conn.in_transaction:
                log.exception("rollback failed on %s", self.path)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[aiosqlite.Connection]:
        """Exclusive use of the connection for a few reads that must see one state."""
        async with self._lock:
            if self._closed:
                raise DatabaseError("the database is closed")
            yield self.conn

    async def close(self) -> None:
        """Close the connections (idempotent). Waits for queued writes and a running transaction to finish,
        releases the lease row if this was the process's last database on the file, checkpoints."""
        if self._closed:
            return
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._drainer is not None:
            await asyncio.gather(self._drainer, return_exceptions=True)
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                if self._lease is not None and self._attached and self._lease.detach():
                    await self._writer.commit([self._lease.clear])
                # Cheap, and the next start (or a copy of the bare file) finds everything in the main file.
                await self._checkpoint_now()
            except Exception:
                log.warning("could not release the lease row or checkpoint %s at close", self.path, exc_info=True)
            finally:
                await self._writer.close()
                await self.conn.close()
                if self._lease is not None:
                    await self._forget_mark_if_log_gone()
                    self._lease.release()

    async def _forget_mark_if_log_gone(self) -> None:
        """After the last connection closed: SQLite deleted the -wal only if it copied all of it first."""
        assert self._lease is not None
        try:
            await asyncio.to_thread(self._lease.mark.clear_if_log_gone)
        except OSError:
            log.warning("could not clear the -wal mark of %s at close", self.path, exc_info=True)

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return self._closed


async def open_database(
    path: str | Path,
    *,
    synchronous: str = "FULL",
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    exclusive: bool = False,
    lease_timeout: float = LEASE_TIMEOUT_SECONDS,
    checkpoint_seconds: float | None = CHECKPOINT_SECONDS,
) -> Database:
    """Open (creating if needed) and migrate the database at `path`.

    A file from a newer schema version raises SchemaTooNew, and a file whose
    header disagrees with its contents (data but no schema, a schema older than
    its own migration log) raises SchemaMismatch, before anything is written to
    it. `synchronous` FULL makes every commit durable even against a power cut;
    NORMAL survives process crashes only.

    `exclusive` takes the database's lease (DatabaseInUse when another process
    holds it); without it, the database still attaches to a lease this process
    already holds (bot.py takes one at start). With a lease, the lease row is
    claimed and refreshed every `lease_timeout`/4 seconds. The main file is
    checkpointed after migrations, every `checkpoint_seconds` when something
    was written (None: never), and on close.
    """
    path = str(path)
    if path == ":memory:" or path.startswith("file:"):
        # Two connections (main + writer) must see one database: it has to be a file.
        raise ValueError("Gnomehost needs a database file path (use a temporary file in tests)")
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseNotWritable(path, error) from None
    lease: Lease | None = None
    if exclusive:
        lease = await acquire_lease(path, timeout=lease_timeout)
    elif held_lease(path) is not None:
        lease = acquire(path)  # another reference to the lease held: returns at once
    try:
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            # Check the file before any PRAGMA that writes (journal_mode does).
            await check_schema(conn, path)
            await conn.execute("PRAGMA journal_mode = WAL")
            pragmas = [
                f"PRAGMA busy_timeout = {int(busy_timeout_ms)}",
                "PRAGMA foreign_keys = ON",
                f"PRAGMA synchronous = {_synchronous(synchronous)}",
                f"PRAGMA wal_autocheckpoint = {AUTOCHECKPOINT_PAGES}",
            ]
            for pragma in pragmas:
                await conn.execute(pragma)
            await apply_migrations(conn, path)
            writer = await GroupWriter.open(path, pragmas)
        except BaseException:
            await conn.close()
            raise
    except BaseException:
        if lease is not None:
            lease.release()
        raise
    db = Database(conn, path, writer, lease=lease)  # from here on, db.close() releases the lease
    try:
        # From now on the main file alone holds the schema: a lost -wal cannot leave a file without one.
        await db.checkpoint()
        await db._start(checkpoint_seconds)
    except BaseException:
        await db.close()
        raise
    return db


def _full_checkpoint(conn: sqlite3.Connection) -> CheckpointResult:
    """A checkpoint that copies everything but leaves the -wal file's length alone."""
    return checkpoint(conn, "FULL")


def _synchronous(value: str) -> str:
    value = value.upper()
    if value not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise ValueError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not {value!r}")
    return value
