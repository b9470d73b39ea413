"""What the table service returns: frozen, JSON-free value objects the Discord layer reads.

Nothing here holds a live reference into the service; every object is a snapshot
taken when the call returned.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine.core.decisions import DecisionKind
from engine.core.events import Event
from engine.core.outcome import Outcome
from engine.core.phrases import Phrase
from engine.core.picks import FinalReport, MultiPick
from i18n import ENGLISH, Locale, t


class TableStatus(StrEnum):
    """Life cycle of a table. Only LOBBY and ACTIVE occupy their channel."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    QUARANTINED = "quarantined"  # replay disagreed with the stored game: frozen for a human to look at


class AfkPolicy(StrEnum):
    """What happens to a pending human who lets the reminder delay pass."""

    REMIND = "remind"  # ping only, never act for them
    AI = "ai"  # after `afk_after` reminders the AI plays that one decision
    SKIP = "skip"  # after `afk_after` reminders the game's timeout default (a pass where allowed) is played


class AwayPolicy(StrEnum):
    """What a table does while one of its players is on vacation (/me away)."""

    WAIT = "wait"  # the table waits; the rules' timers of that player's decisions pause, up to 14 days
    AI = "ai"  # the AI at the table's `afk_level` plays the seat until they are back


class AiLevel(StrEnum):
    """How strongly a computer player plays (the levels of engine.ai.LEVELS)."""

    EASY = "easy"  # the game's heuristic with noise
    NORMAL = "normal"  # the game's heuristic: a few milliseconds a decision
    HARD = "hard"  # a search: about a second a decision


DEFAULT_AI_LEVEL = AiLevel.NORMAL


class MoveSource(StrEnum):
    """Who made a stored move."""

    HUMAN = "human"
    AI = "ai"  # an AI seat, or the AI standing in for an AFK human
    TIMEOUT = "timeout"  # the game's timeout default, played by the AFK policy SKIP
    UNDO = "undo"  # a stored undo marker: takes back the move it names
    SETUP = "setup"  # not a move: the game's creation (deals, seating), shown as log lines at seq 0


class UpdateKind(StrEnum):
    """Why the service posts to a table's channel."""

    STARTED = "started"
    MOVES = "moves"
    UNDO = "undo"
    ENDED = "ended"
    AFK = "afk"  # a move was played for an absent player
    REPLACED = "replaced"
    CANCELLED = "cancelled"
    QUARANTINED = "quarantined"


