"""Online backups of the database and restoring one; `python -m db.backup now|list|restore FILE`.

A backup is taken with SQLite's backup API on a connection of its own, in one
step: one read transaction, so the copy is one consistent moment even while the
bot keeps committing (WAL readers do not block the writer). It is written as
`<name>.part`, switched to a self-contained rollback-journal file, synced and
renamed to `<database stem>-<UTC time>.sqlite3`; only the newest `keep` files of
that pattern are kept.

A restore only reads the backup (it works on a private copy, so no -wal/-shm
appears beside it), checks it (integrity, a Gnomehost schema this release can
open), refuses while another process holds the database's lease (under any
name of the file: the lock is on the file itself), copies it next
to the database, releases the lease row it carries, moves the current database
(and its -wal) aside as `<database>.before-restore-<UTC time>`, and renames the
copy into place. The next start migrates it if it is older.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.request import pathname2url

from db.backup_files import DEFAULT_BACKUP_DIR, STAMP, backup_name, list_backups
from db.backup_files import stamp as _stamp
from db.errors import BackupError, DatabaseError, DatabaseInUse
from db.lease import acquire, held_lease
from db.migrations import LATEST_VERSION, read_file_state_sync, schema_problem
from db.steady import StepGuard

log = logging.getLogger(__name__)

DEFAULT_BACKUP_MINUTES = 60
DEFAULT_BACKUP_KEEP = 24
DEFAULT_DATABASE_PATH = "./gnomehost.db"

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_REFUSED = 2

STALE_PART_SECONDS = 3600


@dataclass(frozen=True, slots=True)
class BackupPolicy:
    """Where and how often the running bot backs up its database."""

    directory: Path
    keep: int = DEFAULT_BACKUP_KEEP
    minutes: float = DEFAULT_BACKUP_MINUTES


@dataclass(frozen=True, slots=True)
class RestoreResult:
    """What a restore did: the backup used, its schema version, where the replaced database went."""

    backup: Path
    version: int
    previous: Path | None


def rotate(directory: str | Path, database_path: str | Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` backups of `database_path`; the deleted files."""
    if keep < 1:
        raise ValueError("keep must be at least 1")
    old = list_backups(directory, database_path)[:-keep]
    for path in old:
        path.unlink(missing_ok=True)
    # A backup cut short by a crash leaves its .part file; one this old is no backup in progress.
    pattern = re.compile(re.escape(Path(database_path).stem) + r"-" + STAMP.pattern + r"\.sqlite3\.part")
    cutoff = time.time() - STALE_PART_SECONDS
    for part in Path(directory).glob("*.part"):
        with contextlib.suppress(OSError):
            if pattern.fullmatch(part.name) and part.stat().st_mtime < cutoff:
                part.unlink()
    return old


def _uri(path: str | Path, mode: str) -> str:
    return f"file:{pathname2url(os.path.abspath(path))}?mode={mode}"


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _copy(source: sqlite3.Connection, target: Path) -> None:
    """Copy `source` into a new file `target` in one backup step; the copy uses a rollback journal."""
    dst = sqlite3.connect(target)
    try:
        source.backup(dst)  # pages=-1: every page in one step, one read transaction on the source
        dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, no -wal beside it
    finally:
        dst.close()
    _fsync(target)


def take_backup(database_path: str | Path, directory: str | Path, *, now: datetime | None = None) -> Path:
    """Write one consistent backup of the database into `directory`; its path. Blocking: run it in a thread."""
    source_path = Path(database_path)
    if not source_path.is_file():
        raise BackupError(f"there is no database at {source_path} to back up")
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / backup_name(source_path, now or datetime.now(UTC))
    part = target.with_name(target.name + ".part")
    try:
        source = sqlite3.connect(_uri(source_path, "rw"), uri=True, timeout=10.0)
        try:
            _copy(source, part)
        finally:
            source.close()
        os.replace(part, target)
        _fsync(folder)
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    return target


async def backup_once(database_path: str | Path, directory: str | Path, keep: int) -> Path:
    """Take one backup and delete the ones beyond `keep` (on a worker thread, not the event loop); its path."""
    path = await asyncio.to_thread(take_backup, database_path, directory)
    removed = await asyncio.to_thread(rotate, directory, database_path, keep)
    log.info("backup written to %s (%d old backup(s) removed)", path, len(removed))
    return path


