"""The state file beside a database: who holds it, and whether confirmed commits live only in its -wal.

In WAL mode a commit is appended to `<database>-wal`; a checkpoint later copies
it into the main file. If that log is deleted after a crash, SQLite opens the
main file as it was at the last checkpoint without a word, and the moves since
are gone although players were told they were stored. So the lease holder keeps
a mark in `<real path of the database>.state`: "this file (device, inode) has
commits beyond the last checkpoint, in a log at least N bytes long, while the
main file has this size and modification time". The mark is written (and
synced) after the first commit past a checkpoint and before that commit is
confirmed, and removed after a complete checkpoint, before the log is emptied:
at most two small writes per checkpoint interval, never one per move (each
commit costs one `stat` of the main file, which notices SQLite's own size-bound
checkpoints and refreshes the mark then).

A start that finds the mark but no log, or a shorter one, is refused, unless the
main file changed since the mark was written: only a checkpoint writes the main
file in WAL mode, and SQLite deletes a log by itself (when the last connection
closes, say a `sqlite3` shell opened after the crash) only after copying all of
it. So a log gone with the main file untouched means the commits are lost.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Mark:
    """Commits beyond the last checkpoint exist for the file (device, inode), in a log of at least `wal_bytes`,
    while the main file was `main_bytes` long and last written at `main_mtime_ns`."""

    device: int
    inode: int
    wal_bytes: int
    main_bytes: int
    main_mtime_ns: int


@dataclass(frozen=True, slots=True)
class State:
    """The contents of the state file: the last holder (pid, host, start time) and the mark, if any."""

    pid: int | None = None
    host: str | None = None
    started_at: float | None = None
    mark: Mark | None = None


def state_path(database_path: str | Path) -> Path:
    """The state file of a database: `<real path of the database>.state` (symlinks resolved)."""
    return Path(os.path.realpath(database_path) + ".state")


def wal_path(database_path: str | Path) -> Path:
    """Where SQLite keeps the database's log: next to the real file (SQLite resolves symlinks too)."""
    return Path(os.path.realpath(database_path) + "-wal")


def read_state(path: Path) -> State:
    """The state file's contents; an empty State when it is missing or unreadable."""
    try:
        data = json.loads(path.read_text() or "null")
        mark = data.get("mark")
        return State(
            int(data["pid"]) if data.get("pid") is not None else None,
            str(data["host"]) if data.get("host") is not None else None,
            float(data["started_at"]) if data.get("started_at") is not None else None,
            Mark(
                int(mark["device"]), int(mark["inode"]), int(mark["wal_bytes"]), int(mark["main_bytes"]),
                int(mark["main_mtime_ns"]),
            )
            if mark
            else None,
        )
    except FileNotFoundError:
        return State()
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        log.warning("ignoring the unreadable state file %s", path)
        return State()


def write_state(path: Path, state: State) -> None:
    """Replace the state file with `state`, durably: a crash leaves either the old contents or the new."""
    mark = state.mark
    data = {
        "pid": state.pid,
        "host": state.host,
        "started_at": state.started_at,
        "mark": None
        if mark is None
        else {
            "device": mark.device,
            "inode": mark.inode,
            "wal_bytes": mark.wal_bytes,
            "main_bytes": mark.main_bytes,
            "main_mtime_ns": mark.main_mtime_ns,
        },
    }
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        try:
            os.write(fd, json.dumps(data).encode() + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)  # the rename itself must survive a power cut
    finally:
        os.close(folder)


def log_problem(database_path: str | Path, mark: Mark) -> str | None:
    """Why the log of `database_path` cannot hold the commits `mark` promises (None when it can)."""
    if _main_file(database_path) != (mark.main_bytes, mark.main_mtime_ns):
        return None  # a checkpoint wrote the main file since the mark: the log was copied, not lost
    wal = wal_path(database_path)
    try:
        size = wal.stat().st_size
    except FileNotFoundError:
        return (
            f"the bot had stored moves in {wal} that were not yet copied into the main file, "
            "and that file is gone."
        )
    if size < mark.wal_bytes:
        return (
            f"the bot had stored moves in {wal} that were not yet copied into the main file, and that file "
            f"is now shorter than it was ({size} bytes instead of at least {mark.wal_bytes})."
        )
    return None


def _main_file(database_path: str | Path) -> tuple[int, int] | None:
    """(size, modification time in ns) of the main file, None when it is gone."""
    try:
        info = os.stat(database_path)
    except FileNotFoundError:
        return None
    return info.st_size, info.st_mtime_ns


class LogMark:
    """The mark of one database file as this process keeps it (safe to use from several threads)."""

    def __init__(self, database_path: str, device: int, inode: int, state: State) -> None:
        self._database = database_path
        self._state_path = state_path(database_path)
        self._wal = wal_path(database_path)
        self._device = device
        self._inode = inode
        self._state = state
        self._lock = threading.Lock()
        self._commits = 0

    @property
    def state_file(self) -> Path:
        """The state file this mark is kept in."""
        return self._state_path

    @property
    def marked(self) -> bool:
        """Whether the state file says the log holds commits beyond the last checkpoint."""
        with self._lock:
            return self._state.mark is not None

    @property
    def commits(self) -> int:
        """How many commits this process has counted on the file so far."""
        with self._lock:
            return self._commits

    def note_commit(self) -> bool:
        """Count one commit; True when the mark must be written (`set`) before the commit is confirmed:
        there is none, or SQLite checkpointed by itself since it was written."""
        with self._lock:
            self._commits += 1
            return not self._current_locked()

    def set(self) -> None:
        """Write the mark for the files as they are now, unless it is up to date (blocking: a file sync)."""
        with self._lock:
            if self._current_locked():
                return
            try:
                wal = self._wal.stat().st_size
            except FileNotFoundError:
                wal = 0
            main = _main_file(self._database) or (0, 0)
            state = _with_mark(self._state, Mark(self._device, self._inode, wal, *main))
            write_state(self._state_path, state)
            self._state = state

    def _current_locked(self) -> bool:
        mark = self._state.mark
        return mark is not None and _main_file(self._database) == (mark.main_bytes, mark.main_mtime_ns)

    def clear_if_unchanged(self, commits: int) -> bool:
        """Remove the mark if no commit was counted since `commits` was read (blocking); whether it is gone.

        The caller read `commits` before a checkpoint that then completed: every
        commit counted by then is in the main file, a later one may not be.
        """
        with self._lock:
            if self._commits != commits:
                return False
            self._clear_locked()
            return True

    def clear_if_log_gone(self) -> None:
        """Remove the mark when the log file no longer exists (SQLite deletes it only after a full checkpoint)."""
        with self._lock:
            if not self._wal.exists():
                self._clear_locked()

    def _clear_locked(self) -> None:
        if self._state.mark is None:
            return
        state = _with_mark(self._state, None)
        write_state(self._state_path, state)
        self._state = state


def _with_mark(state: State, mark: Mark | None) -> State:
    return State(state.pid, state.host, state.started_at, mark)
