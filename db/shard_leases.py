"""Per-shard leases: which bot process delivers the games of which shard (several processes, one PostgreSQL).

Every process of a sharded bot holds a lease row for each shard in its SHARD_IDS ("configured") and
refreshes it while it runs. A second live process claiming one of those shards is refused
(`ShardsInUse`), like a second process on one SQLite file. When a holder goes silent for
`stale_after` seconds (it died) or releases its rows (a clean stop), another live process takes
the shard over (not configured: a stand-in), so the shard's messages and deadlines keep going;
when the configured holder comes back, its claim takes the row back and the stand-in lets go at
its next renewal. A holder that exited on this very machine (killed, crashed: its pid is free or
belongs to another program now, db.processes) is taken over at once instead of after `stale_after`.

On SQLite the file lock already makes one process the only one: `LocalShardLeases` just holds
every shard. The table is created on first use under an advisory lock (it is not part of the
numbered schema: a database used without sharding never gets it).
"""

from __future__ import annotations

import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from db.errors import DatabaseError, DatabaseInUse
from db.pg_errors import driver_errors
from db.processes import has_exited, run_mark

if TYPE_CHECKING:
    import asyncpg

log = logging.getLogger(__name__)

# Advisory lock taken by every claim and renewal ("gnomeshd" in ASCII): they run one at a time.
LEASE_LOCK_KEY = 0x676E6F6D65736864

CREATE_TABLE = """
CREATE TABLE IF NOT EXISTS shard_leases (
    shard_count  INTEGER NOT NULL,
    shard_id     INTEGER NOT NULL,
    token        TEXT,                         -- random per process; NULL: released
    owner_pid    INTEGER,
    owner_host   TEXT,
    owner_mark   TEXT,                          -- db.processes.run_mark of the holder: tells a reused pid apart
    configured   BOOLEAN NOT NULL DEFAULT FALSE, -- the shard is in its holder's SHARD_IDS (not a stand-in)
    heartbeat_at DOUBLE PRECISION,               -- epoch seconds, refreshed while the holder runs
    PRIMARY KEY (shard_count, shard_id)
)
"""
# Tables made before the holder's mark was recorded get the column (once per process).
ADD_MARK = "ALTER TABLE shard_leases ADD COLUMN IF NOT EXISTS owner_mark TEXT"


class ShardsInUse(DatabaseInUse):
    """Another live process holds one of this process's shards (or runs with another SHARD_COUNT): refused."""

    def __init__(self, message: str) -> None:
        DatabaseError.__init__(self, message)
        self.path = ""
        self.who = message


class ShardLeaseLost(DatabaseError):
    """Another process claimed one of this process's configured shards: it must stop (its heartbeat was late)."""


@dataclass(frozen=True, slots=True)
class LeaseRow:
    """One shard's lease as stored."""

    shard_count: int
    shard_id: int
    token: str | None
    owner_pid: int | None
    owner_host: str | None
    configured: bool
    heartbeat_at: float | None
    owner_mark: str | None = None

    def live(self, now: float, stale_after: float) -> bool:
        """Held by a process that refreshed it within `stale_after` seconds."""
        return self.token is not None and self.heartbeat_at is not None and now - self.heartbeat_at < stale_after

    def holder_exited(self, host: str) -> bool:
        """Whether the holder ran on `host` (this machine) and has certainly exited since."""
        return self.owner_host == host and self.owner_pid is not None and has_exited(self.owner_pid, self.owner_mark)

    def describe(self, now: float) -> str:
        """'pid 12 on host "a", last heartbeat 3 s ago' for messages."""
        ago = f", last heartbeat {max(0.0, now - self.heartbeat_at):.0f} s ago" if self.heartbeat_at else ""
        return f'pid {self.owner_pid} on host "{self.owner_host}"{ago}'


class ShardLeases(Protocol):
    """The leases of one process: claim at start, renew while running, release at the end."""

    async def claim(self, now: float) -> frozenset[int]:
        """Take the configured shards; the shards now held. Raises ShardsInUse when a live process holds one."""
        ...

    async def renew(self, now: float) -> frozenset[int]:
        """Refresh the heartbeat, take over silent shards, let go of handed-back ones; the shards now held.
        Raises ShardLeaseLost when a configured shard was claimed by another process."""
        ...

    async def release(self) -> None:
        """Let go of every shard (a clean stop): others may take them over at once."""
        ...