async def backup_loop(database_path: str | Path, policy: BackupPolicy) -> None:
    """Back up every `policy.minutes` minutes until cancelled; a failed backup is logged and tried next time."""
    guard = StepGuard(f"backing up {database_path} into {policy.directory}", log)
    while True:
        await asyncio.sleep(policy.minutes * 60)  # also after a failure: a backup is too heavy to retry sooner
        job = asyncio.ensure_future(backup_once(database_path, policy.directory, policy.keep))
        try:
            await asyncio.shield(job)
        except asyncio.CancelledError:
            # A stop during a backup lets it finish (seconds at most): no half-written file is left behind.
            with contextlib.suppress(Exception):
                await job
            raise
        except Exception as error:
            guard.failed(error)
        else:
            guard.succeeded()


def _private_copy(backup: Path, folder: Path) -> Path:
    """Copy a backup (and a -wal beside it, if any) into `folder`: SQLite may create -shm/-wal files next
    to a file it opens, and a restore must not leave any next to the operator's backup."""
    if not backup.is_file():
        raise BackupError(f"{backup} does not exist.")
    candidate = folder / "candidate.sqlite3"
    shutil.copyfile(backup, candidate)
    wal = Path(f"{backup}-wal")
    if wal.is_file():
        shutil.copyfile(wal, Path(f"{candidate}-wal"))
    return candidate


def _verify(candidate: Path, shown: Path) -> int:
    """The schema version of the copy `candidate` of the backup `shown`; BackupError when it is unusable."""
    try:
        conn = sqlite3.connect(candidate)
        try:
            problems = [row[0] for row in conn.execute("PRAGMA integrity_check")]
            state = read_file_state_sync(conn)
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{shown} is not a readable SQLite database ({error}).") from error
    if problems != ["ok"]:
        raise BackupError(f"{shown} is damaged: SQLite's integrity check reports {problems[0]!r}.")
    if state.version > LATEST_VERSION:
        raise BackupError(
            f"{shown} has schema version {state.version}, newer than this Gnomehost knows ({LATEST_VERSION}): "
            "upgrade Gnomehost first."
        )
    problem = schema_problem(state)
    if state.version == 0 or problem is not None:
        raise BackupError(f"{shown} is not a Gnomehost backup: {problem or 'it has no Gnomehost schema.'}")
    return state.version


def verify_backup(path: str | Path) -> int:
    """The schema version of a usable backup; BackupError saying why when it is not one (checked on a copy)."""
    with tempfile.TemporaryDirectory(prefix="gnomehost-verify-") as scratch:
        return _verify(_private_copy(Path(path), Path(scratch)), Path(path))


def restore(backup: str | Path, database_path: str | Path, *, now: datetime | None = None) -> RestoreResult:
    """Replace the database with a verified copy of `backup`, keeping the replaced file aside.

    Raises BackupError for an unusable backup and DatabaseInUse while another
    process (or this one) holds the database's lease; nothing is changed then.
    The backup file itself is only read (through a private copy).
    """
    shown, target = Path(backup), Path(database_path)
    if held_lease(target) is not None:
        raise DatabaseInUse(str(target), f"this process, pid {os.getpid()}")
    target.parent.mkdir(parents=True, exist_ok=True)
    stamp = _stamp(now or datetime.now(UTC))
    with tempfile.TemporaryDirectory(prefix=".gnomehost-restore-", dir=target.parent) as scratch:
        candidate = _private_copy(shown, Path(scratch))
        version = _verify(candidate, shown)
        existed = target.exists()
        # Not checked for a lost -wal: restoring a backup is the way out of that refusal.
        lease = acquire(target, check_log=False)  # creates an empty file to lock when there was none
        try:
            part = target.with_name(f"{target.name}.restore-{stamp}.part")
            try:
                source = sqlite3.connect(candidate)
                try:
                    _copy(source, part)
                finally:
                    source.close()
                _release_lease_row(part)
            except BaseException:
                part.unlink(missing_ok=True)
                raise
            previous = _replace(target, part, stamp, keep_old=existed)
        finally:
            lease.release()
    log.info("restored %s (schema %d) into %s; previous database kept as %s", shown, version, target, previous)
    return RestoreResult(shown, version, previous)


