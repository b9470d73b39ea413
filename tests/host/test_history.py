"""The log: spectators see public lines only; a player also sees their own private lines."""

from __future__ import annotations

from host.results import MoveSource
from tests.host.conftest import ALICE, BOB, HOST, STRANGER, started


async def test_log_visibility(service):
    result = await started(service, [HOST, ALICE, BOB])
    game_id = result.game_id
    await service.submit(game_id, HOST, "bid:2", result.version)
    await service.submit(game_id, ALICE, "bid:1", result.version)
    await service.submit(game_id, BOB, "bid:0", result.version)

    spectator = await service.log(game_id, None)
    assert all(not line.private for line in spectator)
    assert not any("head start of" in line.text for line in spectator)
    assert [line.kind for line in spectator] == ["setup", "chosen", "chosen", "chosen", "reveal"]
    assert (spectator[0].seq, spectator[0].player, spectator[0].source) == (0, None, MoveSource.SETUP)
    assert await service.log(game_id, STRANGER) == spectator

    alice = await service.log(game_id, ALICE)
    private = [line for line in alice if line.private]
    assert [(line.seq, line.player, line.text) for line in private] == [
        (0, None, "You are gnome 1. Nobody else knows your lucky number."),
        (2, 1, "You keep a head start of 1."),
    ]
    assert [line for line in alice if not line.private] == spectator
    host = await service.log(game_id, HOST)
    assert [line.text for line in host if line.private][1:] == ["You keep a head start of 2."]


async def test_log_of_a_lobby_is_empty(service):
    table = await service.create_table("dash", None, HOST, None, 5)
    assert await service.log(table.game_id, HOST) == []  # not even setup lines: nothing was dealt yet
