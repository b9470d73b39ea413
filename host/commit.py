"""Storing moves: a batch applied in memory becomes one transaction (version, snapshot, log entries,
deadlines, outbox messages), and only after COMMIT does the cached game move on.

The UPDATE succeeds only if the stored version is still the one the batch started from; otherwise
Conflict and nothing is written, so a failure anywhere leaves both the store and the cache at the old state.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any

from db.errors import VersionConflict
from db.rating_rows import RatingConflict, RatingWrite, TurnCount
from db.rows import ActionRow
from db.store import DeadlinePlan, MoveWrite, Store
from engine.core.actions import Action
from engine.core.events import Event
from engine.core.outcome import Outcome
from host import announce, ratings
from host.announce import Announcement, Applied
from host.away_ai import due_at_once
from host.batch import Batch, Step
from host.deadline_plan import rules_deadlines
from host.live import LiveGame, snapshot_text
from host.metrics import Metrics, NoMetrics
from host.outbox import Outgoing, TablePost
from host.results import AppliedMove, MoveSource, TableStatus

log = logging.getLogger(__name__)

Clock = Callable[[], float]

# The stored game changed under us (another process moved first): reload and re-check.
Conflict = VersionConflict


class Committer:
    """Writes batches of moves and messages that belong to no move; wakes the sender after each.

    `forget` drops a game from the cache when a write's fate is unknown (cancelled mid-write).
    """

    def __init__(
        self,
        store: Store,
        clock: Clock,
        forget: Callable[[int], None],
        wake_sender: Callable[[], None],
        metrics: Metrics | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._forget = forget
        self._wake_sender = wake_sender
        self.metrics: Metrics = metrics or NoMetrics()
        # game -> version -> when it was stored, for the versions open decisions date from (turn times);
        # forgotten on restart (those moves' turn times are then unknown, not wrong).
        self._stored_at: dict[int, dict[int, float]] = {}

    async def commit_move(
        self,
        live: LiveGame,
        player: int,
        action: Action,
        source: MoveSource,
        user_id: int | None,
        announcement: Announcement | None = None,
    ) -> Applied:
        """Apply a parsed, legal action and store it atomically; Conflict if another writer moved first."""
        batch = Batch(live)
        batch.apply(player, action, source, user_id)
        return (await self.store(batch, announcement))[0]

    async def commit_state(
        self,
        live: LiveGame,
        state: Any,
        *,
        player: int,
        source: MoveSource,
        user_id: int | None,
        undoes: int,
        events: list[Event],
        announcement: Announcement | None = None,
    ) -> Applied:
        """Store an undo entry that moves the game to `state` (the replay without the undone move)."""
        batch = Batch(live)
        batch.add(state, player, "undo", source, user_id, events, undoes=undoes, reopen_all=True)
        return (await self.store(batch, announcement))[0]

    async def store(self, batch: Batch, announcement: Announcement | None = None) -> list[Applied]:
        """Store a batch of moves atomically, then (only then) move the cached game on.

        The write may share its transaction (and disk sync) with other games' writes. With an
        `announcement`, the messages the batch causes go into the outbox in the same transaction:
        a committed move is never left unannounced.
        """
        live = batch.live
        if not batch.steps:
            return []
        now = self._clock()
        last = batch.steps[-1]
        applied = [
            Applied(AppliedMove(step.seq, step.player, step.user_id, step.source), step.events, step.label, step.phrase)
            for step in batch.steps
        ]
        outcome = live.game.outcome(last.state)
        after = _after(live, last, now, finished=outcome is not None)
        messages = announce.compose(live, after, applied, announcement) if announcement is not None else []
        announced = last.seq if announcement is not None else live.announced
        opened_at = self._opened_at(live)
        before = (live.version, opened_at(live.version))
        early = {} if outcome is not None else await due_at_once(self._store, live, after.decisions, now)
        write = _move_write(batch, after, outcome, messages, announced, now, opened_at, early)
        if outcome is not None:
            write = await self._write_rated(live, batch, outcome, write)
        else:
            await self._write(live, write, len(batch.steps))
        # Committed: now (and only now) the cache moves on, in one synchronous step.
        _settle(live, after, write, announced, any(isinstance(m.payload, TablePost) for m in messages))
        self._remember(live, before, now)
        log.debug("game %s: stored entries up to %s", live.id, write.new_version)
        if messages:
            self._wake_sender()
        return applied

    async def _write(self, live: LiveGame, write: MoveWrite, moves: int) -> None:
        """One store call for the whole batch, timed; an interrupted write leaves the game to be reloaded."""
        writing = time.perf_counter()
        try:
            await self._store.commit_move(write)
        except asyncio.CancelledError:
            # We cannot know whether the write was committed: the next touch reloads from the file.
            self._forget(live.id)
            raise
        self.metrics.store_written(time.perf_counter() - writing)
        self.metrics.move_applied(live.game_name, moves)

    def _opened_at(self, live: LiveGame) -> Callable[[int], float | None]:
        """When a stored version of the game was written, if known (the last one: the cached game's time)."""
        known = self._stored_at.get(live.id, {})

        def at(version: int) -> float | None:
            if version in known:
                return known[version]
            return live.updated_at if version == live.version else None

        return at

    def _remember(self, live: LiveGame, before: tuple[int, float | None], now: float) -> None:
        """Note when the version just stored (and the one it replaced) was written; forget the versions no
        open decision dates from."""
        known = self._stored_at.setdefault(live.id, {})
        if before[1] is not None:
            known.setdefault(before[0], before[1])
        known[live.version] = now
        oldest = min(live.since.values(), default=live.version)
        for version in [v for v in known if v < oldest]:
            del known[version]
        if live.status == TableStatus.FINISHED:
            self._stored_at.pop(live.id, None)

    async def _write_rated(self, live: LiveGame, batch: Batch, outcome: Outcome, write: MoveWrite) -> MoveWrite:
        """Store a game's last batch with the ratings its end changes, in the move's own transaction.

        Another game of the server ending meanwhile may move a rating on (RatingConflict): the ratings are
        read and computed once more. Should that conflict again, the move is stored unrated rather than lost
        (`python -m host.ratings rebuild` makes the ratings whole again). A race on the move itself stays a
        VersionConflict, so a game ended twice is stored, and rated, once.
        """
        for attempt in range(2):
            rated = dataclasses.replace(write, rating=await self._rating(live, batch, outcome, write.now))
            try:
                await self._write(live, rated, len(batch.steps))
                return rated
            except RatingConflict:
                log.info("game %s: a rating moved on meanwhile (attempt %d)", live.id, attempt + 1)
        log.warning("game %s: stored unrated (its ratings kept moving on); a rebuild rates it", live.id)
        await self._write(live, write, len(batch.steps))
        return write

    async def _rating(self, live: LiveGame, batch: Batch, outcome: Outcome, now: float) -> RatingWrite | None:
        """The ratings write of a game ended by `batch` (None: a game of no server, or nobody to rate)."""
        if live.guild_id is None:
            return None
        turns = _with_batch(await self._store.turn_counts(live.id), batch)
        seats = ratings.rated_seats(live.seats, turns)
        current = await self._store.ratings_of(live.guild_id, live.game_name, [s.subject for s in seats])
        return ratings.rating_write((live.id, live.guild_id, live.game_name), outcome.ranking, seats, current, now)

    async def enqueue(self, messages: Iterable[Outgoing]) -> None:
        """Store messages that belong to no move (a cancellation, a replaced seat) and wake the sender."""
        rows = [m.to_row() for m in messages]
        if not rows:
            return
        await self._store.enqueue(rows, self._clock())
        self._wake_sender()

    async def flush_announced(self, lives: Iterable[LiveGame]) -> None:
        """Store how far these games were announced (the next move's write usually carries it for free)."""
        lives = list(lives)
        versions = {live.id: live.announced for live in lives if live.announced > live.announced_stored}
        if not versions:
            return
        await self._store.set_announced(versions)
        for live in lives:
            if live.id in versions:
                live.announced_stored = versions[live.id]


def _with_batch(stored: dict[int, TurnCount], batch: Batch) -> dict[int, TurnCount]:
    """The stored turn counts plus the batch's moves (not stored yet), counted the way db.ratings counts."""
    counts = dict(stored)
    for step in batch.steps:
        if step.source == MoveSource.UNDO or step.undoes is not None:
            continue
        had = counts.get(step.player, TurnCount())
        if step.source == MoveSource.HUMAN:
            counts[step.player] = TurnCount(had.own + 1, had.stood_in)
        else:
            counts[step.player] = TurnCount(had.own, had.stood_in + 1)
    return counts


def _after(live: LiveGame, last: Step, now: float, *, finished: bool) -> LiveGame:
    """A copy of the game as the batch leaves it (the cached game itself is not touched)."""
    return dataclasses.replace(
        live,
        state=last.state,
        version=last.seq,
        since=last.since,
        decisions=last.decisions,
        status=TableStatus.FINISHED if finished else live.status,
        updated_at=now,
    )


def _move_write(
    batch: Batch,
    after: LiveGame,
    outcome: Outcome | None,
    messages: list[Outgoing],
    announced: int,
    now: float,
    opened_at: Callable[[int], float | None] = lambda _: None,
    early: dict[int, float] | None = None,
) -> MoveWrite:
    """The one store write of a batch: the new row values, its log entries, deadlines and messages."""
    live = batch.live
    finished = outcome is not None
    return MoveWrite(
        game_id=live.id,
        expected_version=live.version,
        new_version=after.version,
        snapshot=snapshot_text(live.game, after.state),
        pending=after.pending_json(),
        ai_pending=not finished and any(live.is_ai(d.player) for d in after.decisions),
        finished=finished,
        outcome=outcome.to_json() if outcome else None,
        announced_version=announced,
        actions=tuple(_action_rows(batch, now, opened_at)),
        deadlines=_deadline_plan(batch, after, finished, now, early or {}),
        messages=tuple(m.to_row() for m in messages),
        now=now,
    )


def _action_rows(batch: Batch, now: float, opened_at: Callable[[int], float | None]) -> list[ActionRow]:
    """The log entries of the batch's moves, each with its turn time when known."""
    return [
        ActionRow(
            game_id=batch.live.id,
            seq=step.seq,
            player=step.player,
            action_id=step.action_id,
            source=step.source.value,
            user_id=step.user_id,
            undoes=step.undoes,
            events=[e.to_json() for e in step.events],
            created_at=now,
            turn_seconds=_turn_seconds(batch, index, now, opened_at),
        )
        for index, step in enumerate(batch.steps)
    ]


def _turn_seconds(batch: Batch, index: int, now: float, opened_at: Callable[[int], float | None]) -> float | None:
    """Seconds from the version the mover's decision opened at to `now`; None for undo entries or unknown."""
    step = batch.steps[index]
    if step.undoes is not None or step.source == MoveSource.UNDO:
        return None
    before = batch.steps[index - 1].since if index else batch.live.since
    opened = before.get(step.player)
    if opened is None:
        return None
    # A decision opened by an earlier move of this same batch opened at this very write.
    at = now if opened > batch.live.version else opened_at(opened)
    return None if at is None else max(0.0, now - at)


def _deadline_plan(batch: Batch, after: LiveGame, finished: bool, now: float, early: dict[int, float]) -> DeadlinePlan:
    """The deadlines after the batch: the movers' clocks restart, every pending human has one (`early` ones
    fall due sooner)."""
    live = batch.live
    delay = live.settings.reminder_delay
    humans = [d.player for d in after.decisions if not live.is_ai(d.player)]
    return DeadlinePlan(
        pending=frozenset() if finished else frozenset(humans),
        reset=frozenset(step.player for step in batch.steps),
        due_at=now + delay if delay > 0 else None,
        version=after.version,
        timers={} if finished else rules_deadlines(live.game, after.decisions, live.is_ai, live.settings, now),
        early=early,
    )


def _settle(live: LiveGame, after: LiveGame, write: MoveWrite, announced: int, posted: bool) -> None:
    """Move the cached game to what was just committed (one synchronous step: readers never see half)."""
    live.set_state(after.state, after.version, after.since, after.decisions)
    live.revision += 1
    live.snapshot = write.snapshot
    live.updated_at = after.updated_at
    live.announced = live.announced_stored = max(announced, live.announced_stored)
    live.status_events = after.status_events
    if posted:
        live.public_version = after.version
    if write.finished:
        live.status = TableStatus.FINISHED
