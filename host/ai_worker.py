"""Where AI decisions are computed: inline for the quick levels, in a worker pool for the search.

Why a pool: the hard level searches for about a second of CPU. Run on the event loop (or in a thread
holding the GIL) it would stall every other table's clicks. A `ProcessPoolExecutor` runs it in other
processes, so the loop only pickles a state dump out and an action id back
(benchmarks/ai_worker.py measures the difference). easy and normal take milliseconds: they are
decided inline, so a human's move and the quick AI answers that follow it still go out as ONE table post.

The pool only computes. Storing the chosen move is the table service's job (host/ai_turns.py, `AiTurns.turn`):
under the game's lock, and only if the game did not move on while the worker thought.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable, Coroutine
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import StrEnum
from functools import partial
from typing import Any

import engine.ai
from db.steady import StepGuard
from engine.core.actions import Action
from engine.core.game import Game
from host.results import AiLevel

log = logging.getLogger(__name__)

GameResolver = Callable[[str], Game[Any]]
# The worker entry point: (resolve, game name, state dump, player, level, seed, budget) -> action id.
Decider = Callable[[GameResolver, str, dict[str, Any], int, str, int, float | None], str]

# Levels decided on the event loop: a few milliseconds each (normal ≤ 20 ms p95).
QUICK_LEVELS = frozenset({AiLevel.EASY, AiLevel.NORMAL})
# The hard level's time budget per decision, in seconds (~1 s on a 2-core machine).
HARD_BUDGET = 1.0
# "🤖 thinking…" appears in the channel only when a decision takes longer than this.
THINKING_AFTER = 1.0


class WorkerMode(StrEnum):
    """Where slow decisions run."""

    PROCESS = "process"  # a process pool: the search never holds this process's GIL
    THREAD = "thread"  # a thread pool: no start-up cost, but a CPU-bound search competes for the GIL
    INLINE = "inline"  # on the event loop (tests and tools only: it blocks every other table)


def decide_action(game: Game[Any], state: Any, player: int, level: str, seed: int, budget: float | None) -> Action:
    """The engine's decision for `player` at `level` (deterministic for the same observation, seed and level)."""
    return engine.ai.decide(game, state, player, level, seed, budget_seconds=budget)


def decide_in_worker(
    resolve: GameResolver,
    game_name: str,
    state_dump: dict[str, Any],
    player: int,
    level: str,
    seed: int,
    budget: float | None,
) -> str:
    """The worker's job on plain data (everything pickles): load the state, decide, return the action id."""
    game = resolve(game_name)
    state = game.load(state_dump)
    return decide_action(game, state, player, level, seed, budget).id


@dataclass(frozen=True, slots=True)
class AiJob:
    """One decision to compute: for `player` of game `game_id` at state `version` (the dump of that state)."""

    game_id: int
    version: int
    game_name: str
    state_dump: dict[str, Any]
    player: int
    level: AiLevel
    seed: int
    absent: bool = False  # playing for an absent human (AFK policy), not for an AI seat


