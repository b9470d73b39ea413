"""Keeping the main database file close behind its -wal file.

In WAL mode a commit only appends to `<database>-wal`; the main file catches up
at a checkpoint. SQLite checkpoints by itself when the log passes
`wal_autocheckpoint` pages (the size bound, set explicitly at open), but a quiet
bot may never get there: losing the -wal file would then lose every move since
the file was created. So the database also checkpoints after migrations, every
`CHECKPOINT_SECONDS` while there were writes (the time bound), and on close.
Checkpoints run on the writer thread, between group commits, never during one.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

log = logging.getLogger(__name__)

CHECKPOINT_SECONDS = 30.0
# SQLite's own size bound: a PASSIVE checkpoint at commit once the log holds this many pages (~4 MB).
AUTOCHECKPOINT_PAGES = 1000
# How long a checkpoint waits for readers to move on before it settles for what it can copy.
CHECKPOINT_BUSY_MS = 200


@dataclass(frozen=True, slots=True)
class CheckpointResult:
    """What `PRAGMA wal_checkpoint` reported: whether it was blocked, frames in the log, frames copied."""

    busy: bool
    log_frames: int
    checkpointed_frames: int

    @property
    def complete(self) -> bool:
        """Whether the main file now holds every committed transaction."""
        return not self.busy and self.checkpointed_frames >= self.log_frames


def checkpoint(conn: sqlite3.Connection, mode: str = "TRUNCATE") -> CheckpointResult:
    """Checkpoint on `conn` (the writer's connection, outside a transaction) and empty the log if possible.

    TRUNCATE waits for readers through the busy handler; the timeout is
    shortened meanwhile so a long reader (a backup) delays it by at most
    CHECKPOINT_BUSY_MS, after which it copies what it can, like PASSIVE.
    """
    if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
        raise ValueError(f"unknown checkpoint mode {mode!r}")
    previous = int(conn.execute("PRAGMA busy_timeout").fetchone()[0])
    conn.execute(f"PRAGMA busy_timeout = {CHECKPOINT_BUSY_MS}")
    try:
        busy, frames, copied = conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
    finally:
        conn.execute(f"PRAGMA busy_timeout = {previous}")
    result = CheckpointResult(bool(busy), int(frames), int(copied))
    if not result.complete:
        log.debug("checkpoint incomplete (readers active): %s", result)
    return result


async def checkpoint_loop(
    run: Callable[[], Awaitable[CheckpointResult]], dirty: Callable[[], bool], interval: float
) -> None:
    """Every `interval` seconds, checkpoint through `run` when `dirty()` says something was written since.

    Errors are logged and retried at the next tick: a missed checkpoint only
    widens the window, it loses nothing.
    """
    while True:
        await asyncio.sleep(interval)
        if not dirty():
            continue
        try:
            await run()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.warning("periodic checkpoint failed; retrying in %.0f s", interval, exc_info=True)
