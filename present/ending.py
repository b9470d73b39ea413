"""The end of a game in words: the final table message, the finished game's status, the channel's history.

Pure texts built from public data only (TableInfo, the public view, the outcome and the engine's
final report, which reveals only what the rules reveal at the end). No Discord objects here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core.outcome import Outcome
from engine.core.phrases import NameRef, Phrase
from engine.core.picks import FinalReport
from host.results import TableInfo, TableStatus, TableUpdate
from i18n import ENGLISH, Locale, format_list, game_t, t
from present import text
from present.final import fallback_report, reason_in_words, scored_in_points
from present.fit import MESSAGE_CONTENT, fit_lines, trim
from present.phrases import say
from present.titles import table_title

# Room for the result at the end of the final table message; the narration before it gets the rest.
ENDING_BUDGET = 1750
BREAKDOWN_LINE = 160
SECRET_LINE = 300


def ordinal(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th"."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th')}"


def duration(seconds: float, locale: Locale = ENGLISH) -> str:
    """A span in words in `locale`: "less than a minute", "12 min", "1 h 5 min", "2 days 3 h"."""
    minutes = int(max(seconds, 0.0) // 60)
    if minutes < 1:
        return t(locale, "span.under-a-minute")
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        parts = [t(locale, "span.days", n=days), t(locale, "span.hours", hours=hours) if hours else ""]
    elif hours:
        parts = [t(locale, "span.hours", hours=hours), t(locale, "span.minutes", minutes=minutes) if minutes else ""]
    else:
        parts = [t(locale, "span.minutes", minutes=minutes)]
    return " ".join(part for part in parts if part)


def score_text(score: float, in_points: bool, unit: tuple[str, str] | tuple[()] = (),
               locale: Locale = ENGLISH, worded: tuple[str, NameRef] | None = None) -> str:
    """A final score as shown after a player's name, in the game's unit ("80 pts", "17 GP", "13 armies on
    the board"); "" where the result is not in points. `worded` (game, unit name) says a whole score in the
    unit's words of the game's catalog."""
    if not in_points:
        return ""
    if worded is not None and float(score).is_integer():
        game, named = worded
        return game_t(locale, game, named.msgid, n=int(score))
    if len(unit) == 2:
        number = text.score_number(score, locale)
        return f"{number} {unit[0] if number == '1' else unit[1]}"
    return text.points(score, locale)


def winners_line(table: TableInfo, outcome: Outcome, view: Mapping[str, Any] | None,
                 locale: Locale = ENGLISH) -> str:
    """"**Game over** — <@1> (Red) wins!" / "… share the win." / "… nobody wins.", in `locale`."""
    names = [text.player_label(table, p, view, locale) for p in outcome.winners]
    if not names:
        return t(locale, "end.nobody-wins")
    if len(names) == 1:
        return t(locale, "end.one-wins", player=names[0])
    together = t(locale, "list.comma").join(names[:-1]) + t(locale, "list.and") + names[-1]
    return t(locale, "end.shared-win", players=together)


def rounds_and_time(table: TableInfo, view: Mapping[str, Any] | None, locale: Locale = ENGLISH) -> str:
    """"10 rounds played in 1 h 12 min." (the time from the lobby's opening to the last move), counted in
    turns for a game whose view counts turns, so the end uses the same clock as the rest of the game."""
    in_turns = isinstance((view or {}).get("turn"), int)
    rounds = (view or {}).get("turn" if in_turns else "round")
    took = duration(table.updated_at - table.created_at, locale)
    if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds > 0:
        if in_turns:
            return t(locale, "end.turns-played", n=rounds, took=took)
        return t(locale, "end.rounds-played", n=rounds, took=took)
    return t(locale, "end.took", took=took)


def standings(table: TableInfo, outcome: Outcome, report: FinalReport, view: Mapping[str, Any] | None,
              locale: Locale = ENGLISH) -> list[str]:
    """One line per player, best first ("1st: <@1> (Red) — 80 pts"), each followed by its score breakdown."""
    in_points = scored_in_points(outcome)
    place_of: dict[int, int] = {}
    place = 1
    for group in outcome.ranking:
        for p in group:
            place_of[p] = place
        place += len(group)
    lines: list[str] = []
    names = text.player_names(table, view, locale)
    worded = (table.game_name, report.unit_said) if report.unit_said is not None else None
    for entry in report.players:
        label = text.player_label(table, entry.player, view, locale)
        score = score_text(outcome.scores.get(entry.player, entry.score), in_points, report.unit, locale, worded)
        place = place_of.get(entry.player, len(place_of) + 1)
        shown = t(locale, "table.scored", player=label, points=score) if score else label
        lines.append(t(locale, "table.place", place=ordinal(place) if locale == ENGLISH
                       else text.place_words(place, locale), players=shown))
        breakdown = _worded(table, entry.breakdown, entry.said, names, locale)
        lines.extend(f"  · {trim(line, BREAKDOWN_LINE)}" for line in breakdown if line)
    return lines


def _worded(table: TableInfo, english: Sequence[str], said: Sequence[Phrase], names: Mapping[int, str],
            locale: Locale) -> list[str]:
    """The engine's lines in `locale` where it gave them as phrases (line for line), else its English."""
    if len(said) != len(english):
        return list(english)
    return [say(locale, table.game_name, phrase, names) for phrase in said]


def ending_text(table: TableInfo, outcome: Outcome, view: Mapping[str, Any] | None,
                report: FinalReport | None, limit: int = ENDING_BUDGET, locale: Locale = ENGLISH) -> str:
    """The result of a finished game in `locale`: winners, why it ended, rounds and time, standings with
    breakdowns, secrets (said from the engine's report: its phrases in `locale`, its English where it gave none)."""
    engine_said = report is not None
    report = report or fallback_report(outcome, text.faction_names(view, table.game_name, locale))
    names = text.player_names(table, view, locale)
    if report.reason_said is not None:
        reason = say(locale, table.game_name, report.reason_said, names)
    else:
        # The fallback's reason is English: said again from the outcome's code, in the reader's language.
        reason = report.reason if engine_said else reason_in_words(outcome.reason, locale, table.game_name)
    secrets = _worded(table, report.secrets, report.secrets_said, names, locale)
    lines = [
        winners_line(table, outcome, view, locale),
        reason or reason_in_words(outcome.reason, locale, table.game_name),
        rounds_and_time(table, view, locale),
        t(locale, "end.standings"),
        *standings(table, outcome, report, view, locale),
    ]
    # Shorter and shorter secret and breakdown lines before anything is left out: every player's result
    # and every revealed secret matter more than their details.
    for secret_room, detail_room in ((SECRET_LINE, BREAKDOWN_LINE), (200, 120), (120, 80)):
        shown = [*lines, *_secret_lines(secrets, secret_room, locale)]
        shown = [trim(line, detail_room) if line.startswith("  · ") else line for line in shown]
        if len("\n".join(shown)) <= limit:
            return "\n".join(shown)
    return fit_lines(shown, limit, locale=locale)


def _secret_lines(secrets: Sequence[str], room: int, locale: Locale) -> list[str]:
    if not secrets:
        return []
    return [t(locale, "end.revealed"), *(f"• {trim(secret, room)}" for secret in secrets)]


def ended_message(table: TableInfo, update: TableUpdate, report: FinalReport | None,
                  ratings: Sequence[str] = ()) -> str:
    """The final table message: the last moves' narration (as any table message), then the whole result and
    each player's rating change (`ratings`, lines of present.records)."""
    if update.outcome is None:
        return text.table_message(table, update)
    locale = text.table_language(table)
    rated = [t(locale, "end.ratings"), *ratings] if ratings else []
    ending = ending_text(table, update.outcome, update.public_view, report,
                         ENDING_BUDGET - len("\n".join(rated)) - 1 if rated else ENDING_BUDGET, locale)
    if rated:
        ending = "\n".join([ending, *rated])
    # The narration part is the ordinary table message without its tail (no outcome, nobody pending).
    narration = text.table_message(table, replace(update, outcome=None, pending=()))
    room = MESSAGE_CONTENT - len(ending) - 1
    head = fit_lines(narration.splitlines(), room, locale=locale) if narration and room > 40 else ""
    return f"{head}\n{ending}" if head else ending


def finished_status(table: TableInfo, view: Mapping[str, Any] | None, report: FinalReport | None,
                    locale: Locale = ENGLISH) -> str:
    """/game status of a finished game in `locale`: what it was, when it ended, and the whole result."""
    # A Discord timestamp: each reader sees the moment in their own zone and language.
    head = t(locale, "end.status-head", title=table_title(table, locale), game=table.game_id,
             ended=f"<t:{int(table.updated_at)}:f>")
    assert table.outcome is not None
    ending = ending_text(table, table.outcome, view, report, MESSAGE_CONTENT - len(head) - 80, locale)
    return fit_lines([head, ending, t(locale, "end.play-again")], MESSAGE_CONTENT, locale=locale)


# -- /game history ------------------------------------------------------------------------------------------


def history_line(table: TableInfo, channel_id: int | None = None, locale: Locale = ENGLISH) -> str:
    """One game of the channel's history in `locale`: number, game, where (when in a thread of `channel_id`),
    status in words, winners, date."""
    title = table_title(table, locale)
    when = f"<t:{int(table.created_at)}:d>"
    if channel_id is not None and table.channel_id != channel_id:
        head = t(locale, "history.head-thread", game_id=table.game_id, title=title, thread=f"<#{table.channel_id}>",
                 date=when)
    else:
        head = t(locale, "history.head", game_id=table.game_id, title=title, date=when)
    if table.status is TableStatus.FINISHED and table.outcome is not None:
        winners = [_seat_name(table, p, locale) for p in table.outcome.winners]
        if not winners:
            return t(locale, "history.won-by-nobody", head=head)
        return t(locale, "history.won-by", head=head, players=format_list(locale, winners))
    if table.status is TableStatus.LOBBY:
        return t(locale, "history.lobby", head=head, n=len(table.seats), seats=len(table.seats),
                 max=table.max_players)
    if table.status is TableStatus.ACTIVE:
        return t(locale, "history.playing", head=head)
    if table.status is TableStatus.CANCELLED:
        return t(locale, "history.cancelled", head=head, reason=text.cancel_reason(table.status_reason, locale))
    return t(locale, "history.stopped", head=head)


def _seat_name(table: TableInfo, player: int, locale: Locale) -> str:
    seat = next((s for s in table.seats if s.player == player), None)
    return text.seat_label(seat, locale) if seat is not None else t(locale, "player.unknown")


def history_text(channel_games: Sequence[TableInfo], channel_id: int | None = None,
                 locale: Locale = ENGLISH) -> str:
    """/game history in `channel_id`, in `locale`: its recent games (its threads' included, each named), newest
    first, with how to look at one of them."""
    if not channel_games:
        return t(locale, "history.none")
    lines = [t(locale, "history.heading")]
    lines.extend(f"• {history_line(game, channel_id, locale)}" for game in channel_games)
    lines.append(t(locale, "history.see-one"))
    return fit_lines(lines, MESSAGE_CONTENT, locale=locale)
