"""Subprocesses for the lease and checkpoint tests. Run as `python -m tests.db.workers MODE DB ...`.

hold DB                 open DB with its lease, print "READY <pid>", keep it open until stdin closes,
                        then close and print "CLOSED"
moves DB SECONDS        open DB with its lease and a checkpoint every SECONDS; play the toy game at
                        channel 1 forever, printing "ACK <game> <seq> <epoch time>" after each stored move
"""

from __future__ import annotations

import asyncio
import os
import sys
import time

from db.connection import open_database
from db.sqlite_store import SqliteStore
from engine.core.rng import Rng
from host.notifier import NullNotifier
from host.service import TableService
from tests.host import toygame

HOST = 1
ALICE = 2


async def hold(path: str) -> None:
    """Hold the database (and its lease) until stdin is closed."""
    db = await open_database(path, exclusive=True)
    print(f"READY {os.getpid()}", flush=True)
    await asyncio.to_thread(sys.stdin.read)
    await db.close()
    print("CLOSED", flush=True)


async def moves(path: str, seconds: float) -> None:
    """Play forever, acknowledging each stored move with the time it was acknowledged."""
    db = await open_database(path, exclusive=True, synchronous="NORMAL", checkpoint_seconds=seconds)
    svc = TableService(SqliteStore(db), NullNotifier(), games=toygame.resolve, game_names=toygame.names)
    rng = Rng.from_seed(os.getpid())
    print("READY", flush=True)
    while True:
        table = await svc.table_for_channel(1)
        if table is None:
            table = await svc.create_table("dash", {"target": 40, "turns": 60}, HOST, None, 1)
            await svc.join(table.game_id, ALICE)
            await svc.start(table.game_id, HOST, join_order=True)
            continue
        pending = [p for p in table.pending if p.user_id is not None]
        user_id = pending[0].user_id
        assert user_id is not None  # only seats with a user were kept
        step = await svc.legal_actions_for(table.game_id, user_id, player=pending[0].player)
        choice = rng.choice(list(step.actions))
        result = await svc.submit(table.game_id, user_id, choice.id, step.version, player=step.player)
        print(f"ACK {table.game_id} {result.moves[0].seq} {time.time():.6f}", flush=True)
        await asyncio.sleep(0.01)  # a steady trickle of moves, like players clicking


def main() -> None:
    """Dispatch on the mode argument."""
    mode, path, *rest = sys.argv[1:]
    if mode == "hold":
        asyncio.run(hold(path))
    elif mode == "moves":
        asyncio.run(moves(path, float(rest[0])))
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main()
