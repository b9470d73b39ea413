"""The SQLite file a process serves from: its lease, taken before anything else and kept until exit, and its
backups every BACKUP_MINUTES while the process runs.

A PostgreSQL store has neither: the store itself refuses a second process with the same shards
(app.store_process), and the database server is backed up by its own tools.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path

from app.settings import Settings
from db.backup import BackupPolicy, backup_loop
from db.lease import Lease, acquire_lease
from db.url import sqlite_path

log = logging.getLogger(__name__)


class FileHold:
    """The lease of the process's SQLite file and, when BACKUP_MINUTES is set, the loop backing it up."""

    def __init__(self, lease: Lease, backups: asyncio.Task[None] | None) -> None:
        self.lease = lease
        self._backups = backups

    @classmethod
    async def take(cls, settings: Settings) -> FileHold | None:
        """Take the SQLite file's lease and start its backups; None when the store is not a SQLite file.

        Raises the lease's refusals (DatabaseInUse, LogLost, DatabaseNotWritable) for bot.py to explain.
        """
        path = sqlite_path(settings.store_url)
        if path is None:
            return None
        lease = await acquire_lease(path, timeout=settings.lease_timeout_seconds, backup_dir=settings.backup_dir)
        backups: asyncio.Task[None] | None = None
        if settings.backup_minutes > 0:
            policy = BackupPolicy(Path(settings.backup_dir), settings.backup_keep, settings.backup_minutes)
            backups = asyncio.create_task(backup_loop(path, policy), name="backups")
        return cls(lease, backups)

    async def release(self) -> None:
        """Stop the backups, then give the file's lease up."""
        if self._backups is not None:
            self._backups.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._backups
        self.lease.release()
