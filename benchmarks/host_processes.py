"""Part 4 of `python -m benchmarks.host`: moves per second with 1,000 live games spread over N bot processes on one
store (`--processes 1,2,4`), as a sharded deployment runs them.

Each process is a separate OS process composed like one process of a sharded bot (app/store_process.py): the
store seen through a ShardedStore for its shard (i of N), its own TableService (cache, sender, scheduler) and a change
feed (PostgreSQL LISTEN) whose notices go to `TableService.game_changed`. Games are partitioned like shards: game
j lives in a guild on shard j % N, and process j % N creates and plays it.

Two phases per process count, measured over a fixed window after a warm-up:
  - saturated: one player per game submitting move after move without pause (the peak rate; submit latency then
    is mostly queueing: by Little's law about games / rate);
  - paced: the same players thinking an exponential time between moves so that all processes together offer half
    the saturated rate; its submit p50/p95 is what a player feels on a busy but not overloaded bot.
During the saturated window the parent samples CPU time: the database server (every process of the `postgres`
user, split into this benchmark's backends and the rest), the bot processes, and the whole machine (/proc/stat),
so the report can say whether the machine's cores are the limit.
"""

from __future__ import annotations

import asyncio
import cProfile
import inspect
import logging
import multiprocessing
import os
import pwd
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, cast

from db.changes import ChangeFeed, listen_game_changes
from db.store import Store
from db.url import open_store
from engine import registry
from engine.core.rng import Rng
from host.notifier import NullNotifier
from host.results import TableSettings
from host.service import TableService
from host.shard_store import ShardedStore, ShardScope
from host.shards import ShardSet

log = logging.getLogger(__name__)

# Game number j is played by user FIRST_USER + j, who holds all its seats. One user per game, as live games have
# different players: a user shared by every game would put all their private messages in one DM queue, whose
# per-queue lock (PostgreSQL) would then serialise every commit of every process.
FIRST_USER = 1_000_000
NO_REMINDERS = TableSettings(reminder_delay=0, multiseat=True)
# Games set up at once per process: enough to overlap round trips, few enough not to swamp a small pool.
SETUP_BATCH = 50
# The share of the saturated rate the paced phase offers.
PACED_SHARE = 0.5
_CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Sizes:
    """How big one measurement is: games in all, and the phases' warm-up and window lengths in seconds."""

    games: int = 1000
    warmup: float = 3.0
    window: float = 10.0
    paced_window: float = 8.0


@dataclass(frozen=True, slots=True)
class WorkerSpec:
    """What one bot process of the benchmark does: its shard `index` of `processes`, on the store at `url`."""

    url: str
    game: str
    index: int
    processes: int
    games: int
    sizes: Sizes
    synchronous: str
    profile: str | None = None


@dataclass(slots=True)
class PhaseResult:
    """One process's figures for one phase: moves completed inside the window and their submit latencies."""

    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    games_over: int = 0
    calls: dict[str, StoreCalls] = field(default_factory=dict)


class TimedStore:
    """A Store wrapper that counts the calls of each method and sums their wall time, for calls that start inside
    the window [start, end) (monotonic clock): where a process's time goes, store call by store call."""

    def __init__(self, inner: object) -> None:
        self._inner = inner
        self.start = float("inf")
        self.end = float("inf")
        self.calls: dict[str, StoreCalls] = {}

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if not inspect.iscoroutinefunction(attr):
            return attr

        async def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.monotonic()
            try:
                return await attr(*args, **kwargs)
            finally:
                if self.start <= began < self.end:
                    calls = self.calls.setdefault(name, StoreCalls())
                    calls.count += 1
                    calls.seconds += time.monotonic() - began

        return timed


@dataclass(slots=True)
class StoreCalls:
    """How often a store method was called in a window and the wall time those calls took in all."""

    count: int = 0
    seconds: float = 0.0


@dataclass(frozen=True, slots=True)
class CpuSample:
    """Cumulative CPU seconds at one moment: the database server's processes, and the whole machine."""

    postgres_ours: float
    postgres_other: float
    bots: float
    machine_busy: float
    machine_total: float


@dataclass(frozen=True, slots=True)
class CpuShares:
    """CPU used during a window, in cores (1.0 = one core busy the whole window)."""

    postgres_ours: float
    postgres_other: float
    bots: float
    machine: float
    cores: int

    @property
    def others(self) -> float:
        """Cores busy with anything else on the machine (other helpers' work, the kernel, this parent)."""
        return max(self.machine - self.postgres_ours - self.postgres_other - self.bots, 0.0)


