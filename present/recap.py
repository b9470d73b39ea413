"""The words of "since your last move": a few plain lines, the animation's captions and its description.

Pure: built from a `host.results.Recap` (public events and the reader's own private ones). Works for any game
without knowing its event kinds: the moves of one player in a row make one line, and within it the events of
one kind are counted instead of repeated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.events import Event
from host.results import Recap, TableInfo
from i18n import ENGLISH, Locale, t
from present import text
from present.fit import MESSAGE_CONTENT, trim

MAX_LINES = 6
LINE_CHARS = 300  # six of them, a heading and the turn's own words still fit one message
CAPTION_CHARS = 150  # two lines of the caption band
HEADING = "Since your last move:"  # its English, for the room a recap needs at least
BULLET = "• "
SHOWN_PER_KIND = 3  # different texts of one kind told in full before the rest are counted


@dataclass(frozen=True)
class Reader:
    """Who a recap is told to: the players' names, the game whose catalog says its events, and the language."""

    names: Mapping[int, str]
    game: str | None = None
    locale: Locale = ENGLISH

    def event(self, event: Event) -> str:
        """One event in the reader's words."""
        return text.event_text(event, self.names, self.game, self.locale)


@dataclass
class _Kind:
    """The events of one kind (and audience) within a line: the first one's words and how many there were."""

    locale: Locale
    texts: list[str] = field(default_factory=list)

    def said(self) -> str:
        """Each different text once, counted when repeated ("X, twice. Y"); past SHOWN_PER_KIND different ones,
        the first of them and how many more (a reader wants what happened, not "and 1 more like it")."""
        counts: dict[str, int] = {}
        for told in self.texts:
            key = told.rstrip(".")
            counts[key] = counts.get(key, 0) + 1
        parts = [told if n == 1 else f"{told}, {times(n, self.locale)}" for told, n in counts.items()]
        # Each text is a sentence of the game's, capital first: sentences, not a semicolon list.
        if len(parts) <= SHOWN_PER_KIND:
            return ". ".join(parts)
        rest = sum(list(counts.values())[SHOWN_PER_KIND - 1:])
        return ". ".join([*parts[:SHOWN_PER_KIND - 1], t(self.locale, "recap.more-like-these", n=rest)])


@dataclass
class _Line:
    """One player's moves in a row: the moves it covers and their events grouped by kind, in order of first."""

    actor: int
    moves: set[int] = field(default_factory=set)
    kinds: dict[tuple[str, bool], _Kind] = field(default_factory=dict)

    def add(self, seq: int, event: Event, reader: Reader) -> None:
        self.moves.add(seq)
        self.kinds.setdefault((event.kind, event.public), _Kind(reader.locale)).texts.append(reader.event(event))

    def said(self) -> str:
        # Each kind is its own sentence ("McDingle passes. Combat on Dingleson Den…"): a sentence of the game's
        # that starts with a capital reads wrong after a semicolon.
        return trim(". ".join(k.said().rstrip(".") for k in self.kinds.values()) + ".", LINE_CHARS)


def times(count: int, locale: Locale = ENGLISH) -> str:
    """"once", "twice", "3 times" (in `locale`)."""
    if count == 1:
        return t(locale, "recap.once")
    if count == 2:
        return t(locale, "recap.twice")
    return t(locale, "recap.times", n=count)


def lines(recap: Recap, names: Mapping[int, str] | Reader) -> list[str]:
    """At most MAX_LINES plain lines telling the recap's moves: one line per player's moves in a row, events of
    one kind counted; when there are more, the last MAX_LINES - 1 after a line saying how many moves came first.

    `names` fill the players' placeholders (see present.text.player_names), or a Reader says the lines in its
    language.
    """
    reader = names if isinstance(names, Reader) else Reader(names)
    grouped: list[_Line] = []
    for move in recap.moves:
        if not grouped or grouped[-1].actor != move.actor:
            grouped.append(_Line(move.actor))
        for event in move.events:
            grouped[-1].add(move.seq, event, reader)
    if len(grouped) <= MAX_LINES:
        return [g.said() for g in grouped]
    shown = grouped[-(MAX_LINES - 1):]
    earlier = len({seq for g in grouped[:-(MAX_LINES - 1)] for seq in g.moves})
    return [t(reader.locale, "recap.earlier-moves", n=earlier), *(g.said() for g in shown)]


