"""Message texts built from the table service's results. Pure: no Discord objects, no I/O.

Channel texts are built from public data only (TableInfo, public events, public views);
private texts (panel, /hand, DM) take a player's view explicitly.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine import registry
from engine.core.decisions import DecisionKind
from engine.core.events import Event
from engine.core.names import UNKNOWN_PLAYER, fill_names
from engine.core.options import OptionSpec
from engine.core.outcome import Outcome
from engine.core.phrases import Phrase
from host.results import (
    HEADLINE_EVENT,
    Headline,
    LogLine,
    PendingPlayer,
    SeatInfo,
    TableInfo,
    TableStatus,
    TableUpdate,
    UpdateKind,
)
from i18n import ENGLISH, Locale, catalogs, format_number, game_t, mark, resolve, t
from present.buttons import ai_level
from present.final import reason_in_words, scored_in_points
from present.fit import MESSAGE_CONTENT, fit_lines, trim
from present.me import away_line as away_list
from present.phrases import say
from present.titles import table_title

log = logging.getLogger(__name__)

SECRET_KINDS = (DecisionKind.SIMULTANEOUS, DecisionKind.REACTION)
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}
# The places of a ranking with words of their own in some language; any other is "place.other".
PLACE_WORDS = {1: mark("place.1"), 2: mark("place.2"), 3: mark("place.3")}


def mention(user_id: int) -> str:
    """A Discord user mention."""
    return f"<@{user_id}>"


def seat_label(seat: SeatInfo, locale: Locale = ENGLISH) -> str:
    """How a seat is named in messages: a mention, or "AI n" (in `locale`)."""
    if seat.is_ai or seat.user_id is None:
        return seat.label if locale == ENGLISH else t(locale, "seat.ai", n=seat.join_order + 1)
    return mention(seat.user_id)


def lobby_seat_label(seat: SeatInfo, locale: Locale = ENGLISH) -> str:
    """A seat in the lobby and in /game players, in `locale`: a mention, or "🤖 AI 2 (hard)" with the AI's
    level."""
    if seat.is_ai or seat.user_id is None:
        return t(locale, "lobby.ai-seat", n=seat.join_order + 1, level=ai_level(seat.ai_level, locale))
    return mention(seat.user_id)


def player_label(table: TableInfo, player: int, view: Mapping[str, Any] | None = None,
                 locale: Locale | None = None) -> str:
    """A player as "<@user> (Red)" / "AI 2 (Red)", with the faction name when the public view gives one, said
    in `locale` (the table's language unless given).

    Never a bare index: an unknown player is "a player".
    """
    seat = next((s for s in table.seats if s.player == player), None)
    said_in = locale if locale is not None else table_language(table)
    who = seat_label(seat, said_in) if seat is not None else UNKNOWN_PLAYER
    faction = faction_names(view, table.game_name, said_in).get(player) if view else None
    return f"{who} ({faction})" if faction else who


def player_names(table: TableInfo, view: Mapping[str, Any] | None, locale: Locale | None = None) -> dict[int, str]:
    """Every player's label (see player_label) in `locale` (the table's language unless given), to fill the
    player placeholders of event texts."""
    said_in = locale if locale is not None else table_language(table)
    players = {s.player for s in table.seats if s.player is not None} | set(faction_names(view))
    return {p: player_label(table, p, view, said_in) for p in sorted(players)}


def event_text(event: Event, names: Mapping[int, str], game: str | None = None, locale: Locale = ENGLISH) -> str:
    """An event's narration in `locale`, players named by `names`: what its phrase says in `game`'s catalog, or
    (an event stored before phrases, or no game given) its English text with the player placeholders filled.

    A name that already carries the side ("<@1> (Red)") is said bare before "plays Red", so a seating
    reads "<@1> plays Red", not "<@1> (Red) plays Red" (nor "<@1> (Brigands) plays the Brigands").
    """
    return narration(event.text, event.phrase, names, game, locale)


def narration(english: str, said: Phrase | None, names: Mapping[int, str], game: str | None = None,
              locale: Locale = ENGLISH) -> str:
    """A line of the game's narration in `locale` (see event_text): its phrase said from `game`'s catalog, or its
    English with the player placeholders filled."""
    if said is not None and game is not None:
        people = {p: person for p, label in names.items()
                  if (person := label.rpartition(" (")[0]) and label.endswith(")")}
        return say(locale, game, said, names, people)
    return _filled(english, names)


def _filled(english: str, names: Mapping[int, str]) -> str:
    said = english
    for player, label in names.items():
        person, _, side = label.rpartition(" (")
        if person and side.endswith(")"):
            sides = side[:-1]
            for plays in (f"plays {sides}", f"plays the {sides}", f"plays {sides.replace(' & ', ' and ')}"):
                said = said.replace(f"{{p{player}}} {plays}", f"{person} {plays}")
    return fill_names(said, names)


def faction_names(view: Mapping[str, Any] | None, game: str | None = None,
                  locale: Locale = ENGLISH) -> dict[int, str]:
    """Player index -> the name of the side they play: the view's engine-wide "factions" key, or in another
    language than English the names of its "faction_ids" from `game`'s catalog."""
    factions = (view or {}).get("factions")
    if not isinstance(factions, Mapping):
        return {}
    names = {int(p): str(name) for p, name in factions.items() if str(p).isdigit() and name}
    ids = (view or {}).get("faction_ids")
    kind = _faction_kind(game) if game is not None and locale != ENGLISH else ""
    if not kind or not isinstance(ids, Mapping):
        return names
    for player, listed in ids.items():
        if str(player).isdigit() and isinstance(listed, list) and listed:
            # Several clans of one player read as one side, as the English view says them.
            names[int(player)] = " & ".join(game_t(locale, str(game), f"{kind}.{i}") for i in listed)
    return names


