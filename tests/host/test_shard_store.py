"""host.shard_store: two processes' views of one store split the outbox, deadlines and recovery by shard.

Runs on every store of the `store_url` fixture (SQLite, and PostgreSQL when configured): two
ShardedStores over ONE store play the two processes of a bot with SHARD_COUNT=2.
"""

from __future__ import annotations

import math
from collections.abc import AsyncIterator

import pytest

from db.rows import NewMessage
from db.store import DeadlinePlan, NewGame, StartWrite, Store
from db.url import open_store
from host.shard_store import ShardedStore, ShardScope
from host.shards import ShardSet

NOW = 1_000_000.0
ON_0 = (10 << 22) | 77  # a guild on shard 0 of 2
ON_1 = (11 << 22) | 77  # a guild on shard 1 of 2


@pytest.fixture
async def store(store_url: str) -> AsyncIterator[Store]:
    opened = await open_store(store_url, synchronous="NORMAL")
    try:
        yield opened
    finally:
        await opened.close()


def views(store: Store) -> tuple[ShardedStore, ShardedStore]:
    """The stores seen by process 0 (shard 0) and process 1 (shard 1)."""
    return (ShardedStore.over(store, ShardScope(ShardSet.of(2, [0]))),
            ShardedStore.over(store, ShardScope(ShardSet.of(2, [1]))))


async def new_game(store: Store, guild_id: int | None, channel_id: int) -> int:
    return await store.create_game(NewGame(
        guild_id=guild_id, channel_id=channel_id, game_name="toy", options={}, seed=1, host_user_id=5,
        settings={}, seats=((5, "normal"), (6, "normal")), messages=(), now=NOW,
    ))


async def start(store: Store, game_id: int, due_at: float) -> None:
    """Start the game with both players pending and a turn deadline at `due_at`."""
    await store.start_game(StartWrite(
        game_id=game_id, assignment={0: 0, 1: 1}, players=2, snapshot="{}",
        pending=[{"player": 0}, {"player": 1}], ai_pending=False,
        deadlines=DeadlinePlan(pending=frozenset({0, 1}), reset=frozenset(), due_at=due_at, version=0),
        messages=(), now=NOW,
    ))


def post(game_id: int, queue: str, n: int) -> NewMessage:
    return NewMessage(game_id, queue, "notice", {"n": n})


async def test_each_process_sees_only_the_queues_of_its_own_games(store: Store) -> None:
    zero, one = views(store)
    g0 = await new_game(store, ON_0, 100)
    g1 = await new_game(store, ON_1, 101)
    await store.enqueue([post(g0, "ch:100", 1), post(g1, "ch:101", 2)], NOW)
    assert [h.queue for h in await zero.queue_heads()] == ["ch:100"]
    assert [h.queue for h in await one.queue_heads()] == ["ch:101"]
    assert (await zero.next_in_queue("ch:101")) is None
    head = await one.next_in_queue("ch:101")
    assert head is not None and head.payload == {"n": 2}
    # The unfiltered store still sees both: nothing was hidden from the writer side.
    assert {h.queue for h in await store.queue_heads()} == {"ch:100", "ch:101"}


async def test_a_shared_dm_queue_is_delivered_in_order_head_by_head_by_its_owners(store: Store) -> None:
    zero, one = views(store)
    g0 = await new_game(store, ON_0, 100)
    g1 = await new_game(store, ON_1, 101)
    # One player's DMs from both games, interleaved: whoever owns the head's game sends it, in order.
    await store.enqueue([post(g0, "dm:5", 1), post(g1, "dm:5", 2), post(g1, "dm:5", 3), post(g0, "dm:5", 4)], NOW)
    sent: list[tuple[str, int]] = []
    for _ in range(10):
        for name, view in (("zero", zero), ("one", one)):
            row = await view.next_in_queue("dm:5")
            if row is not None:
                assert await view.next_in_queue("dm:5") == row  # the other process cannot overtake it
                other = one if view is zero else zero
                assert await other.next_in_queue("dm:5") is None
                await store.mark_delivered(row, {}, NOW)
                sent.append((name, row.payload["n"]))
    assert sent == [("zero", 1), ("one", 2), ("one", 3), ("zero", 4)]


