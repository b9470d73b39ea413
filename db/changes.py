"""Hear about games other processes wrote: PostgreSQL LISTEN on the store's NOTIFY channel.

PostgresStore sends `NOTIFY gnomehost_game, '<game id>'` with every write that changes a game row
(db/postgres/store.py). A process of a sharded bot listens on one dedicated connection and hands each
game id to a callback (the table service forgets its cached copy and looks at the outbox). Any other
store is used by one process only: its feed never fires.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any, Protocol

from db.errors import DatabaseError
from db.pg_errors import driver_errors
from db.steady import StepGuard

log = logging.getLogger(__name__)

# Must match db.postgres.store.GAME_CHANNEL (imported lazily below: SQLite bots never load asyncpg).
DEFAULT_CHANNEL = "gnomehost_game"
# After the listening connection dropped (the server restarted, a network blip), the first new try waits
# 1 s, then twice as long each time up to this: notices sent meanwhile are lost, so the cap stays short.
RELISTEN_MAX_SECONDS = 5.0

OnChange = Callable[[int], None]


class ChangeFeed(Protocol):
    """A running subscription to game changes; `close` ends it."""

    @property
    def listening(self) -> bool:
        """Whether notices can be heard right now (False while a dropped connection is replaced)."""
        ...

    async def close(self) -> None:
        """Stop listening (idempotent)."""
        ...


class SilentFeed:
    """The feed of a store only this process uses: nothing to hear."""

    @property
    def listening(self) -> bool:
        """Never: there is nothing to listen to."""
        return False

    async def close(self) -> None:
        """Nothing to stop."""


class PostgresFeed:
    """LISTEN on one pooled connection, held until `close`; listens again on a new one if it drops.

    Notices sent while no connection listens are lost: the table service still reloads a game on a
    version conflict, and its sender still looks at the outbox on its own timer.
    """

    def __init__(self, pool: Any, channel: str, on_change: OnChange) -> None:
        self._pool = pool
        self._channel = channel
        self._on_change = on_change
        self._conn: Any = None
        self._closed = False
        self._relisten: asyncio.Task[None] | None = None
        self.heard = 0
        self.reconnects = 0

    @property
    def listening(self) -> bool:
        """Whether a connection is LISTENing now (False between a drop and the next LISTEN)."""
        return self._conn is not None and not self._closed

    @property
    def backend_pid(self) -> int | None:
        """The server process id of the listening connection (None while none listens), for diagnostics."""
        return None if self._conn is None else int(self._conn.get_server_pid())

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
        try:
            conn = await self._pool.acquire()
            self._conn = conn
            await conn.add_listener(self._channel, self._notified)
            conn.add_termination_listener(self._terminated)
        except driver_errors() as error:
            await self._let_go()
            raise DatabaseError(f"listening for game changes failed: {error}") from error
        except BaseException:
            await self._let_go()  # any other failure must not keep a pooled connection half set up either
            raise

    def _terminated(self, _conn: Any) -> None:
        if self._closed or self._relisten is not None:
            return
        log.warning("the connection listening for game changes closed; listening again on a new one")
        self._relisten = asyncio.get_running_loop().create_task(self._listen_again(), name="gnomehost-relisten")

    async def _listen_again(self) -> None:
        guard = StepGuard("listening again for game changes", log, cap=RELISTEN_MAX_SECONDS)
        try:
            await self._let_go()
            while not self._closed:
                await guard.run(self.start)
                if not guard.failing:
                    self.reconnects += 1
                    return
                await asyncio.sleep(guard.pause)
        finally:
            self._relisten = None

    async def _let_go(self) -> None:
        """UNLISTEN (if the connection still works) and give the connection back to the pool."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            conn.remove_termination_listener(self._terminated)
            await conn.remove_listener(self._channel, self._notified)
        except Exception:  # the connection is gone already: releasing it is all that is left
            log.debug("could not UNLISTEN cleanly", exc_info=True)
        with contextlib.suppress(Exception):  # a dead connection is discarded by the pool either way
            await self._pool.release(conn)

    async def close(self) -> None:
        """Stop listening for good and give the connection back (idempotent)."""
        self._closed = True
        task, self._relisten = self._relisten, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._let_go()


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
