"""The names of backup files: how a backup of a database is called, and finding the ones in a folder."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

DEFAULT_BACKUP_DIR = "./backups"

STAMP = re.compile(r"\d{8}T\d{6}\.\d{6}Z")


def stamp(now: datetime) -> str:
    """`now` as the UTC time stamp used in backup names (sorts by time)."""
    now = now.astimezone(UTC)
    return f"{now:%Y%m%dT%H%M%S}.{now.microsecond:06d}Z"


def backup_name(database_path: str | Path, now: datetime) -> str:
    """The file name of a backup of `database_path` taken at `now` (sorts by time)."""
    return f"{Path(database_path).stem}-{stamp(now)}.sqlite3"


def list_backups(directory: str | Path, database_path: str | Path) -> list[Path]:
    """The backups of `database_path` in `directory`, oldest first (other files are ignored)."""
    pattern = re.compile(re.escape(Path(database_path).stem) + r"-" + STAMP.pattern + r"\.sqlite3")
    folder = Path(directory)
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if pattern.fullmatch(p.name) and p.is_file())


def newest_backup(directory: str | Path, database_path: str | Path) -> Path | None:
    """The newest backup of `database_path` in `directory`, or None when there is none (or no folder)."""
    try:
        found = list_backups(directory, database_path)
    except OSError:
        return None  # an unreadable folder holds no backup we could offer
    return found[-1] if found else None
