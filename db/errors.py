"""Storage errors."""

from __future__ import annotations


class DatabaseError(Exception):
    """Base of the storage layer's own errors."""


class SchemaTooNew(DatabaseError):
    """The file was written by a newer Gnomehost; it is refused and left untouched."""

    def __init__(self, path: str, found: int, supported: int) -> None:
        super().__init__(
            f"The database {path} has schema version {found}, but this Gnomehost only knows versions up to "
            f"{supported}. It was written by a newer release. The file was not changed: upgrade Gnomehost, "
            f"or point DATABASE_PATH at another file."
        )
        self.path = path
        self.found = found
        self.supported = supported


class DatabaseInUse(DatabaseError):
    """Another Gnomehost process holds the database's lease; this one is refused (nothing was changed)."""

    def __init__(self, path: str, who: str, *, stale_after: float | None = None) -> None:
        takeover = (
            ""
            if stale_after is None
            else f" If that machine is gone for good, start again once its lease is {stale_after:.0f} s old:"
            " a lease nobody refreshes for that long is taken over."
        )
        super().__init__(
            f"The database {path} is in use by another Gnomehost process ({who}). A second process on the "
            "same database is refused: two bots would announce every move twice and overwrite each other's "
            "changes. Stop the other process first, or point DATABASE_PATH at another file." + takeover
        )
        self.path = path
        self.who = who


class SchemaMismatch(DatabaseError):
    """The file's schema does not match what it holds (e.g. its -wal file was deleted); refused untouched."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(
            f"The database {path} is refused: {reason} The file was not changed. This happens when its -wal "
            "file was deleted or the file was copied while the bot was running. Restore the newest backup "
            "(`python -m db.backup list`, then `python -m db.backup restore FILE`; see BACKUP_DIR in the "
            "README), or move the file aside to start with an empty database."
        )
        self.path = path
        self.reason = reason


class LogLost(DatabaseError):
    """The database's -wal file, holding confirmed moves not yet in the main file, is gone or shorter.

    The start is refused and nothing is changed: serving the file would show players an older game history.
    """

    def __init__(self, path: str, reason: str, newest_backup: str | None, state_file: str) -> None:
        backup = (
            f"The newest backup is {newest_backup}: restore it with `python -m db.backup restore "
            f"{newest_backup}`, then start the bot."
            if newest_backup is not None
            else "There is no backup of it in BACKUP_DIR to restore."
        )
        super().__init__(
            f"The database {path} is missing moves that players were told were saved: {reason} "
            "This happens when that file is deleted or replaced after the bot crashed or was killed. "
            f"The file was not changed. {backup} To go on without those moves instead, delete {state_file} "
            "and start again."
        )
        self.path = path
        self.reason = reason
        self.newest_backup = newest_backup
        self.state_file = state_file


class DatabaseNotWritable(DatabaseError):
    """The database file, or the folder it lives in, cannot be created, opened or written by this process."""

    def __init__(self, path: str, error: OSError) -> None:
        where = f" ({error.filename})" if error.filename else ""
        super().__init__(
            f"The database {path} cannot be opened for writing: {error.strerror or error}{where}. Gnomehost "
            "writes the file and creates small files next to it (its -wal, -shm and .state files), so the "
            "folder must exist (or be creatable) and be writable by the user running the bot. Fix the "
            "folder's permissions, or point DATABASE_PATH at another file."
        )
        self.path = path
        self.error = error


class BackupError(DatabaseError):
    """A backup could not be taken, or a file offered for restore is not a usable Gnomehost backup."""


class StoreUnavailable(DatabaseError):
    """The store named by DATABASE_URL cannot be used (unknown scheme, or its driver is not installed)."""


class StoreDown(DatabaseError):
    """The store could not do its work right now: the disk is full, the file is read-only or failing, or the
    database server cannot be reached. Nothing of the failed call was stored; the same call may work later.
    """


class WriteConflict(DatabaseError):
    """A guarded write found the stored data other than the caller expected: nothing was written.

    The caller's copy is out of date (another process or task wrote first): reload and decide again.
    """


class VersionConflict(WriteConflict):
    """A move was stored against a game version that is no longer the stored one (or its seq is taken)."""

    def __init__(self, game_id: int, expected_version: int) -> None:
        super().__init__(f"game {game_id} is no longer at version {expected_version}")
        self.game_id = game_id
        self.expected_version = expected_version


class RevisionConflict(WriteConflict):
    """A table change (seats, settings) was made from a copy of the row older than the stored one."""

    def __init__(self, game_id: int, revision: int) -> None:
        super().__init__(f"game {game_id} is no longer at revision {revision} (or no longer in that status)")
        self.game_id = game_id
        self.revision = revision


class ChannelTaken(WriteConflict):
    """A new game was refused: its channel already has an open (lobby or running) game.

    `game_id` is that game when it is known (None when it appeared between the check and the insert).
    """

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        super().__init__(f"channel {channel_id} already has an open game ({game_id})")
        self.channel_id = channel_id
        self.game_id = game_id


class SeatsFull(WriteConflict):
    """A seat was refused: the table already holds its maximum number of seats."""

    def __init__(self, game_id: int, limit: int) -> None:
        super().__init__(f"game {game_id} already has {limit} seats")
        self.game_id = game_id
        self.limit = limit


class NotALobby(WriteConflict):
    """A game could not be started: it is no longer a lobby (started or closed meanwhile)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} is no longer a lobby")
        self.game_id = game_id
