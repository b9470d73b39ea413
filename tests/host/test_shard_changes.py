"""db.changes: a process hears, through PostgreSQL LISTEN/NOTIFY, the games another process wrote."""

from __future__ import annotations

import asyncio

from db.changes import PostgresFeed, SilentFeed, listen_game_changes
from db.postgres import PostgresStore
from db.store import NewGame
from db.url import open_store
from host.shard_store import ShardedStore, ShardScope
from host.shards import ShardSet


def lobby(channel_id: int) -> NewGame:
    return NewGame(guild_id=(3 << 22), channel_id=channel_id, game_name="toy", options={}, seed=1, host_user_id=5,
                   settings={}, seats=((5, "normal"),), messages=(), now=1.0)


async def test_a_process_hears_every_game_another_process_writes(pg_url: str) -> None:
    writer, listener = await open_store(pg_url), await open_store(pg_url)
    heard: list[int] = []
    got = asyncio.Event()

    def on_change(game_id: int) -> None:
        heard.append(game_id)
        got.set()

    feed = await listen_game_changes(ShardedStore.over(listener, ShardScope(ShardSet.of(2, [1]))), on_change)
    try:
        assert isinstance(feed, PostgresFeed)
        first = await writer.create_game(lobby(10))
        second = await writer.create_game(lobby(11))
        while len(heard) < 2:
            got.clear()
            await asyncio.wait_for(got.wait(), 5)
        assert heard == [first, second]
    finally:
        await feed.close()
        await feed.close()  # idempotent
        await writer.close()
        await listener.close()


async def test_a_sqlite_store_has_nothing_to_hear(tmp_path: object) -> None:
    store = await open_store(f"sqlite:///{tmp_path}/gnomehost.db")
    try:
        feed = await listen_game_changes(store, lambda game_id: None)
        assert isinstance(feed, SilentFeed)
        await feed.close()
    finally:
        await store.close()


async def test_the_feed_listens_again_after_its_connection_dropped(pg_url: str) -> None:
    writer, listener = await open_store(pg_url), await open_store(pg_url)
    heard: list[int] = []
    feed = await listen_game_changes(listener, heard.append)
    try:
        assert isinstance(feed, PostgresFeed)
        pid = feed.backend_pid
        assert pid is not None
        # The server ends the listening connection (as a restart or an admin would).
        # PostgresStore.pool is PostgreSQL-only, not part of the Store protocol.
        assert isinstance(writer, PostgresStore)
        assert await writer.pool.fetchval("SELECT pg_terminate_backend($1)", pid)
        for _ in range(100):
            if feed.reconnects and feed.backend_pid not in (None, pid):
                break
            await asyncio.sleep(0.05)
        assert feed.reconnects == 1 and feed.backend_pid not in (None, pid)
        game_id = await writer.create_game(lobby(12))
        for _ in range(100):
            if heard:
                break
            await asyncio.sleep(0.05)
        assert heard == [game_id]
    finally:
        await feed.close()
        await writer.close()
        await listener.close()
