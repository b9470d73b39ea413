"""What a batch of committed moves says, and to whom: the table post, private news, DM prompts.

Pure: it reads the game as it stood and as the batch leaves it and returns outbox messages and the
MoveResult; storing them is the committer's job (host/commit.py), in the moves' own transaction.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Literal

from engine.core.decisions import DecisionKind
from engine.core.events import Event, public_event
from engine.core.phrases import Phrase
from host.live import LiveGame
from host.outbox import (
    Outgoing,
    PrivatePost,
    PromptClosed,
    PromptPost,
    TablePost,
    TurnPing,
    channel_queue,
    user_queue,
)
from host.results import (
    HEADLINE_EVENT,
    AppliedMove,
    Headline,
    MoveResult,
    MoveSource,
    PostMode,
    PrivateUpdate,
    TableStatus,
    TableUpdate,
    UpdateKind,
)
from i18n import mark

# Decisions answered in secret: the player gets a DM prompt with the buttons when one becomes theirs.
SECRET_KINDS = (DecisionKind.SIMULTANEOUS, DecisionKind.REACTION)


@dataclass(frozen=True)
class Announcement:
    """How to announce a batch of moves: why, with which headline, and to whom privately.

    `opening` are events shown before the moves' own (the game's setup events at the start);
    `everyone_private` sends every human their private view even without private news (the start).
    """

    kind: UpdateKind
    said: Headline | None = None
    everyone_private: bool = False
    opening: tuple[Event, ...] = ()

    @property
    def headline(self) -> str:
        """The headline in English ("" for none)."""
        return self.said.english() if self.said is not None else ""


# How an ordinary run of moves is announced.
MOVES = Announcement(UpdateKind.MOVES)


# Why moves were played for an absent player: the AI played, the rules' default was played (the AFK policy),
# their reaction window closed, or a rules timer (named) ran out.
AwayReason = Literal["ai", "default", "reaction", "timer"]
AWAY_HEADLINES: dict[AwayReason, tuple[str, str]] = {  # (a person's, an AI seat's)
    "ai": (mark("headline.away-ai"), mark("headline.ai-away-ai")),
    "default": (mark("headline.away-default"), mark("headline.ai-away-default")),
    "reaction": (mark("headline.away-reaction"), mark("headline.ai-away-reaction")),
    "timer": (mark("headline.away-timer"), mark("headline.ai-away-timer")),
}


def away_headline(player: str | None, why: AwayReason, timer: str = "") -> Headline:
    """Why moves were played for an absent player (`player` their mention; None for an AI seat), in words of the
    catalog; `timer` names the rules timer that ran out."""
    person, seat = AWAY_HEADLINES[why]
    args = {"timer": timer} if why == "timer" else {}
    return Headline(person, {"player": player, **args}) if player is not None else Headline(seat, args)


@dataclass
class Applied:
    """One committed move with the events it produced (all audiences)."""

    move: AppliedMove
    events: list[Event]
    label: str = ""  # what the mover chose, in words (for the mover only: it may be secret)
    phrase: Phrase | None = None  # the same choice as catalog words, said in the mover's language


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


def round_of(live: LiveGame) -> int | None:
    """The rules' round the game is in (a Vendetta round, an Associates or Tribes turn); None outside play."""
    if live.status != TableStatus.ACTIVE or live.state is None:
        return None
    return live.game.round_number(live.state)


def table_post(live: LiveGame, update: TableUpdate) -> Outgoing:
    """The outbox message posting `update` in the table's channel."""
    return Outgoing(live.id, channel_queue(live.channel_id), TablePost(update))


def compose(before: LiveGame, after: LiveGame, applied: list[Applied], announcement: Announcement) -> list[Outgoing]:
    """The messages a batch causes: one table post (if anything public changed), a "your turn" ping for the
    humans whose turn began (it replaces the last one, which goes once its turn is taken), private news for
    each human something happened to that they did not cause, and a DM prompt for each human who now owes a
    secret choice.

    `before` is the game as it stood, `after` as the batch leaves it; only `after.status_events` changes
    (to what the table's live status message shows once the post is delivered).
    """
    result = move_result(after, applied, announcement.opening)
    public_change = bool(result.public_events) or result.ended or after.public_state() != before.public_state()
    messages: list[Outgoing] = []
    if public_change:
        messages.append(_table_update(before, after, applied, announcement, result))
    ping = _turn_ping(before, after, applied, result)
    if ping is not None:
        messages.append(ping)
    news = _private_news(after, announcement, result, applied)
    prompts = _new_prompts(before, after, result) if not result.ended else []
    messages.extend(start_news(news, prompts) if announcement.everyone_private else fold_news(news, prompts))
    messages.extend(closed_prompts(before, after, applied))
    messages.extend(prompts)
    return messages


def start_news(news: list[Outgoing], prompts: list[Outgoing]) -> list[Outgoing]:
    """The private DMs of a start: each player's picture of everything they hold, except for a player whose
    first DM prompt goes out now: its panel is their private view, everything they hold and were dealt, so
    a second DM (or the deal's news above the panel) would tell it twice."""
    prompted = {o.payload.user_id for o in prompts if isinstance(o.payload, PromptPost)}
    return [o for o in news if not (isinstance(o.payload, PrivatePost) and o.payload.user_id in prompted)]


