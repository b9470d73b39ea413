"""The change feed never stops for good: whatever listening again raises, it tries again and hears changes.

One case uses a fake pool raising asyncpg's own InternalClientError ("another operation is in progress")
and a RuntimeError; the other restarts a real PostgreSQL server of its own (tests/db/private_postgres.py)
while the feed listens. The shared server of the other tests is never restarted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg
import pytest

from db.changes import PostgresFeed, listen_game_changes
from db.errors import DatabaseError
from db.url import open_store
from tests.db.private_postgres import PrivateServer
from tests.loop_faults import Flaky, assert_logged_once, eventually, shorten_pauses

Listener = Callable[[Any, int, str, str], None]


class FakeConnection:
    """What the feed uses of an asyncpg connection."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.listeners: list[Listener] = []
        self.on_terminate: list[Callable[[Any], None]] = []

    def get_server_pid(self) -> int:
        return self.pid

    async def add_listener(self, _channel: str, callback: Listener) -> None:
        self.listeners.append(callback)

    async def remove_listener(self, _channel: str, callback: Listener) -> None:
        self.listeners.remove(callback)

    def add_termination_listener(self, callback: Callable[[Any], None]) -> None:
        self.on_terminate.append(callback)

    def remove_termination_listener(self, callback: Callable[[Any], None]) -> None:
        self.on_terminate.remove(callback)

    def terminate(self) -> None:
        for callback in list(self.on_terminate):
            callback(self)

    def notify(self, payload: str) -> None:
        for callback in list(self.listeners):
            callback(self, 1, "gnomehost_game", payload)


class FakePool:
    """Hands out the next connection of `connections`."""

    def __init__(self, connections: list[FakeConnection]) -> None:
        self.connections = connections
        self.acquire: Callable[[], Awaitable[FakeConnection]] = self.next_connection

    async def next_connection(self) -> FakeConnection:
        return self.connections.pop(0)

    async def release(self, _conn: FakeConnection) -> None:
        return None


async def test_the_feed_listens_again_after_any_exception_and_hears_the_next_change(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    shorten_pauses(monkeypatch)
    first, second = FakeConnection(1), FakeConnection(2)
    pool = FakePool([first, second])
    heard: list[int] = []
    feed = PostgresFeed(pool, "gnomehost_game", heard.append)
    await feed.start()
    pool.acquire = Flaky(pool.next_connection, [
        asyncpg.InternalClientError("cannot perform operation: another operation is in progress"),
        RuntimeError("boom"),
    ])
    try:
        with caplog.at_level(logging.INFO, logger="db.changes"):
            first.terminate()  # the server went away
            await eventually(lambda: feed.reconnects == 1)
        assert feed.backend_pid == 2
        second.notify("42")
        assert heard == [42]
    finally:
        await feed.close()
    # The driver's error reaches the log as the store's own (DatabaseError), its cause chained.
    assert_logged_once(caplog, "db.changes", "listening again for game changes", DatabaseError)


async def _notify(url: str, payload: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f"NOTIFY gnomehost_game, '{payload}'")
    finally:
        await conn.close()


async def test_the_feed_hears_changes_again_after_the_server_restarts(private_postgres: PrivateServer) -> None:
    store = await open_store(private_postgres.url)
    heard: list[int] = []
    feed = await listen_game_changes(store, heard.append)
    try:
        assert isinstance(feed, PostgresFeed)
        await _notify(private_postgres.url, "1")
        await eventually(lambda: heard == [1])
        await asyncio.to_thread(private_postgres.restart)
        await eventually(lambda: feed.reconnects >= 1, 15)
        await _notify(private_postgres.url, "2")
        await eventually(lambda: heard == [1, 2])
    finally:
        await feed.close()
        await store.close()
