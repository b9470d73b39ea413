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
