"""AI seats at the table: the quick AI moves that follow a change, and each game's background AI turn.

Quick levels (host.ai_worker.QUICK_LEVELS) are decided on the loop and stored with the move that led to
them; a slow one (hard, or the AFK policy's hard AI for an absent human) is computed by the AI worker
while humans go on clicking, and stored under the game's lock only if the game did not move on meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import public_event
from host.ai_worker import AiJob, AiWorker, decide_action
from host.announce import MOVES, Announcement, Applied, away_headline, table_post
from host.batch import Batch, ai_seed
from host.commit import Committer, Conflict
from host.errors import CannotSave
from host.live import LiveGame
from host.metrics import Metrics
from host.results import AiLevel, MoveSource, PostMode, TableStatus, TableUpdate, UpdateKind
from host.tables import Tables

log = logging.getLogger(__name__)

# An all-AI game plays to its end inside one call; this only stops a game that never ends.
MAX_AI_MOVES = 50_000
# AI moves stored per transaction.
AI_BATCH = 500
# A quick-level AI decision slower than this (seconds) is logged: it held up every table.
SLOW_INLINE = 0.1
THINKING = "🤖 {name} is thinking…"


@dataclass(frozen=True, slots=True)
class WorkerDecision:
    """A pending decision the worker takes: whose, at which level, and whether for an absent human."""

    player: int
    level: AiLevel
    absent: bool = False


def _pending(live: LiveGame) -> set[int]:
    """The players the game waits for (none once it stopped running)."""
    return {d.player for d in live.decisions} if live.status == TableStatus.ACTIVE else set()


class AiTurns:
    """Plays the AI's part of every table: `play` after a change, `plan` for the slow decisions.

    `tables` gives the games and their locks, `committer` stores the moves, `worker` computes slow
    decisions, `metrics` hears how long decisions take, `user_label` names a player in announcements.
    """

    def __init__(
        self,
        tables: Tables,
        committer: Committer,
        worker: AiWorker,
        metrics: Metrics,
        user_label: Callable[[int], str],
    ) -> None:
        self._tables = tables
        self._committer = committer
        self._worker = worker
        self._metrics = metrics
        self._user_label = user_label

    def in_worker(self, level: AiLevel) -> bool:
        """Whether a decision at this level is left to the background AI turn (else decided inline)."""
        return self._worker.in_worker(level)

    # -- quick AI moves, stored with the change that led to them ---------------------------

    async def play(
        self,
        live: LiveGame,
        applied: list[Applied],
        first: Batch | None = None,
        announcement: Announcement = MOVES,
    ) -> None:
        """Play pending AI seats and auto-passed reaction windows until a human must decide; each move is logged.

        `first` is a batch already holding moves (a human's submit): the AI moves that
        follow join it and it is stored even when no AI moves; a Conflict storing it
        is raised (the submit re-checks). Every stored batch is announced with
        `announcement`. The moves of one AI run are stored in one transaction (one
        disk sync): none of them was acknowledged to anyone, and after a crash
        recovery plays them again identically (the AI's choice depends only on the
        seed and the state). A failure here never undoes what is already committed:
        it is logged, the game keeps its ai_pending mark, and startup recovery tries again.

        When the game then waits on a slow decision, the batch is stored as it stands and the game's
        background AI turn takes over: the caller (a human's ✅) never waits for a search.
        """
        total = 0
        batch = first
        while total < MAX_AI_MOVES:
            if batch is None:
                batch = Batch(live)
            failed = not self._fill(live, batch)
            if not batch.steps:
                break
            stored = await self._store_run(live, batch, announcement, raise_conflict=batch is first)
            if stored is None:
                return
            applied.extend(stored)
            total += len(stored)
            batch = None
            if failed:
                return
        else:
            log.error("game %s: stopped after %s AI moves in a row", live.id, MAX_AI_MOVES)
            return
        self.plan(live)

    def _fill(self, live: LiveGame, batch: Batch) -> bool:
        """Add the quick AI moves that are due to the batch, up to its size; False when the AI failed."""
        while len(batch.steps) < AI_BATCH and live.status == TableStatus.ACTIVE:
            player = self._next_inline(live, batch)
            if player is None:
                return True
            try:
                if live.is_ai(player):
                    batch.apply(player, self._decide_inline(live, batch, player), MoveSource.AI, None)
                else:
                    # "Never ask me": the window closes as a pass, the game's timeout default (R-A36).
                    batch.apply(player, live.game.timeout_action(batch.state, player), MoveSource.TIMEOUT, None)
            except Exception:
                log.exception("game %s: the AI failed to move for player %s", live.id, player)
                return False
        return True

    def _next_inline(self, live: LiveGame, batch: Batch) -> int | None:
        """The player whose move is decided inline next; None when a human or a slow decision is due."""
        waiting = [d for d in batch.decisions if live.is_ai(d.player) or live.auto_passes(d)]
        if not waiting or live.game.outcome(batch.state) is not None:
            return None
        # Only slow decisions left: the background AI turn takes them once this batch is stored.
        inline = [d for d in waiting if not (live.is_ai(d.player) and self.in_worker(live.ai_level(d.player)))]
        return inline[0].player if inline else None

    def _decide_inline(self, live: LiveGame, batch: Batch, player: int) -> Action:
        """A quick-level AI decision on the loop, timed (a slow one is logged: every table waited)."""
        level = live.ai_level(player)
        started = time.perf_counter()
        action = decide_action(live.game, batch.state, player, level, ai_seed(live.seed, batch.seq + 1, player), None)
        took = time.perf_counter() - started
        self._metrics.ai_decided(live.game_name, level.value, took)
        if took > SLOW_INLINE:
            log.warning("game %s: a %s AI decision took %.3fs on the event loop", live.id, level.value, took)
        return action

    async def _store_run(
        self, live: LiveGame, batch: Batch, announcement: Announcement, *, raise_conflict: bool
    ) -> list[Applied] | None:
        """Store a run of moves; None when AI moves could not be stored (they wait for the next try).

        With `raise_conflict` (the batch holds a human's move) every failure is the caller's.
        """
        try:
            return await self._committer.store(batch, announcement)
        except Conflict:
            if raise_conflict:
                raise
            log.warning("game %s: another writer moved during an AI turn; leaving it to them", live.id)
            self._tables.forget(live.id)
        except CannotSave:
            if raise_conflict:
                raise
            # What came before is stored and answered; these AI moves wait (ai_pending) for the next try.
            log.info("game %s: AI moves not stored, the store cannot save right now", live.id)
        return None

    # -- slow AI decisions, off the event loop ---------------------------------------------

    def worker_decision(self, live: LiveGame) -> WorkerDecision | None:
        """The first pending decision of the game that the worker must take, or None (a human's turn, the end)."""
        if live.status != TableStatus.ACTIVE or live.state is None or live.game.outcome(live.state) is not None:
            return None
        absent = self._tables.absence.of(live.id)
        for d in live.decisions:
            if live.is_ai(d.player):
                level = live.ai_level(d.player)
                if self.in_worker(level):
                    return WorkerDecision(d.player, level)
            elif d.player in absent:
                return WorkerDecision(d.player, live.settings.afk_level, absent=True)
        return None

    def plan(self, live: LiveGame) -> None:
        """Start the game's background AI turn if it waits on a slow AI decision (no-op when one runs)."""
        if self.worker_decision(live) is not None:
            game_id = live.id
            self._worker.schedule(game_id, lambda: self.turn(game_id))

    def absent_announcement(self, live: LiveGame, player: int) -> Announcement:
        """How moves the AFK policy's AI makes for an absent player are announced (the table hears why)."""
        seat = live.seat_of_player(player)
        user = seat.user_id if seat else None
        return Announcement(UpdateKind.AFK, away_headline(self._user_label(user) if user is not None else None, "ai"))

    async def turn(self, game_id: int) -> None:
        """The game's background AI turn: slow decisions computed in the worker, each stored under the lock.

        The state is read without the lock and the worker thinks while humans go on clicking (their
        simultaneous choices included). The chosen move is stored only if the game is still at the version
        the worker saw; otherwise the decision is dropped and planned again from the new state. Quick AI
        seats that follow are played inline (`play`). Ends when no slow decision is pending; a restart
        plans an interrupted one again (recovery, the games.ai_pending mark).
        """
        while not self._worker.closed:
            live = await self._tables.get(game_id)
            self._tables.absence.keep_pending(game_id, _pending(live))
            wanted = self.worker_decision(live)
            if wanted is None:
                return  # no await since the check: nobody can have asked for a turn in between
            job = AiJob(
                game_id=game_id,
                version=live.version,
                game_name=live.game_name,
                state_dump=live.game.dump(live.state),
                player=wanted.player,
                level=wanted.level,
                seed=ai_seed(live.seed, live.version + 1, wanted.player),
                absent=wanted.absent,
            )
            action_id = await self._think(job)
            if not await self._store_choice(job, action_id):
                return

    async def _think(self, job: AiJob) -> str | None:
        """The worker's choice for the job (None when it failed); the channel hears of a long think."""
        loop = asyncio.get_running_loop()
        thinking = loop.call_later(self._worker.thinking_after, self._show_thinking_soon, job)
        started = time.perf_counter()
        action_id: str | None
        try:
            action_id = await self._worker.compute(self._tables.resolve, job)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: the %s AI failed for player %s; a normal decision stands in", job.game_id,
                          job.level.value, job.player)
            action_id = None
        finally:
            thinking.cancel()
        took = time.perf_counter() - started
        log.debug("game %s: %s AI decided for player %s in %.3fs", job.game_id, job.level.value, job.player, took)
        self._metrics.ai_decided(job.game_name, job.level.value, took)
        return action_id

    async def _store_choice(self, job: AiJob, action_id: str | None) -> bool:
        """Store the worker's move (and the quick ones after it) if the game still waits for it.

        False when the turn is over (the game stopped running, or no decision could be made).
        """
        async with self._tables.locked(job.game_id):
            live = await self._tables.load_locked(job.game_id)
            if live.status != TableStatus.ACTIVE:
                return False  # cancelled, finished or set aside while the AI thought
            if live.version != job.version or job.player not in {d.player for d in live.decisions}:
                log.info("game %s: the game moved on while the AI thought; planning again", job.game_id)
                return True
            action = _chosen_action(live, job, action_id)
            if action is None:
                return False  # logged; the game keeps its ai_pending mark and a restart tries again
            batch = Batch(live)
            batch.apply(job.player, action, MoveSource.AI, None)
            announcement = self.absent_announcement(live, job.player) if job.absent else MOVES
            try:
                await self.play(live, [], batch, announcement)
            except Conflict:
                log.info("game %s: another writer moved while the AI thought; planning again", job.game_id)
                self._tables.forget(job.game_id)
            return True

    def _show_thinking_soon(self, job: AiJob) -> None:
        """The decision is taking longer than `thinking_after`: tell the channel (in a task of its own)."""
        if not self._worker.closed:
            self._worker.background(self.show_thinking(job))

    async def show_thinking(self, job: AiJob) -> bool:
        """Edit the table's live status message to add "🤖 … is thinking…"; False when there is nothing to edit.

        Through the outbox like every message, under the game's lock and only while the game is still at the
        job's version, so the line can never arrive after the move it announces. The line is not kept in the
        message's narration: the AI's move, edited in next, replaces it.
        """
        async with self._tables.locked(job.game_id):
            live = self._tables.cached(job.game_id)
            if live is None or live.version != job.version or live.status != TableStatus.ACTIVE:
                return False
            if live.status_events is None:
                return False  # the live status message is unknown (after a restart): say nothing rather than post anew
            line = public_event(THINKING.format(name=f"{{p{job.player}}}"), "thinking", player=job.player)
            update = TableUpdate(
                game_id=live.id,
                kind=UpdateKind.MOVES,
                headline="",
                version=live.version,
                public_events=(*live.status_events, line),
                public_view=live.game.view(live.state, None),
                pending=live.pending_players(),
                mode=PostMode.EDIT,
            )
            await self._committer.enqueue([table_post(live, update)])
            log.info("game %s: the %s AI is thinking for player %s", live.id, job.level.value, job.player)
            return True


def _chosen_action(live: LiveGame, job: AiJob, action_id: str | None) -> Action | None:
    """The worker's choice as an engine action; a normal-level decision when it failed or is not legal."""
    if action_id is not None:
        try:
            return live.game.parse_action(live.state, job.player, action_id)
        except IllegalAction:
            log.error("game %s: the worker chose %r, which is not legal; a normal decision stands in",
                      live.id, action_id)
    try:
        return decide_action(live.game, live.state, job.player, AiLevel.NORMAL, job.seed, None)
    except Exception:
        log.exception("game %s: no AI decision for player %s", live.id, job.player)
        return None
