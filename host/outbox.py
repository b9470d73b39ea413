"""The messages a change causes, as typed values that are stored in the outbox and read back by the sender.

A change (a move, a start, a reminder, a lobby opening) never talks to Discord
itself: it turns what must be said into `Outgoing` values, and the committer (host/commit.py) stores
them in the same transaction as the change (db/outbox.py). The sender
(host/sender.py) reads them back with `decode` and hands them to the Notifier.
Channel queues carry public data only; a player's private view travels in that
player's own DM queue.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from db.rows import NewMessage
from engine.core.decisions import DecisionKind
from engine.core.events import Event
from engine.core.outcome import Outcome
from engine.core.phrases import Phrase, phrase_from_json
from host.results import Headline, PendingPlayer, PostMode, PrivateUpdate, Reminder, TableUpdate, UpdateKind


class MessageKind(StrEnum):
    """What a stored message asks the notifier to do."""

    TABLE = "table"  # a table update in the game's channel (narration, board, who is pending)
    PRIVATE = "private"  # one player's private news and view, by DM
    PROMPT = "prompt"  # a DM with the buttons of a secret choice that just became the player's
    PROMPT_CLOSED = "prompt_closed"  # that DM edited to say what was chosen, without buttons
    PING = "ping"  # a reminder mentioning pending players in the channel
    TURN_PING = "turn_ping"  # "your turn" for the players whose turn began; replaces (deletes) the previous one
    LOBBY = "lobby"  # post the lobby message (Join/Start/Cancel)
    LOBBY_CLOSED = "lobby_closed"  # edit the lobby message to its final text, without buttons
    NOTICE = "notice"  # a short channel notice (e.g. "I can't DM you, use /hand")
    HOST_ALERT = "host_alert"  # a DM to the table's host: the channel refuses the bot's messages
    NUDGE = "nudge"  # a reminder or "your turn" for one player, by DM (user queue) or mention (channel queue)
    CATCH_UP = "catch_up"  # one player's quiet hours ended: one message naming every game waiting for them


class NoticeKind(StrEnum):
    """The short channel notices the service may ask for."""

    DM_CLOSED = "dm_closed"  # a player's DMs are closed: they should use /hand


def channel_queue(channel_id: int) -> str:
    """The delivery queue of a channel or thread."""
    return f"channel:{channel_id}"


def user_queue(user_id: int) -> str:
    """The delivery queue of one user's DMs."""
    return f"user:{user_id}"


def quiet_queue(user_id: int) -> str:
    """The queue of one user's catch-up message, due when their quiet hours end (apart from their DMs, so
    that it holds nothing else back)."""
    return f"quiet:{user_id}"


def dm_user_of(queue: str) -> int | None:
    """The user whose DM queue this is (see user_queue), or None for a channel's queue."""
    kind, _, user = queue.partition(":")
    return int(user) if kind == "user" and user.isdigit() else None


# -- typed payloads --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TablePost:
    """Post (or edit into the live status message) a table update."""

    update: TableUpdate


@dataclass(frozen=True, slots=True)
class PrivatePost:
    """Send one player their private update."""

    user_id: int
    update: PrivateUpdate


@dataclass(frozen=True, slots=True)
class PromptPost:
    """DM a player the buttons of the decision that just became theirs (skipped if no longer theirs)."""

    user_id: int
    player: int
    version: int
    round: int = -1  # the rules' round it opened in: a prompt of the same round is edited, not sent anew (-1: none)
    news: tuple[Event, ...] = ()  # private news of the same batch, told in the prompt rather than in a DM of its own


@dataclass(frozen=True, slots=True)
class PromptClosed:
    """The player's secret choice is made (or timed out): their DM prompt says so and loses its buttons."""

    user_id: int
    player: int
    chosen: str  # the label of what they chose last ("" when unknown)
    timed_out: bool = False
    said: Phrase | None = None  # that label as catalog words, to be said in the reader's language


@dataclass(frozen=True, slots=True)
class Ping:
    """A reminder: mention these pending players in the channel with a message."""

    pending: tuple[PendingPlayer, ...]
    message: str  # in English: what a row stored before reminders had words of their own says
    reminder: Reminder | None = None  # the same reminder as data, said in the table's language


@dataclass(frozen=True, slots=True)
class TurnPing:
    """The turn of `mention` began: the channel's previous "your turn" message is deleted and, when anyone is
    named, a short one mentioning them is posted. With nobody to mention, the previous one is deleted only when
    none of the players it named is still among `waiting` (their turn is taken)."""

    mention: tuple[PendingPlayer, ...]
    waiting: tuple[int, ...] = ()  # the players still pending after the change


