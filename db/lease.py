"""One bot process per database: an OS lock on the database file held for the process's life, plus a lease row.

The lock (`flock` on the database file itself, through a descriptor of its own)
is the guard on one machine. It belongs to the file, not to a name: a second
process reaching the same file through a hard link or a symlink is refused as
well. `flock` locks are separate from the POSIX record locks SQLite takes on the
same file, so the two never disturb each other (closing our descriptor would
drop this process's POSIX locks, which is why it stays open until every SQLite
connection of the process is closed). The kernel drops the lock when the process
dies, however it dies, so a crashed bot restarts at once. WAL mode, which
Gnomehost needs, does not work on network file systems, so a local lock is enough
there; for storage that hides a lock from other machines anyway, the `lease` row
(schema 3) names the owner's pid and host and carries a heartbeat. A row
refreshed within the timeout by another host refuses us; an older one (that
machine died) is taken over. A row written by this host is always ours to take:
holding the lock proves its writer is gone.

The holder also keeps the state file beside the database (db/log_mark.py): its
pid and host, and the mark that refuses a start whose -wal file went missing.

A process holds at most one Lease per database file (`acquire` is re-entrant);
every `open_database` in a process holding the lease attaches to it, claims the
row through its writer and keeps the heartbeat going.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
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

from db.backup_files import DEFAULT_BACKUP_DIR, newest_backup
from db.errors import DatabaseInUse, DatabaseNotWritable, LogLost
from db.log_mark import LogMark, State, log_problem, read_state, state_path, write_state
from db.steady import StepGuard

log = logging.getLogger(__name__)

LEASE_TIMEOUT_SECONDS = 120.0

Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class LeaseOwner:
    """Who holds (or last held) a database: the lease row, or the state file and the kernel's lock table."""

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


FileKey = tuple[int, int]


def _file_key(fd: int) -> FileKey:
    info = os.fstat(fd)
    return info.st_dev, info.st_ino