async def test_deadlines_fire_only_in_the_owning_process(store: Store) -> None:
    zero, one = views(store)
    g0 = await new_game(store, ON_0, 100)
    g1 = await new_game(store, ON_1, 101)
    await start(store, g0, NOW + 10)
    await start(store, g1, NOW + 5)
    assert {r.game_id for r in await zero.due_deadlines(NOW + 20, 10)} == {g0}
    assert {r.game_id for r in await one.due_deadlines(NOW + 20, 10)} == {g1}
    assert await zero.due_deadlines(NOW + 7, 10) == []
    # The scheduler sleeps until its own next deadline, not another process's earlier one.
    assert await zero.next_due_at() == NOW + 10
    assert await one.next_due_at() == NOW + 5
    assert await store.next_due_at() == NOW + 5
    assert len(await zero.due_deadlines(math.inf, 1)) == 1


async def test_other_processes_due_deadlines_do_not_crowd_out_ours(store: Store) -> None:
    zero, _ = views(store)
    foreign = [await new_game(store, ON_1, 200 + i) for i in range(6)]
    for game_id in foreign:
        await start(store, game_id, NOW)
    ours = await new_game(store, ON_0, 100)
    await start(store, ours, NOW + 1)
    # 12 foreign rows come first; a batch of 2 still finds ours.
    assert {r.game_id for r in await zero.due_deadlines(NOW + 2, 2)} == {ours}


async def test_recovery_looks_only_at_its_own_running_games(store: Store) -> None:
    zero, one = views(store)
    g0 = await new_game(store, ON_0, 100)
    g1 = await new_game(store, ON_1, 101)
    dm_game = await new_game(store, None, 102)  # no guild: shard 0's, where DMs arrive
    for game_id in (g0, g1, dm_game):
        await start(store, game_id, NOW + 60)
    assert (await zero.recovery_scan()).running == sorted([g0, dm_game])
    assert (await one.recovery_scan()).running == [g1]


async def test_a_takeover_widens_the_scope_and_a_handback_narrows_it(store: Store) -> None:
    zero, one = views(store)
    g1 = await new_game(store, ON_1, 101)
    await store.enqueue([post(g1, "ch:101", 1)], NOW)
    assert await zero.queue_heads() == []
    zero.scope.hold({0, 1})  # process 1 went silent: process 0 took its lease over
    assert [h.game_id for h in await zero.queue_heads()] == [g1]
    assert zero.description.endswith("(shards 0,1 of 2)")
    zero.scope.hold({0})
    assert await zero.queue_heads() == []
    assert [h.game_id for h in await one.queue_heads()] == [g1]


async def test_passes_writes_and_reads_straight_through(store: Store) -> None:
    zero, _ = views(store)
    g1 = await zero.create_game(NewGame(
        guild_id=ON_1, channel_id=300, game_name="toy", options={}, seed=3, host_user_id=5,
        settings={"x": 1}, seats=((5, "normal"),), messages=(post(0, "ch:300", 9),), now=NOW,
    ))
    row = await zero.get_game(g1)
    assert row is not None and row.guild_id == ON_1 and row.settings == {"x": 1}
    assert (await zero.open_game_in_channel(300)) == row
    assert [s.user_id for s in await zero.list_seats(g1)] == [5]
    assert (await zero.outbox_state(g1)).pending == 1
    assert await zero.queue_heads() == []  # stored, but shard 1's to deliver


async def test_closing_runs_the_steps_before_the_store_closes(store_url: str) -> None:
    inner = await open_store(store_url)
    view = ShardedStore.over(inner, ShardScope(ShardSet.of(2, [0])))
    seen: list[str] = []

    async def release() -> None:
        seen.append("release")
        assert await inner.get_game(1) is None  # the store is still open here

    async def broken() -> None:
        raise RuntimeError("a step failing does not keep the store open")

    view.before_close += [release, broken]
    await view.close()
    await view.close()  # each step runs once
    assert seen == ["release"]
