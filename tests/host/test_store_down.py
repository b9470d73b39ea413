"""A store that cannot save: every move and table change gets the plain refusal, nothing changes, the operator
hears once, and play goes on once the store saves again. Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import pytest

from host.errors import CannotSave
from host.notifier import RecordingNotifier
from host.service import TableService
from tests.fixtures.outage import outage
from tests.host import toygame
from tests.host.conftest import ALICE, BOB, CHANNEL, GUILD, HOST, lobby_with, started

MOVE_REFUSED = "Your move was not made: the bot cannot save games right now. Try again in a while."
CHANGE_REFUSED = "Nothing was done: the bot cannot save games right now. Try again in a while."


@pytest.fixture
async def service(store_url: str) -> AsyncIterator[TableService]:
    """The service as the bot runs it: its sender delivers in the background, not after each call."""
    svc = await TableService.open(
        store_url, RecordingNotifier(), games=toygame.resolve, game_names=toygame.names, synchronous="NORMAL"
    )
    yield svc
    await svc.close()


def _store_lines(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "host.store_watch" and r.levelno == level]


async def test_moves_while_the_store_cannot_save_are_refused_plainly_change_nothing_and_play_resumes_after(
    service: TableService, store_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    game = await started(service, [HOST, ALICE])
    step = await service.legal_actions_for(game.game_id, HOST)
    stored = await service.store.get_game(game.game_id)
    assert stored is not None
    async with outage(service.store, store_url):
        for _ in range(12):
            with pytest.raises(CannotSave) as refused:
                await service.submit(game.game_id, HOST, "bid:2", step.version)
            assert refused.value.message == MOVE_REFUSED
            cached = await service.get_table(game.game_id)
            assert cached.version == game.version
            assert [p.user_id for p in cached.pending] == [HOST, ALICE]
    assert len(_store_lines(caplog, logging.ERROR)) == 1
    assert _store_lines(caplog, logging.WARNING) == []
    after = await service.store.get_game(game.game_id)
    assert after is not None and (after.version, after.snapshot) == (stored.version, stored.snapshot)
    assert await service.store.list_actions(game.game_id) == []
    moved = await service.submit(game.game_id, HOST, "bid:2", step.version)
    assert moved.version == game.version + 1
    assert [a.action_id for a in await service.store.list_actions(game.game_id)] == ["bid:2"]
    assert len(_store_lines(caplog, logging.WARNING)) == 1
    assert len(_store_lines(caplog, logging.ERROR)) == 1


async def test_table_changes_while_the_store_cannot_save_are_refused_plainly_and_change_nothing(
    service: TableService, store_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    lobby = await lobby_with(service, [HOST, ALICE])
    async with outage(service.store, store_url):
        attempts = [
            service.create_table("dash", None, BOB, GUILD, CHANNEL + 1),
            service.join(lobby.game_id, BOB),
            service.leave(lobby.game_id, ALICE),
            service.add_ai(lobby.game_id, HOST),
            service.update_settings(lobby.game_id, HOST, undo=False),
            service.start(lobby.game_id, HOST),
            service.cancel(lobby.game_id, HOST),
        ]
        for attempt in attempts:
            with pytest.raises(CannotSave) as refused:
                await attempt
            assert refused.value.message == CHANGE_REFUSED
        table = await service.get_table(lobby.game_id)
        assert (table.status, [s.user_id for s in table.seats], table.settings.undo) == (
            lobby.status, [HOST, ALICE], lobby.settings.undo,
        )
    assert len(_store_lines(caplog, logging.ERROR)) == 1
    assert await service.store.open_game_in_channel(CHANNEL + 1) is None
    joined = await service.join(lobby.game_id, BOB)
    assert [s.user_id for s in joined.seats] == [HOST, ALICE, BOB]
