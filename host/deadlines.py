"""Turn deadlines: reminders, the AFK policy and the rules' timers, driven by one scheduler loop.

Deadlines live in the database (a pending human has a `turn` row for reminders and the AFK policy,
and a `reaction`/`rules` row when the game's rules time that decision), so they survive a restart:
the loop only asks "what is due now?". No timer per game exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from enum import StrEnum

from db.rows import RULES_KINDS, DeadlineRow
from db.steady import StepGuard
from db.store import Store
from engine.core.decisions import Decision, DecisionKind
from host import attention, quiet
from host.ai_turns import AiTurns
from host.ai_worker import decide_action
from host.announce import Announcement, Applied, away_headline
from host.batch import Batch, ai_seed
from host.commit import Conflict
from host.deadline_plan import table_timers
from host.live import LiveGame
from host.outbox import Outgoing, Ping, channel_queue
from host.results import AfkPolicy, AwayPolicy, Headline, MoveSource, Reminder, TableSettings, TableStatus, UpdateKind
from host.tables import Tables
from present import attention as reminder_words

log = logging.getLogger(__name__)

# One decision may take several draft steps; the AFK policy plays them all, up to this many.
MAX_AFK_STEPS = 200
DUE_BATCH = 200
# A table that waits for a player on vacation pauses their clocks at most this long after the vacation
# began; then the AFK policy applies and the rules' timers run again (R-V35, R-A56, R-T45).
MAX_AWAY_PAUSE = 14 * 86_400.0


class Step(StrEnum):
    """What a due deadline does."""

    REMIND = "remind"
    ACT = "act"
    DROP = "drop"


def next_step(settings: TableSettings, reminders: int, rules_timed: bool = False) -> Step:
    """The AFK policy as a rule: remind `afk_after` times, then act (AI/SKIP) or stop reminding (REMIND).

    A decision the rules time (`rules_timed`) is only ever reminded: its own deadline plays the
    rules' default when it runs out, whatever the AFK policy (R-V34, R-A36, §12.4).
    """
    if settings.afk_policy == AfkPolicy.REMIND or rules_timed:
        return Step.REMIND if reminders < settings.max_reminders else Step.DROP
    return Step.ACT if reminders >= settings.afk_after else Step.REMIND


def _reminder(
    live: LiveGame, player: int, count: int, rules_due: float | None, now: float
) -> Outgoing | None:
    """The reminder ping for a pending human (None for an AI seat or a player no longer pending)."""
    who = [p for p in live.pending_players() if p.player == player]
    seat = live.seat_of_player(player)
    if not who or seat is None or seat.user_id is None:
        return None
    settings = live.settings
    if rules_due is not None:
        reminder = Reminder(rules_due=rules_due)
    elif settings.afk_policy != AfkPolicy.REMIND:
        then = "ai" if settings.afk_policy == AfkPolicy.AI else "skip"
        reminder = Reminder(left=max(settings.afk_after - count, 0), then=then)
    else:
        reminder = Reminder()
    message = reminder_words.reminder_text(who[0].prompt, reminder)
    return Outgoing(live.id, channel_queue(live.channel_id), Ping(tuple(who), message, reminder))


def _decision_of(decisions: list[Decision], player: int) -> Decision | None:
    """The decision `player` must take now, if any."""
    return next((d for d in decisions if d.player == player), None)


class Deadlines:
    """Fires due deadlines: a reminder, the AFK policy's move, or the rules' default when a timer runs out.

    `tables` gives the games and who is absent, `store` holds the deadlines, `ai` plays (or plans) the
    AI's part, `wake_sender` is told of a reminder in the outbox, `user_label` names the absent player.
    """

    def __init__(
        self,
        tables: Tables,
        store: Store,
        ai: AiTurns,
        clock: Callable[[], float],
        wake_sender: Callable[[], None],
        user_label: Callable[[int], str],
    ) -> None:
        self._tables = tables
        self._store = store
        self._ai = ai
        self._clock = clock
        self._wake_sender = wake_sender
        self._user_label = user_label

    async def next_round_in(self, interval: float) -> float:
        """Fire what is due now; the seconds until the next round (at most `interval`)."""
        await self.run_due(self._clock())
        upcoming = await self._store.next_due_at()
        if upcoming is None:
            return interval
        return min(interval, max(upcoming - self._clock(), 0.0))

    async def run_due(self, now: float) -> int:
        """Fire every deadline due at `now`; returns how many reminded or acted."""
        fired = 0
        while True:
            rows = await self._store.due_deadlines(now, DUE_BATCH)
            if not rows:
                return fired
            progressed = 0
            for row in rows:
                try:
                    if await self._fire(row, now):
                        fired += 1
                    progressed += 1
                except Exception:
                    # One broken game must not stop the others' deadlines: drop its row, log, go on.
                    log.exception("game %s: deadline for player %s failed", row.game_id, row.player)
                    await self._store.drop_deadline(row)
            if len(rows) < DUE_BATCH or not progressed:
                return fired

    async def _fire(self, row: DeadlineRow, now: float) -> bool:
        async with self._tables.locked(row.game_id):
            live = await self._tables.load_locked(row.game_id)
            mine = [d for d in await self._store.deadlines_for(row.game_id) if d.player == row.player]
            current = [d for d in mine if d.kind == row.kind]
            if not current or current[0].due_at > now:
                return False  # re-planned since we listed it
            deadline = current[0]
            pending = {d.player for d in live.decisions}
            if live.status != TableStatus.ACTIVE or row.player not in pending or live.is_ai(row.player):
                await self._store.drop_deadlines(row.game_id, row.player)
                return False
            settled = await self._by_player_settings(live, deadline, now)
            if settled is not None:
                return settled
            if deadline.kind in RULES_KINDS:
                # The rules' timer ran out: their default, whatever the AFK policy (R-A36, R-V34, §12.4).
                await self._play_rules_default(live, row.player)
                return True
            rules_due = min((d.due_at for d in mine if d.kind in RULES_KINDS), default=None)
            step = next_step(live.settings, deadline.reminders, rules_timed=rules_due is not None)
            if step == Step.DROP:
                await self._store.drop_deadline(deadline)
                return False
            if step == Step.REMIND:
                ping = _reminder(live, row.player, deadline.reminders + 1, rules_due, now)
                # Stored with the reminder count: a reminder counted is a reminder sent, once.
                messages = [ping.to_row()] if ping is not None else []
                if not await self._store.remind(deadline, now + live.settings.reminder_delay, messages, now):
                    return False  # re-planned (or reminded elsewhere) since we read it
                self._wake_sender()
                return True
            await self._act(live, row.player)
            return True

    async def _by_player_settings(self, live: LiveGame, deadline: DeadlineRow, now: float) -> bool | None:
        """What the pending player's own settings make of a due deadline: True when the AI played for them,
        False when the deadline was moved later, None when it fires as usual.

        During a vacation neither reminders nor the AFK policy run: a table whose `away` is `ai` has the AI
        play the seat; one that waits moves the deadline past the vacation (R-V35, R-A56, R-T45). During
        quiet hours only the reminders and the AFK policy wait; the rules' own timers run as the rules say.
        """
        seat = live.seat_of_player(deadline.player)
        if seat is None or seat.user_id is None:
            return None
        player = await self._store.get_player(seat.user_id)
        if player is not None and player.away_until is not None and attention.is_away(player, now):
            if live.settings.away == AwayPolicy.AI:
                await self._act(live, deadline.player, use_ai=True)
                return True
            began = player.updated_at  # when the vacation was set
            limit = began + MAX_AWAY_PAUSE
            if now >= limit:
                return None  # paused long enough: the AFK policy applies, the rules' timers run again
            if deadline.kind in RULES_KINDS:
                # R-V35 / R-A56 / R-T45: the rules' timer keeps, for after the vacation, the time it had left.
                due = min(player.away_until + max(deadline.due_at - began, 0.0), limit)
            else:
                due = min(player.away_until, limit)
            await self._store.postpone(deadline, due)
            log.info("game %s: player %s is away: their %s deadline waits", live.id, deadline.player, deadline.kind)
            return False
        if deadline.kind not in RULES_KINDS and quiet.in_quiet_hours(player, now):
            await self._store.postpone(deadline, quiet.quiet_ends_at(player, now))
            return False
        return None

    async def player_away(self, game_ids: list[int], user_id: int) -> int:
        """The user went on vacation: at their tables whose `away` setting has the AI play for them, their
        waiting turn falls due now, so the AI takes it at the next round (R-V35, R-A56, R-T45). Returns how
        many moved."""
        now = self._clock()
        moved = 0
        for game_id in game_ids:
            live = await self._tables.get(game_id)
            if live.status != TableStatus.ACTIVE or live.settings.away != AwayPolicy.AI:
                continue
            players = set(live.players_of(user_id))
            for row in await self._store.deadlines_for(game_id):
                if row.player in players and row.kind not in RULES_KINDS and row.due_at > now:
                    moved += await self._store.postpone(row, now)
        return moved

    async def player_back(self, game_ids: list[int], user_id: int) -> int:
        """The user ended their vacation early: their reminders, held for its end, run from now again (the
        table's reminder delay). The rules' timers keep the time they had left. Returns how many moved."""
        now = self._clock()
        moved = 0
        for game_id in game_ids:
            live = await self._tables.get(game_id)
            delay = live.settings.reminder_delay
            players = set(live.players_of(user_id))
            for row in await self._store.deadlines_for(game_id):
                if row.player in players and row.kind not in RULES_KINDS and row.due_at > now + delay:
                    moved += await self._store.postpone(row, now + delay)
        return moved

    async def _play_rules_default(self, live: LiveGame, player: int) -> None:
        """Play the game's timeout default for the player's timed decision, every draft step of it; never the AI.

        Only that decision: once it is taken, the player's next decision keeps its own clock.
        """
        timed = _decision_of(live.decisions, player)
        if timed is None:
            return
        batch = Batch(live)
        for _ in range(MAX_AFK_STEPS):
            if _decision_of(batch.decisions, player) != timed:
                break
            batch.apply(player, live.game.timeout_action(batch.state, player), MoveSource.TIMEOUT, None)
        timer = table_timers(live.game).for_kind(timed.kind)
        if timed.kind == DecisionKind.REACTION:
            headline = away_headline(self._seat_label(live, player), "reaction")
        else:
            name = timer.name if timer is not None else "time"
            headline = away_headline(self._seat_label(live, player), "timer", name)
        await self._announce(live, batch, headline)
        log.info("game %s: rules timer expired for player %s (%s)", live.id, player, timed.kind.value)

    async def _act(self, live: LiveGame, player: int, *, use_ai: bool | None = None) -> None:
        """Play the absent player's whole decision (every draft step) by the table's AFK policy.

        At a quick AI level (the table's `afk_level`) the moves are decided here; at the hard level the
        game's background AI turn decides them in the worker (host/ai_turns.py, `AiTurns.turn`), so the scheduler
        never waits on a search. If a restart interrupts that, the deadline is still due and fires again.
        """
        if use_ai is None:  # the AFK policy's choice; a vacation at an `away: ai` table asks for the AI
            use_ai = live.settings.afk_policy == AfkPolicy.AI
        level = live.settings.afk_level
        if use_ai and self._ai.in_worker(level):
            if self._tables.absence.mark(live.id, player):
                log.info("game %s: AFK policy ai (%s) takes over for player %s", live.id, level.value, player)
            self._ai.plan(live)
            return
        source = MoveSource.AI if use_ai else MoveSource.TIMEOUT
        batch = Batch(live)
        for _ in range(MAX_AFK_STEPS):
            if player not in {d.player for d in batch.decisions}:
                break
            if use_ai:
                seed = ai_seed(live.seed, batch.seq + 1, player)
                action = decide_action(live.game, batch.state, player, level, seed, None)
            else:
                action = live.game.timeout_action(batch.state, player)
            batch.apply(player, action, source, None)
        await self._announce(live, batch, away_headline(self._seat_label(live, player), "ai" if use_ai else "default"))
        log.info("game %s: AFK policy %s played for player %s", live.id, live.settings.afk_policy, player)

    def _seat_label(self, live: LiveGame, player: int) -> str | None:
        """The mention of the person at `player`'s seat; None for a seat nobody holds (an AI's)."""
        seat = live.seat_of_player(player)
        user = seat.user_id if seat else None
        return self._user_label(user) if user is not None else None

    async def _announce(self, live: LiveGame, batch: Batch, headline: Headline) -> None:
        """Store the moves played for an absent player and tell the table why, in plain words."""
        if not batch.steps:
            return
        applied: list[Applied] = []
        try:
            await self._ai.play(live, applied, batch, Announcement(UpdateKind.AFK, headline))
        except Conflict:
            self._tables.forget(live.id)


class Scheduler:
    """The one background loop that runs due deadlines, sleeping until the next one (at most `interval`).

    Stopping never cancels a round in the middle: a move being stored finishes first.
    """

    def __init__(self, deadlines: Deadlines, interval: float) -> None:
        self._deadlines = deadlines
        self._interval = interval
        self._task: asyncio.Task[None] | None = None
        self._stopping = asyncio.Event()

    @property
    def running(self) -> bool:
        """Whether the loop is running."""
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start the loop (no-op if it runs already)."""
        if not self.running:
            self._stopping.clear()
            self._task = asyncio.create_task(self._loop(), name="gnomehost-deadlines")

    async def stop(self) -> None:
        """Ask the loop to stop after its current round and wait for it."""
        task, self._task = self._task, None
        if task is None:
            return
        self._stopping.set()
        await task

    async def _round(self) -> float:
        """Fire what is due; the seconds until the next round."""
        return await self._deadlines.next_round_in(self._interval)

    async def _loop(self) -> None:
        guard = StepGuard("firing the due deadlines", log)
        while not self._stopping.is_set():
            delay = await guard.run(self._round)
            if delay is None:
                delay = guard.pause
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), timeout=max(delay, 0.01))
