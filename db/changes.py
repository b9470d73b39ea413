"""Hear about games other processes wrote: PostgreSQL LISTEN on the store's NOTIFY channel.

PostgresStore sends `NOTIFY gnomehost_game, '<game id>'` with every write that changes a game row
(db/postgres/store.py). A process of a sharded bot listens on one dedicated connection and hands each
game id to a callback (the table service forgets its cached copy and looks at the outbox). Any other
store is used by one process only: its feed never fires.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from db.errors import DatabaseError

log = logging.getLogger(__name__)

# Must match db.postgres.store.GAME_CHANNEL (imported lazily below: SQLite bots never load asyncpg).
DEFAULT_CHANNEL = "gnomehost_game"

OnChange = Callable[[int], None]


class ChangeFeed(Protocol):
    """A running subscription to game changes; `close` ends it."""

    async def close(self) -> None:
        """Stop listening (idempotent)."""
        ...


class SilentFeed:
    """The feed of a store only this process uses: nothing to hear."""

    async def close(self) -> None:
        """Nothing to stop."""


class PostgresFeed:
    """LISTEN on one pooled connection, held until `close`."""

    def __init__(self, pool: Any, channel: str, on_change: OnChange) -> None:
        self._pool = pool
        self._channel = channel
        self._on_change = on_change
        self._conn: Any = None
        self.heard = 0

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        try:
            game_id = int(payload)
        except ValueError:
            log.warning("ignored a game change notice with payload %r", payload[:40])
            return
        self.heard += 1
        try:
            self._on_change(game_id)
        except Exception:  # a listener's bug must not end the feed
            log.exception("handling the change of game %s failed", game_id)

    async def start(self) -> None:
        """Take a connection from the pool and LISTEN on it."""
        import asyncpg  # only a PostgreSQL bot gets here

        try:
            self._conn = await self._pool.acquire()
            await self._conn.add_listener(self._channel, self._notified)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError) as error:
            await self.close()
            raise DatabaseError(f"listening for game changes failed: {error}") from error

    async def close(self) -> None:
        """UNLISTEN and give the connection back."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            await conn.remove_listener(self._channel, self._notified)
        except Exception:  # the connection is gone already: releasing it is all that is left
            log.debug("could not UNLISTEN cleanly", exc_info=True)
        await self._pool.release(conn)


async def listen_game_changes(store: object, on_change: OnChange) -> ChangeFeed:
    """Call `on_change(game_id)` for every game another writer changes (PostgreSQL); a silent feed otherwise.

    `store` is any Store; wrappers exposing `.inner` (host.shard_store.ShardedStore) are looked through.
    """
    while hasattr(store, "inner"):
        store = store.inner
    pool = getattr(store, "pool", None)
    if pool is None:
        return SilentFeed()
    from db.postgres.store import GAME_CHANNEL

    feed = PostgresFeed(pool, GAME_CHANNEL or DEFAULT_CHANNEL, on_change)
    await feed.start()
    return feed
