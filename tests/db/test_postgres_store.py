"""What only the PostgreSQL store has to prove: several processes (pools) at once, queue order across
concurrent transactions, change notices, pool settings, and driver errors kept inside db/."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from db.errors import ChannelTaken, DatabaseError, SchemaTooNew
from db.migrations import LATEST_VERSION
from db.postgres import GAME_CHANNEL, PoolSettings, PostgresStore, open_postgres_store
from db.postgres.store import _enqueue
from db.rows import NewMessage
from db.store import DeadlinePlan, MoveWrite, NewGame, StartWrite
from db.url import open_store

NOW = 1_750_300_000.0


async def _postgres(url: str) -> PostgresStore:
    """The store `open_store` opens for the PostgreSQL `url` (the tests below also reach its pool)."""
    store = await open_store(url)
    assert isinstance(store, PostgresStore)
    return store


def _lobby(channel: int) -> NewGame:
    return NewGame(1, channel, "dash", {}, 5, 7, {}, ((7, "normal"), (None, "easy")), (), NOW)


async def test_two_processes_opening_an_empty_database_at_once_both_work(pg_url):
    first, second = await asyncio.gather(open_store(pg_url), open_store(pg_url))
    try:
        game_id = await first.create_game(_lobby(10))
        row = await second.get_game(game_id)
        assert row is not None and row.channel_id == 10
    finally:
        await first.close()
        await second.close()


async def test_a_later_message_of_a_queue_is_not_visible_before_an_earlier_one(pg_url):
    store = await _postgres(pg_url)
    try:
        early = NewMessage(1, "channel:5", "post", {"n": 1})
        late = NewMessage(1, "channel:5", "post", {"n": 2})
        async with store.pool.acquire() as conn:
            transaction = conn.transaction()
            await transaction.start()
            await _enqueue(conn, [early], NOW)  # takes its id first, commits last
            later = asyncio.create_task(store.enqueue([late], NOW))
            await asyncio.sleep(0.3)
            # The later message waits for the earlier one's transaction instead of overtaking it.
            assert not later.done()
            assert await store.next_in_queue("channel:5") is None
            # Other queues are not held up by it.
            await asyncio.wait_for(store.enqueue([NewMessage(1, "user:9", "dm", {})], NOW), 5)
            await transaction.commit()
        await later
        first = await store.next_in_queue("channel:5")
        assert first is not None and first.payload == {"n": 1}
    finally:
        await store.close()


async def test_a_move_s_messages_wait_for_an_earlier_message_of_their_queue(pg_url):
    store = await _postgres(pg_url)
    try:
        game_id = await store.create_game(_lobby(12))
        plan = DeadlinePlan(frozenset(), frozenset(), None, 0)
        await store.start_game(StartWrite(game_id, {0: 0, 1: 1}, 2, "{}", [], False, plan, (), NOW))
        async with store.pool.acquire() as conn:
            transaction = conn.transaction()
            await transaction.start()
            await _enqueue(conn, [NewMessage(game_id, "channel:12", "post", {"n": 1})], NOW)
            said = (NewMessage(game_id, "channel:12", "post", {"n": 2}),)
            move = MoveWrite(game_id, 0, 1, "{}", [], False, False, None, 0, (), plan, said, NOW)
            later = asyncio.create_task(store.commit_move(move))
            await asyncio.sleep(0.3)
            assert not later.done()
            assert await store.next_in_queue("channel:12") is None
            await transaction.commit()
        await later
        first = await store.next_in_queue("channel:12")
        assert first is not None and first.payload == {"n": 1}
        row = await store.get_game(game_id)
        assert row is not None and row.version == 1
    finally:
        await store.close()


async def test_a_lobby_opened_meanwhile_by_another_process_is_channel_taken(pg_url):
    store = await _postgres(pg_url)
    try:
        async with store.pool.acquire() as conn:
            transaction = conn.transaction()
            await transaction.start()
            # Another process's lobby in channel 13, not committed yet: our check cannot see it.
            await conn.execute(
                "INSERT INTO games (channel_id, game_name, options, seed, host_user_id, created_at, updated_at) "
                "VALUES (13, 'dash', '{}', 1, 2, 0, 0)"
            )
            ours = asyncio.create_task(store.create_game(_lobby(13)))
            await asyncio.sleep(0.3)
            assert not ours.done()  # waiting on the one-open-game-per-channel index
            await transaction.commit()
        with pytest.raises(ChannelTaken) as taken:
            await ours
        assert taken.value.game_id is None
        assert len(await store.recent_in_channel(13, 5)) == 1
    finally:
        await store.close()


async def test_every_game_change_is_announced_at_commit_and_a_refused_one_is_not(pg_url):
    store = await _postgres(pg_url)
    heard: list[str] = []
    listener = await asyncpg.connect(pg_url)
    await listener.add_listener(GAME_CHANNEL, lambda *args: heard.append(args[-1]))
    try:
        game_id = await store.create_game(_lobby(11))
        plan = DeadlinePlan(frozenset(), frozenset(), None, 0)
        await store.start_game(StartWrite(game_id, {0: 0, 1: 1}, 2, "{}", [], False, plan, (), NOW))
        move = MoveWrite(game_id, 0, 1, "{}", [], False, False, None, 0, (), plan, (), NOW)
        await store.commit_move(move)
        with pytest.raises(DatabaseError):
            await store.commit_move(move)  # stale: refused, so nothing to announce
        for _ in range(100):  # notices arrive asynchronously: wait for them (a loaded machine may be slow)
            if len(heard) >= 3:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.3)  # and give a wrong fourth one the time to show up
        assert heard == [str(game_id)] * 3
    finally:
        await listener.close()
        await store.close()


async def test_a_database_from_a_newer_gnomehost_is_refused_without_showing_the_password(pg_url):
    store = await _postgres(pg_url)
    await store.close()
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, 'future')", LATEST_VERSION + 1)
    finally:
        await conn.close()
    with pytest.raises(SchemaTooNew) as refused:
        await open_store(pg_url)
    assert ":***@" in str(refused.value) and "gnomehost:gnomehost@" not in str(refused.value)


async def test_driver_errors_leave_the_store_as_database_errors(pg_url):
    store = await _postgres(pg_url)
    try:
        async with store.pool.acquire() as conn:
            await conn.execute("DROP TABLE deadlines")
        with pytest.raises(DatabaseError, match="next_due_at failed") as failed:
            await store.next_due_at()
        assert not isinstance(failed.value, asyncpg.PostgresError)
    finally:
        await store.close()


async def test_an_unreachable_server_is_a_database_error():
    with pytest.raises(DatabaseError, match="cannot connect"):
        await open_postgres_store("postgresql://nobody:secret@127.0.0.1:9/none", pool=PoolSettings(1, 1))


def test_pool_settings_come_from_the_url_or_the_environment_with_plain_errors():
    assert PoolSettings.from_env({}) == PoolSettings(2, 10)
    assert PoolSettings.from_env({"DATABASE_POOL_MIN": "1", "DATABASE_POOL_MAX": "4"}) == PoolSettings(1, 4)
    settings, url = PoolSettings.from_url(
        "postgresql://u:p@h/db?pool_max=7&sslmode=disable", {"DATABASE_POOL_MIN": "3"}
    )
    assert (settings, url) == (PoolSettings(3, 7), "postgresql://u:p@h/db?sslmode=disable")
    assert PoolSettings.from_url("postgresql://h/db", {}) == (PoolSettings(2, 10), "postgresql://h/db")
    with pytest.raises(DatabaseError, match="whole numbers"):
        PoolSettings.from_env({"DATABASE_POOL_MAX": "many"})
    with pytest.raises(DatabaseError, match="got 5 and 4"):
        PoolSettings.from_url("postgresql://h/db?pool_min=5&pool_max=4", {})


async def test_the_url_s_pool_bounds_are_used_and_not_passed_to_the_server(pg_url):
    store = await _postgres(pg_url + "?pool_min=1&pool_max=3")
    try:
        assert (store.pool.get_min_size(), store.pool.get_max_size()) == (1, 3)
        assert "pool_max" not in store.description
    finally:
        await store.close()


async def test_the_pool_keeps_the_configured_number_of_connections(pg_url):
    store = await open_postgres_store(pg_url, pool=PoolSettings(3, 5))
    try:
        assert (store.pool.get_min_size(), store.pool.get_max_size()) == (3, 5)
        await asyncio.gather(*(store.get_game(1) for _ in range(20)))
        assert store.pool.get_size() <= 5
    finally:
        await store.close()
