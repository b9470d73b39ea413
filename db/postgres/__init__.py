"""Gnomehost's store on PostgreSQL (asyncpg): the same schema, migrations and guarantees as the SQLite store."""