def _worker_started() -> None:
    """In each worker process: Ctrl-C is the bot's to handle (it stops the pool), not every search's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _picklable(value: Any) -> bool:
    try:
        pickle.dumps(value)
    except Exception:
        return False
    return True


def default_workers() -> int:
    """One worker per core (at least one): the searches then use every core; the loop waits on I/O only."""
    return max(os.cpu_count() or 1, 1)


@dataclass
class AiWorker:
    """Runs slow AI decisions off the event loop and keeps one background AI turn per game.

    `mode`, `workers`: the pool (see WorkerMode; `workers` None is one per core). `decide`: the worker
    entry point (tests pass a slow fake; it must pickle for the process mode). `quick`: levels decided
    inline. `budget`: seconds a hard decision may take. `thinking_after`: when the channel hears of it.
    """

    mode: WorkerMode = WorkerMode.PROCESS
    workers: int | None = None
    decide: Decider = decide_in_worker
    quick: frozenset[AiLevel] = QUICK_LEVELS
    budget: float | None = HARD_BUDGET
    thinking_after: float = THINKING_AFTER
    # game id -> the background task playing its slow AI decisions.
    turns: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    # game id -> the absent humans the AFK policy plays for through the worker.
    absent: dict[int, set[int]] = field(default_factory=dict)
    _pool: Executor | None = None
    _closed: bool = False
    # Turns waiting on the pool right now: the only ones `close` cancels (none is cut off while storing).
    _thinking: set[asyncio.Task[Any]] = field(default_factory=set)
    # Small fire-and-forget tasks (the "thinking…" notes), held here so they are not collected mid-flight.
    _side: set[asyncio.Task[Any]] = field(default_factory=set)

    @property
    def closed(self) -> bool:
        """Whether `close` was called (no new AI turn starts)."""
        return self._closed

    def in_worker(self, level: AiLevel) -> bool:
        """Whether a decision at this level runs in the worker (else inline, on the loop)."""
        return level not in self.quick

    def _executor(self, resolve: GameResolver) -> Executor | None:
        """The pool, started on first use; None runs inline."""
        if self.mode is WorkerMode.INLINE:
            return None
        if self._pool is None:
            workers = self.workers or default_workers()
            if self.mode is WorkerMode.PROCESS and _picklable(resolve) and _picklable(self.decide):
                # spawn: a fresh interpreter per worker, never a fork of this process's threads and locks.
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    max_workers=workers, mp_context=context, initializer=_worker_started
                )
            else:
                if self.mode is WorkerMode.PROCESS:
                    log.warning("the game resolver or decider cannot be pickled: AI decisions run in threads")
                self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="gnomehost-ai")
            log.info("AI worker pool started: %s, %s workers", type(self._pool).__name__, workers)
        return self._pool

    async def compute(self, resolve: GameResolver, job: AiJob) -> str:
        """The action id the AI chooses for `job`, computed in the pool (never on the loop unless INLINE)."""
        call = partial(
            self.decide, resolve, job.game_name, job.state_dump, job.player, job.level.value, job.seed, self.budget
        )
        pool = self._executor(resolve)
        if pool is None:
            return call()
        task = asyncio.current_task()
        if task is not None:
            self._thinking.add(task)
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call)
        except BrokenExecutor:
            # A worker process died (killed, out of memory): the next decision starts a fresh pool.
            if self._pool is pool:
                self._pool = None
            log.error("the AI worker pool broke; it is started again for the next decision")
            raise
        finally:
            if task is not None:
                self._thinking.discard(task)

    def schedule(self, game_id: int, turn: Callable[[], Coroutine[Any, Any, None]]) -> bool:
        """Start the game's background AI turn unless one is running; False when none was started."""
        if self._closed:
            return False
        running = self.turns.get(game_id)
        if running is not None and not running.done():
            return False
        task = asyncio.create_task(self._keep_playing(game_id, turn), name=f"gnomehost-ai-{game_id}")
        self.turns[game_id] = task
        task.add_done_callback(partial(self._finished, game_id))
        return True

    async def _keep_playing(self, game_id: int, turn: Callable[[], Coroutine[Any, Any, None]]) -> None:
        """Play the game's AI turn; when it fails (the database away, a bug) start it again after a pause, so
        the game never waits on an AI that gave up (a turn plans from the stored game: it is safe to redo)."""
        guard = StepGuard(f"game {game_id}: the background AI turn", log)
        while not self._closed:
            await guard.run(turn)
            if not guard.failing:
                return
            current = asyncio.current_task()
            if current is not None:  # `close` may cut the pause short: nothing is half done while it waits
                self._thinking.add(current)
            try:
                await asyncio.sleep(guard.pause)
            finally:
                if current is not None:
                    self._thinking.discard(current)

    def background(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run a small side task (a "thinking…" note); its failure is logged, never raised."""
        task = asyncio.create_task(work)
        self._side.add(task)
        task.add_done_callback(self._side_done)

    def _side_done(self, task: asyncio.Task[Any]) -> None:
        self._side.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("an AI side task failed", exc_info=task.exception())

    def _finished(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self.turns.get(game_id) is task:
            del self.turns[game_id]
        if not task.cancelled() and task.exception() is not None:
            log.error("game %s: the background AI turn failed", game_id, exc_info=task.exception())

    def busy(self) -> bool:
        """Whether some game's AI turn is running."""
        return any(not t.done() for t in self.turns.values())

    async def idle(self, timeout: float = 30.0) -> bool:
        """Wait until no AI turn runs (new ones started meanwhile included); False on timeout."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            tasks = [t for t in self.turns.values() if not t.done()]
            if not tasks:
                return True
            left = deadline - loop.time()
            if left <= 0:
                return False
            await asyncio.wait(tasks, timeout=left)

    async def close(self) -> None:
        """Stop: cancel AI turns still thinking (a restart re-plans them), let one that is storing finish,
        and shut the pool down."""
        self._closed = True
        for task in list(self._thinking):
            task.cancel()
        tasks = [t for t in [*self.turns.values(), *self._side] if not t.done()]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)
        pool, self._pool = self._pool, None
        if pool is not None:
            # Queued searches are dropped; a running one is left to finish in its process, unwaited.
            shutdown = partial(pool.shutdown, wait=True, cancel_futures=True)
            await asyncio.get_running_loop().run_in_executor(None, shutdown)
