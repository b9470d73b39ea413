"""One bot process per database: an OS file lock held for the process's life, plus a lease row.

The lock (`flock` on `<database>.lock`, next to the real path of the database)
is the guard on one machine: the kernel drops it when the process dies, however
it dies, so a crashed bot restarts at once. Some shared storage does not show a
lock taken on one machine to another; for that case the `lease` row (schema 3)
names the owner's pid and host and carries a heartbeat. A row refreshed within
the timeout by another host refuses us; an older one (that machine died) is
taken over. A row written by this host is always ours to take: holding the lock
proves its writer is gone.

A process holds at most one Lease per database file (`acquire` is re-entrant);
every `open_database` in a process holding the lease attaches to it, claims the
row through its writer and keeps the heartbeat going.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import json
import logging
import os
import secrets
import socket
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.request import pathname2url

from db.errors import DatabaseInUse
from db.steady import StepGuard

log = logging.getLogger(__name__)

LEASE_TIMEOUT_SECONDS = 120.0

Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class LeaseOwner:
    """Who holds (or last held) a database: the lease row or the lock file's contents."""

    pid: int
    host: str
    started_at: float | None
    heartbeat_at: float | None = None
    token: str | None = None

    def describe(self, now: float) -> str:
        """'pid 123 on host "x", last heartbeat 5 s ago' for messages."""
        text = f'pid {self.pid} on host "{self.host}"'
        if self.heartbeat_at is not None:
            text += f", last heartbeat {max(0.0, now - self.heartbeat_at):.0f} s ago"
        elif self.started_at is not None:
            text += f", started {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime(self.started_at))}"
        return text


def this_host() -> str:
    """The name this machine writes into the lease."""
    return socket.gethostname() or "unknown-host"


def lock_path(database_path: str | Path) -> Path:
    """The sidecar lock file of a database: `<real path of the database>.lock` (symlinks resolved)."""
    return Path(os.path.realpath(database_path) + ".lock")


def _key(database_path: str | Path) -> str:
    return os.path.realpath(database_path)


class Lease:
    """This process's exclusive hold on one database file: the open, locked lock file and the row token."""

    def __init__(self, database_path: str, fd: int, owner: LeaseOwner, timeout: float, clock: Clock) -> None:
        self.database_path = database_path
        self.owner = owner
        self.timeout = timeout
        self._fd: int | None = fd
        self._clock = clock
        self._refs = 1
        self._attached = 0
        self._lost_reason: str | None = None
        self._lost_event: asyncio.Event | None = None

    @property
    def token(self) -> str:
        """The random token this process writes into the lease row."""
        assert self.owner.token is not None
        return self.owner.token

    @property
    def held(self) -> bool:
        """Whether the lock file is still locked by us."""
        return self._fd is not None

    # -- the row ----------------------------------------------------------------------------

    def claim(self, conn: sqlite3.Connection) -> None:
        """Write ourselves into the lease row (a write step, run inside a transaction).

        Raises DatabaseInUse when another host refreshed the row within the timeout.
        """
        row = read_lease_row(conn)
        now = self._clock()
        if row is not None and row.token not in (None, self.token):
            refusal = self.refusal(row, now)
            if refusal is not None:
                raise refusal
            if row.host == this_host():
                log.info("taking over the lease of %s: it has exited (the lock was free)", row.describe(now))
            else:
                log.warning("taking over the stale lease of %s (older than %.0f s)", row.describe(now), self.timeout)
        conn.execute(
            "INSERT INTO lease (id, token, owner_pid, owner_host, started_at, heartbeat_at) VALUES (1, ?, ?, ?, ?, ?) "
            "ON CONFLICT (id) DO UPDATE SET token = excluded.token, owner_pid = excluded.owner_pid, "
            "owner_host = excluded.owner_host, started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at",
            (self.token, self.owner.pid, self.owner.host, self.owner.started_at, now),
        )

    def beat(self, conn: sqlite3.Connection) -> bool:
        """Refresh our heartbeat (a write step); False when another process has taken the lease over."""
        now = self._clock()
        updated = conn.execute("UPDATE lease SET heartbeat_at = ? WHERE id = 1 AND token = ?", (now, self.token))
        if updated.rowcount == 1:
            return True
        row = read_lease_row(conn)
        if row is not None and row.token is not None:
            return False
        # The row was released (another Database of this process closed) or is missing: hold it again.
        self.claim(conn)
        return True

    def clear(self, conn: sqlite3.Connection) -> None:
        """Release the row if it is still ours (a write step), so the next start anywhere need not wait."""
        conn.execute(
            "UPDATE lease SET token = NULL, owner_pid = NULL, owner_host = NULL, started_at = NULL, "
            "heartbeat_at = NULL WHERE id = 1 AND token = ?",
            (self.token,),
        )

    def refusal(self, row: LeaseOwner, now: float) -> DatabaseInUse | None:
        """The error refusing us because of `row`, or None when the row may be taken over."""
        if row.token == self.token or row.host == this_host():
            return None
        if row.heartbeat_at is not None and now - row.heartbeat_at < self.timeout:
            return DatabaseInUse(self.database_path, row.describe(now), stale_after=self.timeout)
        return None

    # -- lifetime ---------------------------------------------------------------------------

    def attach(self) -> None:
        """Count one more open Database using this lease (each also holds one reference)."""
        with _REGISTRY_LOCK:
            self._attached += 1

    def detach(self) -> bool:
        """Count one Database fewer; True when it was the last one (it should clear the row)."""
        with _REGISTRY_LOCK:
            self._attached -= 1
            return self._attached == 0

    def release(self) -> None:
        """Drop one reference; the last one unlocks the lock file (idempotent once unlocked)."""
        with _REGISTRY_LOCK:
            if self._fd is None:
                return
            self._refs -= 1
            if self._refs > 0:
                return
            fd, self._fd = self._fd, None
            _HELD.pop(_key(self.database_path), None)
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    def mark_lost(self, reason: str) -> None:
        """Record that another process took the lease over; wakes `wait_lost`."""
        if self._lost_reason is None:
            self._lost_reason = reason
            log.error("%s", reason)
        if self._lost_event is not None:
            self._lost_event.set()

    @property
    def lost_reason(self) -> str | None:
        """Why the lease was lost, or None while it is ours."""
        return self._lost_reason

    async def wait_lost(self) -> str:
        """Wait until the lease is lost; the paragraph saying so."""
        if self._lost_event is None:
            self._lost_event = asyncio.Event()
        if self._lost_reason is None:
            await self._lost_event.wait()
        assert self._lost_reason is not None
        return self._lost_reason


