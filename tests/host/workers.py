"""Subprocesses for the crash and two-process tests. Run as `python -m tests.host.workers MODE DB ...`.

crash DB           play the toy game forever at channel 1; print "ACK game seq player action" after each
                   acknowledged submit (the test kills it with SIGKILL at a random moment)
race DB GAME GO    wait for the file GO, then submit the move of the current version again and again,
                   racing another process; print "ACK seq" or "STALE version"
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from engine.core.rng import Rng
from host.errors import GameNotActive, StaleVersion
from host.notifier import NullNotifier
from host.results import TableSettings, TableStatus
from host.service import TableService
from tests.host import toygame

HOST = 1
ALICE = 2


async def _open(path: str) -> TableService:
    return await TableService.open(path, NullNotifier(), games=toygame.resolve, game_names=toygame.names)


async def crash(path: str) -> None:
    """Submit moves forever, acknowledging each one on stdout."""
    svc = await _open(path)
    rng = Rng.from_seed(os.getpid())
    print("READY", flush=True)
    while True:
        table = await svc.table_for_channel(1)
        if table is None:
            table = await svc.create_table("dash", {"target": 40, "turns": 60}, HOST, None, 1)
        if table.status is TableStatus.LOBBY:
            # Also a lobby a killed worker left half-built: seat ALICE if she is missing, then start.
            if not table.is_seated(ALICE):
                await svc.join(table.game_id, ALICE)
            await svc.start(table.game_id, HOST, join_order=True)
            continue
        pending = [p for p in table.pending if p.user_id is not None]
        user_id = pending[0].user_id
        assert user_id is not None  # only seats with a user were kept
        step = await svc.legal_actions_for(table.game_id, user_id, player=pending[0].player)
        choice = rng.choice(list(step.actions))
        result = await svc.submit(table.game_id, user_id, choice.id, step.version, player=step.player)
        move = result.moves[0]
        print(f"ACK {table.game_id} {move.seq} {move.player} {choice.id}", flush=True)


async def race(path: str, game_id: int, go: str) -> None:
    """Race another process for every move of one game."""
    svc = await _open(path)
    game = toygame.GAME
    print("READY", flush=True)
    while not Path(go).exists():
        await asyncio.sleep(0.005)
    while True:
        row = await svc.store.get_game(game_id)
        assert row is not None and row.snapshot is not None
        if row.status != "active":
            break
        state = game.load(json.loads(row.snapshot))
        player = game.pending(state)[0].player
        legal = game.legal_actions(state, player)
        action = legal[row.version % len(legal)]
        try:
            result = await svc.submit(game_id, HOST, action.id, row.version, player=player)
        except StaleVersion:
            print(f"STALE {row.version}", flush=True)
            continue
        except GameNotActive:
            break
        print(f"ACK {result.moves[0].seq}", flush=True)
    await svc.close()
    print("DONE", flush=True)


async def make_race_game(path: str) -> int:
    """A long toy game where HOST holds every seat (so both racers can always act)."""
    svc = await _open(path)
    table = await svc.create_table(
        "dash", {"target": 300, "turns": 120}, HOST, None, 1, settings=TableSettings(multiseat=True)
    )
    await svc.join(table.game_id, HOST)
    await svc.start(table.game_id, HOST, join_order=True)
    await svc.close()
    return table.game_id


def main(argv: list[str]) -> None:
    """Entry point."""
    mode, path = argv[0], argv[1]
    if mode == "crash":
        asyncio.run(crash(path))
    elif mode == "race":
        asyncio.run(race(path, int(argv[2]), argv[3]))
    else:
        raise SystemExit(f"unknown mode {mode}")


if __name__ == "__main__":
    main(sys.argv[1:])
