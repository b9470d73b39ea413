"""Gnomehost's storage: one SQLite file (WAL), numbered migrations, small repositories.

Nothing here knows about Discord or game rules: rows in, rows out. Reads and
lobby writes use the main aiosqlite connection; moves are "write steps" (plain
functions of a sqlite3 connection) that `Database.write` commits in groups on a
writer thread. A repository function's first parameter says which kind it is.
"""

from db.connection import Database, open_database
from db.errors import DatabaseError, SchemaTooNew

__all__ = ["Database", "DatabaseError", "SchemaTooNew", "open_database"]