def _replace(target: Path, new: Path, stamp: str, *, keep_old: bool = True) -> Path | None:
    """Move the database (with its -wal) aside, unless `keep_old` is False, and rename `new` into its place;
    where the old one went."""
    previous: Path | None = None
    wal, shm = Path(f"{target}-wal"), Path(f"{target}-shm")
    if keep_old and target.exists():
        previous = target.with_name(f"{target.name}.before-restore-{stamp}")
        os.replace(target, previous)
        if wal.exists():  # keep the pair whole: the moved file may need its log
            os.replace(wal, Path(f"{previous}-wal"))
    # A log left beside the new file would be replayed into it: it belongs to the old one.
    wal.unlink(missing_ok=True)
    shm.unlink(missing_ok=True)
    os.replace(new, target)
    _fsync(target.parent)
    return previous


def _release_lease_row(path: Path) -> None:
    """Clear the lease row the backup carries: its owner is the process that was running when it was taken."""
    conn = sqlite3.connect(path)
    try:
        with contextlib.suppress(sqlite3.OperationalError):  # a backup older than schema 3 has no lease table
            conn.execute(
                "UPDATE lease SET token = NULL, owner_pid = NULL, owner_host = NULL, started_at = NULL, "
                "heartbeat_at = NULL"
            )
            conn.commit()
    finally:
        conn.close()
    _fsync(path)


# -- command line ---------------------------------------------------------------------------


def _settings(environ: Mapping[str, str]) -> tuple[str, str, int]:
    """DATABASE_PATH, BACKUP_DIR, BACKUP_KEEP from the environment (defaults as the bot's)."""
    database = environ.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE_PATH
    directory = environ.get("BACKUP_DIR", "").strip() or DEFAULT_BACKUP_DIR
    keep_raw = environ.get("BACKUP_KEEP", "").strip()
    keep = int(keep_raw) if keep_raw.isdigit() and int(keep_raw) > 0 else DEFAULT_BACKUP_KEEP
    return database, directory, keep


def _environment() -> dict[str, str]:
    """The .env file of the working directory overlaid by the real environment, as bot.py reads them."""
    from dotenv import dotenv_values  # only the command line needs it

    merged = {k: v for k, v in dotenv_values(Path.cwd() / ".env").items() if v is not None}
    merged.update(os.environ)
    return merged


def _parser(database: str, directory: str, keep: int) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m db.backup",
        description="Back up or restore the Gnomehost database (settings from .env and the environment).",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    now = commands.add_parser("now", help="take one backup now (safe while the bot runs)")
    now.add_argument("--database", default=database, help=f"database file (default {database})")
    now.add_argument("--dir", default=directory, help=f"backup folder (default {directory})")
    now.add_argument("--keep", type=int, default=keep, help=f"backups to keep (default {keep})")
    listing = commands.add_parser("list", help="list the backups, oldest first")
    listing.add_argument("--database", default=database, help=f"database file (default {database})")
    listing.add_argument("--dir", default=directory, help=f"backup folder (default {directory})")
    rest = commands.add_parser("restore", help="replace the database with a backup (the bot must be stopped)")
    rest.add_argument("file", help="the backup file to restore")
    rest.add_argument("--database", default=database, help=f"database file (default {database})")
    return parser


def main(argv: Sequence[str] | None = None, environ: Mapping[str, str] | None = None) -> int:
    """`python -m db.backup now|list|restore FILE`; the exit code (2 when refused)."""
    args = _parser(*_settings(_environment() if environ is None else environ)).parse_args(argv)
    out, err = sys.stdout, sys.stderr
    try:
        if args.command == "now":
            path = take_backup(args.database, args.dir)
            removed = rotate(args.dir, args.database, max(1, args.keep))
            out.write(f"Backup written to {path} ({len(removed)} old backup(s) removed).\n")
        elif args.command == "list":
            for path in list_backups(args.dir, args.database):
                out.write(f"{path}\n")
        else:
            result = restore(args.file, args.database)
            kept = f" The replaced database was kept as {result.previous}." if result.previous else ""
            out.write(
                f"Restored {result.backup} (schema version {result.version}) into {args.database}.{kept} "
                "Start the bot as usual; an older backup is upgraded at start.\n"
            )
    except DatabaseInUse as error:
        err.write(f"Restore refused: {error} Nothing was changed.\n")
        return EXIT_REFUSED
    except BackupError as error:
        err.write(f"{'Restore refused' if args.command == 'restore' else 'Backup failed'}: {error}\n")
        return EXIT_REFUSED
    except (DatabaseError, sqlite3.Error, OSError) as error:
        err.write(f"{args.command} failed: {error}\n")
        return EXIT_FAILED
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
