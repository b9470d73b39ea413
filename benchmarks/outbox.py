"""Outbox benchmark: `python -m benchmarks.outbox [--games N] [--moves M] [--store sqlite|postgres]`.

Prints:
  1. what storing a move's messages costs: submit p50/p95 with the outbox as the service runs it, against
     the same moves with composing and storing messages switched off (the baseline, same run, same file);
  2. delivery: messages per second the sender hands to an instant notifier, with N games live;
  3. catch-up after an outage: N games' messages held back (the notifier failing), then the time from
     "Discord back" to "outbox empty".
Wall-clock times on this machine (synchronous=NORMAL so the disk sync does not hide the CPU cost). With
`--store postgres` every part runs on a PostgreSQL database of its own, made on the server of --database-url
(default $GNOMEHOST_BENCH_DATABASE_URL, else $GNOMEHOST_TEST_DATABASE_URL; a role allowed to create databases).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from db.bench import STORES, scratch_database
from engine.core.rng import Rng
from host import announce
from host.notifier import RecordingNotifier, RetryLater
from host.results import TableInfo, TableSettings
from host.service import TableService

NO_REMINDERS = TableSettings(reminder_delay=0, multiseat=True)
USER = 1


def out(line: str = "") -> None:
    """Print one line of the report."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class JumpingClock:
    """Wall-clock time, plus a jump ahead the benchmark sets to make every retry due at once."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        """The time now, jumped ahead."""
        return time.time() + self.ahead


@dataclass(frozen=True)
class Place:
    """Where the benchmark stores: which store, and the PostgreSQL server to make its databases on."""

    store: str
    postgres_url: str | None

    @asynccontextmanager
    async def scratch(self, name: str) -> AsyncIterator[str]:
        """The URL of an empty database of this store for one part, removed afterwards."""
        with tempfile.TemporaryDirectory() as folder:
            async with scratch_database(self.store, name, folder=Path(folder), postgres_url=self.postgres_url) as url:
                yield url


async def _open(url: str, notifier: RecordingNotifier, clock: JumpingClock | None = None) -> TableService:
    return await TableService.open(url, notifier, synchronous="NORMAL", clock=clock)


async def _game(svc: TableService, channel: int) -> int:
    table = await svc.create_table("vendetta", {}, USER, 1, channel, settings=NO_REMINDERS)
    for _ in range(2):
        await svc.join(table.game_id, USER)
    await svc.start(table.game_id, USER)
    return table.game_id


async def _move(svc: TableService, game_id: int, rng: Rng) -> float | None:
    table = await svc.get_table(game_id)
    if not table.pending:
        return None
    pending = table.pending[0]
    step = await svc.legal_actions_for(game_id, USER, player=pending.player)
    choice = rng.choice(list(step.actions))
    began = time.perf_counter()
    await svc.submit(game_id, USER, choice.id, step.version, player=pending.player)
    return (time.perf_counter() - began) * 1000


async def submit_cost(moves: int, place: Place) -> None:
    """Part 1: submit latency with and without the outbox's composing and storing."""
    results: dict[str, list[float]] = {}
    original = announce.compose
    for label in ("no outbox (baseline)", "with outbox", "no outbox (baseline) ", "with outbox "):
        if label.startswith("no outbox"):
            announce.compose = lambda *a, **k: []  # the baseline swaps the composing of messages out
        else:
            announce.compose = original  # and back
        async with place.scratch("outbox_b") as url:
            svc = await _open(url, RecordingNotifier())
            try:
                rng = Rng.from_seed(5)
                game_id = await _game(svc, 10)
                times: list[float] = []
                while len(times) < moves:
                    took = await _move(svc, game_id, rng)
                    if took is None:
                        game_id = await _game(svc, 10 + len(times))
                        continue
                    times.append(took)
            finally:
                await svc.close()
        results.setdefault(label.strip(), []).extend(times)
    announce.compose = original  # restored after the runs
    base = statistics.median(results["no outbox (baseline)"])
    out(f"1. submit latency over {2 * moves} moves each (vendetta, 2 seats)")
    for label, times in results.items():
        ordered = sorted(times)
        p50, p95 = statistics.median(ordered), ordered[int(0.95 * (len(ordered) - 1))]
        out(f"   {label:22s} p50 {p50:6.2f} ms  p95 {p95:6.2f} ms  ratio p50 {p50 / base:4.2f}x")


async def delivery(games: int, moves: int, outage: bool, place: Place) -> None:
    """Parts 2 and 3: deliver what `games` games of `moves` moves stored, after an outage or as they come."""
    async with place.scratch("outbox_d") as url:
        notifier = RecordingNotifier()
        down = {"on": outage}

        def fault(kind: str, table: TableInfo) -> None:
            if down["on"]:
                raise RetryLater("Discord answered 500")

        notifier.fault = fault
        clock = JumpingClock()
        svc = await _open(url, notifier, clock)
        try:
            rng = Rng.from_seed(9)
            ids = [await _game(svc, 100 + i) for i in range(games)]
            for _ in range(moves):
                for game_id in ids:
                    await _move(svc, game_id, rng)
            waiting = sum([(await svc.store.outbox_state(game_id)).pending for game_id in ids])
            down["on"] = False
            began = time.perf_counter()
            # A whole backlog at once: every row due now (the sender's backoff would add waiting).
            clock.ahead = 86_400.0
            left = await svc.deliver(timeout=300)
            took = time.perf_counter() - began
        finally:
            await svc.close()
    what = "3. catch-up after an outage" if outage else "2. delivery"
    out(f"{what}: {waiting} messages of {games} games delivered in {took:.2f} s "
        f"({waiting / took:,.0f} messages/s, {left} left)")


async def run(args: argparse.Namespace) -> None:
    """The whole report."""
    pg_url = args.database_url or os.environ.get("GNOMEHOST_BENCH_DATABASE_URL") or os.environ.get(
        "GNOMEHOST_TEST_DATABASE_URL"
    )
    place = Place(args.store, pg_url)
    out(f"Gnomehost outbox benchmark ({args.store}, {args.games} games, {args.moves} moves each)")
    await submit_cost(args.submits, place)
    await delivery(args.games, args.moves, outage=False, place=place)
    await delivery(args.games, args.moves, outage=True, place=place)


def main() -> None:
    """Parse arguments and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--submits", type=int, default=300, help="moves per submit-latency run")
    parser.add_argument("--store", default="sqlite", choices=STORES, help="the store measured (default sqlite)")
    parser.add_argument("--database-url", default="", help="PostgreSQL server for --store postgres (see above)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
