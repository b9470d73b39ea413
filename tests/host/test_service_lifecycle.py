"""Opening and closing the service: close waits for moves in flight and refuses new work."""

from __future__ import annotations

import asyncio

import pytest

from host.errors import ServiceClosed
from host.notifier import RecordingNotifier
from host.results import MessageRef, MoveResult, PrivateUpdate, TableInfo, TableUpdate
from tests.host.conftest import ALICE, HOST, open_service, started


class SlowNotifier(RecordingNotifier):
    """Takes its time to post, like a Discord upload."""

    async def post_to_table(
        self, table: TableInfo, update: TableUpdate, previous: MessageRef | None
    ) -> MessageRef | None:
        await asyncio.sleep(0.05)
        return await super().post_to_table(table, update, previous)


class BrokenNotifier(RecordingNotifier):
    """Fails on every call."""

    async def post_to_table(
        self, table: TableInfo, update: TableUpdate, previous: MessageRef | None
    ) -> MessageRef | None:
        raise RuntimeError("Discord is down")

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        raise RuntimeError("Discord is down")


async def test_close_waits_for_a_move_in_flight_then_refuses_new_work(store_url):
    notifier = SlowNotifier()
    svc = await open_service(store_url, notifier)
    result = await started(svc, [HOST, ALICE])
    move = asyncio.create_task(svc.submit(result.game_id, HOST, "bid:1", result.version))
    await asyncio.sleep(0.01)  # the move is being stored or announced
    await svc.close()
    assert isinstance(move.result(), MoveResult)
    with pytest.raises(ServiceClosed) as info:
        await svc.submit(result.game_id, ALICE, "bid:1", result.version)
    assert "restarting" in info.value.message
    svc = await open_service(store_url)
    try:
        assert len(await svc.store.list_actions(result.game_id)) == 1
    finally:
        await svc.close()


async def test_a_failing_notifier_never_fails_a_committed_move(store_url):
    svc = await open_service(store_url, BrokenNotifier())
    try:
        result = await started(svc, [HOST, ALICE])
        moved = await svc.submit(result.game_id, HOST, "bid:1", result.version)
        assert moved.version == 1
        assert (await svc.get_table(result.game_id)).version == 1
    finally:
        await svc.close()


async def test_set_notifier_replaces_the_listener(store_url):
    svc = await open_service(store_url)
    try:
        later = RecordingNotifier()
        svc.set_notifier(later)
        result = await started(svc, [HOST, ALICE])
        assert [u.game_id for _, u in later.posts] == [result.game_id]
        assert svc.game_names()[0] == "dash"
    finally:
        await svc.close()