_HELD: dict[str, Lease] = {}
_REGISTRY_LOCK = threading.Lock()


def held_lease(database_path: str | Path) -> Lease | None:
    """The lease this process holds on `database_path`, if any."""
    with _REGISTRY_LOCK:
        lease = _HELD.get(_key(database_path))
        return lease if lease is not None and lease.held else None


def acquire(database_path: str | Path, *, timeout: float = LEASE_TIMEOUT_SECONDS, clock: Clock = time.time) -> Lease:
    """Take the lease on `database_path` (or another reference to the one this process holds).

    Takes the lock file without waiting, then reads the lease row if the file
    already has one: DatabaseInUse, naming the other owner, if either says the
    database is in use. Blocking (file system and a short read): call it from a
    thread in async code (`acquire_lease`).
    """
    key = _key(database_path)
    with _REGISTRY_LOCK:
        existing = _HELD.get(key)
        if existing is not None and existing.held:
            existing._refs += 1
            return existing
    path = str(database_path)
    lock = lock_path(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            holder = _read_lock_file(fd)
            who = holder.describe(clock()) if holder else f"it holds the lock file {lock}"
            raise DatabaseInUse(path, who) from None
        owner = LeaseOwner(os.getpid(), this_host(), clock(), None, secrets.token_hex(16))
        _write_lock_file(fd, owner)
        lease = Lease(path, fd, owner, timeout, clock)
        row = _peek_lease_row(path)
        if row is not None and row.token is not None:
            refusal = lease.refusal(row, clock())
            if refusal is not None:
                raise refusal
    except BaseException:
        os.close(fd)  # closing the only descriptor also drops the lock
        raise
    with _REGISTRY_LOCK:
        _HELD[key] = lease
    log.info("took the lease on %s (lock file %s)", path, lock)
    return lease


async def acquire_lease(
    database_path: str | Path, *, timeout: float = LEASE_TIMEOUT_SECONDS, clock: Clock = time.time
) -> Lease:
    """`acquire` on a worker thread, for async code."""
    return await asyncio.to_thread(acquire, database_path, timeout=timeout, clock=clock)


def read_lease_row(conn: sqlite3.Connection) -> LeaseOwner | None:
    """The lease row (None when the table does not exist yet or nobody ever held it)."""
    try:
        row = conn.execute(
            "SELECT owner_pid, owner_host, started_at, heartbeat_at, token FROM lease WHERE id = 1"
        ).fetchone()
    except sqlite3.OperationalError:
        return None  # a file older than schema 3
    if row is None or row[4] is None:
        return None  # released
    return LeaseOwner(int(row[0] or 0), str(row[1] or ""), row[2], row[3], row[4])


def _peek_lease_row(path: str) -> LeaseOwner | None:
    """The lease row of an existing file, read on a short-lived connection (None for a new or foreign file)."""
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        return None
    try:
        # Read-only: closing a read-write connection could checkpoint a file we are about to refuse.
        conn = sqlite3.connect(f"file:{pathname2url(os.path.abspath(path))}?mode=ro", uri=True, timeout=10.0)
    except sqlite3.Error:
        return None
    try:
        return read_lease_row(conn)
    except sqlite3.DatabaseError:
        return None  # not a database: open_database says so in its own words
    finally:
        conn.close()


def _write_lock_file(fd: int, owner: LeaseOwner) -> None:
    data = json.dumps({"pid": owner.pid, "host": owner.host, "started_at": owner.started_at}).encode()
    os.ftruncate(fd, 0)
    os.pwrite(fd, data + b"\n", 0)


def _read_lock_file(fd: int) -> LeaseOwner | None:
    try:
        raw = os.pread(fd, 4096, 0)
        data = json.loads(raw.decode() or "null")
        return LeaseOwner(int(data["pid"]), str(data["host"]), float(data["started_at"]))
    except (OSError, ValueError, TypeError, KeyError):
        return None  # written by nobody yet, or being rewritten right now


async def heartbeat_loop(
    lease: Lease, write: Callable[[Callable[[sqlite3.Connection], bool]], Awaitable[bool]], interval: float
) -> None:
    """Refresh the lease row every `interval` seconds through `write` (the database's writer) until cancelled.

    A heartbeat that finds another owner marks the lease lost and stops; a
    failing write is logged and retried at the next beat (the lock still holds
    on this machine).
    """
    guard = StepGuard(f"refreshing the lease on {lease.database_path}", log)
    while True:
        await asyncio.sleep(interval)
        ours = await guard.run(lambda: write(lease.beat))
        if ours is None:
            continue
        if not ours:
            lease.mark_lost(
                f"Gnomehost stopped: another process took over the lease on the database {lease.database_path} "
                f"(this process's heartbeat was older than {lease.timeout:.0f} s). Two bots must never run on one "
                "database: check which machine should run the bot and start only that one."
            )
            return
