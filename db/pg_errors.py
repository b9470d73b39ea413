"""The exceptions the PostgreSQL driver raises, gathered once so every PostgreSQL path translates the same set.

asyncpg is imported only when asked: a bot on SQLite never loads it.
"""

from __future__ import annotations


def driver_errors() -> tuple[type[BaseException], ...]:
    """What asyncpg (or the socket under it) may raise for a failed call: each must become a DatabaseError."""
    import asyncpg

    # InternalClientError is asyncpg's state error on a session the server has just cut (for instance a
    # commit on a connection ended by idle_in_transaction_session_timeout): a lost session, not a bug.
    return (asyncpg.PostgresError, asyncpg.InterfaceError, asyncpg.InternalClientError, OSError)