def recap_text(recap: Recap, names: Mapping[int, str] | Reader, heading: str | None = None) -> str:
    """The heading ("Since your last move:" in the reader's language unless given) and the lines, one a line."""
    reader = names if isinstance(names, Reader) else Reader(names)
    head = heading if heading is not None else t(reader.locale, "recap.heading")
    return "\n".join([head, *(BULLET + line for line in lines(recap, reader))])


def with_recap(message: str, told: str, limit: int = MESSAGE_CONTENT) -> str:
    """A message followed by its recap, the recap cut to what room the message leaves."""
    if not told:
        return message
    room = limit - len(message) - 1
    return f"{message}\n{trim(told, room)}" if room > len(HEADING) + 10 else message


def ping_recap_text(table: TableInfo, recaps: Sequence[Recap]) -> str:
    """What a channel's "your turn" message says of the mentioned players' recaps (public ones only): one block
    per different recap, headed by whose it is, leaving out a recap that is the end of a longer one. Empty
    without a recap."""
    blocks: dict[tuple[str, ...], list[int]] = {}
    locale = text.table_language(table)
    for recap in recaps:
        reader = Reader(text.player_names(table, recap.frames[-1].public_view), table.game_name, locale)
        blocks.setdefault(tuple(lines(recap, reader)), []).append(recap.player)
    out = []
    for told, players in blocks.items():
        # A recap that ends another, longer one (the later of two players to move in a row) is that one's last
        # lines: a busy channel reads the longer block once.
        if any(len(other) > len(told) and other[len(other) - len(told):] == told for other in blocks):
            continue
        users = [s.user_id for s in table.seats if s.player in players and s.user_id is not None]
        who = t(locale, "list.and").join(text.mention(u) for u in users)
        head = t(locale, "recap.since-one", who=who) if len(users) == 1 else t(locale, "recap.since-many", who=who)
        out.append("\n".join([head, *(BULLET + line for line in told)]))
    return "\n".join(out)


def captions(recap: Recap, names: Mapping[int, str] | Reader) -> list[str]:
    """One caption per frame: the first says it is where the reader left the board, each later one the latest
    public event that led to it (and how many more did), the last that it is the board now."""
    reader = names if isinstance(names, Reader) else Reader(names)
    out: list[str] = []
    last = len(recap.frames) - 1
    for i, frame in enumerate(recap.frames):
        if i == 0:
            out.append(t(reader.locale, "recap.left-it") if last else t(reader.locale, "recap.left-it-now"))
            continue
        said = _led_to(frame.events, reader)
        out.append(trim(t(reader.locale, "recap.now", said=said) if i == last else said, CAPTION_CHARS))
    return out


def _led_to(events: Sequence[Event], reader: Reader) -> str:
    """The last of the public events that led to a frame, with how many came before it."""
    if not events:
        return t(reader.locale, "recap.board-changed")
    said = reader.event(events[-1])
    return said if len(events) == 1 else t(reader.locale, "recap.after-more", n=len(events) - 1, said=said)


def hold_ms(index: int, total: int) -> int:
    """How long frame `index` of `total` is shown: the board as it was and as it is now longer than the steps."""
    if index == total - 1:
        return 3000
    return 1500 if index == 0 else 900


def alt_text(recap: Recap, title: str, locale: Locale = ENGLISH) -> str:
    """The animation's description for screen readers, in `locale`."""
    return trim(t(locale, "recap.alt", n=len(recap.frames), title=title), 1024)