@dataclass(frozen=True, slots=True)
class LobbyPost:
    """Post the lobby message of a table (its text comes from the table as it stands when sent)."""


@dataclass(frozen=True, slots=True)
class LobbyClosed:
    """Edit the lobby message to its final text and remove its buttons."""


@dataclass(frozen=True, slots=True)
class Notice:
    """A short notice in the table's channel about one user."""

    notice: NoticeKind
    user_id: int


@dataclass(frozen=True, slots=True)
class HostAlert:
    """Tell the table's host by DM that the table's channel refuses the bot's messages, and why."""

    user_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class Nudge:
    """Tell one player a game waits for them: by DM in their own queue, by a mention in a channel's queue."""

    user_id: int
    message: str  # in English: what a row stored before nudges had words of their own says
    # What happened since the player's last move, private lines included: told only by DM, never in a channel.
    recap: str = ""
    # The decision that became theirs: the message is then said from it in the reader's language, and a DM's
    # recap is told afresh in that language when it is sent.
    turn: PendingPlayer | None = None
    reminder: Reminder | None = None  # a reminder of that decision rather than the news that it is theirs


@dataclass(frozen=True, slots=True)
class CatchUp:
    """When the player's quiet hours end, one message naming every game then waiting for them."""

    user_id: int


Payload = (
    Nudge | CatchUp | HostAlert | TablePost | PrivatePost | PromptPost | PromptClosed | Ping | TurnPing | LobbyPost
    | LobbyClosed | Notice
)


@dataclass(frozen=True, slots=True)
class Outgoing:
    """One message to store: the game it belongs to, the queue it is delivered in, what it says."""

    game_id: int
    queue: str
    payload: Payload

    def to_row(self) -> NewMessage:
        """The outbox row for this message."""
        kind, data = encode(self.payload)
        return NewMessage(self.game_id, self.queue, kind.value, data)


# -- JSON codecs --------------------------------------------------------------------------------------


def _pending_json(p: PendingPlayer) -> dict[str, Any]:
    out = {"player": p.player, "user_id": p.user_id, "kind": p.kind.value, "prompt": p.prompt, "is_ai": p.is_ai}
    return {**out, "said": p.said.to_json()} if p.said is not None else out


def _pending(data: dict[str, Any]) -> PendingPlayer:
    user = data.get("user_id")
    return PendingPlayer(
        int(data["player"]),
        None if user is None else int(user),
        DecisionKind(data["kind"]),
        str(data["prompt"]),
        is_ai=bool(data.get("is_ai", False)),
        said=phrase_from_json(data["said"]) if data.get("said") else None,
    )


def outcome_from_json(data: dict[str, Any]) -> Outcome:
    """An Outcome written by `Outcome.to_json`."""
    return Outcome(
        ranking=tuple(tuple(int(p) for p in group) for group in data["ranking"]),
        scores={int(p): s for p, s in data["scores"].items()},
        reason=str(data["reason"]),
        details=dict(data.get("details", {})),
    )


def _update_json(u: TableUpdate) -> dict[str, Any]:
    return {
        "game_id": u.game_id,
        "kind": u.kind.value,
        "headline": u.headline,
        "version": u.version,
        "public_events": [e.to_json() for e in u.public_events],
        "public_view": u.public_view,
        "pending": [_pending_json(p) for p in u.pending],
        "outcome": u.outcome.to_json() if u.outcome is not None else None,
        "public_change": u.public_change,
        "mode": u.mode.value,
        "mention": list(u.mention),
        "headline_said": u.headline_said.to_json() if u.headline_said is not None else None,
    }


def _update(data: dict[str, Any]) -> TableUpdate:
    outcome = data.get("outcome")
    return TableUpdate(
        game_id=int(data["game_id"]),
        kind=UpdateKind(data["kind"]),
        headline=str(data["headline"]),
        version=int(data["version"]),
        public_events=tuple(Event.from_json(e) for e in data["public_events"]),
        public_view=data.get("public_view"),
        pending=tuple(_pending(p) for p in data["pending"]),
        outcome=outcome_from_json(outcome) if outcome else None,
        public_change=bool(data.get("public_change", True)),
        mode=PostMode(data.get("mode", PostMode.NEW.value)),
        headline_said=Headline.from_json(data["headline_said"]) if data.get("headline_said") else None,
        mention=tuple(int(p) for p in data.get("mention", ())),
    )


def _private_json(u: PrivateUpdate) -> dict[str, Any]:
    return {
        "game_id": u.game_id,
        "player": u.player,
        "version": u.version,
        "events": [e.to_json() for e in u.events],
        "view": u.view,
    }