def _faction_kind(game: str) -> str:
    try:
        return registry.get(game).faction_kind
    except KeyError:
        return ""


def format_options(options: Mapping[str, Any], table: TableInfo | None = None) -> str:
    """Options in short words, in the table's language: "Round limit 10, Scoring basic" (options left to the
    game's default are skipped); with the table, each option is named as its game names it and a player index
    as a person."""
    locale = table_language(table) if table is not None else ENGLISH
    words = _OptionWords(table, locale)
    shown = [f"{words.label(name)} {words.value(name, value)}" for name, value in options.items()
             if value is not None]
    return t(locale, "list.comma").join(shown) or t(locale, "options.defaults")


def option_lines(table: TableInfo) -> list[str]:
    """The lobby's options in the table's language, one line each, named and explained: "• Turbo start: off —
    when on, ..."."""
    locale = table_language(table)
    words = _OptionWords(table, locale)
    lines = []
    for name, value in table.options.items():
        if value is None:
            continue
        # The first player's value already says who starts.
        why = "" if str(name) == "first_player" else words.explain(name, value)
        said = t(locale, "options.line", option=words.label(name), value=words.value(name, value))
        lines.append(t(locale, "options.line-explained", line=said, why=why) if why else said)
    return lines or [t(locale, "options.default-lines")]


def _specs(table: TableInfo | None) -> dict[str, OptionSpec]:
    if table is None:
        return {}
    try:
        game = registry.get(table.game_name)
    except KeyError:
        log.warning("no game %r for the option words of game #%s", table.game_name, table.game_id)
        return {}
    return {spec.name: spec for spec in game.options()}


