"""Table service benchmark: `python -m benchmarks.host [--quick] [--synchronous FULL|NORMAL] [--games a,b]
[--store sqlite|postgres [--database-url postgresql://...]] [--processes 1,2,4 [--profile PREFIX]]`.

Prints, for each registered game:
  1. submit latency p50/p95 (engine + one transaction) over >= 1000 moves, every seat human (one user
     holds them all), against a bare insert+commit of the same number of bytes on the same database
     (SQLite: plain sqlite3, same pragmas; PostgreSQL: one autocommitted INSERT): the ratio is what the
     service adds over the unavoidable durable write;
  2. moves per second with 1000 games live in one process, 1000 concurrent players each submitting;
then, once: the time from opening a database of 10,000 finished and 1,000 running games to ready, and
what verification costs (first touch of a lazily verified game; verifying every running game at once).

With `--processes 1,2,4` only part 4 runs instead (benchmarks/host_processes.py): moves per second with 1,000 live
games spread over that many bot processes on one store, submit p50/p95, and the CPU shares of the database server
and the bot processes, as a Markdown table; on PostgreSQL the same table has SQLite's one-process row from the
same run (SQLite is one process by design, so it is measured with 1 whatever the list says).

Wall-clock times on this machine; the disk sync (synchronous=FULL) dominates small games. `--store postgres`
runs every part on PostgreSQL: each part gets a database of its own, made (and dropped) on the server of
--database-url (default $GNOMEHOST_BENCH_DATABASE_URL, else $GNOMEHOST_TEST_DATABASE_URL), whose role must be
allowed to create databases; the large database of part 3 is built on SQLite and moved over with db.copy.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from benchmarks.host_processes import ProcessRun, Sizes, call_lines, idle_ceiling, run_processes, table_rows
from db.bench import STORES, bare_writer, clone_games, scratch_database
from db.copy import copy_database
from db.url import sqlite_path
from engine import registry
from engine.core.rng import Rng
from host.notifier import NullNotifier
from host.results import MoveResult, TableSettings
from host.service import TableService

USER = 1
NO_REMINDERS = TableSettings(reminder_delay=0, multiseat=True)


def out(line: str = "") -> None:
    """Print one line of the report."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def seats_for(name: str) -> int:
    """A typical table size: 3 players where the game allows it."""
    low, high = registry.get(name).player_range
    return min(max(3, low), high)


async def open_service(url: str, synchronous: str, **kwargs: Any) -> TableService:
    """A service over the store at `url` with no one listening."""
    return await TableService.open(url, NullNotifier(), synchronous=synchronous, **kwargs)


async def new_game(svc: TableService, name: str, channel: int, seed: int) -> int:
    """A started game where USER holds every seat."""
    table = await svc.create_table(name, None, USER, None, channel, settings=NO_REMINDERS, seed=seed)
    for _ in range(seats_for(name) - 1):
        await svc.join(table.game_id, USER)
    await svc.start(table.game_id, USER, join_order=True)
    return table.game_id


async def next_move(svc: TableService, game_id: int, rng: Rng) -> tuple[str, int, int] | None:
    """A random legal move of the first pending player: (action id, version, player); None when over."""
    table = await svc.get_table(game_id)
    if not table.pending:
        return None
    player = table.pending[0].player
    step = await svc.legal_actions_for(game_id, USER, player=player)
    return rng.choice(list(step.actions)).id, step.version, player


# -- 1. latency ---------------------------------------------------------------------------------


@dataclass
class Latency:
    """Submit latencies, the bytes each move wrote, and the bare insert+commit latencies of those sizes."""

    seconds: list[float]
    sizes: list[int]
    bare: list[float]


async def measure_submits(url: str, name: str, moves: int, synchronous: str) -> Latency:
    """Play games of `name` until `moves` submits were timed; after each, time a bare insert of its size.

    Alternating the two makes the disk's mood (cache, other load) hit both alike.
    """
    svc = await open_service(url, synchronous)
    bare = await bare_writer(url, synchronous)
    rng = Rng.from_seed(1)
    seconds: list[float] = []
    sizes: list[int] = []
    bare_seconds: list[float] = []
    channel = 0
    try:
        while len(seconds) < moves:
            channel += 1
            game_id = await new_game(svc, name, 10_000 + channel, seed=channel)
            while len(seconds) < moves:
                move = await next_move(svc, game_id, rng)
                if move is None:
                    break
                action_id, version, player = move
                began = time.perf_counter()
                result: MoveResult = await svc.submit(game_id, USER, action_id, version, player=player)
                seconds.append(time.perf_counter() - began)
                sizes.append(_bytes_written(svc, game_id, result))
                bare_seconds.append(await bare.insert(sizes[-1]))
    finally:
        await bare.close()
        await svc.close()
    return Latency(seconds, sizes, bare_seconds)


