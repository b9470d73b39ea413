"""Undo: off by default; only the mover, only before anyone else acted, only if nothing was revealed."""

from __future__ import annotations

from typing import Any, cast

import pytest

from engine.core import Decision, Game
from host.errors import UndoNotAllowed
from host.results import TableSettings, TableStatus, UpdateKind
from tests.host.conftest import ALICE, HOST, open_service, started


async def _race(svc, undo: bool = True):
    result = await started(svc, [HOST, ALICE], settings=TableSettings(undo=undo))
    game_id = result.game_id
    await svc.submit(game_id, HOST, "bid:0", 0)
    result = await svc.submit(game_id, ALICE, "bid:0", 0)
    return result


async def test_undo_is_off_by_default(service):
    result = await _race(service, undo=False)
    moved = await service.submit(result.game_id, HOST, "step", result.version)
    with pytest.raises(UndoNotAllowed) as info:
        await service.undo(result.game_id, HOST)
    assert "off" in info.value.message
    assert (await service.get_table(result.game_id)).version == moved.version


async def test_the_mover_takes_back_a_quiet_move(service, notifier, store_url):
    result = await _race(service)
    game_id = result.game_id
    before = await service.view_for(game_id, None)
    moved = await service.submit(game_id, HOST, "step", result.version)
    undone = await service.undo(game_id, HOST)
    assert undone.version == moved.version + 1
    assert undone.public_view == before.view
    assert [p.user_id for p in undone.pending] == [HOST]
    assert notifier.posts_for(game_id)[-1].kind == UpdateKind.UNDO
    assert [line.kind for line in await service.log(game_id, None)][-1] == "reveal"  # the step is gone
    rows = await service.store.list_actions(game_id)
    assert (rows[-1].source, rows[-1].undoes) == ("undo", moved.version)  # the log stays append-only
    # the old button is stale; a fresh move works
    again = await service.submit(game_id, HOST, "pass", undone.version)
    assert again.version == undone.version + 1


async def test_only_the_mover_may_undo(service):
    result = await _race(service)
    await service.submit(result.game_id, HOST, "step", result.version)
    with pytest.raises(UndoNotAllowed) as info:
        await service.undo(result.game_id, ALICE)
    assert "Only the player who made the last move" in info.value.message


async def test_no_undo_after_someone_else_acted(service):
    result = await _race(service)
    moved = await service.submit(result.game_id, HOST, "step", result.version)
    await service.submit(result.game_id, ALICE, "step", moved.version)
    with pytest.raises(UndoNotAllowed):
        await service.undo(result.game_id, HOST)


async def test_no_undo_of_a_move_that_revealed_something(service):
    result = await _race(service)
    await service.submit(result.game_id, HOST, "roll", result.version)
    with pytest.raises(UndoNotAllowed) as info:
        await service.undo(result.game_id, HOST)
    assert "revealed" in info.value.message
    # ALICE's last bid revealed every head start: not undoable either
    fresh = await started(service, [HOST, ALICE], settings=TableSettings(undo=True), channel=9)
    await service.submit(fresh.game_id, HOST, "bid:0", 0)
    await service.submit(fresh.game_id, ALICE, "bid:1", 0)
    with pytest.raises(UndoNotAllowed):
        await service.undo(fresh.game_id, ALICE)


async def test_nothing_to_undo(service):
    result = await started(service, [HOST, ALICE], settings=TableSettings(undo=True))
    with pytest.raises(UndoNotAllowed) as info:
        await service.undo(result.game_id, HOST)
    assert "no move" in info.value.message


async def test_two_undos_in_a_row_and_the_game_still_replays_after_restart(store_url):
    svc = await open_service(store_url)
    result = await _race(svc)
    game_id = result.game_id
    await svc.submit(game_id, HOST, "step", result.version)
    undone = await svc.undo(game_id, HOST)
    with pytest.raises(UndoNotAllowed):
        await svc.undo(game_id, HOST)  # the move before is ALICE's
    await svc.submit(game_id, HOST, "pass", undone.version)
    await svc.close()
    svc = await open_service(store_url)
    try:
        table = await svc.get_table(game_id)
        assert table.status == TableStatus.ACTIVE  # verified against replay, undo entries included
        assert table.version == undone.version + 1
    finally:
        await svc.close()


class _WindowGame:
    """A stand-in game whose state is just the list of pending decisions."""

    def pending(self, state: list[Decision]) -> list[Decision]:
        """The decisions `state` is."""
        return state


# undo_refusal asks its game only for `pending`, so the stand-in implements nothing else of Game.
WINDOW_GAME = cast("Game[Any]", _WindowGame())


def test_a_move_that_opened_a_reaction_window_cannot_be_undone():
    from engine.core import DecisionKind, public_event
    from host.play import undo_refusal

    quiet = [public_event("Goblin attacks the Gnome.", "declare")]
    window = [Decision(1, DecisionKind.REACTION, "React?")]
    turn = [Decision(0, DecisionKind.TURN, "Go on")]
    assert undo_refusal(WINDOW_GAME, turn, quiet) is None
    reacting = undo_refusal(WINDOW_GAME, window, quiet)
    assert reacting is not None and "react" in reacting
    revealing = undo_refusal(WINDOW_GAME, turn, [public_event("rolls 3", "roll")])
    assert revealing is not None and "revealed" in revealing