class _OptionWords:
    """How a table's options read in a language: the game's own English (its OptionSpec) in English, else its
    catalog's `option.<name>` (label), `option.<name>.explain` and `option.<name>.says.<value>` (the sentences),
    and `option.<name>.is.<value>` (a choice's word), which every game's catalog holds for each of its options
    (engine.core.options.option_catalog_names)."""

    def __init__(self, table: TableInfo | None, locale: Locale) -> None:
        self.table = table
        self.locale = locale
        self.game = table.game_name if table is not None else ""
        self.specs = _specs(table)

    def _said(self, msgid: str, english: str, value: object = None) -> str:
        if self.locale == ENGLISH or not self.game or not _catalog_has(self.game, msgid):
            return english
        return game_t(self.locale, self.game, msgid) if value is None else game_t(self.locale, self.game, msgid,
                                                                                   value=value)

    def label(self, name: str) -> str:
        spec = self.specs.get(str(name))
        if spec is not None and spec.label:
            return self._said(f"option.{name}", spec.label)
        words = str(name).replace("_", " ")
        return words[:1].upper() + words[1:]

    def explain(self, name: str, value: Any) -> str:
        spec = self.specs.get(str(name))
        if spec is None:
            return ""
        for choice, words in spec.value_words:
            if choice == value:
                return self._said(f"option.{name}.says.{choice}", words)
        if not spec.explain:
            return ""
        return self._said(f"option.{name}.explain", spec.explain.format(value=value), value=value)

    def value(self, name: str, value: Any) -> str:
        if name == "first_player" and isinstance(value, int) and not isinstance(value, bool):
            return first_player_words(value, self.table, self.locale)
        if isinstance(value, bool):
            return t(self.locale, "options.on") if value else t(self.locale, "options.off")
        english = str(value).replace("_", " ")
        return self._said(f"option.{name}.is.{value}", english) if isinstance(value, str) else english


def _catalog_has(game: str, msgid: str) -> bool:
    english = catalogs().catalog(game, ENGLISH)
    return english is not None and msgid in english.messages


def first_player_words(player: int, table: TableInfo | None, locale: Locale = ENGLISH) -> str:
    """Who plays first, said as a person in `locale`: a player index is never shown as a seat number.

    In a lobby nobody has a player index yet: the person depends on how the host starts
    (random order, or join order), so both are named when they differ.
    """
    if player < 0:
        return t(locale, "options.first-drawn")
    if table is None:
        return t(locale, "options.first-by-host")
    seated = next((s for s in table.seats if s.player == player), None)
    if seated is not None:
        return lobby_seat_label(seated, locale)
    by_join = {s.join_order: s for s in table.seats}
    drawn = by_join.get(table.random_start[player]) if player < len(table.random_start) else None
    joined = table.seats[player] if player < len(table.seats) else None
    if drawn is None and joined is None:
        return t(locale, "options.first-seat", ordinal=seat_ordinal(player + 1, locale))
    if drawn is None or joined is None or drawn == joined:
        one = drawn or joined
        assert one is not None  # not both: checked just above
        return lobby_seat_label(one, locale)
    return t(locale, "options.first-either", drawn=lobby_seat_label(drawn, locale),
             joined=lobby_seat_label(joined, locale))


def seat_ordinal(place: int, locale: Locale = ENGLISH) -> str:
    """ "2nd" in English, "2e" in French: the place of a seat in the join order."""
    if locale == ENGLISH:
        return ORDINALS.get(place, f"{place}th")
    return t(locale, "options.ordinal", n=place)


