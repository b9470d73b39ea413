"""Which SQLite errors mean the file cannot be used right now (full, read-only, failing), as StoreDown.

Such an error is not a bug in a query and not a conflict: the same write may work once room is made or
the disk is fixed. Everything else SQLite raises is left as it is.
"""

from __future__ import annotations

import sqlite3

from db.errors import StoreDown

# Primary result codes (extended codes carry them in their low byte).
_DOWN_CODES = {
    sqlite3.SQLITE_FULL: "the disk (or the database's size limit) is full",
    sqlite3.SQLITE_IOERR: "the disk reported an I/O error",
    sqlite3.SQLITE_READONLY: "the database file is read-only",
    sqlite3.SQLITE_CANTOPEN: "a file of the database cannot be opened",
    sqlite3.SQLITE_NOMEM: "SQLite ran out of memory",
    sqlite3.SQLITE_BUSY: "another process has held the database locked too long",
}


def store_down(error: BaseException, path: str) -> StoreDown | None:
    """The StoreDown that `error` stands for (itself if it is one), or None when it is not such a failure."""
    if isinstance(error, StoreDown):
        return error
    code = getattr(error, "sqlite_errorcode", None)
    if not isinstance(error, sqlite3.Error) or not isinstance(code, int):
        return None
    why = _DOWN_CODES.get(code & 0xFF)
    if why is None:
        return None
    down = StoreDown(f"the SQLite database {path} cannot be written: {why} ({error})")
    down.__cause__ = error
    return down
