"""AI worker benchmark: `python -m benchmarks.ai_worker [--clicks N] [--busy 0,10,50] [--modes process,thread]
[--cost SECONDS | --real] [--game vendetta] [--workers N]`.

How quickly a human's click is acknowledged (TableService.submit, the ✅) while other tables wait on hard
AIs, for each place slow decisions can run (host.ai_worker.WorkerMode): a process pool (one worker per core)
or a thread pool of the same size. Each busy table seats two hard AIs, so it keeps its worker busy for the
whole run. A decision is a CPU-bound fake of `--cost` seconds (default 1.0, the hard level's budget), or
the engine's real hard level with `--real`. Prints p50/p95 ack latency for 0 (the idle baseline) and each
number of busy tables, with the ratio to that mode's baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine.ai import RandomPlayer
from engine.core.rng import Rng
from host.ai_worker import AiWorker, Decider, GameResolver, WorkerMode, decide_in_worker
from host.notifier import NullNotifier
from host.results import AiLevel, TableSettings, TableStatus
from host.service import TableService

USER = 1
NO_REMINDERS = TableSettings(reminder_delay=0, multiseat=True)
# Seconds of CPU one fake hard decision burns (set from --cost; read in the worker processes through `cpu_decide`'s
# budget argument, so nothing global needs to reach them).
DEFAULT_COST = 1.0


def out(line: str = "") -> None:
    """Print one line of the report."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def cpu_decide(
    resolve: GameResolver,
    game_name: str,
    state_dump: dict[str, Any],
    player: int,
    level: str,
    seed: int,
    budget: float | None,
) -> str:
    """A fake hard decision: `budget` seconds of pure-Python CPU (it holds the GIL), then a random legal move."""
    end = time.perf_counter() + (budget or DEFAULT_COST)
    spins = 0
    while time.perf_counter() < end:
        spins += 1
    game = resolve(game_name)
    return RandomPlayer(seed).choose(game, game.load(state_dump), player).id


async def click(svc: TableService, game_id: int, rng: Rng) -> float | None:
    """One human move in the measured game (one user holds every seat): its ack time, None when it ended."""
    table = await svc.get_table(game_id)
    if table.status is not TableStatus.ACTIVE or not table.pending:
        return None
    pending = table.pending[0]
    step = await svc.legal_actions_for(game_id, USER, player=pending.player)
    choice = rng.choice(list(step.actions))
    started = time.perf_counter()
    await svc.submit(game_id, USER, choice.id, step.version, player=pending.player)
    return time.perf_counter() - started


async def measured_table(svc: TableService, game: str, channel: int) -> int:
    """A started all-human game (one user in every seat) to click in."""
    table = await svc.create_table(game, None, USER, 1, channel, settings=NO_REMINDERS, seed=channel)
    await svc.join(table.game_id, USER)
    await svc.start(table.game_id, USER, join_order=True)
    return table.game_id


async def busy_table(svc: TableService, game: str, channel: int) -> None:
    """A started table of two hard AIs: it keeps a worker searching until the run ends."""
    table = await svc.create_table(game, None, USER, 1, channel, settings=NO_REMINDERS, host_joins=False, seed=channel)
    await svc.add_ai(table.game_id, USER, AiLevel.HARD)
    await svc.add_ai(table.game_id, USER, AiLevel.HARD)
    await svc.start(table.game_id, USER, join_order=True)


async def run(
    mode: WorkerMode, busy: int, clicks: int, decide: Decider, budget: float, game: str, workers: int | None
) -> list[float]:
    """Ack times of `clicks` moves in one game while `busy` tables wait on hard AIs (mode: where they think)."""
    with tempfile.TemporaryDirectory() as folder:
        worker = AiWorker(mode=mode, workers=workers, decide=decide, budget=budget)
        svc = await TableService.open(Path(folder) / "ai.db", NullNotifier(), synchronous="NORMAL", ai_worker=worker)
        svc.start_sender()
        try:
            rng = Rng.from_seed(busy + 1)
            measured = await measured_table(svc, game, 1)
            for n in range(busy):
                await busy_table(svc, game, 100 + n)
            if busy:
                await asyncio.sleep(budget * 1.5)  # the pool has started and every worker is searching
            times: list[float] = []
            while len(times) < clicks:
                took = await click(svc, measured, rng)
                if took is None:
                    measured = await measured_table(svc, game, 2 + len(times))
                    continue
                times.append(took)
                await asyncio.sleep(0.02)  # a human does not click back to back
        finally:
            await svc.close()
    return times


async def main_async(args: argparse.Namespace) -> None:
    """Run every mode at every load and print the table."""
    decide: Decider = decide_in_worker if args.real else cpu_decide
    budget = 1.0 if args.real else args.cost
    what = "the engine's hard level" if args.real else f"a CPU-bound fake of {budget:.2f} s"
    pool = f"{args.workers} workers" if args.workers else "one worker per core"
    out(f"ack latency of a human's click in {args.game} while N tables of two hard AIs think ({what}; {pool}); "
        f"{args.clicks} clicks each")
    out(f"{'mode':<8} {'busy':>5} {'p50 ms':>9} {'p95 ms':>9} {'p50 ×idle':>10} {'p95 ×idle':>10}")
    for mode in args.modes:
        base: tuple[float, float] | None = None
        for busy in args.busy:
            times = await run(WorkerMode(mode), busy, args.clicks, decide, budget, args.game, args.workers)
            p50, p95 = statistics.median(times), pct(times, 0.95)
            if base is None:
                base = (p50, p95)
            out(f"{mode:<8} {busy:>5} {p50 * 1000:>9.1f} {p95 * 1000:>9.1f} "
                f"{p50 / base[0]:>10.2f} {p95 / base[1]:>10.2f}")


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--busy", type=lambda s: [int(x) for x in s.split(",")], default=[0, 10, 50])
    parser.add_argument("--modes", type=lambda s: s.split(","), default=["process", "thread"])
    parser.add_argument("--cost", type=float, default=DEFAULT_COST, help="seconds of CPU a fake hard decision takes")
    parser.add_argument("--real", action="store_true", help="use the engine's hard level instead of the fake")
    parser.add_argument("--game", default="vendetta")
    parser.add_argument("--workers", type=int, default=None, help="pool size (default: one per core)")
    args = parser.parse_args()
    if args.busy[0] != 0:
        args.busy = [0, *args.busy]  # the idle baseline comes first
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