def plural(count: int, word: str, many: str | None = None) -> str:
    """ "1 seat", "3 seats" (or the given plural form)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def lobby_text(table: TableInfo) -> str:
    """The lobby message, in the table's language: game, options, seats, host, and what to do."""
    locale = table_language(table)
    seats = ([f"{i + 1}. {lobby_seat_label(s, locale)}" for i, s in enumerate(table.seats)]
             or [t(locale, "lobby.nobody")])
    head = t(locale, "lobby.head", title=table_title(table, locale), game=table.game_id)
    hint = ""
    if table.status is TableStatus.LOBBY:
        state = t(locale, "lobby.open", n=table.min_players, taken=len(table.seats), seats=table.max_players)
        hint = t(locale, "lobby.hint")
    elif table.status is TableStatus.ACTIVE:
        state, hint = t(locale, "lobby.started"), t(locale, "lobby.started-hint")
    elif table.status is TableStatus.CANCELLED:
        state = t(locale, "lobby.cancelled", reason=cancel_reason(table.status_reason, locale)) \
            if table.status_reason \
            else t(locale, "lobby.cancelled-plain")
        hint = t(locale, "lobby.cancelled-hint")
    elif table.status is TableStatus.FINISHED:
        state = t(locale, "lobby.finished")
    else:
        state = t(locale, "lobby.stopped")
    lines = [head, t(locale, "lobby.host", host=mention(table.host_user_id)), t(locale, "lobby.options"),
             *option_lines(table), state, *seats]
    if hint:
        lines.append(hint)
    return fit_lines(lines, MESSAGE_CONTENT, locale=locale)


def pending_line(table: TableInfo, pending: Sequence[PendingPlayer], view: Mapping[str, Any] | None,
                 locale: Locale = ENGLISH) -> str:
    """Who the game waits for, in `locale`; secret choices are named as such and never what they are about."""
    if not pending:
        return ""
    names = t(locale, "list.comma").join(player_label(table, p.player, view, locale) for p in pending)
    if all(p.kind in SECRET_KINDS for p in pending):
        return t(locale, "table.waiting-secret", players=names)
    return t(locale, "table.now", players=names)


def place_words(place: int, locale: Locale = ENGLISH) -> str:
    """A place in a ranking: "1st", "2nd", "4th" ("1er", "2e" in French)."""
    known = PLACE_WORDS.get(place)
    return t(locale, known) if known is not None else t(locale, "place.other", place=place)


def outcome_text(table: TableInfo, outcome: Outcome, view: Mapping[str, Any] | None,
                 locale: Locale = ENGLISH) -> str:
    """The final ranking in `locale`: why the game ended, in words, then each place with its score (words for
    a win without points). The final table message adds breakdowns and secrets (present.ending)."""
    in_points = scored_in_points(outcome)
    lines = [t(locale, "table.game-over", reason=reason_in_words(outcome.reason, locale, table.game_name))]
    comma = t(locale, "list.comma")
    place = 1
    for group in outcome.ranking:
        if in_points:
            who = comma.join(t(locale, "table.scored", player=player_label(table, p, view, locale),
                               points=points(outcome.scores.get(p, 0), locale)) for p in group)
        else:
            who = comma.join(player_label(table, p, view, locale) for p in group)
            who = t(locale, "table.wins", players=who) if place == 1 else who
        lines.append(t(locale, "table.place", place=place_words(place, locale), players=who))
        place += len(group)
    return "\n".join(lines)


def points(value: float, locale: Locale = ENGLISH) -> str:
    """A score as "5.5 pts", "2 pts" in English (always "pts": the e2e scenarios read scores in this one form),
    "5,5 pts" in French."""
    return t(locale, "table.points", score=score_number(value, locale))


def score_number(value: float, locale: Locale = ENGLISH) -> str:
    """A score's number: "5.5", "2" ("5,5" in French), a tenth at most."""
    return _number(value) if locale == ENGLISH else format_number(locale, round(value, 1))


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def table_language(table: TableInfo) -> Locale:
    """The language the channel reads `table` in (its settings; English for a language without words)."""
    return resolve(table.settings.language)


