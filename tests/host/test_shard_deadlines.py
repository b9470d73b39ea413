"""Deadlines with several processes on one store: each reminder is sent once and each timeout applied once.

Two table services over ONE store play two bot processes. Normally their ShardedStores give each
deadline to one of them only; during a lease handover both may look at the same game for a moment,
and then the store's conditional writes (remind, the versioned commit_move) still let only one act.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from db.url import open_store
from host.notifier import RecordingNotifier
from host.results import AfkPolicy, TableSettings
from host.service import TableService
from host.shard_store import ShardedStore, ShardScope
from host.shards import ShardSet
from tests.host import toygame
from tests.host.conftest import ALICE, HOST, FakeClock

DELAY = 600.0
ON_1 = (11 << 22) | 5  # a guild on shard 1 of 2


async def process(url: str, clock: FakeClock, shards: list[int] | None) -> tuple[TableService, RecordingNotifier]:
    """A table service like one bot process's: over the whole store, or through a ShardedStore for `shards` of 2."""
    notifier = RecordingNotifier()
    store = await open_store(url, synchronous="NORMAL")
    seen = store if shards is None else ShardedStore.over(store, ShardScope(ShardSet.of(2, shards)))
    service = TableService(seen, notifier, clock=clock, games=toygame.resolve, game_names=toygame.names,
                           seed_source=lambda: 12345)
    await service.recover()
    return service, notifier


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def two(store_url: str, clock: FakeClock) -> AsyncIterator[list[tuple[TableService, RecordingNotifier]]]:
    made: list[tuple[TableService, RecordingNotifier]] = []
    yield made
    for service, _ in made:
        await service.close()


async def start_game(service: TableService, policy: AfkPolicy, channel: int) -> int:
    # SKIP acts at the first deadline (no reminder first); REMIND only ever reminds.
    settings = TableSettings(reminder_delay=DELAY, afk_policy=policy, afk_after=0 if policy is AfkPolicy.SKIP else 1)
    table = await service.create_table("dash", None, HOST, ON_1, channel, seed=7, settings=settings)
    await service.join(table.game_id, ALICE)
    return (await service.start(table.game_id, HOST, join_order=True)).game_id


async def test_only_the_owning_process_fires_its_games_deadlines(two: list, store_url: str, clock: FakeClock) -> None:
    two += [await process(store_url, clock, [0]), await process(store_url, clock, [1])]
    (zero, zero_pings), (one, one_pings) = two
    game_id = await start_game(zero, AfkPolicy.REMIND, 900)  # created through shard 0's process, owned by shard 1
    clock.advance(DELAY)
    assert await zero.run_due_deadlines(clock()) == 0
    assert await one.run_due_deadlines(clock()) == 2
    await one.deliver()
    assert len(one_pings.pings) == 2 and zero_pings.pings == []
    assert [r.reminders for r in await one.store.deadlines_for(game_id)] == [1, 1]


@pytest.mark.parametrize("policy", [AfkPolicy.REMIND, AfkPolicy.SKIP])
async def test_two_processes_firing_the_same_deadlines_at_once_act_once(two: list, store_url: str, clock: FakeClock,
                                                                        policy: AfkPolicy) -> None:
    # Both see every game (a handover moment): each reminder must still go out once, each timeout apply once.
    two += [await process(store_url, clock, None), await process(store_url, clock, None)]
    (a, a_pings), (b, b_pings) = two
    games = [await start_game(a, policy, 900 + i) for i in range(4)]
    await b.recover()
    now = clock.advance(DELAY)
    fired = await asyncio.gather(a.run_due_deadlines(now), b.run_due_deadlines(now))
    await a.deliver()
    await b.deliver()
    if policy is AfkPolicy.REMIND:
        assert sum(fired) == 8  # two pending players in four games, reminded once each
        reminded = [p[0].user_id for _, p, _ in a_pings.pings + b_pings.pings]
        assert sorted(reminded) == sorted([HOST, ALICE] * 4)
        for game_id in games:
            assert [r.reminders for r in await a.store.deadlines_for(game_id)] == [1, 1]
    else:
        for game_id in games:
            log = await a.store.list_actions(game_id)
            timeouts = [(r.player, r.source) for r in log]
            assert timeouts == [(0, "timeout"), (1, "timeout")], timeouts  # each player's timeout applied once
