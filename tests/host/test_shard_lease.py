"""Per-shard leases (db.shard_leases) and their keeper (host.shard_lease): one holder per shard, refusals of a
second holder, takeover of a silent process's shards and hand-back when it returns.

The PostgreSQL cases use `pg_url` (deselected, with one summary line, without GNOMEHOST_TEST_DATABASE_URL).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator

import pytest

from db.errors import DatabaseError, DatabaseInUse
from db.rows import NewMessage
from db.shard_leases import LocalShardLeases, PostgresShardLeases, ShardLeaseLost, ShardsInUse, open_shard_leases
from db.store import NewGame, Store
from db.url import open_store
from host.shard_lease import ShardLeaseKeeper
from host.shard_store import ShardedStore, ShardScope
from host.shards import ShardSet

STALE = 10.0
_machines = itertools.count()
T0 = 5_000.0


@pytest.fixture
async def pg_store(pg_url: str) -> AsyncIterator[Store]:
    store = await open_store(pg_url)
    try:
        yield store
    finally:
        await store.close()


def process(store: Store, ids: list[int], count: int = 2, pid: int = 1) -> PostgresShardLeases:
    leases = open_shard_leases(store, count, ids, STALE)
    assert isinstance(leases, PostgresShardLeases)
    # A made-up pid on a machine of its own: only the lease timeout can tell whether it still runs.
    leases.pid, leases.host = pid, f"test-host-{next(_machines)}"
    return leases


async def test_two_processes_split_the_shards_and_a_third_on_a_held_shard_is_refused(pg_store: Store) -> None:
    a, b = process(pg_store, [0], pid=1), process(pg_store, [1], pid=2)
    assert await a.claim(T0) == {0}
    assert await b.claim(T0 + 1) == {1}
    intruder = process(pg_store, [1], pid=3)
    with pytest.raises(ShardsInUse) as info:
        await intruder.claim(T0 + 2)
    assert isinstance(info.value, DatabaseInUse)  # bot.py refuses it like a second process on one SQLite file
    assert "shard 1 of 2 is held by another Gnomehost process (pid 2" in str(info.value)
    assert {r.shard_id: r.owner_pid for r in await a.rows()} == {0: 1, 1: 2}


async def test_a_process_frozen_inside_a_lease_transaction_does_not_block_the_others(pg_store: Store) -> None:
    """A holder frozen mid-transaction (holding the lease lock) is cut off by the server after half the lease
    timeout, so another process's claim goes through instead of waiting for it forever."""
    frozen, other = process(pg_store, [0], pid=1), process(pg_store, [1], pid=2)
    frozen.stale_after = other.stale_after = 2.0  # the server cuts the frozen session after 1 s
    inside, release = asyncio.Event(), asyncio.Event()

    async def freeze() -> None:
        try:
            async with frozen._transaction("a renewal that freezes"):
                inside.set()
                await release.wait()  # holds the lease lock, idle in its transaction
        except DatabaseError:  # the server ended the frozen session: expected here
            pass

    holder = asyncio.create_task(freeze())
    try:
        await inside.wait()
        started = asyncio.get_running_loop().time()
        assert await asyncio.wait_for(other.claim(T0), timeout=15) == {1}
        assert asyncio.get_running_loop().time() - started < 10
    finally:
        release.set()
        await holder


async def test_a_process_with_another_shard_count_is_refused(pg_store: Store) -> None:
    await process(pg_store, [0]).claim(T0)
    with pytest.raises(ShardsInUse, match="SHARD_COUNT=2 on this database, this one with SHARD_COUNT=4"):
        await process(pg_store, [3], count=4).claim(T0 + 1)


async def test_a_silent_process_is_taken_over_and_gets_its_shard_back_when_it_returns(pg_store: Store) -> None:
    a, b = process(pg_store, [0], pid=1), process(pg_store, [1], pid=2)
    await a.claim(T0)
    await b.claim(T0)
    assert await b.renew(T0 + 5) == {1}  # a is quiet but not yet silent for STALE seconds
    assert await b.renew(T0 + STALE + 1) == {0, 1}  # a died: b delivers shard 0's games too
    restarted = process(pg_store, [0], pid=11)  # a's restart: a new process for shard 0
    assert await restarted.claim(T0 + STALE + 2) == {0}  # a stand-in never blocks the configured holder
    assert await b.renew(T0 + STALE + 3) == {1}  # b lets go of shard 0
    rows = {r.shard_id: r for r in await b.rows()}
    assert (rows[0].owner_pid, rows[0].configured) == (11, True)


async def test_a_shard_nobody_started_is_served_by_a_stand_in(pg_store: Store) -> None:
    only = process(pg_store, [1], count=3)
    assert await only.claim(T0) == {1}
    assert await only.renew(T0 + 1) == {0, 1, 2}


async def test_a_clean_stop_hands_the_shard_over_at_once(pg_store: Store) -> None:
    a, b = process(pg_store, [0], pid=1), process(pg_store, [1], pid=2)
    await a.claim(T0)
    await b.claim(T0)
    await a.release()
    assert await b.renew(T0 + 1) == {0, 1}