def table_message(table: TableInfo, update: TableUpdate, away: Mapping[int, float] | None = None) -> str:
    """The public table message after a change, in the table's language: headline, narration, then who is
    pending or the result, and (while the game goes on) which of its players are away on vacation and until
    when (`away`: user -> end)."""
    view = update.public_view
    locale = table_language(table)
    names = player_names(table, view, locale)
    # A message edited through a round keeps its first headline as an event: it reads as a headline still.
    narration = [f"**{trim(headline_event_text(e, locale), 300)}**" if e.kind == HEADLINE_EVENT
                 else event_text(e, names, table.game_name, locale)
                 for e in public_only(update.public_events)]
    headline = update.headline_said.text(locale) if update.headline_said is not None else update.headline
    lines = [f"**{trim(headline, 300)}**", *narration] if headline else narration
    if update.outcome is not None:
        tail = outcome_text(table, update.outcome, view, locale)
    elif update.kind in (UpdateKind.CANCELLED, UpdateKind.QUARANTINED):
        tail = ""
    else:
        waiting = (pending_line(table, update.pending, view, locale), away_line(table, away, locale))
        tail = "\n".join(line for line in waiting if line)
    return fit_lines(lines, MESSAGE_CONTENT, tail=trim(tail, 800), locale=locale)


def headline_event_text(event: Event, locale: Locale = ENGLISH) -> str:
    """The headline an edited table message keeps as its first event, in `locale` (its English text when it was
    stored before headlines had words of the catalog)."""
    said = event.data.get("said")
    return Headline.from_json(said).text(locale) if isinstance(said, Mapping) and said else event.text


def away_line(table: TableInfo, away: Mapping[int, float] | None, locale: Locale = ENGLISH) -> str:
    """ "Away: <@1> until <t:…:f>, <@2> until …." for the table's players on vacation; "" for none."""
    seated = {s.user_id for s in table.seats if s.user_id is not None}
    return away_list({u: until for u, until in (away or {}).items() if u in seated}, locale) or ""


def public_only(events: Iterable[Event]) -> list[Event]:
    """The public events among `events` (a second guard: the service already split them)."""
    return [e for e in events if e.public]


def secret_prompt_note(locale: Locale = ENGLISH) -> str:
    """The line a DM prompt opens with (after any private news it tells)."""
    return t(locale, "dm.secret-prompt")


def turn_ping_text(table: TableInfo, users: Sequence[int]) -> str:
    """The short "your turn" message, in the table's language: whom it is for and the game (it is deleted once
    the turn is taken)."""
    locale = table_language(table)
    people = t(locale, "list.comma").join(mention(u) for u in users)
    return t(locale, "table.your-turn", players=people, game=table_title(table, locale))


def pending_mentions(pending: Sequence[PendingPlayer]) -> list[int]:
    """The distinct human users among the pending players, in order."""
    users: list[int] = []
    for p in pending:
        if p.user_id is not None and not p.is_ai and p.user_id not in users:
            users.append(p.user_id)
    return users


def status_text(table: TableInfo, view: Mapping[str, Any] | None, locale: Locale = ENGLISH) -> str:
    """/game status in `locale`: the table's state in a few lines, public data only (a finished game:
    present.ending)."""
    lines = [t(locale, "status.head", title=table_title(table, locale), game=table.game_id,
               state=t(locale, STATUS_WORDS.get(table.status, STATUS_WORDS[TableStatus.QUARANTINED])))]
    lines.append(t(locale, "status.host-options", host=mention(table.host_user_id),
                   options=format_options(table.options, table)))
    if view is not None:
        round_number, limit = view.get("round"), view.get("round_limit") or view.get("turn_cap")
        if isinstance(round_number, int) and not isinstance(round_number, bool) and round_number > 0:
            if isinstance(limit, int) and not isinstance(limit, bool):
                lines.append(t(locale, "status.round-of", round=round_number, last=limit))
            else:
                lines.append(t(locale, "status.round", round=round_number))
    if table.outcome is not None:
        lines.append(outcome_text(table, table.outcome, view, locale))
    elif table.pending:
        lines.append(pending_line(table, table.pending, view, locale))
    if table.status_reason:
        reason = table.status_reason.rstrip(".")
        lines.append(t(locale, "status.was-cancelled", reason=cancel_reason(reason, locale))
                     if table.status is TableStatus.CANCELLED else t(locale, "status.why", reason=reason))
    return fit_lines(lines, MESSAGE_CONTENT, locale=locale)


