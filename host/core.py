"""The machinery every part of the service shares: the game cache, per-game locks, loading with
verification, committing one move, quarantine and announcements.

Moves are stored by `store`: the engine applies them in memory (a Batch), then
ONE transaction moves games.version on (only if it still equals the version we
read), writes the snapshot, appends the log entries and re-plans deadlines. Only after
COMMIT is the in-memory game updated, so a failure anywhere leaves both the
file and the cache at the old state.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from db.errors import VersionConflict
from db.rows import ActionRow
from db.store import CloseWrite, DeadlinePlan, MoveWrite, Store
from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.events import Event, public_event
from engine.core.game import Game
from host.ai_worker import AiWorker
from host.batch import Batch
from host.deadline_plan import rules_deadlines
from host.errors import GameNotActive, GameNotFound
from host.live import LiveGame, snapshot_text, verify
from host.metrics import Metrics, NoMetrics
from host.outbox import (
    LobbyClosed,
    Outgoing,
    PrivatePost,
    PromptClosed,
    PromptPost,
    TablePost,
    channel_queue,
    user_queue,
)
from host.results import (
    AppliedMove,
    MoveResult,
    MoveSource,
    PostMode,
    PrivateUpdate,
    TableStatus,
    TableUpdate,
    UpdateKind,
)

log = logging.getLogger(__name__)

Clock = Callable[[], float]
GameResolver = Callable[[str], Game[Any]]

# Keep at most this many games that are over in the cache; open games always stay.
MAX_CACHED_CLOSED = 256


# Decisions answered in secret: the player gets a DM prompt with the buttons when one becomes theirs.
SECRET_KINDS = (DecisionKind.SIMULTANEOUS, DecisionKind.REACTION)


# The stored game changed under us (another process moved first): reload and re-check.
Conflict = VersionConflict


def newly_pending(before: LiveGame, after: LiveGame, applied: list[Applied]) -> set[int]:
    """The players for whom a decision became theirs in this batch, not counting a player's own next step.

    A player is new when they were not pending before, or when their decision opened at a move someone else
    made (the turn went round, e.g. through AI seats, and came back). A decision that opened at the player's
    own move is the continuation of their turn.
    """
    if before.status != TableStatus.ACTIVE:
        return {d.player for d in after.decisions}
    waiting_before = {d.player for d in before.decisions}
    movers = {a.move.seq: a.move.player for a in applied}
    newly: set[int] = set()
    for d in after.decisions:
        opened = after.since.get(d.player, after.version)
        if d.player not in waiting_before or (opened > before.version and movers.get(opened, d.player) != d.player):
            newly.add(d.player)
    return newly


@dataclass(frozen=True)
class Announcement:
    """How to announce a batch of moves: why, with which headline, and to whom privately.

    `opening` are events shown before the moves' own (the game's setup events at the start);
    `everyone_private` sends every human their private view even without private news (the start).
    """

    kind: UpdateKind
    headline: str = ""
    everyone_private: bool = False
    opening: tuple[Event, ...] = ()


@dataclass
class Applied:
    """One committed move with the events it produced (all audiences)."""

    move: AppliedMove
    events: list[Event]
    label: str = ""  # what the mover chose, in words (for the mover only: it may be secret)


@dataclass
class Core:
    """Shared state of one TableService."""

    db: Store
    clock: Clock
    resolve: GameResolver
    user_label: Callable[[int], str] = field(default=lambda uid: f"<@{uid}>")
    cache: dict[int, LiveGame] = field(default_factory=dict)
    locks: dict[int, asyncio.Lock] = field(default_factory=dict)
    verified: set[int] = field(default_factory=set)
    _lock_users: dict[int, int] = field(default_factory=dict)
    # Called after messages were stored in the outbox (the sender delivers them).
    wake_sender: Callable[[], None] = field(default=lambda: None)
    # Where slow AI decisions are computed, and the background AI turn of each game.
    ai: AiWorker = field(default_factory=AiWorker)
    # Where moves and store write times are reported (nowhere unless the bot serves metrics).
    metrics: Metrics = field(default_factory=NoMetrics)

    # -- locks and loading ------------------------------------------------------------------

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Hold the lock that serialises every change of one game inside this process.

        A lock lives only while someone uses it or its game is in the cache: looking up game
        numbers that do not exist leaves nothing behind.
        """
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        self._lock_users[game_id] = self._lock_users.get(game_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            left = self._lock_users[game_id] - 1
            if left:
                self._lock_users[game_id] = left
            else:
                del self._lock_users[game_id]
                if game_id not in self.cache and self.locks.get(game_id) is lock:
                    del self.locks[game_id]

    async def get(self, game_id: int) -> LiveGame:
        """The game for reading (no lock needed: the cache is only replaced in synchronous steps)."""
        live = self.cache.get(game_id)
        if live is not None:
            return live
        async with self.locked(game_id):
            return await self.load_locked(game_id)

    async def load_locked(self, game_id: int, *, fresh: bool = False) -> LiveGame:
        """The game, loaded from the database if not cached (or if `fresh`). Caller holds the lock.

        A running game is verified against replay the first time this process
        loads it; a failure quarantines it (the returned game then says so).
        """
        if not fresh:
            live = self.cache.get(game_id)
            if live is not None:
                return live
        # A running game not yet verified in this process comes with its log, read with the row.
        stored = await self.db.load_game(game_id, with_actions=game_id not in self.verified)
        if stored is None:
            raise GameNotFound(game_id)
        row, seats = stored.game, stored.seats
        needs_check = row.status == TableStatus.ACTIVE and game_id not in self.verified
        rows = (stored.actions or []) if needs_check else []
        try:
            game = self.resolve(row.game_name)
        except KeyError:
            raise GameNotFound(game_id, f"Game #{game_id} is {row.game_name!r}, which this bot cannot run.") from None
        unreadable = row.unreadable
        try:
            live = LiveGame.from_rows(row, seats, game)
        except (KeyError, TypeError, ValueError):
            # Valid JSON with values this release cannot use (e.g. an unknown AFK policy).
            live = LiveGame.from_rows(dataclasses.replace(row, settings={}, pending=[]), seats, game)
            unreadable = unreadable or "its stored settings cannot be read"
        if unreadable is not None:
            # Never used as it stands, never a crash for its players' other tables: set aside, data untouched.
            self._remember(live)
            if live.status in (TableStatus.LOBBY, TableStatus.ACTIVE):
                await self.quarantine(live, unreadable)
            return live
        problem = verify(live, rows) if needs_check else None
        if problem is None and live.snapshot is not None:
            try:
                live.load_state()
            except Exception as exc:  # a snapshot that cannot be loaded is a verdict, not a crash
                problem = f"the stored snapshot cannot be loaded ({type(exc).__name__})"
                if live.status != TableStatus.ACTIVE:
                    log.error("game %s: %s", game_id, problem)
                    problem = None
        self._remember(live)
        if problem is not None:
            await self.quarantine(live, problem)
        elif needs_check:
            self.verified.add(game_id)
        return live

    def _remember(self, live: LiveGame) -> None:
        self.cache[live.id] = live
        closed = [g for g in self.cache.values() if g.status not in (TableStatus.LOBBY, TableStatus.ACTIVE)]
        if len(closed) > MAX_CACHED_CLOSED:
            for old in sorted(closed, key=lambda g: g.updated_at)[: len(closed) - MAX_CACHED_CLOSED]:
                self.cache.pop(old.id, None)
                if old.id not in self._lock_users:
                    self.locks.pop(old.id, None)

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (after a conflict with another writer)."""
        self.cache.pop(game_id, None)

    @staticmethod
    def require_active(live: LiveGame) -> None:
        """GameNotActive unless the game is running."""
        if live.status != TableStatus.ACTIVE:
            raise GameNotActive(live.status.value)

    # -- moves ------------------------------------------------------------------------------

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

        The UPDATE succeeds only if the stored version is still the one the batch
        started from; otherwise Conflict and nothing is written. The write may
        share its transaction (and disk sync) with other games' writes. With an
        `announcement`, the messages the batch causes go into the outbox in the
        same transaction: a committed move is never left unannounced.
        """
        live = batch.live
        if not batch.steps:
            return []
        game = live.game
        last = batch.steps[-1]
        state, decisions, since, version = last.state, last.decisions, last.since, last.seq
        snapshot = snapshot_text(game, state)
        outcome = game.outcome(state)
        finished = outcome is not None
        now = self.clock()
        pending_json = [{**d.to_json(), "since": since.get(d.player, version)} for d in decisions]
        ai_pending = not finished and any(live.is_ai(d.player) for d in decisions)
        humans = [d.player for d in decisions if not live.is_ai(d.player)]
        delay = live.settings.reminder_delay
        applied = [
            Applied(AppliedMove(step.seq, step.player, step.user_id, step.source), step.events, step.label)
            for step in batch.steps
        ]
        status = TableStatus.FINISHED if finished else live.status
        after = dataclasses.replace(
            live, state=state, version=version, since=since, decisions=decisions, status=status, updated_at=now
        )
        messages = self.compose(live, after, applied, announcement) if announcement is not None else []
        announced = version if announcement is not None else live.announced
        rows = [
            ActionRow(
                game_id=live.id,
                seq=step.seq,
                player=step.player,
                action_id=step.action_id,
                source=step.source.value,
                user_id=step.user_id,
                undoes=step.undoes,
                events=[e.to_json() for e in step.events],
                created_at=now,
            )
            for step in batch.steps
        ]

        write = MoveWrite(
            game_id=live.id,
            expected_version=live.version,
            new_version=version,
            snapshot=snapshot,
            pending=pending_json,
            ai_pending=ai_pending,
            finished=finished,
            outcome=outcome.to_json() if outcome else None,
            announced_version=announced,
            actions=tuple(rows),
            deadlines=DeadlinePlan(
                pending=frozenset() if finished else frozenset(humans),
                reset=frozenset(step.player for step in batch.steps),
                due_at=now + delay if delay > 0 else None,
                version=version,
                timers={} if finished else rules_deadlines(live.game, decisions, live.is_ai, live.settings, now),
            ),
            messages=tuple(m.to_row() for m in messages),
            now=now,
        )
        writing = time.perf_counter()
        try:
            await self.db.commit_move(write)
        except asyncio.CancelledError:
            # We cannot know whether the write was committed: the next touch reloads from the file.
            self.forget(live.id)
            raise
        self.metrics.store_written(time.perf_counter() - writing)
        self.metrics.move_applied(live.game_name, len(batch.steps))
        # Committed: now (and only now) the cache moves on, in one synchronous step.
        live.set_state(state, version, since, decisions)
        live.revision += 1
        live.snapshot = snapshot
        live.updated_at = now
        live.announced = live.announced_stored = max(announced, live.announced_stored)
        live.status_events = after.status_events
        if any(isinstance(m.payload, TablePost) for m in messages):
            live.public_version = version
        if finished:
            live.status = TableStatus.FINISHED
        log.debug("game %s: stored entries up to %s", live.id, version)
        if messages:
            self.wake_sender()
        return applied

    # -- quarantine -------------------------------------------------------------------------

    async def quarantine(self, live: LiveGame, reason: str) -> None:
        """Freeze a game whose stored history failed a check: status, log line, message to its channel."""
        now = self.clock()
        headline = (
            f"Game #{live.id} is suspended: {reason}. Nothing was changed; a moderator can look at it. "
            "The channel is free for a new game."
        )
        notices = [self.table_post(live, TableUpdate(live.id, UpdateKind.QUARANTINED, headline, live.version))]
        if live.status == TableStatus.LOBBY:
            notices.append(Outgoing(live.id, channel_queue(live.channel_id), LobbyClosed()))
        close = CloseWrite(
            game_id=live.id,
            status=TableStatus.QUARANTINED.value,
            reason=reason,
            messages=tuple(n.to_row() for n in notices),
            now=now,
            only_from=(TableStatus.LOBBY.value, TableStatus.ACTIVE.value),
        )
        if not await self.db.close_game(close):
            return
        live.revision += 1
        live.status = TableStatus.QUARANTINED
        live.status_reason = reason
        live.updated_at = now
        log.error("game %s (%s) quarantined: %s", live.id, live.game_name, reason)
        self.wake_sender()

    # -- announcements ----------------------------------------------------------------------

    @staticmethod
    def table_post(live: LiveGame, update: TableUpdate) -> Outgoing:
        """The outbox message posting `update` in the table's channel."""
        return Outgoing(live.id, channel_queue(live.channel_id), TablePost(update))

    async def enqueue(self, live: LiveGame, messages: Iterable[Outgoing]) -> None:
        """Store messages that belong to no move (a cancellation, a replaced seat) and wake the sender."""
        rows = [m.to_row() for m in messages]
        if not rows:
            return
        now = self.clock()
        await self.db.enqueue(rows, now)
        self.wake_sender()

    async def flush_announced(self, lives: Iterable[LiveGame]) -> None:
        """Store how far these games were announced (the next move's write usually carries it for free)."""
        lives = list(lives)
        versions = {live.id: live.announced for live in lives if live.announced > live.announced_stored}
        if not versions:
            return
        await self.db.set_announced(versions)
        for live in lives:
            if live.id in versions:
                live.announced_stored = versions[live.id]

    def compose(
        self, before: LiveGame, after: LiveGame, applied: list[Applied], announcement: Announcement
    ) -> list[Outgoing]:
        """The messages a batch causes: one table post (if anything public changed), private news for each
        human concerned, and a DM prompt for each human who now owes a secret choice.

        `before` is the game as it stood, `after` as the batch leaves it (neither is modified).
        """
        result = self.result(after, applied, announcement.opening)
        public_change = (
            bool(result.public_events) or result.ended or after.public_state() != before.public_state()
        )
        messages: list[Outgoing] = []
        if public_change:
            newly = newly_pending(before, after, applied)
            continues = (
                not newly
                and not result.ended
                and announcement.kind is UpdateKind.MOVES
                and before.status_events is not None
            )
            shown = (*(before.status_events or ()), *result.public_events) if continues else result.public_events
            update = TableUpdate(
                game_id=after.id,
                kind=UpdateKind.ENDED if result.ended else announcement.kind,
                headline=announcement.headline,
                version=result.version,
                public_events=shown,
                public_view=result.public_view,
                pending=result.pending,
                outcome=result.outcome,
                public_change=True,
                mode=PostMode.EDIT if continues else PostMode.NEW,
                mention=tuple(sorted(newly)),
            )
            messages.append(self.table_post(after, update))
            # A later edit of this message keeps its headline as its first line.
            first = announcement.headline and not continues
            headline = (public_event(announcement.headline, "headline"),) if first else ()
            after.status_events = (*headline, *shown)
        for seat in after.human_seats():
            player = seat.player
            if player is None or seat.user_id is None:
                continue
            events = result.private_events.get(player, ())
            if not events and not announcement.everyone_private:
                continue
            private = PrivateUpdate(after.id, player, result.version, events, after.game.view(after.state, player))
            messages.append(Outgoing(after.id, user_queue(seat.user_id), PrivatePost(seat.user_id, private)))
        messages.extend(self._closed_prompts(before, after, applied))
        if not result.ended:
            waiting_before = {d.player for d in before.decisions} if before.status == TableStatus.ACTIVE else set()
            for p in result.pending:
                if p.player in waiting_before or p.is_ai or p.user_id is None or p.kind not in SECRET_KINDS:
                    continue
                if after.auto_passes(next(d for d in after.decisions if d.player == p.player)):
                    continue
                messages.append(
                    Outgoing(after.id, user_queue(p.user_id), PromptPost(p.user_id, p.player, result.version))
                )
        return messages

    @staticmethod
    def _closed_prompts(before: LiveGame, after: LiveGame, applied: list[Applied]) -> list[Outgoing]:
        """A note for each human whose secret decision (answered by DM prompt) closed in this batch: their
        prompt is then edited to say what was chosen, and loses its buttons."""
        if before.status != TableStatus.ACTIVE:
            return []
        # Closed means no longer pending at all: a draft step keeps the decision (and its prompt) open.
        still_pending = {d.player for d in after.decisions} if after.status == TableStatus.ACTIVE else set()
        notes: list[Outgoing] = []
        for d in before.decisions:
            if d.kind not in SECRET_KINDS or d.player in still_pending:
                continue
            seat = before.seat_of_player(d.player)
            if seat is None or seat.user_id is None:
                continue
            mine = [a for a in applied if a.move.player == d.player]
            if not mine:
                continue
            last = mine[-1]
            timed_out = last.move.source is not MoveSource.HUMAN
            closed = PromptClosed(seat.user_id, d.player, "" if timed_out else last.label, timed_out)
            notes.append(Outgoing(after.id, user_queue(seat.user_id), closed))
        return notes

    def result(self, live: LiveGame, applied: Iterable[Applied], opening: Iterable[Event] = ()) -> MoveResult:
        """The MoveResult of a batch of committed moves (after the game's setup events, for a start)."""
        applied = list(applied)
        public: list[Event] = []
        private: dict[int, list[Event]] = {}
        for event in [*opening, *(e for item in applied for e in item.events)]:
            if event.public:
                public.append(event)
            else:
                for p in sorted(event.visible_to or ()):
                    private.setdefault(p, []).append(event)
        outcome = live.outcome()
        return MoveResult(
            game_id=live.id,
            version=live.version,
            moves=tuple(a.move for a in applied),
            public_events=tuple(public),
            private_events={p: tuple(evs) for p, evs in private.items()},
            public_view=live.game.view(live.state, None),
            pending=live.pending_players() if live.status == TableStatus.ACTIVE else (),
            ended=outcome is not None,
            outcome=outcome,
            table=live.info(),
        )