def fold_news(news: list[Outgoing], prompts: list[Outgoing]) -> list[Outgoing]:
    """The private news DMs still to send: a player who also gets a DM prompt in this batch is told their news
    in that prompt (one DM, not two). `prompts` are rewritten in place to carry it. A view without news keeps
    its own DM."""
    told: dict[int, tuple[Event, ...]] = {}
    for item in news:
        if isinstance(item.payload, PrivatePost) and item.payload.update.events:
            told[item.payload.user_id] = item.payload.update.events
    left = {o.payload.user_id for o in news if isinstance(o.payload, PrivatePost)}
    for n, item in enumerate(prompts):
        prompt = item.payload
        if isinstance(prompt, PromptPost) and prompt.user_id in told:
            prompts[n] = replace(item, payload=replace(prompt, news=told[prompt.user_id]))
            left.discard(prompt.user_id)
    return [o for o in news if isinstance(o.payload, PrivatePost) and o.payload.user_id in left]


def _turn_ping(before: LiveGame, after: LiveGame, applied: list[Applied], result: MoveResult) -> Outgoing | None:
    """The "your turn" ping of a batch: the humans whose turn began, or (nobody new) the deletion of the last
    ping once a turn is taken; None when the pending players did not change."""
    newly = newly_pending(before, after, applied)
    mention = tuple(p for p in result.pending if p.player in newly and not p.is_ai and p.user_id is not None)
    was = {d.player for d in before.decisions} if before.status == TableStatus.ACTIVE else set()
    waiting = tuple(sorted(p.player for p in result.pending))
    if not mention and not result.ended and was <= set(waiting):
        return None
    return Outgoing(after.id, channel_queue(after.channel_id), TurnPing(mention, () if result.ended else waiting))


def _table_update(
    before: LiveGame, after: LiveGame, applied: list[Applied], announcement: Announcement, result: MoveResult
) -> Outgoing:
    """The channel post of a public change: an edit of the live status message through a round, a new table
    message (with the board) when a round begins, at the start and at the end. It mentions nobody: the turn
    ping does (an edit would not notify anyone)."""
    same_round = round_of(before) is not None and round_of(before) == round_of(after)
    continues = (
        same_round and not result.ended and announcement.kind is UpdateKind.MOVES and before.status_events is not None
    )
    shown = (*(before.status_events or ()), *result.public_events) if continues else result.public_events
    update = TableUpdate(
        game_id=after.id,
        kind=UpdateKind.ENDED if result.ended else announcement.kind,
        headline=announcement.headline,
        headline_said=announcement.said,
        version=result.version,
        public_events=shown,
        public_view=result.public_view,
        pending=result.pending,
        outcome=result.outcome,
        public_change=True,
        mode=PostMode.EDIT if continues else PostMode.NEW,
    )
    # A later edit of this message keeps its headline as its first line.
    first = announcement.said is not None and not continues
    said = announcement.said.to_json() if announcement.said is not None else {}
    headline = (public_event(announcement.headline, HEADLINE_EVENT, said=said),) if first else ()
    after.status_events = (*headline, *shown)
    return table_post(after, update)


def not_caused_by(player: int, applied: Iterable[Applied], opening: Iterable[Event] = ()) -> tuple[Event, ...]:
    """The private events of `player` in a batch that they did not cause themselves: others' moves, moves made
    for them (time ran out, the AI stood in) and the opening; their own choices are shown where they made them."""
    own = (
        e
        for item in applied
        if not (item.move.player == player and item.move.source is MoveSource.HUMAN)
        for e in item.events
    )
    return tuple(e for e in (*opening, *own) if not e.public and player in (e.visible_to or ()))


def _private_news(
    after: LiveGame, announcement: Announcement, result: MoveResult, applied: list[Applied]
) -> list[Outgoing]:
    """Each human's private news they did not cause, with their view (every human's view when the
    announcement asks for it)."""
    messages: list[Outgoing] = []
    for seat in after.human_seats():
        player = seat.player
        if player is None or seat.user_id is None:
            continue
        events = not_caused_by(player, applied, announcement.opening)
        if not events and not announcement.everyone_private:
            continue
        private = PrivateUpdate(after.id, player, result.version, events, after.game.view(after.state, player))
        messages.append(Outgoing(after.id, user_queue(seat.user_id), PrivatePost(seat.user_id, private)))
    return messages


def _new_prompts(before: LiveGame, after: LiveGame, result: MoveResult) -> list[Outgoing]:
    """A DM prompt for each human whose secret decision opened in this batch (not one they auto-pass)."""
    waiting_before = {d.player for d in before.decisions} if before.status == TableStatus.ACTIVE else set()
    messages: list[Outgoing] = []
    for p in result.pending:
        if p.player in waiting_before or p.is_ai or p.user_id is None or p.kind not in SECRET_KINDS:
            continue
        if after.auto_passes(next(d for d in after.decisions if d.player == p.player)):
            continue
        prompt = PromptPost(p.user_id, p.player, result.version, round_of(after) or 0)
        messages.append(Outgoing(after.id, user_queue(p.user_id), prompt))
    return messages


def closed_prompts(before: LiveGame, after: LiveGame, applied: list[Applied]) -> list[Outgoing]:
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
        chosen, said = ("", None) if timed_out else (last.label, last.phrase)
        closed = PromptClosed(seat.user_id, d.player, chosen, timed_out, said)
        notes.append(Outgoing(after.id, user_queue(seat.user_id), closed))
    return notes


def move_result(live: LiveGame, applied: Iterable[Applied], opening: Iterable[Event] = ()) -> MoveResult:
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