def _bytes_written(svc: TableService, game_id: int, result: MoveResult) -> int:
    # What one move stores: the snapshot plus the log entry (its events), read back from the cache.
    live = svc._tables.cache[game_id]  # benchmark only: peek at the service's cache
    events = sum(len(json.dumps(e.to_json())) for e in result.public_events)
    events += sum(len(json.dumps(e.to_json())) for evs in result.private_events.values() for e in evs)
    return len(live.snapshot or "") + events + 64


# -- 2. throughput ------------------------------------------------------------------------------


async def throughput(url: str, name: str, games: int, moves_per_game: int, synchronous: str) -> tuple[float, int]:
    """Moves per second with `games` games live and one concurrent player per game."""
    svc = await open_service(url, synchronous)
    try:
        ids = [await new_game(svc, name, 50_000 + i, seed=i) for i in range(games)]

        async def player(game_id: int) -> int:
            """Play this game's moves one after the other; how many were made."""
            rng = Rng.from_seed(game_id)
            made = 0
            for _ in range(moves_per_game):
                move = await next_move(svc, game_id, rng)
                if move is None:
                    break
                action_id, version, seat = move
                await svc.submit(game_id, USER, action_id, version, player=seat)
                made += 1
            return made

        began = time.perf_counter()
        made = sum(await asyncio.gather(*(player(g) for g in ids)))
        elapsed = time.perf_counter() - began
    finally:
        await svc.close()
    return made / elapsed, made


# -- 3. time to ready ---------------------------------------------------------------------------


async def build_big_database(url: str, name: str, finished: int, running: int, synchronous: str) -> None:
    """A SQLite database of `finished` + `running` games: one real game of each kind, copied by SQL."""
    path = sqlite_path(url)
    assert path is not None, "the large database is built on SQLite (then copied over with db.copy)"
    svc = await open_service(url, synchronous)
    rng = Rng.from_seed(3)
    try:
        done = await new_game(svc, name, 1, seed=1)
        while (move := await next_move(svc, done, rng)) is not None:
            await svc.submit(done, USER, move[0], move[1], player=move[2])
        live = await new_game(svc, name, 2, seed=2)
        for _ in range(40):
            move = await next_move(svc, live, rng)
            assert move is not None
            await svc.submit(live, USER, move[0], move[1], player=move[2])
    finally:
        await svc.close()
    clone_games(path, [(done, finished - 1, 1_000_000), (live, running - 1, 2_000_000)])


async def time_to_ready(url: str, synchronous: str) -> dict[str, float]:
    """Open (lazy verification), first touch of a game, and a full eager verification."""
    figures: dict[str, float] = {}
    began = time.perf_counter()
    svc = await open_service(url, synchronous, verify_all_limit=0)  # the default for a database this size
    figures["ready_s"] = time.perf_counter() - began
    try:
        newest = (await svc.store.recovery_scan()).running[-1]  # a running game nothing has touched yet
        began = time.perf_counter()
        await svc.get_table(newest)
        figures["first_touch_ms"] = (time.perf_counter() - began) * 1000
    finally:
        await svc.close()
    began = time.perf_counter()
    svc = await open_service(url, synchronous, verify_all_limit=10**9, verify_all_moves=10**12)
    figures["eager_s"] = time.perf_counter() - began
    await svc.close()
    return figures


# -- 4. several processes -----------------------------------------------------------------------


async def processes_part(args: argparse.Namespace, name: str, root: Path, pg_url: str | None) -> list[ProcessRun]:
    """Part 4: each process count on a fresh database of the chosen store, then (PostgreSQL) SQLite's one
    process; prints the Markdown table and returns the runs."""
    counts = [int(n) for n in args.processes.split(",") if n.strip()]
    if not counts or min(counts) < 1:
        raise SystemExit("--processes wants a comma-separated list of process counts, e.g. 1,2,4")
    sizes = Sizes(games=40, warmup=0.5, window=2.0, paced_window=1.5) if args.quick else Sizes()
    if args.live_games:
        sizes = dataclasses.replace(sizes, games=args.live_games)
    sync = args.synchronous.upper()
    plan = [(args.store, n) for n in counts] if args.store == "postgres" else [("sqlite", 1)]
    if args.store == "postgres":
        plan.append(("sqlite", 1))
    out(f"4. {sizes.games:,} live {name} games over N bot processes on one store; saturated window "
        f"{sizes.window:.0f}s after {sizes.warmup:.0f}s warm-up, then a paced window at half that rate "
        f"(SQLite synchronous={sync}; {os.cpu_count()} CPUs)")
    runs: list[ProcessRun] = []
    for store, count in plan:
        url_of = scratch_database(store, f"procs_{count}", folder=root, postgres_url=pg_url)
        async with url_of as url:
            database = urlsplit(url).path.lstrip("/") if store == "postgres" else None
            profile = f"{args.profile}.{store}.{count}" if args.profile else None
            run = await asyncio.to_thread(
                run_processes, url, store, name, count, sizes, sync, database=database, profile=profile
            )
        runs.append(run)
        out(f"   {store} x{count}: {run.rate:.0f} moves/s ({run.moves} moves, {run.games_over} games over), "
            f"load {run.load[0]:.1f}")
        out(f"      store calls: {'; '.join(call_lines(run))}")
    out()
    for row in table_rows(runs):
        out(row)
    out()
    for run in runs:
        out(f"{run.store} x{run.processes}: the CPU per move above would allow about {idle_ceiling(run):.0f} moves/s "
            f"on {os.cpu_count()} idle cores (each bot process at most one core)")
    return runs


