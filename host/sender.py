"""The outbox sender: delivers stored messages through the Notifier, in order per queue, outside every game lock.

One background task looks at the head of every queue (a channel, or one
user's DMs). A queue whose head is due gets a worker that delivers its rows one
by one until the queue is empty or an attempt fails for a passing reason; the
row then waits (exponential backoff, at least Discord's `retry_after`) and
nothing behind it overtakes it. Other queues go on. A lasting failure (missing
permission, unknown channel, closed DMs) gives the row up and is logged once.
Delivered rows are marked in the database (group commit), so after a restart
only undelivered rows go out.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from db.rows import MessageRef as StoredRef
from db.rows import OutboxRow
from db.steady import StepGuard
from db.store import Store
from engine.core.events import Event
from host import attention, quiet
from host.metrics import Metrics, NoMetrics
from host.notifier import Notifier, RetryLater, Undeliverable, Worded
from host.outbox import (
    CatchUp,
    HostAlert,
    LobbyClosed,
    LobbyPost,
    Notice,
    NoticeKind,
    Nudge,
    Outgoing,
    Ping,
    PrivatePost,
    PromptClosed,
    PromptPost,
    TablePost,
    TurnPing,
    channel_queue,
    decode,
    dm_user_of,
    quiet_queue,
    user_queue,
)
from host.results import MessageRef, PendingPlayer, Recap, Reminder, TableInfo, TableUpdate
from i18n import Locale
from present import attention as words
from present import recap as recap_words
from present import text as table_words
from present.titles import table_title

log = logging.getLogger(__name__)

Clock = Callable[[], float]
TableLookup = Callable[[int], Awaitable[TableInfo]]
UserTables = Callable[[int], Awaitable[Sequence[TableInfo]]]
RecapLookup = Callable[[int, int], Awaitable[Recap | None]]  # (game, player) -> since their last move

# Backoff after a passing failure: 1 s, 2 s, 4 s … capped, so a channel is tried again soon after Discord is back.
BACKOFF_BASE = 1.0
BACKOFF_CAP = 15.0
# A row whose delivery keeps raising something unexpected (a bug, not Discord) is given up after this many tries,
# so one bad row never blocks its channel for good.
MAX_UNEXPECTED = 5
# At most this many queues are delivered at once (Discord's global limit is 50 requests a second).
MAX_WORKERS = 8
# A user whose DMs were closed is not DMed again for this long (failed requests count against the bot's
# limits); any interaction of that user, or the time passing, makes the sender try again.
DM_CLOSED_RETRY = 600.0
# Delivered rows are kept this long (for /game status), then pruned.
KEEP_DELIVERED = 86_400.0
# How long a stop waits for deliveries in flight (discord.py may be retrying a 5xx) before cutting them short.
STOP_GRACE = 5.0
# Why a row waits for the end of its player's quiet hours (stored as the row's last error, never shown to players).
QUIET_HOURS = "held for the player's quiet hours"
STATUS_SLOT = "status"
LOBBY_SLOT = "lobby"
PING_SLOT = "turn_ping"


def backoff(attempts: int) -> float:
    """Seconds to wait after `attempts` failed tries of one message."""
    return float(min(BACKOFF_BASE * 2**attempts, BACKOFF_CAP))


def prompt_slot(user_id: int) -> str:
    """The table_messages slot of a user's live DM prompt."""
    return f"prompt:{user_id}"


def prompt_round_slot(user_id: int, round_number: int) -> str:
    """The table_messages slot of the DM prompt a user got in one round (their later decisions of it edit it)."""
    return f"prompt:{user_id}:round:{round_number}"


def pinged_slot(player: int) -> str:
    """The table_messages slot saying the live "your turn" message names this player."""
    return f"{PING_SLOT}:{player}"


@dataclass
class SenderStats:
    """Counters, for tests, logs and benchmarks."""

    delivered: int = 0
    retried: int = 0
    failed: int = 0