class LocalShardLeases:
    """One process on a store no other process can open (SQLite): it holds every shard, always."""

    def __init__(self, shard_count: int) -> None:
        self._all = frozenset(range(shard_count))

    async def claim(self, now: float) -> frozenset[int]:
        """Every shard."""
        return self._all

    async def renew(self, now: float) -> frozenset[int]:
        """Every shard."""
        return self._all

    async def release(self) -> None:
        """Nothing to release."""


class PostgresShardLeases:
    """Shard leases in the `shard_leases` table of a PostgreSQL database shared by several processes."""

    def __init__(self, pool: asyncpg.Pool, shard_count: int, shard_ids: Sequence[int], stale_after: float,
                 *, token: str | None = None, pid: int | None = None, host: str | None = None) -> None:
        self._pool = pool
        self.count = shard_count
        self.ids = frozenset(shard_ids)
        self.stale_after = stale_after
        self.token = token or secrets.token_hex(16)
        self.pid = os.getpid() if pid is None else pid
        self.host = socket.gethostname() if host is None else host
        self.mark = run_mark(self.pid)
        self._column_checked = False

    def _idle_limit_ms(self) -> int:
        """How long (ms) the server lets a lease transaction sit idle before it ends the session."""
        return max(1000, int(self.stale_after * 500))

    @asynccontextmanager
    async def _transaction(self, what: str) -> AsyncIterator[Any]:
        """A connection in a transaction holding the lease lock; driver errors become DatabaseError."""
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                # A process frozen inside this transaction (SIGSTOP, a suspended VM) would hold the lease lock,
                # and with it every other process's claim and renewal, until its connection died. The server
                # ends such a session after half the lease timeout, so the others can take its shards over.
                await conn.execute(
                    f"SET LOCAL idle_in_transaction_session_timeout = {self._idle_limit_ms()}")
                await conn.execute("SELECT pg_advisory_xact_lock($1)", LEASE_LOCK_KEY)
                await conn.execute(CREATE_TABLE)
                if not self._column_checked:
                    await conn.execute(ADD_MARK)
                yield conn
            self._column_checked = True  # committed: a rolled-back ALTER is tried again next time
        except driver_errors() as error:
            raise DatabaseError(f"{what} failed: {error}") from error

    async def _rows(self, conn: Any) -> list[LeaseRow]:
        records = await conn.fetch(
            "SELECT shard_count, shard_id, token, owner_pid, owner_host, configured, heartbeat_at, owner_mark"
            " FROM shard_leases"
        )
        return [LeaseRow(**dict(r)) for r in records]

    async def _take(self, conn: Any, shard_id: int, configured: bool, now: float) -> None:
        await conn.execute(
            "INSERT INTO shard_leases (shard_count, shard_id, token, owner_pid, owner_host, configured, heartbeat_at,"
            " owner_mark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (shard_count, shard_id) DO UPDATE SET"
            " token = EXCLUDED.token, owner_pid = EXCLUDED.owner_pid, owner_host = EXCLUDED.owner_host,"
            " configured = EXCLUDED.configured, heartbeat_at = EXCLUDED.heartbeat_at, owner_mark = EXCLUDED.owner_mark",
            self.count, shard_id, self.token, self.pid, self.host, configured, now, self.mark,
        )

    def _held_by_other(self, row: LeaseRow, now: float) -> bool:
        """Whether another process holds `row` now: it refreshed it lately and has not exited on this machine."""
        if row.token == self.token or not row.live(now, self.stale_after):
            return False
        if row.holder_exited(self.host):
            log.warning("shard %d of %d: its holder (%s) has exited; not waiting for its lease to run out",
                        row.shard_id, row.shard_count, row.describe(now))
            return False
        return True

    async def claim(self, now: float) -> frozenset[int]:
        """Take the configured shards (a stand-in holding one lets go); raises ShardsInUse when a live
        configured holder has one, or a live process runs with another SHARD_COUNT."""
        async with self._transaction("claiming the shard leases") as conn:
            rows = await self._rows(conn)
            for row in rows:
                in_the_way = row.shard_count != self.count or (row.shard_id in self.ids and row.configured)
                if not in_the_way or not self._held_by_other(row, now):
                    continue
                if row.shard_count != self.count:
                    raise ShardsInUse(
                        f"another Gnomehost process ({row.describe(now)}) runs with SHARD_COUNT={row.shard_count} on "
                        f"this database, this one with SHARD_COUNT={self.count}. Every process of one bot must use "
                        "the same SHARD_COUNT."
                    )
                if row.shard_id in self.ids and row.configured and self.count == 1:
                    raise ShardsInUse(
                        f"another Gnomehost process ({row.describe(now)}) serves this database. Two processes on "
                        "one database would answer and announce everything twice: stop the other one first, or "
                        "split the servers between processes with SHARD_COUNT and SHARD_IDS (see docs/deploy.md). "
                        f"A process silent for {self.stale_after:.0f} s is taken over."
                    )
                if row.shard_id in self.ids and row.configured:
                    raise ShardsInUse(
                        f"shard {row.shard_id} of {self.count} is held by another Gnomehost process "
                        f"({row.describe(now)}). Two processes with the same shard would answer and announce "
                        "everything twice: give each process its own SHARD_IDS, or stop the other one first. "
                        f"A holder silent for {self.stale_after:.0f} s is taken over."
                    )
            for shard_id in sorted(self.ids):
                await self._take(conn, shard_id, True, now)
            return await self._held(conn, now)

    async def renew(self, now: float) -> frozenset[int]:
        """Refresh this process's rows, take over every shard nobody live holds, drop handed-back stand-ins."""
        async with self._transaction("renewing the shard leases") as conn:
            rows = {row.shard_id: row for row in await self._rows(conn) if row.shard_count == self.count}
            for shard_id in sorted(self.ids):
                row = rows.get(shard_id)
                if row is not None and row.configured and self._held_by_other(row, now):
                    raise ShardLeaseLost(
                        f"shard {shard_id} of {self.count} was claimed by another Gnomehost process "
                        f"({row.describe(now)}) while this one was silent for too long; stopping so that only one "
                        "process serves it."
                    )
                await self._take(conn, shard_id, True, now)  # a stand-in holding it lets go at its next renewal
            for shard_id in range(self.count):
                if shard_id in self.ids:
                    continue
                row = rows.get(shard_id)
                if row is not None and row.token == self.token:
                    await conn.execute(
                        "UPDATE shard_leases SET heartbeat_at = $3 WHERE shard_count = $1 AND shard_id = $2",
                        self.count, shard_id, now,
                    )
                elif row is None or not self._held_by_other(row, now):
                    if row is not None and row.token is not None and not row.live(now, self.stale_after):
                        log.warning("shard %d of %d: its holder (%s) went silent; taking it over", shard_id,
                                    self.count, row.describe(now))
                    await self._take(conn, shard_id, False, now)
            return await self._held(conn, now)

    async def _held(self, conn: Any, now: float) -> frozenset[int]:
        records = await conn.fetch(
            "SELECT shard_id FROM shard_leases WHERE shard_count = $1 AND token = $2", self.count, self.token
        )
        return frozenset(int(r["shard_id"]) for r in records)

    async def release(self) -> None:
        """Let go of every row this process holds (others take them over at their next renewal)."""
        async with self._transaction("releasing the shard leases") as conn:
            await conn.execute(
                "UPDATE shard_leases SET token = NULL, configured = FALSE WHERE token = $1", self.token
            )

    async def rows(self) -> list[LeaseRow]:
        """Every stored lease (for tests and diagnostics)."""
        async with self._transaction("reading the shard leases") as conn:
            return await self._rows(conn)


def open_shard_leases(store: object, shard_count: int, shard_ids: Sequence[int], stale_after: float) -> ShardLeases:
    """The leases for a process holding `shard_ids` of `shard_count` on `store` (any Store; a wrapper
    exposing `.inner` is looked through): PostgreSQL leases on a PostgresStore, else local ones."""
    while hasattr(store, "inner"):
        store = store.inner
    pool = getattr(store, "pool", None)
    if pool is None:
        return LocalShardLeases(shard_count)
    return PostgresShardLeases(pool, shard_count, shard_ids, stale_after)
