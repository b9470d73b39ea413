"""How the table service speaks to the outside world, and a recorder that implements it for tests.

Nothing calls a Notifier while a change is being made: every message a change
causes is first stored in the outbox with the change (host/outbox.py), and the
sender (host/sender.py) calls the notifier later, outside any game lock, one
message at a time in order per channel (and per user's DMs). So a notifier
method must report how delivery went instead of hiding it:

- return normally when the message is out (with where it lives, when it may be edited later);
- raise `RetryLater` for a passing failure (Discord down, rate limited): the same message is tried
  again later, nothing behind it in its queue overtakes it;
- raise `Undeliverable` when it can never work (missing permission, unknown channel, DMs closed):
  the message is given up, logged once and shown in /game status.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from engine.core.events import Event
from engine.core.phrases import Phrase
from host.outbox import NoticeKind
from host.results import MessageRef, PendingPlayer, PrivateUpdate, Recap, Reminder, TableInfo, TableUpdate
from i18n import ENGLISH, Locale

# A message said in a reader's language: the front end, which knows the reader, picks the language.
Worded = Callable[[Locale], str]


class DeliveryError(Exception):
    """A message could not be delivered now."""


class RetryLater(DeliveryError):
    """A passing failure: try the same message again, not before `after` seconds when given."""

    def __init__(self, reason: str, after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.after = after


class Undeliverable(DeliveryError):
    """A lasting failure: this message can never be delivered (`dm_closed`: the user does not accept DMs)."""

    def __init__(self, reason: str, *, dm_closed: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.dm_closed = dm_closed


@runtime_checkable
class Notifier(Protocol):
    """What the Discord layer implements for the sender."""

    async def post_to_table(
        self, table: TableInfo, update: TableUpdate, previous: MessageRef | None
    ) -> MessageRef | None:
        """Post a table update in the table's channel (public data only); `previous` is the table's last status
        message, which loses its buttons. Returns the new message, or None when nothing was posted."""

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """Tell one player privately what changed for them (their private events and view)."""

    async def send_prompt(
        self, table: TableInfo, user_id: int, player: int, previous: MessageRef | None, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """DM a player the buttons of the decision that is theirs now (`previous`: their last prompt, to retire),
        after their private `news` of the same change. Returns the prompt message, or None when the decision is
        no longer theirs (nothing sent)."""

    async def close_prompt(
        self, table: TableInfo, user_id: int, message: MessageRef, chosen: str, timed_out: bool,
        said: Phrase | None = None,
    ) -> None:
        """Edit `user_id`'s DM prompt whose choice is made: say what was chosen (or that time ran out), no
        buttons, in the user's language."""

    async def edit_prompt(
        self, table: TableInfo, user_id: int, player: int, message: MessageRef, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """Rewrite a player's DM prompt of this round with the buttons of their next secret decision (several
        decisions of one round share one DM). Returns the prompt, or None when it is gone (post a new one)."""

    async def ping_pending(
        self, table: TableInfo, pending: Sequence[PendingPlayer], message: str, reminder: Reminder | None = None
    ) -> None:
        """Mention these pending players in the table's channel with a short public message (reminders): the
        `reminder` said in the table's language, or `message` (English) for one stored without it."""

    async def nudge(
        self, table: TableInfo, user_id: int, message: str, by_dm: bool, worded: Worded | None = None
    ) -> None:
        """Tell one player a game waits for them: by DM (`by_dm`; Undeliverable with dm_closed when their DMs
        are closed) or by a mention in the table's channel; `worded` says it in the reader's language (without
        it, the English `message`)."""

    async def post_turn_ping(
        self, table: TableInfo, pending: Sequence[PendingPlayer], recaps: Sequence[Recap] = ()
    ) -> MessageRef | None:
        """A short "your turn" message in the table's channel mentioning these players (edits do not notify),
        with what happened since their last move (`recaps`: public ones only, each of a mentioned player).
        Returns the message (deleted once their turn is taken), or None when nobody was mentioned."""

    async def delete_ping(self, table: TableInfo, message: MessageRef) -> None:
        """Delete a "your turn" message whose turn is taken or that a newer one replaces (gone already: fine)."""

    async def post_lobby(self, table: TableInfo) -> MessageRef | None:
        """Post the lobby message of a table that is open for joining."""

    async def close_lobby(self, table: TableInfo, message: MessageRef) -> None:
        """Edit the lobby message to say how the lobby ended (started, cancelled) and remove its buttons."""

    async def post_notice(self, table: TableInfo, notice: NoticeKind, user_id: int) -> None:
        """Post a short notice about one user in the table's channel."""

    async def alert_host(self, table: TableInfo, user_id: int, reason: str) -> None:
        """DM the table's host that its channel refuses the bot's messages, and why."""


class NullNotifier:
    """A notifier that drops everything (benchmarks, scripts)."""

    async def post_to_table(
        self, table: TableInfo, update: TableUpdate, previous: MessageRef | None
    ) -> MessageRef | None:
        """Drop the update."""
        return None

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """Drop the update."""

    async def send_prompt(
        self, table: TableInfo, user_id: int, player: int, previous: MessageRef | None, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """Drop the prompt."""
        return None

    async def close_prompt(
        self, table: TableInfo, user_id: int, message: MessageRef, chosen: str, timed_out: bool,
        said: Phrase | None = None,
    ) -> None:
        """Drop the edit."""

    async def edit_prompt(
        self, table: TableInfo, user_id: int, player: int, message: MessageRef, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """Drop the edit."""
        return message

    async def ping_pending(
        self, table: TableInfo, pending: Sequence[PendingPlayer], message: str, reminder: Reminder | None = None
    ) -> None:
        """Drop the ping."""

    async def nudge(
        self, table: TableInfo, user_id: int, message: str, by_dm: bool, worded: Worded | None = None
    ) -> None:
        """Drop the nudge."""

    async def post_turn_ping(
        self, table: TableInfo, pending: Sequence[PendingPlayer], recaps: Sequence[Recap] = ()
    ) -> MessageRef | None:
        """Drop the ping."""
        return None

    async def delete_ping(self, table: TableInfo, message: MessageRef) -> None:
        """Drop the deletion."""

    async def post_lobby(self, table: TableInfo) -> MessageRef | None:
        """Drop the lobby message."""
        return None

    async def close_lobby(self, table: TableInfo, message: MessageRef) -> None:
        """Drop the edit."""

    async def post_notice(self, table: TableInfo, notice: NoticeKind, user_id: int) -> None:
        """Drop the notice."""

    async def alert_host(self, table: TableInfo, user_id: int, reason: str) -> None:
        """Drop the alert."""


Fault = Callable[[str, TableInfo], None]


@dataclass
class RecordingNotifier:
    """Keeps every delivered call in order, for tests: `posts`, `privates`, `pings`, `prompts`, `lobbies`,
    `notices`, `edits`, `turn_pings` (with their messages and `turn_ping_recaps`), `deleted` pings, `prompt_news`
    and `calls` (all kinds). `fault`, when set, is called first with the call's kind and table and may raise
    RetryLater/Undeliverable to simulate Discord failing."""

    posts: list[tuple[TableInfo, TableUpdate]] = field(default_factory=list)
    privates: list[tuple[TableInfo, int, PrivateUpdate]] = field(default_factory=list)
    pings: list[tuple[TableInfo, tuple[PendingPlayer, ...], str]] = field(default_factory=list)
    prompts: list[tuple[TableInfo, int, int]] = field(default_factory=list)
    lobbies: list[TableInfo] = field(default_factory=list)
    notices: list[tuple[TableInfo, NoticeKind, int]] = field(default_factory=list)
    edits: list[tuple[str, MessageRef]] = field(default_factory=list)
    closed_prompts: list[tuple[MessageRef, str, bool]] = field(default_factory=list)
    alerts: list[tuple[TableInfo, int, str]] = field(default_factory=list)
    nudges: list[tuple[TableInfo, int, str, bool]] = field(default_factory=list)
    turn_pings: list[tuple[TableInfo, tuple[PendingPlayer, ...], MessageRef]] = field(default_factory=list)
    deleted: list[MessageRef] = field(default_factory=list)
    prompt_news: list[tuple[int, tuple[Event, ...]]] = field(default_factory=list)  # (user, news told in a prompt)
    turn_ping_recaps: list[tuple[Recap, ...]] = field(default_factory=list)  # the recaps of each turn ping
    calls: list[str] = field(default_factory=list)
    fault: Fault | None = None
    _next_id: int = 1000

    def _check(self, kind: str, table: TableInfo) -> None:
        if self.fault is not None:
            self.fault(kind, table)

    def _ref(self, channel_id: int) -> MessageRef:
        self._next_id += 1
        return MessageRef(channel_id, self._next_id)

    async def post_to_table(
        self, table: TableInfo, update: TableUpdate, previous: MessageRef | None
    ) -> MessageRef | None:
        """Record a public post (a private step posts nothing)."""
        self._check("post", table)
        if previous is not None:
            self.edits.append(("retire", previous))
        self.posts.append((table, update))
        self.calls.append(f"post:{table.game_id}:{update.kind}")
        return self._ref(table.channel_id) if update.public_change else None

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """Record a private message."""
        self._check("private", table)
        self.privates.append((table, user_id, update))
        self.calls.append(f"private:{table.game_id}:{user_id}")

    async def send_prompt(
        self, table: TableInfo, user_id: int, player: int, previous: MessageRef | None, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """Record a DM prompt."""
        self._check("prompt", table)
        if previous is not None:
            self.edits.append(("prompt", previous))
        self.prompts.append((table, user_id, player))
        self.prompt_news.append((user_id, tuple(news)))
        self.calls.append(f"prompt:{table.game_id}:{user_id}")
        return self._ref(user_id)

    async def close_prompt(
        self, table: TableInfo, user_id: int, message: MessageRef, chosen: str, timed_out: bool,
        said: Phrase | None = None,
    ) -> None:
        """Record the closing edit of a DM prompt."""
        self._check("close_prompt", table)
        self.edits.append(("prompt_closed", message))
        self.closed_prompts.append((message, chosen, timed_out))
        self.calls.append(f"close_prompt:{table.game_id}")

    async def edit_prompt(
        self, table: TableInfo, user_id: int, player: int, message: MessageRef, news: Sequence[Event] = ()
    ) -> MessageRef | None:
        """Record a DM prompt rewritten for the player's next decision of the round."""
        self._check("prompt", table)
        self.edits.append(("prompt_reused", message))
        self.prompts.append((table, user_id, player))
        self.prompt_news.append((user_id, tuple(news)))
        self.calls.append(f"edit_prompt:{table.game_id}:{user_id}")
        return message

    async def ping_pending(
        self, table: TableInfo, pending: Sequence[PendingPlayer], message: str, reminder: Reminder | None = None
    ) -> None:
        """Record a ping."""
        self._check("ping", table)
        self.pings.append((table, tuple(pending), message))
        self.calls.append(f"ping:{table.game_id}")

    async def nudge(
        self, table: TableInfo, user_id: int, message: str, by_dm: bool, worded: Worded | None = None
    ) -> None:
        """Record a nudge (`by_dm`: a DM, else a channel mention) as an English reader reads it."""
        self._check("nudge_dm" if by_dm else "nudge", table)
        self.nudges.append((table, user_id, worded(ENGLISH) if worded is not None else message, by_dm))
        self.calls.append(f"nudge:{table.game_id}")

    async def post_turn_ping(
        self, table: TableInfo, pending: Sequence[PendingPlayer], recaps: Sequence[Recap] = ()
    ) -> MessageRef | None:
        """Record a "your turn" message (and the recaps it carries, in `turn_ping_recaps`)."""
        self._check("turn_ping", table)
        ref = self._ref(table.channel_id)
        self.turn_pings.append((table, tuple(pending), ref))
        self.turn_ping_recaps.append(tuple(recaps))
        self.calls.append(f"turn_ping:{table.game_id}")
        return ref

    async def delete_ping(self, table: TableInfo, message: MessageRef) -> None:
        """Record the deletion of a "your turn" message."""
        self._check("delete_ping", table)
        self.deleted.append(message)
        self.calls.append(f"delete_ping:{table.game_id}")

    async def post_lobby(self, table: TableInfo) -> MessageRef | None:
        """Record a lobby message."""
        self._check("lobby", table)
        self.lobbies.append(table)
        self.calls.append(f"lobby:{table.game_id}")
        return self._ref(table.channel_id)

    async def close_lobby(self, table: TableInfo, message: MessageRef) -> None:
        """Record the closing edit of a lobby message."""
        self._check("close_lobby", table)
        self.edits.append(("lobby", message))
        self.calls.append(f"close_lobby:{table.game_id}")

    async def post_notice(self, table: TableInfo, notice: NoticeKind, user_id: int) -> None:
        """Record a notice."""
        self._check("notice", table)
        self.notices.append((table, notice, user_id))
        self.calls.append(f"notice:{table.game_id}:{notice.value}")

    async def alert_host(self, table: TableInfo, user_id: int, reason: str) -> None:
        """Record an alert to the host."""
        self._check("alert_host", table)
        self.alerts.append((table, user_id, reason))
        self.calls.append(f"alert_host:{table.game_id}")

    def posts_for(self, game_id: int) -> list[TableUpdate]:
        """The public updates posted for one game, in order."""
        return [u for t, u in self.posts if t.game_id == game_id]

    def clear(self) -> None:
        """Forget everything recorded so far."""
        for store in (self.posts, self.privates, self.pings, self.prompts, self.lobbies, self.notices, self.edits,
                      self.closed_prompts, self.alerts, self.nudges, self.turn_pings, self.deleted, self.prompt_news,
                      self.turn_ping_recaps):
            store.clear()
        self.calls.clear()