class OutboxSender:
    """Delivers the outbox. `wake()` after storing messages; `start()`/`stop()` around the bot's life."""

    def __init__(
        self,
        db: Store,
        notifier: Notifier,
        table_info: TableLookup,
        clock: Clock = time.time,
        *,
        idle_interval: float = 30.0,
        user_tables: UserTables | None = None,
        recaps: RecapLookup | None = None,
    ) -> None:
        self._db = db
        self._recaps = recaps
        self.notifier = notifier
        self._table_info = table_info
        self._clock = clock
        self._idle = idle_interval
        self._user_tables = user_tables
        self._wake = asyncio.Event()
        self._stopping = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._dm_closed: dict[int, float] = {}
        self._told_dm_closed: set[tuple[int, int]] = set()
        self._dm_delivered: dict[int, float] = {}  # user -> when a DM to them last went through
        self._dm_reopened: dict[int, float] = {}  # user -> when they last used the bot (their DMs may be open)
        self._logged_failures: set[tuple[int, str]] = set()
        self.stats = SenderStats()
        self.metrics: Metrics = NoMetrics()
        self._rounds = StepGuard("looking at the outbox queues", log)
        self._deliveries = StepGuard("delivering an outbox queue", log)

    # -- life cycle -------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether the loop runs."""
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start delivering (no-op if running)."""
        if not self.running:
            self._stopping.clear()
            self._task = asyncio.create_task(self._loop(), name="gnomehost-outbox")

    async def stop(self, grace: float = STOP_GRACE) -> None:
        """Stop after the deliveries in flight (cut short after `grace` seconds); undelivered rows stay for the
        next start."""
        task, self._task = self._task, None
        self._stopping.set()
        self._wake.set()
        if task is not None:
            await task
        workers = list(self._workers.values())
        if not workers:
            return
        _done, late = await asyncio.wait(workers, timeout=grace)
        for worker in late:
            # Discord is slow to answer: the row stays pending and is sent after the restart.
            worker.cancel()
        if late:
            log.warning("stopped %d delivery(ies) still waiting for Discord; they go out after the restart", len(late))
            await asyncio.gather(*late, return_exceptions=True)

    def wake(self) -> None:
        """New messages were stored: look at the queues now."""
        self._wake.set()

    def dm_works_since(self, user_id: int, moment: float) -> bool:
        """Whether a DM to the user went through after `moment` (their DMs work again); this process's memory."""
        return self._dm_delivered.get(user_id, -1.0) > moment

    def _dm_went_through(self, user_id: int) -> None:
        self._dm_delivered[user_id] = self._clock()

    def dm_reopened(self, user_id: int) -> None:
        """The user may have opened their DMs again (they used the bot): try DMs now."""
        self._dm_closed.pop(user_id, None)
        self._dm_reopened[user_id] = self._clock()

    async def drain(self, timeout: float = 10.0) -> int:
        """Deliver until nothing is due (for tests and a clean stop); returns how many rows are still pending."""
        deadline = self._clock() + timeout
        while True:
            await self.run_once()
            heads = await self._db.queue_heads()
            now = self._clock()
            if not any(h.next_at <= now for h in heads) and not self._workers:
                return len(heads)
            if self._clock() > deadline:
                return len(heads)
            await asyncio.sleep(0.01)

    # -- the loop ---------------------------------------------------------------------------

    async def _loop(self) -> None:
        while not self._stopping.is_set():
            self._wake.clear()
            delay = await self._rounds.run(partial(self.run_once, spawn=True))
            if delay is None:  # the round failed: new messages do not cut the pause short, a stop does
                await self._rest(self._rounds.pause)
                continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=max(delay, 0.01))

    async def _rest(self, seconds: float) -> None:
        """Wait `seconds`, or less if the sender stops meanwhile."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), timeout=seconds)

    async def run_once(self, *, spawn: bool = False) -> float:
        """Start a delivery for every due queue; returns the seconds until the next row falls due.

        With `spawn` False (tests), the due queues are delivered before returning.
        """
        heads = await self._db.queue_heads(exclude=set(self._workers))
        now = self._clock()
        delay = self._idle
        due: list[str] = []
        for head in heads:
            if head.next_at <= now:
                due.append(head.queue)
            else:
                delay = min(delay, head.next_at - now)
        for queue in due:
            if queue in self._workers:  # another round started it while this one read the heads
                continue
            if len(self._workers) >= MAX_WORKERS:
                delay = min(delay, 0.05)
                break
            task = asyncio.create_task(self._deliver_queue(queue), name=f"gnomehost-outbox-{queue}")
            self._workers[queue] = task
            task.add_done_callback(partial(self._worker_done, queue))
        if not spawn and self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)
        return delay

    def _worker_done(self, queue: str, _task: asyncio.Task[None] | None = None) -> None:
        self._workers.pop(queue, None)
        self._wake.set()

    async def _deliver_queue(self, queue: str) -> None:
        """Deliver one queue's due rows; a failure (the database, a bug) is logged and the queue rests a while,
        holding its worker so that the next round does not start it again at once."""
        await self._deliveries.run(partial(self._deliver_rows, queue))
        if self._deliveries.failing:
            await self._rest(self._deliveries.pause)

    async def _deliver_rows(self, queue: str) -> None:
        while not self._stopping.is_set():
            row = await self._db.next_in_queue(queue)
            if row is None or row.next_at > self._clock():
                return
            if not await self._deliver(row):
                return

    async def _deliver(self, row: OutboxRow) -> bool:
        """Deliver one row; True when the queue may go on (delivered or given up), False to wait."""
        try:
            payload = decode(row.kind, row.payload)
        except (KeyError, TypeError, ValueError) as exc:
            self.metrics.delivery_failed("unreadable")
            await self._give_up(row, f"unreadable message ({type(exc).__name__})")
            return True
        began = self._clock()
        try:
            settled = await self._by_settings(row, payload)
            if settled is not None:
                return settled
            table = await self._table_info(row.game_id)
            refs = await self._send(row, table, payload)
        except RetryLater as exc:
            wait = max(exc.after or 0.0, backoff(row.attempts))
            self.stats.retried += 1
            self.metrics.delivery_failed("retry_later")
            log.warning(
                "game %s: message %s (%s) not delivered, retry in %.1fs: %s",
                row.game_id, row.id, row.kind, wait, exc.reason,
            )
            await self._retry(row, wait, exc.reason)
            return False
        except Undeliverable as exc:
            self.metrics.delivery_failed("dm_closed" if exc.dm_closed else "undeliverable")
            await self._give_up(row, exc.reason)
            if exc.dm_closed and isinstance(payload, PrivatePost | PromptPost | Nudge):
                await self._dm_closed_notice(row.game_id, payload.user_id, began)
                if isinstance(payload, Nudge):
                    await self._nudge_in_channel(row.game_id, payload)
            elif row.queue.startswith("channel:"):
                await self._alert_host(row.game_id, exc.reason)
            return True
        except Exception as exc:
            tries = row.attempts + 1
            self.metrics.delivery_failed("internal_error")
            if tries >= MAX_UNEXPECTED:
                log.exception("game %s: message %s failed %s times; giving it up", row.game_id, row.id, tries)
                await self._give_up(row, f"internal error ({type(exc).__name__})")
                return True
            log.exception("game %s: message %s failed unexpectedly; will retry", row.game_id, row.id)
            await self._retry(row, backoff(row.attempts), type(exc).__name__)
            return False
        now = self._clock()

        slots = {slot: None if ref is None else StoredRef(ref.channel_id, ref.message_id) for slot, ref in refs.items()}
        await self._db.mark_delivered(row, slots, now)
        self.stats.delivered += 1
        return True

    async def _retry(self, row: OutboxRow, wait: float, reason: str) -> None:
        at = self._clock() + wait
        await self._db.mark_retry(row.id, at, reason)

    async def _give_up(self, row: OutboxRow, reason: str) -> None:
        self.stats.failed += 1
        key = (row.game_id, reason)
        if key not in self._logged_failures:
            self._logged_failures.add(key)
            log.warning("game %s: message %s (%s) cannot be delivered: %s", row.game_id, row.id, row.kind, reason)
        await self._db.mark_failed(row.id, self._clock(), reason)

    async def _dm_closed_notice(self, game_id: int, user_id: int, began: float) -> None:
        if self._dm_reopened.get(user_id, -1.0) > began:
            # Refused by a send that began before the user used the bot again: their DMs may be open by now,
            # so the next DM is tried rather than held back (and nobody is told twice).
            return
        self._dm_closed[user_id] = self._clock() + DM_CLOSED_RETRY
        if (game_id, user_id) in self._told_dm_closed:
            return
        self._told_dm_closed.add((game_id, user_id))
        table = await self._table_info(game_id)
        notice = Outgoing(game_id, channel_queue(table.channel_id), Notice(NoticeKind.DM_CLOSED, user_id))
        now = self._clock()
        await self._db.enqueue([notice.to_row()], now)
        self.wake()

    async def _alert_host(self, game_id: int, reason: str) -> None:
        """Tell the host once per game and reason that their table's channel refuses our messages."""
        if (game_id, "host:" + reason) in self._logged_failures:
            return
        self._logged_failures.add((game_id, "host:" + reason))
        table = await self._table_info(game_id)
        alert = Outgoing(game_id, user_queue(table.host_user_id), HostAlert(table.host_user_id, reason))
        now = self._clock()
        await self._db.enqueue([alert.to_row()], now)
        self.wake()

    async def _message(self, game_id: int, slot: str) -> MessageRef | None:
        ref = await self._db.get_message(game_id, slot)
        return MessageRef(ref.channel_id, ref.message_id) if ref is not None else None

    async def _send(
        self, row: OutboxRow, table: TableInfo, payload: object
    ) -> dict[str, MessageRef | None]:
        """Hand one message to the notifier; returns the message slots to remember (slot -> message)."""
        notifier = self.notifier
        match payload:
            case TablePost(update):
                update = await self._route_mentions(row, table, update)
                previous = await self._message(row.game_id, STATUS_SLOT)
                ref = await notifier.post_to_table(table, update, previous)
                return {STATUS_SLOT: ref} if ref is not None else {}
            case PrivatePost(user_id, update):
                self._skip_closed_dm(user_id)
                await notifier.send_private(table, user_id, update)
                self._dm_went_through(user_id)
                return {}
            case PromptPost(user_id, player, _version, round_number, news):
                self._skip_closed_dm(user_id)
                return await self._send_prompt(row.game_id, table, user_id, player, round_number, news)
            case PromptClosed(user_id, _player, chosen, timed_out, said):
                slot = prompt_slot(user_id)
                prompt = await self._message(row.game_id, slot)
                if prompt is not None:
                    await notifier.close_prompt(table, user_id, prompt, chosen, timed_out, said)
                return {slot: None}
            case Ping(pending, message, reminder):
                await self._route_ping(row, table, pending, message, reminder)
                return {}
            case Nudge(user_id, message, recap, turn, reminder):
                by_dm = dm_user_of(row.queue) is not None
                worded: Worded | None = None
                if turn is not None:
                    # The recap is told afresh in the reader's language; the stored one is English.
                    fresh = await self._recap(row.game_id, turn.player) if by_dm and recap else None
                    if fresh is not None or not recap or not by_dm:
                        worded = partial(words.nudge_text, table, turn, reminder, fresh)
                if by_dm:
                    self._skip_closed_dm(user_id)
                    message = recap_words.with_recap(message, recap)
                await notifier.nudge(table, user_id, message, by_dm, worded)
                if by_dm:
                    self._dm_went_through(user_id)
                return {}
            case TurnPing(mention, waiting):
                told_here = await self._route_turn_ping(row, table, mention)
                return await self._turn_ping(row.game_id, table, told_here, waiting)
            case LobbyPost():
                ref = await notifier.post_lobby(table)
                return {LOBBY_SLOT: ref} if ref is not None else {}
            case LobbyClosed():
                lobby = await self._message(row.game_id, LOBBY_SLOT)
                if lobby is not None:
                    await notifier.close_lobby(table, lobby)
                return {}
            case Notice(notice, user_id):
                await notifier.post_notice(table, notice, user_id)
                return {}
            case HostAlert(user_id, reason):
                self._skip_closed_dm(user_id)
                await notifier.alert_host(table, user_id, reason)
                return {}
        raise TypeError(f"unknown outbox payload {payload!r}")

    # -- each player's own settings: quiet hours, how they are told, vacation -------------------------

    def _dm_known_closed(self, user_id: int) -> bool:
        return self._dm_closed.get(user_id, -1.0) > self._clock()

    async def _ways(self, users: Sequence[int]) -> dict[int, attention.Way]:
        """How each of these users is told now, by their own settings."""
        rows = await self._db.get_players(users) if users else {}
        return attention.ways(users, rows, self._clock(), self._dm_known_closed)

    async def _by_settings(self, row: OutboxRow, payload: object) -> bool | None:
        """Deliver or hold a row as its player's settings say (True/False as `_deliver`); None: deliver as usual.

        A DM to a player in their quiet hours waits for their end, keeping its place in their queue; a DM
        "your turn" is replaced by the one catch-up message; nothing is sent to a player on vacation.
        """
        if isinstance(payload, CatchUp):
            return await self._catch_up(row, payload.user_id)
        if not isinstance(payload, PrivatePost | PromptPost | Nudge) or dm_user_of(row.queue) is None:
            return None
        user = payload.user_id
        settings = await self._db.get_player(user)
        now = self._clock()
        if isinstance(payload, Nudge) and attention.is_away(settings, now):
            await self._db.mark_delivered(row, {}, now)
            return True
        if not quiet.in_quiet_hours(settings, now):
            return None
        if isinstance(payload, Nudge):
            await self._hold(row.game_id, user)
            await self._db.mark_delivered(row, {}, now)
            return True
        await self._db.mark_retry(row.id, quiet.quiet_ends_at(settings, now), QUIET_HOURS)
        return False

    async def release_held(self, user_id: int) -> int:
        """The user changed their quiet hours: what waited for their end is due now (held again if the new
        hours cover now). Returns how many queues it released."""
        now = self._clock()
        released = 0
        for queue in (quiet_queue(user_id), user_queue(user_id)):
            head = await self._db.next_in_queue(queue)
            if head is not None and head.next_at > now and head.last_error == QUIET_HOURS:
                await self._db.mark_retry(head.id, now, QUIET_HOURS)
                released += 1
        if released:
            self.wake()
        return released

    async def _route_ping(
        self, row: OutboxRow, table: TableInfo, pending: tuple[PendingPlayer, ...], message: str,
        reminder: Reminder | None,
    ) -> None:
        """A reminder: mention in the channel those who want it there; DM, hold or skip the others."""
        people = {p.user_id: p for p in pending if p.user_id is not None and not p.is_ai}
        ways = await self._ways(sorted(people))
        if row.attempts == 0:  # a retried ping already told the others
            if reminder is not None:
                await self._tell_elsewhere(row.game_id, ways, people, reminder=reminder)
            else:  # a reminder stored before reminders were data: its English words as they are
                await self._tell_elsewhere(row.game_id, ways, people, said=message)
        keep = tuple(p for p in pending if p.user_id is None or p.is_ai or attention.in_channel(ways[p.user_id]))
        if any(p.user_id is not None and not p.is_ai for p in keep):
            await self.notifier.ping_pending(table, keep, message, reminder)

    async def _route_mentions(self, row: OutboxRow, table: TableInfo, update: TableUpdate) -> TableUpdate:
        """A table post mentions only the players who want "your turn" in the channel; the others are told
        by DM, once their quiet hours end, or not at all while they are away."""
        if not update.mention:
            return update
        newly = {p.user_id: p for p in update.pending
                 if p.player in update.mention and p.user_id is not None and not p.is_ai}
        if not newly:
            return update
        ways = await self._ways(sorted(newly))
        if row.attempts == 0:
            await self._tell_elsewhere(row.game_id, ways, newly)
        users = {p.player: p.user_id for p in update.pending}
        keep = tuple(player for player in update.mention
                     if (user := users.get(player)) not in ways or attention.in_channel(ways[user]))
        return update if keep == update.mention else dataclasses.replace(update, mention=keep)

    async def _tell_elsewhere(
        self, game_id: int, ways: Mapping[int, attention.Way], turns: Mapping[int, PendingPlayer],
        recaps: Mapping[int, str] | None = None, reminder: Reminder | None = None, said: str | None = None,
    ) -> None:
        """Queue the DMs of those told by DM that a decision is theirs (with their recap, if any), or of a
        `reminder` of it, and hold a catch-up for those in their quiet hours. `said`: English words to send
        instead, for a reminder stored before reminders were data."""
        told = recaps or {}

        def nudge(user: int) -> Nudge:
            p = turns[user]
            if said is not None:
                return Nudge(user, said, told.get(user, ""))
            message = words.reminder_text(p.prompt, reminder) if reminder is not None else words.your_turn(p.prompt)
            return Nudge(user, message, told.get(user, ""), p, reminder)

        dms = [Outgoing(game_id, user_queue(user), nudge(user)).to_row()
               for user, way in ways.items() if attention.by_dm(way)]
        if dms:
            await self._db.enqueue(dms, self._clock())
            self.wake()
        for user, way in ways.items():
            if way == attention.Way.HOLD:
                await self._hold(game_id, user)

    async def _hold(self, game_id: int, user_id: int) -> None:
        """Make sure one catch-up message waits for the end of the user's quiet hours."""
        settings = await self._db.get_player(user_id)
        now = self._clock()
        until = quiet.quiet_ends_at(settings, now)
        queue = quiet_queue(user_id)
        head = await self._db.next_in_queue(queue)
        if head is None:
            await self._db.enqueue([Outgoing(game_id, queue, CatchUp(user_id)).to_row()], now)
            head = await self._db.next_in_queue(queue)
        if head is not None and head.next_at < until:
            await self._db.mark_retry(head.id, until, QUIET_HOURS)
        log.info("user %s is in their quiet hours: told once they end", user_id)

    async def _catch_up(self, row: OutboxRow, user_id: int) -> bool:
        """The user's quiet hours are over: one message naming every game now waiting for them (none when no
        game waits any more), then the queue's other catch-ups are done too."""
        settings = await self._db.get_player(user_id)
        now = self._clock()
        if quiet.in_quiet_hours(settings, now):  # the hours changed, or a hold raced the end: wait again
            await self._db.mark_retry(row.id, quiet.quiet_ends_at(settings, now), QUIET_HOURS)
            return False
        if not attention.is_away(settings, now):
            tables = await self._user_tables(user_id) if self._user_tables is not None else [
                await self._table_info(row.game_id)]
            waiting = [t for t in tables if t.is_open and any(p.user_id == user_id and not p.is_ai for p in t.pending)]
            if waiting:
                way = attention.way_of(settings, now, self._dm_known_closed(user_id))
                text = words.catch_up([(t.title, t.channel_id) for t in waiting])

                def worded(locale: Locale) -> str:
                    return words.catch_up([(table_title(t, locale), t.channel_id) for t in waiting], locale)

                try:
                    await self.notifier.nudge(waiting[0], user_id, text, attention.by_dm(way), worded)
                except Undeliverable as exc:
                    if not exc.dm_closed:
                        raise
                    await self.notifier.nudge(waiting[0], user_id, text, False, worded)
        await self._db.mark_delivered(row, {}, now)
        while (extra := await self._db.next_in_queue(row.queue)) is not None and extra.next_at <= now:
            await self._db.mark_delivered(extra, {}, now)
        return True

    async def _nudge_in_channel(self, game_id: int, nudge: Nudge) -> None:
        """A DM "your turn" the player's closed DMs refused: the game's channel mentions them instead."""
        table = await self._table_info(game_id)
        public = dataclasses.replace(nudge, recap="")  # its recap may hold the player's secrets
        await self._db.enqueue([Outgoing(game_id, channel_queue(table.channel_id), public).to_row()], self._clock())
        self.wake()

    async def _route_turn_ping(
        self, row: OutboxRow, table: TableInfo, mention: tuple[PendingPlayer, ...]
    ) -> tuple[PendingPlayer, ...]:
        """The "your turn" message mentions only those who want it in the channel; the others are told by DM
        (with what happened since their last move), once their quiet hours end, or not at all while they are
        away."""
        people = {p.user_id: p for p in mention if p.user_id is not None and not p.is_ai}
        if not people:
            return mention
        ways = await self._ways(sorted(people))
        if row.attempts == 0:  # a retried ping already told the others
            recaps = {user: await self._recap_text(row.game_id, table, people[user].player)
                      for user, way in ways.items() if attention.by_dm(way)}
            await self._tell_elsewhere(row.game_id, ways, people, recaps)
        return tuple(p for p in mention if p.user_id is None or p.is_ai or attention.in_channel(ways[p.user_id]))

    async def _recap(self, game_id: int, player: int) -> Recap | None:
        """The player's "since your last move", or None (none asked for, none to tell, or it could not be read:
        a turn start is never held back for it)."""
        if self._recaps is None:
            return None
        try:
            return await self._recaps(game_id, player)
        except Exception:
            log.exception("game %s: no recap for player %s", game_id, player)
            return None

    async def _recap_text(self, game_id: int, table: TableInfo, player: int) -> str:
        """What happened since the player's last move, in words for their own DM (their private events told);
        empty when there is nothing to tell."""
        recap = await self._recap(game_id, player)
        if recap is None:
            return ""
        return recap_words.recap_text(recap, table_words.player_names(table, recap.frames[-1].public_view))

    async def _send_prompt(
        self, game_id: int, table: TableInfo, user_id: int, player: int, round_number: int, news: tuple[Event, ...]
    ) -> dict[str, MessageRef | None]:
        """A DM prompt; a later decision of the same round rewrites that round's prompt rather than DM anew."""
        slot = prompt_slot(user_id)
        this_round = prompt_round_slot(user_id, round_number) if round_number >= 0 else None
        reused = await self._message(game_id, this_round) if this_round is not None else None
        ref = None
        if reused is not None:
            ref = await self.notifier.edit_prompt(table, user_id, player, reused, news)
        if ref is None:
            ref = await self.notifier.send_prompt(table, user_id, player, await self._message(game_id, slot), news)
        self._dm_went_through(user_id)
        if ref is None:
            return {}
        slots: dict[str, MessageRef | None] = {slot: ref}
        if this_round is not None:
            slots[this_round] = ref
            if round_number > 0:  # the last round's prompt is not reused any more
                slots[prompt_round_slot(user_id, round_number - 1)] = None
        return slots

    async def _turn_ping(
        self, game_id: int, table: TableInfo, mention: tuple[PendingPlayer, ...], waiting: tuple[int, ...]
    ) -> dict[str, MessageRef | None]:
        """Delete the live "your turn" message when replaced or when its turn is taken; post the new one."""
        previous = await self._message(game_id, PING_SLOT)
        players = [s.player for s in table.seats if s.player is not None]
        named = [p for p in players if await self._message(game_id, pinged_slot(p)) is not None]
        if previous is not None and not mention and any(p in waiting for p in named):
            return {}  # someone it named still has to act: it stays
        if previous is not None:
            await self.notifier.delete_ping(table, previous)
        slots: dict[str, MessageRef | None] = {pinged_slot(p): None for p in named}
        ref = await self.notifier.post_turn_ping(table, mention, await self._public_recaps(game_id, mention)) \
            if mention else None
        slots[PING_SLOT] = ref
        if ref is not None:
            slots.update({pinged_slot(p.player): ref for p in mention})
        return slots

    async def _public_recaps(self, game_id: int, mention: tuple[PendingPlayer, ...]) -> tuple[Recap, ...]:
        """The public part of each mentioned human's recap (a channel shows no private event)."""
        recaps = []
        for p in mention:
            if p.user_id is None or p.is_ai:
                continue
            recap = await self._recap(game_id, p.player)
            if recap is not None and (public := recap.public()).moves:
                recaps.append(public)
        return tuple(recaps)

    def _skip_closed_dm(self, user_id: int) -> None:
        until = self._dm_closed.get(user_id)
        if until is None:
            return
        if until > self._clock():
            raise Undeliverable("the user does not accept DMs from the bot")
        del self._dm_closed[user_id]

    async def prune(self) -> int:
        """Forget delivered rows older than a day; returns how many."""
        before = self._clock() - KEEP_DELIVERED
        return await self._db.prune(before)
