"""Gnomehost's store on PostgreSQL (asyncpg): the same schema, migrations and guarantees as the SQLite store.

`open_postgres_store(url)` is what `db.url.open_store` calls for a postgresql:// URL.
"""

from db.postgres.store import GAME_CHANNEL, PoolSettings, PostgresStore, open_postgres_store

__all__ = ["GAME_CHANNEL", "PoolSettings", "PostgresStore", "open_postgres_store"]