def _key_of(database_path: str | Path) -> FileKey | None:
    """(device, inode) of the database file, or None when it does not exist yet."""
    try:
        info = os.stat(database_path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


class Lease:
    """This process's exclusive hold on one database file: the locked descriptor, the row token, the log mark."""

    def __init__(
        self, database_path: str, fd: int, owner: LeaseOwner, timeout: float, clock: Clock, mark: LogMark
    ) -> None:
        self.database_path = database_path
        self.owner = owner
        self.mark = mark
        self._key = _file_key(fd)
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
        """Whether the database file is still locked by us."""
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
        """Drop one reference; the last one unlocks the database file (idempotent once unlocked)."""
        with _REGISTRY_LOCK:
            if self._fd is None:
                return
            self._refs -= 1
            if self._refs > 0:
                return
            fd, self._fd = self._fd, None
            _HELD.pop(self._key, None)
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


_HELD: dict[FileKey, Lease] = {}
_REGISTRY_LOCK = threading.Lock()


def held_lease(database_path: str | Path) -> Lease | None:
    """The lease this process holds on `database_path`, if any."""
    key = _key_of(database_path)
    if key is None:
        return None
    with _REGISTRY_LOCK:
        lease = _HELD.get(key)
        return lease if lease is not None and lease.held else None


def acquire(
    database_path: str | Path,
    *,
    timeout: float = LEASE_TIMEOUT_SECONDS,
    clock: Clock = time.time,
    backup_dir: str | Path = DEFAULT_BACKUP_DIR,
    check_log: bool = True,
) -> Lease:
    """Take the lease on `database_path` (or another reference to the one this process holds).

    Locks the database file (creating an empty one if needed) without waiting,
    then reads the lease row if the file already has one: DatabaseInUse, naming
    the other owner, if either says the database is in use, under any name of
    the file. With `check_log`, LogLost (naming the newest backup in
    `backup_dir`) when the state file says the -wal file held confirmed moves
    and it is gone or shorter now. DatabaseNotWritable when the file or its
    folder cannot be created, opened or written. Blocking (file system and a
    short read): call it from a thread in async code (`acquire_lease`).
    """
    path = str(database_path)
    key = _key_of(path)
    with _REGISTRY_LOCK:
        existing = _HELD.get(key) if key is not None else None
        if existing is not None and existing.held:
            existing._refs += 1
            return existing
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise DatabaseNotWritable(path, error) from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise DatabaseNotWritable(path, error) from None
            raise DatabaseInUse(path, _describe_holder(fd, path, clock())) from None
        device, inode = _file_key(fd)
        state = read_state(state_path(path))
        # A mark left for another file (this one was restored or replaced since) says nothing about this one.
        mark = state.mark if state.mark is not None and _key_of_mark(state) == (device, inode) else None
        if check_log and mark is not None:
            problem = log_problem(path, mark)
            if problem is not None:
                newest = newest_backup(backup_dir, path)
                raise LogLost(path, problem, None if newest is None else str(newest), str(state_path(path)))
        owner = LeaseOwner(os.getpid(), this_host(), clock(), None, secrets.token_hex(16))
        # A mark for this very file stays until a checkpoint of ours makes it true no longer.
        kept = State(owner.pid, owner.host, owner.started_at, mark)
        try:
            write_state(state_path(path), kept)
        except OSError as error:
            raise DatabaseNotWritable(path, error) from None
        lease = Lease(path, fd, owner, timeout, clock, LogMark(path, device, inode, kept))
        row = _peek_lease_row(path)
        if row is not None and row.token is not None:
            refusal = lease.refusal(row, clock())
            if refusal is not None:
                raise refusal
    except BaseException:
        # Closing the only descriptor also drops the lock. No SQLite connection of this process is open on
        # the file yet (that is the caller's contract), so no POSIX lock of SQLite's goes with it.
        os.close(fd)
        raise
    with _REGISTRY_LOCK:
        _HELD[(device, inode)] = lease
    log.info("took the lease on %s (locked the file itself, state in %s)", path, state_path(path))
    return lease


async def acquire_lease(
    database_path: str | Path,
    *,
    timeout: float = LEASE_TIMEOUT_SECONDS,
    clock: Clock = time.time,
    backup_dir: str | Path = DEFAULT_BACKUP_DIR,
) -> Lease:
    """`acquire` on a worker thread, for async code."""
    return await asyncio.to_thread(acquire, database_path, timeout=timeout, clock=clock, backup_dir=backup_dir)


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


def _key_of_mark(state: State) -> FileKey | None:
    return None if state.mark is None else (state.mark.device, state.mark.inode)


def _describe_holder(fd: int, path: str, now: float) -> str:
    """Who holds the lock on the file open as `fd`, in words for the refusal.

    The kernel's lock table names the holder whatever name it opened the file
    by; the state file (written under the name it used) adds its start time
    when it names the same process. The database itself is not opened: a
    SQLite connection under a second name would start a second log beside it.
    """
    pid = _flock_holder(*_file_key(fd))
    known = read_state(state_path(path))
    if pid is not None:
        started = known.started_at if known.pid == pid and known.host == this_host() else None
        return LeaseOwner(pid, this_host(), started).describe(now)
    if known.pid is not None and known.host is not None:
        return LeaseOwner(known.pid, known.host, known.started_at).describe(now)
    return f"it holds a lock on the file {os.path.realpath(path)}"


def _flock_holder(device: int, inode: int) -> int | None:
    """The pid holding a `flock` on (device, inode), from Linux's /proc/locks; None when it cannot be told."""
    wanted = f"{os.major(device):02x}:{os.minor(device):02x}:{inode}"
    try:
        with open("/proc/locks") as table:
            for line in table:
                fields = line.split()
                # "1: FLOCK  ADVISORY  WRITE 6901 fe:00:2147072 0 EOF"; lines of waiters carry "->" first.
                if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == wanted and fields[4].isdigit():
                    pid = int(fields[4])
                    return pid if pid > 0 else None
    except OSError:
        return None  # not Linux, or /proc is not mounted
    return None


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