@dataclass(frozen=True, slots=True)
class ProcessRun:
    """The result of one process count: rates, latencies, CPU shares and the load average at the end."""

    store: str
    processes: int
    moves: int
    window: float
    latencies: list[float]
    paced_rate: float
    paced_latencies: list[float]
    cpu: CpuShares
    load: tuple[float, float, float]
    games_over: int
    calls: dict[str, StoreCalls]

    @property
    def rate(self) -> float:
        """Moves per second in the saturated window."""
        return self.moves / self.window


def pct(values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) of values (0.0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def seats_for(name: str) -> int:
    """A typical table size: 3 players where the game allows it."""
    low, high = registry.get(name).player_range
    return min(max(3, low), high)


def share_of(index: int, processes: int, games: int) -> list[int]:
    """The game numbers (0..games-1) process `index` of `processes` plays: those on its shard."""
    return [j for j in range(games) if j % processes == index]


def guild_of(game: int) -> int:
    """A guild id whose shard, out of any count, is the game number's residue: (guild >> 22) = game number."""
    return game << 22


# -- one bot process ----------------------------------------------------------------------------


def user_of(number: int) -> int:
    """The user who holds every seat of game number `number`."""
    return FIRST_USER + number


async def _new_game(svc: TableService, name: str, number: int) -> tuple[int, int]:
    """Game number `number` started: (its id, its user)."""
    user = user_of(number)
    table = await svc.create_table(
        name, None, user, guild_of(number), 50_000 + number, settings=NO_REMINDERS, seed=number + 1
    )
    for _ in range(seats_for(name) - 1):
        await svc.join(table.game_id, user)
    await svc.start(table.game_id, user, join_order=True)
    return table.game_id, user


async def _open(spec: WorkerSpec) -> tuple[TableService, ChangeFeed, TimedStore]:
    """The process's service and change feed, composed like a sharded bot process (its store calls timed)."""
    store = await open_store(spec.url, synchronous=spec.synchronous)
    scope = ShardScope(ShardSet(spec.processes, (spec.index,)))
    timed = TimedStore(ShardedStore.over(store, scope))
    service = TableService(cast(Store, timed), NullNotifier())
    await service.recover()

    def changed(game_id: int) -> None:
        asyncio.get_running_loop().create_task(service.game_changed(game_id))

    feed = await listen_game_changes(store, changed)
    return service, feed, timed


async def _play(
    svc: TableService, game: tuple[int, int], start: float, end: float, think: float, result: PhaseResult
) -> None:
    """Move this game until `end` (monotonic clock), counting moves that complete after `start`; `think` > 0 waits
    an exponential time of that mean before each move."""
    game_id, user = game
    rng = Rng.from_seed(game_id)
    pause = random.Random(game_id)
    while True:
        if think > 0:
            await asyncio.sleep(pause.expovariate(1 / think))
        if time.monotonic() >= end:
            return
        table = await svc.get_table(game_id)
        if not table.pending:
            result.games_over += 1
            return
        player = table.pending[0].player
        step = await svc.legal_actions_for(game_id, user, player=player)
        action = rng.choice(list(step.actions)).id
        began = time.monotonic()
        await svc.submit(game_id, user, action, step.version, player=player)
        done = time.monotonic()
        if start <= began and done <= end:
            result.latencies.append(done - began)
        if start <= done <= end:
            result.moves += 1


async def _phase(
    svc: TableService, games: list[tuple[int, int]], start: float, end: float, think: float
) -> PhaseResult:
    result = PhaseResult()
    await asyncio.gather(*(_play(svc, game, start, end, think, result) for game in games))
    return result


async def _worker(spec: WorkerSpec, pipe: Connection) -> None:
    svc, feed, timed = await _open(spec)
    try:
        numbers = share_of(spec.index, spec.processes, spec.games)
        ids: list[tuple[int, int]] = []
        for at in range(0, len(numbers), SETUP_BATCH):
            ids += await asyncio.gather(*(_new_game(svc, spec.game, n) for n in numbers[at : at + SETUP_BATCH]))
        pipe.send(("ready", os.getpid()))
        loop = asyncio.get_running_loop()
        go: float = await loop.run_in_executor(None, pipe.recv)
        start = go + spec.sizes.warmup
        end = start + spec.sizes.window
        await asyncio.sleep(max(go - time.monotonic(), 0))
        timed.start, timed.end = start, end
        # CPU time, not wall time: the profile says what this process computes (waiting shows in timed.calls).
        profiler = cProfile.Profile(time.process_time) if spec.profile else None
        if profiler is not None:
            profiler.enable()
        saturated = await _phase(svc, ids, start, end, 0.0)
        if profiler is not None and spec.profile:
            profiler.disable()
            profiler.dump_stats(f"{spec.profile}.{spec.index}")
        saturated.calls = dict(timed.calls)
        pipe.send(("saturated", saturated))
        go, rate = await loop.run_in_executor(None, pipe.recv)
        # Every game offers rate / games moves per second: its think time is the inverse.
        think = spec.games / rate if rate > 0 else 1.0
        start = go + spec.sizes.warmup / 2
        paced = await _phase(svc, ids, start, start + spec.sizes.paced_window, think)
        pipe.send(("paced", paced))
    finally:
        await feed.close()
        await svc.close()


def worker_main(spec: WorkerSpec, pipe: Connection) -> None:
    """Entry point of one bot process (run under multiprocessing's spawn)."""
    logging.basicConfig(level=logging.WARNING)
    try:
        asyncio.run(_worker(spec, pipe))
    except BaseException as error:
        pipe.send(("error", repr(error)))
        raise


# -- CPU accounting -----------------------------------------------------------------------------


def _proc_cpu(pid: int) -> float:
    """utime + stime of a process in seconds (0 when it is gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = text.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _CLOCK_TICKS


def _postgres_cpu(database: str | None) -> tuple[float, float]:
    """CPU seconds so far of the `postgres` user's processes: (backends of `database`, everything else)."""
    try:
        uid = pwd.getpwnam("postgres").pw_uid
    except KeyError:
        return 0.0, 0.0
    ours = other = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != uid:
                continue
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        seconds = _proc_cpu(int(entry.name))
        # A backend's title is "postgres: 15/main: <user> <database> <client> <state>".
        if database is not None and f" {database} " in cmdline:
            ours += seconds
        else:
            other += seconds
    return ours, other


def _machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine so far, summed over cores."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    total = sum(values[:8])  # without guest time, which user time already counts
    return (total - idle) / _CLOCK_TICKS, total / _CLOCK_TICKS


def cpu_sample(database: str | None, bots: Sequence[int]) -> CpuSample:
    """The cumulative CPU counters now."""
    ours, other = _postgres_cpu(database)
    busy, total = _machine_cpu()
    return CpuSample(ours, other, sum(_proc_cpu(pid) for pid in bots), busy, total)


def cpu_shares(before: CpuSample, after: CpuSample, seconds: float) -> CpuShares:
    """CPU used between two samples, in cores."""
    cores = os.cpu_count() or 1

    def used(a: float, b: float) -> float:
        return max(b - a, 0.0) / seconds

    return CpuShares(
        used(before.postgres_ours, after.postgres_ours),
        used(before.postgres_other, after.postgres_other),
        used(before.bots, after.bots),
        used(before.machine_busy, after.machine_busy),
        cores,
    )


# -- the parent ---------------------------------------------------------------------------------


def _expect(pipe: Connection, kind: str, timeout: float) -> object:
    if not pipe.poll(timeout):
        raise TimeoutError(f"a benchmark process sent no {kind!r} within {timeout:.0f}s")
    got, value = pipe.recv()
    if got == "error":
        raise RuntimeError(f"a benchmark process failed: {value}")
    if got != kind:
        raise RuntimeError(f"a benchmark process sent {got!r}, expected {kind!r}")
    return value


def _sleep_until(moment: float) -> None:
    time.sleep(max(moment - time.monotonic(), 0.0))


def run_processes(
    url: str,
    store: str,
    game: str,
    processes: int,
    sizes: Sizes,
    synchronous: str,
    *,
    database: str | None,
    profile: str | None = None,
) -> ProcessRun:
    """Measure `processes` bot processes on the (empty) store at `url`, `sizes.games` games among them.

    `database` is the PostgreSQL database's name (to tell its backends from the server's other work), None on
    SQLite. `profile`, when given, is a path prefix: each process writes cProfile stats of its saturated window
    to `<profile>.<index>`.
    """
    context = multiprocessing.get_context("spawn")
    pipes: list[Connection] = []
    workers = []
    try:
        for index in range(processes):
            parent_end, child_end = context.Pipe()
            spec = WorkerSpec(url, game, index, processes, sizes.games, sizes, synchronous, profile)
            worker = context.Process(target=worker_main, args=(spec, child_end), name=f"gnomehost-bench-{index}")
            worker.start()
            child_end.close()
            pipes.append(parent_end)
            workers.append(worker)
        setup_timeout = 60 + sizes.games * 0.5
        pids = [int(str(_expect(p, "ready", setup_timeout))) for p in pipes]
        go = time.monotonic() + 0.5
        for p in pipes:
            p.send(go)
        _sleep_until(go + sizes.warmup)
        before = cpu_sample(database, pids)
        _sleep_until(go + sizes.warmup + sizes.window)
        after = cpu_sample(database, pids)
        shares = cpu_shares(before, after, sizes.window)
        slack = 120 + sizes.games
        saturated = [_expect(p, "saturated", slack) for p in pipes]
        moves = sum(r.moves for r in saturated if isinstance(r, PhaseResult))
        rate = moves / sizes.window
        paced_rate = rate * PACED_SHARE
        go = time.monotonic() + 0.2
        for p in pipes:
            p.send((go, paced_rate))
        paced = [_expect(p, "paced", slack) for p in pipes]
        for worker in workers:
            worker.join(60)
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()
                worker.join(5)
        for p in pipes:
            p.close()
    phase = [r for r in saturated if isinstance(r, PhaseResult)]
    paced_phase = [r for r in paced if isinstance(r, PhaseResult)]
    return ProcessRun(
        store=store,
        processes=processes,
        moves=moves,
        window=sizes.window,
        latencies=[x for r in phase for x in r.latencies],
        paced_rate=sum(r.moves for r in paced_phase) / sizes.paced_window,
        paced_latencies=[x for r in paced_phase for x in r.latencies],
        cpu=shares,
        load=os.getloadavg(),
        games_over=sum(r.games_over for r in phase),
        calls=_merged([r.calls for r in phase]),
    )


def idle_ceiling(run: ProcessRun) -> float:
    """Moves per second the measured CPU cost per move would allow on this machine with nothing else running:
    the cores shared by the bots and this benchmark's database backends, each bot process at most one core
    (asyncio and the engine run on one thread). An estimate from this run's figures, not a measurement."""
    if run.moves == 0:
        return 0.0
    per_move = run.window / run.moves  # seconds of wall time per move
    bots = run.cpu.bots * per_move  # core-seconds per move
    database = run.cpu.postgres_ours * per_move
    return min(run.cpu.cores / (bots + database), run.processes / bots) if bots > 0 else 0.0


def _merged(parts: Sequence[dict[str, StoreCalls]]) -> dict[str, StoreCalls]:
    total: dict[str, StoreCalls] = {}
    for part in parts:
        for name, calls in part.items():
            into = total.setdefault(name, StoreCalls())
            into.count += calls.count
            into.seconds += calls.seconds
    return total


def call_lines(run: ProcessRun) -> list[str]:
    """Per saturated move: how many calls of each store method, and their mean wall time, busiest first."""
    moves = max(run.moves, 1)
    ordered = sorted(run.calls.items(), key=lambda item: -item[1].seconds)
    return [
        f"{name} {calls.count / moves:.2f}/move {calls.seconds / max(calls.count, 1) * 1000:.1f} ms"
        for name, calls in ordered
    ]


TABLE_HEADER = (
    "| store | processes | moves/s | vs 1 process | submit p50 / p95 ms (saturated) | paced moves/s "
    "| submit p50 / p95 ms (paced) | CPU cores: postgres (bench / other) | bots | rest of machine "
    "| CPU ms per move: bots / postgres bench | load avg 1m |"
)


def table_rows(runs: Sequence[ProcessRun]) -> list[str]:
    """The Markdown table of the runs (header, rule, one row per run); 'vs 1 process' against the same store."""
    rows = [TABLE_HEADER, "|" + "---|" * (TABLE_HEADER.count("|") - 1)]
    single = {r.store: r.rate for r in runs if r.processes == 1}
    for r in runs:
        base = single.get(r.store)
        ratio = f"{r.rate / base:.2f}x" if base else "-"
        c = r.cpu
        pg = f"{c.postgres_ours:.2f} / {c.postgres_other:.2f}" if r.store == "postgres" else "-"
        per_move = 1000 / max(r.rate, 1e-9)  # core-ms per move = cores used x ms per move
        pg_ms = f"{c.postgres_ours * per_move:.2f}" if r.store == "postgres" else "-"
        rows.append(
            f"| {r.store} | {r.processes} | {r.rate:.0f} | {ratio} "
            f"| {pct(r.latencies, .5) * 1000:.0f} / {pct(r.latencies, .95) * 1000:.0f} "
            f"| {r.paced_rate:.0f} "
            f"| {pct(r.paced_latencies, .5) * 1000:.1f} / {pct(r.paced_latencies, .95) * 1000:.1f} "
            f"| {pg} | {c.bots:.2f} | {c.others:.2f} of {c.cores} | {c.bots * per_move:.2f} / {pg_ms} "
            f"| {r.load[0]:.1f} |"
        )
    return rows
