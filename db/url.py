"""DATABASE_URL: which store a process uses, `sqlite:///path/to/file.db` or `postgresql://user@host/db`.

A SQLite URL takes everything after `sqlite:///` as the file path: `sqlite:///gnomehost.db` is relative
to the working directory, `sqlite:////var/lib/gnomehost.db` absolute. A bare path (DATABASE_PATH, tools)
means a SQLite file too. The PostgreSQL store is imported only when asked for, so a SQLite bot needs no
PostgreSQL driver.
"""

from __future__ import annotations

import importlib
import logging
from pathlib import Path
from urllib.parse import unquote, urlsplit

from db.errors import StoreUnavailable
from db.redact import redacted
from db.store import Store

__all__ = ["is_postgres", "open_store", "redacted", "sqlite_path", "sqlite_url"]  # redacted: for its callers

log = logging.getLogger(__name__)

SQLITE_PREFIX = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql", "postgres")


def sqlite_url(path: str | Path) -> str:
    """The URL of a SQLite file (`sqlite:///` + the path as given)."""
    return SQLITE_PREFIX + str(path)


def sqlite_path(url: str | Path) -> str | None:
    """The file path a SQLite URL (or a bare path) names; None for any other URL."""
    if isinstance(url, Path):
        return str(url)
    if url.startswith(SQLITE_PREFIX):
        path = unquote(url[len(SQLITE_PREFIX):])
        if not path:
            raise StoreUnavailable("A SQLite DATABASE_URL needs a file path: sqlite:///path/to/gnomehost.db")
        return path
    if "://" not in url and not url.startswith("sqlite:"):
        return url
    return None


def is_postgres(url: str | Path) -> bool:
    """Whether the URL names a PostgreSQL database."""
    return isinstance(url, str) and urlsplit(url).scheme in POSTGRES_SCHEMES


async def open_store(url: str | Path, *, synchronous: str = "FULL") -> Store:
    """Open (creating and migrating as needed) the store `url` names.

    `synchronous` is SQLite's durability level (FULL survives a power cut, NORMAL a crash of the
    process); PostgreSQL always commits durably. Raises StoreUnavailable for an unknown URL, or a
    PostgreSQL URL when the PostgreSQL store cannot be loaded; the stores' own DatabaseErrors
    (SchemaTooNew, DatabaseInUse, ...) pass through.
    """
    path = sqlite_path(url)
    if path is not None:
        # Imported here: db.sqlite_store imports the SQLite machinery, which a PostgreSQL bot never needs.
        from db.sqlite_store import open_sqlite_store

        return await open_sqlite_store(path, synchronous=synchronous)
    if is_postgres(url):
        assert isinstance(url, str)
        try:
            postgres = importlib.import_module("db.postgres")
        except ImportError as error:
            raise StoreUnavailable(
                f"DATABASE_URL {redacted(url)} names PostgreSQL, but its store cannot be loaded ({error}). "
                "Install the requirements (asyncpg) or use a sqlite:/// URL."
            ) from error
        opener = getattr(postgres, "open_postgres_store", None)
        if opener is None:
            raise StoreUnavailable(
                f"DATABASE_URL {redacted(url)} names PostgreSQL, which this Gnomehost cannot use yet; "
                "use a sqlite:/// URL."
            )
        store: Store = await opener(url)
        return store
    raise StoreUnavailable(
        f"DATABASE_URL {redacted(url)} is not understood: use sqlite:///path/to/gnomehost.db or "
        "postgresql://user:password@host/database."
    )