async def test_a_process_whose_shard_was_claimed_while_it_was_silent_loses_it(pg_store: Store) -> None:
    a = process(pg_store, [0], pid=1)
    await a.claim(T0)
    successor = process(pg_store, [0], pid=2)
    with pytest.raises(ShardsInUse):
        await successor.claim(T0 + 1)
    assert await successor.claim(T0 + STALE + 1) == {0}  # a was silent too long
    with pytest.raises(ShardLeaseLost, match="shard 0 of 2 was claimed by another Gnomehost process"):
        await a.renew(T0 + STALE + 2)


async def test_the_keeper_moves_the_scope_with_the_leases_and_reports_a_loss(pg_store: Store) -> None:
    now = [T0]
    scope_a, scope_b = ShardScope(ShardSet.of(2, [0])), ShardScope(ShardSet.of(2, [1]))
    woken: list[str] = []
    keeper_a = ShardLeaseKeeper(process(pg_store, [0], pid=1), scope_a, 0.01, clock=lambda: now[0])
    keeper_b = ShardLeaseKeeper(process(pg_store, [1], pid=2), scope_b, 0.01, clock=lambda: now[0],
                                on_change=lambda: woken.append("b"))
    assert await keeper_a.claim() == {0} and await keeper_b.claim() == {1}
    now[0] = T0 + STALE + 1  # a stops renewing (its process hangs): b takes shard 0 over
    assert await keeper_b.renew_once() == {0, 1}
    assert scope_b.held == {0, 1} and woken == ["b"]
    assert scope_b.owns(None)  # DM-only games are shard 0's: b delivers them meanwhile
    successor = process(pg_store, [0], pid=3)
    await successor.claim(now[0])
    keeper_a.start()
    message = await asyncio.wait_for(keeper_a.wait_lost(), 5)
    assert message.startswith("Gnomehost stopped: shard 0 of 2 was claimed") and scope_a.held == frozenset()
    await keeper_a.stop()
    assert await keeper_b.renew_once() == {1} and woken == ["b", "b"]
    await keeper_b.stop()
    assert scope_b.held == frozenset()
    assert await successor.renew(now[0] + 1) == {0, 1}  # b released shard 1 on its clean stop


async def test_without_postgresql_one_process_holds_every_shard(tmp_path: object) -> None:
    store = await open_store(f"sqlite:///{tmp_path}/gnomehost.db")
    try:
        leases = open_shard_leases(ShardedStore.over(store, ShardScope(ShardSet.of(3, [1]))), 3, [1], STALE)
        assert isinstance(leases, LocalShardLeases)
        assert await leases.claim(T0) == {0, 1, 2} == await leases.renew(T0 + 100)
        await leases.release()
    finally:
        await store.close()


async def test_a_second_unsharded_process_on_one_database_is_refused(pg_store: Store) -> None:
    first = process(pg_store, [0], count=1, pid=1)
    assert await first.claim(T0) == {0}
    with pytest.raises(ShardsInUse, match=r"another Gnomehost process \(pid 1 .*\) serves this database"):
        await process(pg_store, [0], count=1, pid=2).claim(T0 + 1)
    with pytest.raises(ShardsInUse, match="SHARD_COUNT=1 on this database, this one with SHARD_COUNT=2"):
        await process(pg_store, [0, 1], count=2, pid=3).claim(T0 + 1)


async def test_a_scope_whose_renewals_are_too_old_owns_nothing_until_the_next_one(pg_store: Store) -> None:
    ticks = [0.0]
    scope = ShardScope(ShardSet.of(2, [0]), clock=lambda: ticks[0])
    woken: list[str] = []
    keeper = ShardLeaseKeeper(process(pg_store, [0]), scope, 1.0, clock=lambda: T0, valid_for=STALE,
                              on_change=lambda: woken.append("sender"))
    assert scope.owns(None) and not scope.fenced  # no fence before the first claim
    await keeper.claim()
    ticks[0] = STALE - 0.1
    assert scope.owns(None)
    ticks[0] = STALE  # frozen (or cut off) for a whole lease timeout: another process may hold it now
    assert scope.fenced and not scope.owns(None) and scope.held == {0}
    await keeper.renew_once()  # the lease was still ours after all: back to work, and the sender is woken
    assert not scope.fenced and scope.owns(None) and woken == ["sender"]
    assert scope.valid_until == STALE + STALE


async def test_a_fenced_process_hands_out_no_work(tmp_path: object) -> None:
    ticks = [0.0]
    store = await open_store(f"sqlite:///{tmp_path}/gnomehost.db")
    try:
        scope = ShardScope(ShardSet.of(2, [0, 1]), clock=lambda: ticks[0])
        view = ShardedStore.over(store, scope)
        game = await store.create_game(NewGame(
            guild_id=5 << 22, channel_id=1, game_name="toy", options={}, seed=1, host_user_id=5, settings={},
            seats=((5, "normal"),), messages=(NewMessage(0, "ch:1", "notice", {}),), now=1.0))
        scope.renewed(0.0, STALE)
        assert [h.game_id for h in await view.queue_heads()] == [game]
        ticks[0] = STALE + 1
        assert await view.queue_heads() == [] and await view.next_in_queue("ch:1") is None
    finally:
        await store.close()
