"""Gnomehost's storage: the Store seam (db/store.py) and its two stores, SQLite and PostgreSQL.

host/ sees only `Store` (one domain-level method per transaction or read), the row dataclasses of
db/rows.py and the errors of db/errors.py; `open_store(url)` (db/url.py) picks the store. The SQLite
store (db/sqlite_store.py) keeps one file (WAL), numbered migrations and small repositories: reads and
lobby writes use the main aiosqlite connection; moves are "write steps" (plain functions of a sqlite3
connection) that `Database.write` commits in groups on a writer thread. A repository function's first
parameter says which kind it is. The PostgreSQL store lives in db/postgres/.
"""

from db.connection import Database, open_database
from db.errors import DatabaseError, SchemaTooNew

__all__ = ["Database", "DatabaseError", "SchemaTooNew", "open_database"]
