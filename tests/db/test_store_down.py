"""A store that cannot save (a full disk, a database server out of reach) raises StoreDown and keeps nothing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import asyncpg
import pytest

from db.errors import DatabaseError, StoreDown
from db.postgres.store import PostgresStore
from db.rows import NewMessage
from db.sqlite_store import SqliteStore
from db.store import SeatAdd, Store
from db.url import open_store
from tests.db.test_store_contract import ALICE, CHANNEL, NOW, _lobby, _message, _move, _running
from tests.fixtures.outage import fill_sqlite, make_room_sqlite, outage


async def _full_then_roomy(store: Store, url: str) -> None:
    """Every kind of write fails as StoreDown during the outage, changes nothing, and works afterwards."""
    game_id = await _running(store)
    lobby_id = await _lobby(store, CHANNEL + 1)
    lobby = await store.get_game(lobby_id)
    assert lobby is not None
    async with outage(store, url):
        with pytest.raises(StoreDown):
            await store.commit_move(_move(game_id, 0, 1, messages=(_message("channel:x", 3, game_id),)))
        with pytest.raises(StoreDown):
            await _lobby(store, CHANNEL + 2)
        with pytest.raises(StoreDown):
            await store.add_seat(SeatAdd(lobby_id, lobby.revision, ALICE, "normal", max_seats=6, now=NOW))
        with pytest.raises(StoreDown):
            await store.enqueue([_message("channel:x", 4)], NOW)
    row = await store.get_game(game_id)
    assert row is not None and row.version == 0
    assert await store.list_actions(game_id) == []
    assert await store.open_game_in_channel(CHANNEL + 2) is None
    assert len(await store.list_seats(lobby_id)) == 2
    await store.commit_move(_move(game_id, 0, 1))
    row = await store.get_game(game_id)
    assert row is not None and row.version == 1
    assert [a.seq for a in await store.list_actions(game_id)] == [1]


async def test_a_full_store_refuses_every_kind_of_write_as_store_down_keeps_nothing_and_recovers(
    store_url: str,
) -> None:
    store = await open_store(store_url)
    try:
        await _full_then_roomy(store, store_url)
    finally:
        await store.close()


async def test_a_full_sqlite_file_refuses_a_write_as_store_down_keeps_nothing_and_takes_it_once_room_returns(
    tmp_path: Path,
) -> None:
    store = await open_store(f"sqlite:///{tmp_path}/g.db")
    assert isinstance(store, SqliteStore)
    try:
        game_id = await _running(store)
        # Big enough to need new pages, which a full file cannot give.
        big = dataclasses.replace(_move(game_id, 0, 1), snapshot="x" * 50_000)
        await fill_sqlite(store)
        for _ in range(3):  # each failure leaves both connections clean for the next write
            with pytest.raises(StoreDown, match="full"):
                await store.commit_move(big)
            with pytest.raises(StoreDown, match="full"):
                await store.enqueue([NewMessage(game_id, "channel:x", "post", {"text": "y" * 50_000})], NOW)
        row = await store.get_game(game_id)
        assert row is not None and row.version == 0 and row.snapshot == '{"turn":0}'
        assert await store.list_actions(game_id) == []
        assert (await store.outbox_state(game_id)).pending == 2  # the lobby's and the start's messages
        await make_room_sqlite(store)
        await store.commit_move(big)
        row = await store.get_game(game_id)
        assert row is not None and row.version == 1 and len(row.snapshot or "") == 50_000
    finally:
        await store.close()


async def test_a_postgres_store_whose_server_does_not_answer_raises_store_down() -> None:
    # Nothing listens on port 9 (discard) here: every connection the pool tries is refused.
    url = "postgresql://gnomehost:secret@127.0.0.1:9/gnomehost"
    pool = await asyncpg.create_pool(url, min_size=0, max_size=1)
    store = PostgresStore(pool, url)
    try:
        with pytest.raises(StoreDown) as refused:
            await store.commit_move(_move(1, 0, 1))
        assert isinstance(refused.value, DatabaseError)
        assert "secret" not in str(refused.value)
        with pytest.raises(StoreDown):
            await store.get_game(1)
    finally:
        await store.close()