# Why a table was cancelled, as the host stores it (host/lobby.py), and the words saying it in a sentence.
CANCEL_REASONS = {
    "cancelled by the host": mark("cancel.by-host"),
    "cancelled by a moderator": mark("cancel.by-moderator"),
}


def cancel_reason(stored: str | None, locale: Locale = ENGLISH) -> str:
    """A cancelled table's stored reason in `locale` ("cancelled by the host"); one this release has no words
    for (stored by an older one) as it was stored."""
    known = CANCEL_REASONS.get((stored or "cancelled by the host").rstrip("."))
    return t(locale, known) if known is not None else str(stored)


# A table's state as /game status says it.
STATUS_WORDS = {
    TableStatus.LOBBY: mark("status-long.lobby"),
    TableStatus.ACTIVE: mark("status-long.active"),
    TableStatus.FINISHED: mark("status-long.finished"),
    TableStatus.CANCELLED: mark("status-long.cancelled"),
    TableStatus.QUARANTINED: mark("status-long.quarantined"),
}


def players_text(table: TableInfo, view: Mapping[str, Any] | None, locale: Locale = ENGLISH) -> str:
    """/game players in `locale`: who sits where."""
    lines = [t(locale, "players.head", n=len(table.seats), title=table_title(table, locale), game=table.game_id)]
    pending = {p.player for p in table.pending}
    for seat in table.seats:
        if seat.player is None:
            lines.append(t(locale, "players.in-lobby", seat=lobby_seat_label(seat, locale)))
        else:
            waiting = " ⏳" if seat.player in pending else ""
            label = player_label(table, seat.player, view, locale)
            said = t(locale, "players.ai", player=label, level=ai_level(seat.ai_level, locale)) if seat.is_ai \
                else t(locale, "players.person", player=label)
            lines.append(said + waiting)
    return fit_lines(lines, MESSAGE_CONTENT, locale=locale)


def log_line_texts(lines: Sequence[LogLine], names: Mapping[int, str] | None = None, game: str | None = None,
                   locale: Locale = ENGLISH) -> list[str]:
    """Every log line as its reader sees it, in `locale` (lines of `game` said from its catalog): players named
    from `names`, 🔒 on the reader's private lines."""
    return [("🔒 " if line.private else "") + narration(line.text, line.phrase, names or {}, game, locale)
            for line in lines]


def log_attached(count: int, locale: Locale = ENGLISH) -> str:
    """The line saying the whole log is in the attached file."""
    return t(locale, "log.attached", n=count)


def log_text(lines: Sequence[LogLine], limit: int = MESSAGE_CONTENT,
             names: Mapping[int, str] | None = None, game: str | None = None, locale: Locale = ENGLISH) -> list[str]:
    """The narration as lines (private ones marked 🔒) in `locale`, newest kept when it is too long for one
    message."""
    texts = log_line_texts(lines, names, game, locale) or [t(locale, "log.empty")]
    # The most recent lines matter most: drop from the start, never from the end.
    kept: list[str] = []
    used = 0
    for text in reversed(texts):
        text = trim(text, limit)
        if used + len(text) + 1 > limit - 40:
            left = len(texts) - len(kept)
            kept.append(t(locale, "log.earlier", n=left))
            break
        kept.append(text)
        used += len(text) + 1
    return list(reversed(kept))


def empty_private_text(locale: Locale = ENGLISH) -> str:
    """The sentence said in `locale` instead of a private picture that would show nothing (no cards nor
    objectives yet)."""
    return t(locale, "private.empty")


def private_events_text(
    events: Sequence[Event], table: TableInfo | None = None, view: Mapping[str, Any] | None = None,
    locale: Locale = ENGLISH,
) -> list[str]:
    """Private narration lines for one player (DM or panel only) in their `locale`, players named from `table`
    and `view`."""
    names = player_names(table, view, locale) if table is not None else {}
    game = table.game_name if table is not None else None
    return [f"🔒 {event_text(e, names, game, locale)}" for e in events]
