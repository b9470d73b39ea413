"""Gnomehost's storage: one SQLite file through aiosqlite, numbered migrations, small repositories.

Nothing here knows about Discord or game rules: rows in, rows out.
"""

from db.connection import Database, open_database
from db.errors import DatabaseError, SchemaTooNew, StaleWrite

__all__ = ["Database", "DatabaseError", "SchemaTooNew", "StaleWrite", "open_database"]