def _private(data: dict[str, Any]) -> PrivateUpdate:
    return PrivateUpdate(
        game_id=int(data["game_id"]),
        player=int(data["player"]),
        version=int(data["version"]),
        events=tuple(Event.from_json(e) for e in data["events"]),
        view=dict(data["view"]),
    )


def encode(payload: Payload) -> tuple[MessageKind, dict[str, Any]]:
    """The stored kind and JSON data of a payload."""
    match payload:
        case TablePost(update):
            return MessageKind.TABLE, {"update": _update_json(update)}
        case PrivatePost(user_id, update):
            return MessageKind.PRIVATE, {"user_id": user_id, "update": _private_json(update)}
        case PromptPost(user_id, player, version, round_number, news):
            data = {"user_id": user_id, "player": player, "version": version, "round": round_number}
            return MessageKind.PROMPT, {**data, "news": [e.to_json() for e in news]}
        case PromptClosed(user_id, player, chosen, timed_out, said):
            closed: dict[str, Any] = {"user_id": user_id, "player": player, "chosen": chosen, "timed_out": timed_out}
            if said is not None:
                closed["said"] = said.to_json()
            return MessageKind.PROMPT_CLOSED, closed
        case Ping(pending, message, reminder):
            ping: dict[str, Any] = {"pending": [_pending_json(p) for p in pending], "message": message}
            return MessageKind.PING, {**ping, "reminder": reminder.to_json()} if reminder is not None else ping
        case TurnPing(mention, waiting):
            return MessageKind.TURN_PING, {"mention": [_pending_json(p) for p in mention], "waiting": list(waiting)}
        case LobbyPost():
            return MessageKind.LOBBY, {}
        case LobbyClosed():
            return MessageKind.LOBBY_CLOSED, {}
        case Notice(notice, user_id):
            return MessageKind.NOTICE, {"notice": notice.value, "user_id": user_id}
        case HostAlert(user_id, reason):
            return MessageKind.HOST_ALERT, {"user_id": user_id, "reason": reason}
        case Nudge(user_id, message, recap, turn, reminder):
            nudge: dict[str, Any] = {"user_id": user_id, "message": message}
            if recap:
                nudge["recap"] = recap
            if turn is not None:
                nudge["turn"] = _pending_json(turn)
            if reminder is not None:
                nudge["reminder"] = reminder.to_json()
            return MessageKind.NUDGE, nudge
        case CatchUp(user_id):
            return MessageKind.CATCH_UP, {"user_id": user_id}
    raise TypeError(f"not an outbox payload: {payload!r}")


def decode(kind: str, data: dict[str, Any]) -> Payload:
    """The payload of a stored row; ValueError (or KeyError/TypeError) for a row this release cannot read."""
    match MessageKind(kind):
        case MessageKind.TABLE:
            return TablePost(_update(data["update"]))
        case MessageKind.PRIVATE:
            return PrivatePost(int(data["user_id"]), _private(data["update"]))
        case MessageKind.PROMPT:
            round_number = int(data.get("round", -1))
            news = tuple(Event.from_json(e) for e in data.get("news", ()))
            return PromptPost(int(data["user_id"]), int(data["player"]), int(data["version"]), round_number, news)
        case MessageKind.PROMPT_CLOSED:
            said = phrase_from_json(data["said"]) if data.get("said") else None
            return PromptClosed(
                int(data["user_id"]), int(data["player"]), str(data["chosen"]), bool(data.get("timed_out")), said
            )
        case MessageKind.PING:
            reminder = Reminder.from_json(data["reminder"]) if data.get("reminder") else None
            return Ping(tuple(_pending(p) for p in data["pending"]), str(data["message"]), reminder)
        case MessageKind.TURN_PING:
            return TurnPing(tuple(_pending(p) for p in data["mention"]), tuple(int(p) for p in data.get("waiting", ())))
        case MessageKind.LOBBY:
            return LobbyPost()
        case MessageKind.LOBBY_CLOSED:
            return LobbyClosed()
        case MessageKind.NOTICE:
            return Notice(NoticeKind(data["notice"]), int(data["user_id"]))
        case MessageKind.HOST_ALERT:
            return HostAlert(int(data["user_id"]), str(data["reason"]))
        case MessageKind.NUDGE:
            turn = _pending(data["turn"]) if data.get("turn") else None
            reminded = Reminder.from_json(data["reminder"]) if data.get("reminder") else None
            return Nudge(int(data["user_id"]), str(data["message"]), str(data.get("recap", "")), turn, reminded)
        case MessageKind.CATCH_UP:
            return CatchUp(int(data["user_id"]))