# -- main ---------------------------------------------------------------------------------------


async def run(args: argparse.Namespace) -> None:
    """Run every part and print the figures."""
    names = args.games.split(",") if args.games else registry.names()
    moves = 200 if args.quick else 1000
    live_games = 100 if args.quick else 1000
    per_game = 3 if args.quick else 5
    finished, running = (1000, 100) if args.quick else (10_000, 1000)
    sync = args.synchronous.upper()
    store = args.store
    pg_url = args.database_url or os.environ.get("GNOMEHOST_BENCH_DATABASE_URL") or os.environ.get(
        "GNOMEHOST_TEST_DATABASE_URL"
    )
    where = "synchronous=" + sync if store == "sqlite" else "PostgreSQL"
    out(f"Gnomehost table service benchmark ({store}, {where}, {os.cpu_count()} CPUs)")
    with tempfile.TemporaryDirectory(prefix="gnomehost-bench-") as folder:
        root = Path(folder)
        if args.processes:
            out()
            await processes_part(args, names[0], root, pg_url)
            return

        def scratch(part: str) -> Any:
            """An empty database of the chosen store for one part."""
            return scratch_database(store, part, folder=root, postgres_url=pg_url)

        out()
        out(f"1. submit latency over {moves} moves, vs a bare insert+commit of the same size on the same database")
        out(f"   {'game':<12}{'p50 ms':>9}{'p95 ms':>9}{'bare p50':>10}{'bare p95':>10}{'ratio p50':>11}{'bytes':>8}")
        for name in names:
            async with scratch(f"latency_{name}") as url:
                lat = await measure_submits(url, name, moves, sync)
            bare = lat.bare
            p50, p95, b50, b95 = (pct(v, q) * 1000 for v, q in ((lat.seconds, .5), (lat.seconds, .95),
                                                                   (bare, .5), (bare, .95)))
            out(
                f"   {name:<12}{p50:>9.2f}{p95:>9.2f}{b50:>10.2f}{b95:>10.2f}{p50 / b50:>10.1f}x"
                f"{int(statistics.mean(lat.sizes)):>8}"
            )
        out()
        out(f"2. throughput: {live_games} games live in one process, one player per game, {per_game} moves each")
        for name in names:
            async with scratch(f"live_{name}") as url:
                rate, made = await throughput(url, name, live_games, per_game, sync)
            out(f"   {name:<12}{rate:>9.0f} moves/s ({made} moves)")
        out()
        name = names[0]
        out(f"3. time to ready: {finished:,} finished + {running:,} running games of {name}")
        began = time.perf_counter()
        async with scratch_database("sqlite", "big", folder=root, postgres_url=None) as built:
            await build_big_database(built, name, finished, running, sync)
            path = sqlite_path(built)
            assert path is not None
            out(f"   (built in {time.perf_counter() - began:.1f}s, {Path(path).stat().st_size / 1e6:.0f} MB)")
            async with scratch("big") as url:
                if url != built:
                    report = await copy_database(built, url)
                    out(f"   (copied to PostgreSQL with db.copy, every game verified, in {report.seconds:.1f}s)")
                figures = await time_to_ready(url, sync)
        out(f"   open to ready (verification deferred): {figures['ready_s'] * 1000:.0f} ms")
        out(f"   first touch of a running game (replay check): {figures['first_touch_ms']:.1f} ms")
        out(f"   open with every running game verified at once: {figures['eager_s']:.1f} s")


def main(argv: list[str] | None = None) -> None:
    """Command-line entry."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (fewer moves, games and rows)")
    parser.add_argument("--synchronous", default="FULL", choices=["FULL", "NORMAL", "full", "normal"])
    parser.add_argument("--games", default="", help="comma-separated game names (default: all registered)")
    parser.add_argument("--store", default="sqlite", choices=STORES, help="the store measured (default sqlite)")
    parser.add_argument(
        "--database-url",
        default="",
        help="PostgreSQL server for --store postgres: a role allowed to create databases (default: "
        "$GNOMEHOST_BENCH_DATABASE_URL, else $GNOMEHOST_TEST_DATABASE_URL)",
    )
    parser.add_argument(
        "--processes",
        default="",
        help="comma-separated bot process counts (e.g. 1,2,4): run only part 4, several processes on one store",
    )
    parser.add_argument(
        "--live-games", type=int, default=0, help="with --processes: live games in all (default 1000, --quick 40)"
    )
    parser.add_argument(
        "--profile", default="", help="with --processes: write each process's cProfile stats to PREFIX.<store>.<n>.<i>"
    )
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
