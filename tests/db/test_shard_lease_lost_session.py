"""A lease transaction whose session the server has cut fails as a DatabaseError, whatever asyncpg raises.

When the server ends a frozen session (idle_in_transaction_session_timeout), asyncpg may report the commit
as its own state error ("cannot switch to state 15; another operation is in progress"). That must reach the
host as the store's DatabaseError like any lost connection, not as a driver exception. A fake pool raises
asyncpg's real exception classes here, so no server is needed.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg
import pytest

from db.errors import DatabaseError
from db.shard_leases import PostgresShardLeases


class _Conn:
    """A connection whose commit fails with `error`."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    async def execute(self, *args: Any) -> str:
        return "OK"

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[None]:
        yield
        raise self.error


class _Pool:
    def __init__(self, error: BaseException) -> None:
        self.conn = _Conn(error)

    @asynccontextmanager
    async def acquire(self) -> AsyncIterator[_Conn]:
        yield self.conn


@pytest.mark.parametrize("error", [
    asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is in progress"),
    asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    asyncpg.InterfaceError("connection is closed"),
    ConnectionResetError("reset by peer"),
], ids=["state error", "closed mid-operation", "closed", "reset"])
async def test_a_cut_session_fails_the_lease_transaction_as_a_database_error(error: BaseException) -> None:
    leases = PostgresShardLeases(_Pool(error), 1, [0], 2.0, token="t", pid=1, host="h")
    with pytest.raises(DatabaseError, match="a renewal failed"):
        async with leases._transaction("a renewal"):
            pass