@dataclass(frozen=True, slots=True)
class TableSettings:
    """Per-table settings the host may change at any time.

    `reminder_delay` is in seconds; 0 turns reminders and the AFK policy off.
    `afk_after` is how many reminders a pending human gets before the AFK
    policy acts (ignored for REMIND, which stops reminding after `max_reminders`).
    `reaction_timeout` and `decision_timeout` set the rules' timers (engine/core/timeouts.py) for
    reaction windows and for every other decision: seconds, 0 = off, None = the rules' default. On
    expiry the host plays the rules' default for that decision, whatever the AFK policy. A game
    whose rules define no reaction timer gets the host's own (30 minutes by default, 0 = wait forever).
    `undo` allows /game undo at this table. `multiseat` lets one user hold several seats (hot-seat play and tests).
    `afk_level` is how strongly the AI plays for an absent player (AFK policy AI) and for a seat handed to the AI.
    `away` is what the table does while a player is on vacation (/me away): wait for them or let the AI play.
    `language` is the language the channel reads the table in (its posts and pictures): a language tag, the
    server's language when the table was opened unless the host chose another; a table stored before there
    was a choice is English, as it always read.
    """

    reminder_delay: float = 3600.0
    afk_policy: AfkPolicy = AfkPolicy.REMIND
    afk_after: int = 2
    max_reminders: int = 5
    reaction_timeout: float | None = None
    decision_timeout: float | None = None
    undo: bool = False
    multiseat: bool = False
    # Users who asked "never ask me": their reaction windows close as a pass at once (R-A36).
    auto_pass: tuple[int, ...] = ()
    afk_level: AiLevel = DEFAULT_AI_LEVEL
    away: AwayPolicy = AwayPolicy.WAIT
    language: str = "en"

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON-safe dict."""
        return {
            "reminder_delay": self.reminder_delay,
            "afk_policy": self.afk_policy.value,
            "afk_after": self.afk_after,
            "max_reminders": self.max_reminders,
            "reaction_timeout": self.reaction_timeout,
            "decision_timeout": self.decision_timeout,
            "undo": self.undo,
            "multiseat": self.multiseat,
            "auto_pass": list(self.auto_pass),
            "afk_level": self.afk_level.value,
            "away": self.away.value,
            "language": self.language,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        """Settings written by `to_json`; unknown keys are ignored, missing ones take defaults."""
        base = cls()
        return cls(
            reminder_delay=float(data.get("reminder_delay", base.reminder_delay)),
            afk_policy=AfkPolicy(data.get("afk_policy", base.afk_policy)),
            afk_after=int(data.get("afk_after", base.afk_after)),
            max_reminders=int(data.get("max_reminders", base.max_reminders)),
            reaction_timeout=_seconds_or_none(data.get("reaction_timeout", base.reaction_timeout)),
            decision_timeout=_seconds_or_none(data.get("decision_timeout", base.decision_timeout)),
            undo=bool(data.get("undo", base.undo)),
            multiseat=bool(data.get("multiseat", base.multiseat)),
            auto_pass=tuple(sorted({int(u) for u in data.get("auto_pass", base.auto_pass)})),
            afk_level=AiLevel(data.get("afk_level", base.afk_level)),
            away=AwayPolicy(data.get("away", base.away)),
            language=str(data.get("language", base.language)),
        )


def _seconds_or_none(value: Any) -> float | None:
    """A stored timer: None (the rules' default) or seconds; ValueError/TypeError on anything else."""
    return None if value is None else float(value)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat: who sits there and, once the game started, which player index it plays."""

    join_order: int
    user_id: int | None  # None for an AI seat
    is_ai: bool
    player: int | None = None  # None while in the lobby
    ai_level: AiLevel = DEFAULT_AI_LEVEL  # how the AI plays this seat (meaningful for AI seats only)

    @property
    def label(self) -> str:
        """A neutral name for logs and AI seats ("AI 2"); humans are named by the Discord layer."""
        return f"AI {self.join_order + 1}" if self.is_ai else f"user {self.user_id}"


@dataclass(frozen=True, slots=True)
class PendingPlayer:
    """A player the game waits for: index, who holds the seat, what kind of decision, its prompt."""

    player: int
    user_id: int | None  # None for an AI seat
    kind: DecisionKind
    prompt: str
    is_ai: bool = False
    said: Phrase | None = None  # the prompt as words of the game's catalog, for a reader of any language


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table as it stands: lobby or game, seats, settings, status, who is pending."""

    game_id: int
    game_name: str
    title: str
    guild_id: int | None
    channel_id: int
    host_user_id: int
    status: TableStatus
    options: Mapping[str, Any]
    seats: tuple[SeatInfo, ...]
    min_players: int
    max_players: int
    version: int
    settings: TableSettings
    created_at: float
    updated_at: float
    pending: tuple[PendingPlayer, ...] = ()
    outcome: Outcome | None = None
    status_reason: str | None = None  # why a table was quarantined or cancelled
    # The version of the last change anyone could see (a private draft step does not move it): a table
    # message posted at this version or later still shows the game as it publicly stands.
    public_version: int = 0
    # In a lobby: the seats' join orders in the player order a Start in random order would give now,
    # so an option naming a player index ("first_player") can be said as the person it will be.
    random_start: tuple[int, ...] = ()

    @property
    def is_open(self) -> bool:
        """True while the table occupies its channel (lobby or running)."""
        return self.status in (TableStatus.LOBBY, TableStatus.ACTIVE)

    def players_of(self, user_id: int) -> tuple[int, ...]:
        """The player indexes this user holds (empty before the start or when not seated)."""
        return tuple(s.player for s in self.seats if s.user_id == user_id and s.player is not None)

    def user_of(self, player: int) -> int | None:
        """The user holding player index `player`; None for an AI seat or an unknown index."""
        for seat in self.seats:
            if seat.player == player:
                return seat.user_id
        return None

    def is_seated(self, user_id: int) -> bool:
        """Whether this user holds any seat at the table."""
        return any(s.user_id == user_id for s in self.seats)


@dataclass(frozen=True, slots=True)
class ActionChoice:
    """One choice offered to a player now: stable id (for custom_id) and the label to show."""

    id: str
    label: str
    phrase: Phrase | None = None  # the label as words of the game's catalog (None: the label only)


@dataclass(frozen=True, slots=True)
class StepInfo:
    """A user's current step: what they may choose now, or nothing with who the game waits for.

    `version` is the state version to put into buttons and pass back to `submit`.
    """

    game_id: int
    version: int
    player: int | None
    kind: DecisionKind | None
    prompt: str
    actions: tuple[ActionChoice, ...]
    waiting_for: tuple[PendingPlayer, ...] = ()
    prompt_phrase: Phrase | None = None  # the prompt as words of the game's catalog (None: the prompt only)

    @property
    def can_act(self) -> bool:
        """Whether the user has anything to choose now."""
        return bool(self.actions)


@dataclass(frozen=True, slots=True)
class GameView:
    """A view of the game for one viewer: public when `player` is None, else that player's private view."""

    game_id: int
    game_name: str
    version: int
    status: TableStatus
    player: int | None
    view: dict[str, Any]


@dataclass(frozen=True, slots=True)
class AppliedMove:
    """One stored move: its sequence number in the log, who made it and how (never what: it may be secret)."""

    seq: int
    player: int
    user_id: int | None  # the user who clicked; None for AI seats and AFK moves
    source: MoveSource


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What a state change did (a submit with the AI moves it triggered, a start, an undo, an AFK move).

    `public_events` may go to the channel; `private_events[p]` are the events only
    player p (among others) may see, never to be shown publicly. `version` is the
    new state version (the seq of the last stored log entry). `moves` says who
    moved and how, never what (a secret choice stays secret); `submitted` is the
    submitter's own choice, for their ephemeral confirmation only.
    """

    game_id: int
    version: int
    moves: tuple[AppliedMove, ...]
    public_events: tuple[Event, ...]
    private_events: Mapping[int, tuple[Event, ...]]
    public_view: dict[str, Any]
    pending: tuple[PendingPlayer, ...]
    ended: bool
    outcome: Outcome | None
    table: TableInfo
    submitted: ActionChoice | None = None  # the submitter's own choice (for their private confirmation only)
    # False when nothing public changed: no public event, same public view, same pending players
    # (a private draft step, e.g. picking one card of a draft). Only the mover's own view changed.
    public_change: bool = True
    # The single forward steps of the submitter's private draft taken for them after the move (host/forced.py),
    # in order, each labelled in the words the panel would have shown.
    forced: tuple[ActionChoice, ...] = ()


@dataclass(frozen=True, slots=True)
class LogLine:
    """One narration line of the history, as a given viewer may see it."""

    seq: int
    player: int | None  # the player who moved (None for lines not tied to a move)
    text: str
    kind: str
    private: bool  # True when this line is visible only to some players (the viewer among them)
    at: float
    source: MoveSource
    phrase: Phrase | None = None  # what the line says as catalog words (None: a line stored before them)


class PostMode(StrEnum):
    """Whether a table update is a new channel message or an edit of the live status message."""

    NEW = "new"
    EDIT = "edit"


# The kind of the event that carries a table message's headline into the edits of that message through a round.
HEADLINE_EVENT = "headline"


@dataclass(frozen=True, slots=True)
class Reminder:
    """What a reminder says besides the decision it waits for: when the rules' default is played
    (`rules_due`, epoch seconds), or how many reminders are `left` before the table's away rule acts and
    whether it `then` hands the seat to the AI ("ai") or skips the turn ("skip"); neither: nothing more."""

    rules_due: float | None = None
    left: int | None = None
    then: str = ""

    def to_json(self) -> dict[str, Any]:
        """The reminder as a JSON-safe dict."""
        return {"rules_due": self.rules_due, "left": self.left, "then": self.then}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reminder:
        """Rebuild a reminder written by `to_json`."""
        due, left = data.get("rules_due"), data.get("left")
        return cls(None if due is None else float(due), None if left is None else int(left), str(data.get("then", "")))


@dataclass(frozen=True, slots=True)
class Headline:
    """A table message's headline as words of the bot's catalog: its message id and the arguments it fills in
    (mentions, which read the same in every language), so that each table reads it in its own language."""

    msgid: str
    args: Mapping[str, str] = field(default_factory=dict)

    def text(self, locale: Locale = ENGLISH) -> str:
        """The headline in `locale` (English where that language lacks it)."""
        return t(locale, self.msgid, None, **self.args)

    def english(self) -> str:
        """The headline in English: what a table message stored before languages says."""
        return self.text(ENGLISH)

    def to_json(self) -> dict[str, Any]:
        """The headline as a JSON-safe dict."""
        return {"id": self.msgid, "args": dict(self.args)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Headline:
        """Rebuild a headline written by `to_json`."""
        return cls(str(data["id"]), {str(k): str(v) for k, v in dict(data.get("args", {})).items()})


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """What the service asks the Discord layer to post in a table's channel. Public data only."""

    game_id: int
    kind: UpdateKind
    headline: str
    version: int
    public_events: tuple[Event, ...] = ()
    public_view: dict[str, Any] | None = None
    pending: tuple[PendingPlayer, ...] = ()
    outcome: Outcome | None = None
    # False for a private draft step: nothing for the channel (see MoveResult.public_change).
    public_change: bool = True
    # EDIT: the same players keep acting, so the table's live status message is edited in place (its
    # narration then holds every public event since it was posted); NEW: a new message, with the board.
    mode: PostMode = PostMode.NEW
    # The players for whom a decision newly became theirs: the only ones mentioned (never the mover's own
    # consecutive steps).
    mention: tuple[int, ...] = ()
    # `headline` as catalog words, read in the table's language (None: a headline stored before them, or none).
    headline_said: Headline | None = None


@dataclass(frozen=True, slots=True)
class PrivateUpdate:
    """What the service asks the Discord layer to send one player privately (DM, or /hand as fallback)."""

    game_id: int
    player: int
    version: int
    events: tuple[Event, ...]
    view: dict[str, Any]


@dataclass(frozen=True, slots=True)
class MessageRef:
    """A message the bot posted (channel or DM channel, message id), so that it can be edited later."""

    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class DeliveryState:
    """How a table's messages are getting out: undelivered ones, the oldest one's age, lasting failures."""

    pending: int = 0
    oldest_age: float = 0.0  # seconds the oldest undelivered message has waited
    failures: tuple[str, ...] = ()  # why recent messages could not be delivered for good (newest first)


@dataclass(frozen=True, slots=True)
class RecoveryReport:
    """What startup recovery found."""

    running: int
    verified: int
    deferred: int  # verified lazily on first touch (large databases)
    quarantined: tuple[int, ...] = ()
    resumed_ai: tuple[int, ...] = ()
    seconds: float = 0.0
    reannounced: tuple[int, ...] = ()  # games whose last moves were stored but not posted before a crash


@dataclass(frozen=True, slots=True)
class PanelDetails:
    """What a player's panel shows beside the step's choices, all in words from the engine.

    `situation`: their private situation in short sentences; `names`: the side each player plays;
    `pick`: the step as one 'pick k of n' menu; `shortcuts`: whole compound orders in one action;
    `auto`: the single forward choice of a private draft step, which the host takes for them (host/forced.py);
    `pick_action`: the one action making the pick asked for (when `pick_ids` were given).
    """

    player: int | None
    version: int
    situation: tuple[str, ...] = ()
    names: Mapping[int, str] = field(default_factory=dict)
    pick: MultiPick | None = None
    shortcuts: tuple[ActionChoice, ...] = ()
    auto: ActionChoice | None = None
    pick_action: ActionChoice | None = None
    situation_said: tuple[Phrase, ...] = ()  # `situation` as the game's catalog words, line for line (or none)


@dataclass(frozen=True, slots=True)
class RecapMove:
    """One move made since the reader's last one: who made it and what of it the reader may know.

    `events` are its public events and the reader's own private ones, never another player's secret.
    """

    seq: int
    actor: int
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class RecapFrame:
    """One picture of a recap: the spectator's view of the board after log entry `seq` and the public events
    that led to it (none for the first frame, the board as the reader left it). A stored log never gives one seq
    two boards (an undone move's seq is not used again), so (game, seq) names the picture."""

    seq: int
    public_view: dict[str, Any]
    events: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class Recap:
    """What happened at a table since one player's own last move, read at one version (TableService.recap).

    Built from public views, public events and this player's own private events only. `frames` start with the
    board right after their last move and hold one board per public change since (evenly thinned to at most
    `host.recap.MAX_FRAMES`, the first and the last always kept); `changes` counts the public changes before
    thinning.
    """

    game_id: int
    game_name: str
    player: int
    version: int
    since_seq: int
    moves: tuple[RecapMove, ...]
    frames: tuple[RecapFrame, ...]
    changes: int

    def public(self) -> Recap:
        """The same recap without the reader's private events: what a channel may show."""
        moves = tuple(RecapMove(m.seq, m.actor, tuple(e for e in m.events if e.public)) for m in self.moves)
        return Recap(self.game_id, self.game_name, self.player, self.version, self.since_seq,
                     tuple(m for m in moves if m.events), self.frames, self.changes)


@dataclass(frozen=True, slots=True)
class PanelScreen:
    """Everything one player's panel shows, read at one version of the game (TableService.panel).

    `step` is None when the game no longer runs; `details` is None where nothing private is shown (a game
    that ended otherwise than finished, or a reader not seated at it). `public_view` and `private_view` are
    what the panel's picture is drawn from (None when the game has no state to draw).
    """

    table: TableInfo
    version: int
    step: StepInfo | None
    details: PanelDetails | None
    public_view: dict[str, Any] | None
    private_view: dict[str, Any] | None
    page: int = 0
    # What happened since the shown seat's last move, when it is their turn and anything did (else None).
    recap: Recap | None = None


@dataclass(frozen=True, slots=True)
class TableMessage:
    """What the public table post shows now (TableService.table_message): the table, its board, who is pending
    and which of its players are away on vacation."""

    table: TableInfo
    version: int
    public_view: dict[str, Any] | None
    pending: tuple[PendingPlayer, ...]
    # Its players on vacation now: user id -> when the vacation ends (epoch seconds).
    away: Mapping[int, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class EndReport:
    """The end of a finished game, read at one version (TableService.end_report): the table, its last public
    view and the engine's final report in words."""

    table: TableInfo
    public_view: dict[str, Any]
    report: FinalReport


@dataclass(frozen=True)
class ReplayRound:
    """One round of a finished game's replay: the rules' round number, the public view at its end and the public
    events of its moves (never a private one)."""

    round: int
    public_view: dict[str, Any]
    events: tuple[Event, ...]


@dataclass(frozen=True)
class GameReplay:
    """A finished game replayed from its stored log (TableService.replay), one entry per round, in order.

    Built from public views and public events only, so anything drawn or written from it may be shown to anyone.
    The last round's view is the end board.
    """

    table: TableInfo
    rounds: tuple[ReplayRound, ...]
