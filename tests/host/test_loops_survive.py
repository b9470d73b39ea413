"""No background loop of the table service dies from an exception: each logs it (the traceback once),
waits a little longer each time, and does its work again once its dependency works."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import steady
from host.ai_worker import AiWorker, WorkerMode
from host.notifier import RecordingNotifier
from host.results import TableSettings
from host.service import TableService
from host.shard_lease import ShardLeaseKeeper
from host.shard_store import ShardScope
from host.shards import ShardSet
from tests.host import toygame
from tests.host.conftest import ALICE, HOST, started
from tests.loop_faults import Flaky, assert_logged_once, eventually, failures, shorten_pauses


@pytest.fixture(autouse=True)
def short_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    shorten_pauses(monkeypatch)


@pytest.fixture
def notifier() -> RecordingNotifier:
    return RecordingNotifier()


@pytest.fixture
async def service(tmp_path: Path, notifier: RecordingNotifier) -> AsyncIterator[TableService]:
    svc = await TableService.open(f"sqlite:///{tmp_path}/gnomehost.db", notifier, games=toygame.resolve,
                                  game_names=toygame.names, seed_source=lambda: 12345, synchronous="NORMAL")
    yield svc
    await svc.close()


async def test_the_outbox_sender_outlives_a_failing_queue_lookup_and_then_delivers(
    service: TableService, notifier: RecordingNotifier, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = await started(service, [HOST, ALICE])
    store = service._sender._db
    monkeypatch.setattr(store, "queue_heads", Flaky(store.queue_heads, failures()))
    with caplog.at_level(logging.INFO, logger="host.sender"):
        service.start_scheduler(interval=0.02)
        await eventually(lambda: bool(notifier.posts_for(game.game_id)))
        assert service._sender.running
        await service.stop_scheduler()
    assert_logged_once(caplog, "host.sender", "looking at the outbox queues")


async def test_an_outbox_queue_whose_rows_cannot_be_read_is_delivered_once_they_can(
    service: TableService, notifier: RecordingNotifier, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = await started(service, [HOST, ALICE])
    store = service._sender._db
    monkeypatch.setattr(store, "next_in_queue", Flaky(store.next_in_queue, failures()))
    with caplog.at_level(logging.INFO, logger="host.sender"):
        service.start_scheduler(interval=0.02)
        await eventually(lambda: bool(notifier.posts_for(game.game_id)))
        await service.stop_scheduler()
    assert_logged_once(caplog, "host.sender", "delivering an outbox queue")


async def test_the_deadline_scheduler_outlives_a_failing_lookup_and_then_reminds(
    service: TableService, notifier: RecordingNotifier, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    await started(service, [HOST, ALICE], settings=TableSettings(reminder_delay=0.05, max_reminders=1))
    store = service._watched
    monkeypatch.setattr(store, "due_deadlines", Flaky(store.due_deadlines, failures()))
    with caplog.at_level(logging.INFO, logger="host.deadlines"):
        service.start_scheduler(interval=0.02)
        await eventually(lambda: len(notifier.pings) >= 1)
        await service.stop_scheduler()
    assert_logged_once(caplog, "host.deadlines", "firing the due deadlines")


class Leases:
    """Shard leases of a single process holding both shards, whose renewals fail at first."""

    def __init__(self) -> None:
        self.renewals = Flaky(self._renewed, failures())

    async def _renewed(self) -> frozenset[int]:
        return frozenset({0, 1})

    async def claim(self, now: float) -> frozenset[int]:
        return frozenset({0, 1})

    async def renew(self, now: float) -> frozenset[int]:
        return await self.renewals()

    async def release(self) -> None:
        return None


async def test_the_shard_lease_renewals_outlive_any_exception_and_then_renew(caplog: pytest.LogCaptureFixture) -> None:
    leases = Leases()
    scope = ShardScope(ShardSet.of(2, [0]))
    keeper = ShardLeaseKeeper(leases, scope, 0.01)
    with caplog.at_level(logging.INFO, logger="host.shard_lease"):
        keeper.start()
        await eventually(lambda: leases.renewals.worked >= 1)
        assert scope.held == {0, 1}
        await keeper.stop()
    assert_logged_once(caplog, "host.shard_lease", "renewing the shard leases")


async def test_a_background_ai_turn_that_fails_is_played_again(caplog: pytest.LogCaptureFixture) -> None:
    played: list[int] = []

    async def turn() -> None:
        played.append(7)

    worker = AiWorker(mode=WorkerMode.INLINE)
    try:
        with caplog.at_level(logging.INFO, logger="host.ai_worker"):
            assert worker.schedule(7, Flaky(turn, failures()))
            assert await worker.idle(10)
        assert played == [7]
        assert_logged_once(caplog, "host.ai_worker", "game 7: the background AI turn")
    finally:
        await worker.close()


async def test_closing_the_ai_worker_ends_a_turn_waiting_to_be_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(steady, "FIRST_PAUSE", 30.0)  # the turn would wait half a minute before its next try
    tries: list[int] = []

    async def broken() -> None:
        tries.append(3)
        raise RuntimeError("boom")

    worker = AiWorker(mode=WorkerMode.INLINE)
    assert worker.schedule(3, broken)
    await eventually(lambda: bool(tries))
    assert worker.busy()  # waiting to try again, not given up
    await asyncio.wait_for(worker.close(), 5)
    assert not worker.busy() and tries == [3]
