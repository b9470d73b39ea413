"""The words of /game stats: a person's stats card and a server's, for any front end.

Plain lines (bold headings and "- " lists, which Discord renders; never a table). Names come from the caller
(a front end knows how to name a person), and so do the games' titles.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine import registry
from host.stat_results import FactionRate, GameRecord, PlayerStats, Rate, ServerStats, TurnSpeed
from i18n import ENGLISH, Locale, format_number, game_t, t
from present.ending import duration

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Reference:
    """A win rate of the balance report: wins of games, and its 95% interval in whole percent."""

    wins: int
    games: int
    low: int
    high: int


# The balance reports' pooled figures ("All games pooled" and "First player, all games" of
# docs/balance/associates.md, tribes.md and vendetta.md, runs of 1-2 December 2026: computer players in every
# seat). Copied by hand: a new balance run should update them here.
BALANCE_FACTIONS: Mapping[str, Mapping[str, Reference]] = {
    "associates": {
        "artisans": Reference(17, 36, 32, 63),
        "brigands": Reference(12, 30, 25, 58),
        "thieves": Reference(1, 24, 1, 20),
        "usurers": Reference(6, 18, 16, 56),
    },
    "tribes": {
        "marsh": Reference(32, 90, 26, 46),
        "mountain": Reference(24, 60, 29, 53),
        "plains": Reference(27, 90, 22, 40),
        "swamp": Reference(7, 30, 12, 41),
    },
    "vendetta": {
        "black": Reference(28, 72, 28, 50),
        "blue": Reference(8, 74, 6, 20),
        "green": Reference(10, 66, 8, 26),
        "red": Reference(24, 78, 22, 42),
        "white": Reference(35, 80, 33, 55),
        "yellow": Reference(17, 70, 16, 35),
    },
}
BALANCE_FIRST_PLAYER: Mapping[str, Reference] = {
    "associates": Reference(15, 36, 27, 58),
    "tribes": Reference(33, 90, 27, 47),
    "vendetta": Reference(25, 100, 18, 34),
}


def percent(value: float, locale: Locale = ENGLISH) -> str:
    """A share in whole percent ("47%"; "47 %" in French)."""
    return t(locale, "stats.percent", value=round(value * 100))


def _span(low: int, high: int, locale: Locale) -> str:
    return t(locale, "stats.interval", low=low, high=high)


def interval(rate: Rate, locale: Locale = ENGLISH) -> str:
    """A rate's 95% interval in whole percent ("32–63%")."""
    return _span(round(rate.low * 100), round(rate.high * 100), locale)


def _decimal(value: float, locale: Locale) -> str:
    """One decimal ("21.5"; "21,5" in French)."""
    return f"{value:.1f}" if locale == ENGLISH else format_number(locale, float(f"{value:.1f}"))


def turn_time(seconds: float, locale: Locale = ENGLISH) -> str:
    """A turn time in words: "45 s" under a minute, else as a span ("12 min", "1 h 5 min")."""
    if seconds < 60:
        return t(locale, "stats.seconds", seconds=max(round(seconds), 1)) if seconds >= 0.5 else t(
            locale, "stats.under-a-second")
    return duration(seconds, locale)


def _games(n: int, locale: Locale = ENGLISH) -> str:
    return t(locale, "stats.games", n=n)


def _wins(n: int, locale: Locale = ENGLISH) -> str:
    return t(locale, "stats.wins", n=n)


def _faction(game: str | None, faction: FactionRate, locale: Locale) -> str:
    """A faction's name: the stored one in English, the game's catalog's in another language."""
    if locale == ENGLISH or not game:
        return faction.name
    try:
        kind = registry.get(game).faction_kind
    except KeyError:
        return faction.name
    msgid = f"{kind}.{faction.faction}"
    said = game_t(locale, game, msgid) if kind else msgid
    return faction.name if said == msgid else said


def speed_words(speed: TurnSpeed, locale: Locale = ENGLISH) -> str:
    """ "2 min on average, median 45 s (over 37 turns)"."""
    return t(locale, "stats.speed", n=speed.turns, mean=turn_time(speed.mean, locale),
             median=turn_time(speed.median, locale))


def player_lines(found: PlayerStats, name: str, names: Mapping[int, str], title: str | None,
                 locale: Locale = ENGLISH) -> list[str]:
    """A person's stats card: the heading, then one list line per figure."""
    where = t(locale, "stats.every-server") if found.guild_id is None else t(locale, "stats.this-server")
    lines = [t(locale, "stats.player-heading-in", name=name, title=title, where=where) if title
             else t(locale, "stats.player-heading", name=name, where=where)]
    record = found.record
    if record.games == 0:
        lines.append(t(locale, "stats.no-games"))
    else:
        lines.append(t(locale, "stats.played", games=record.games, wins=record.wins,
                       percent=percent(record.rate, locale)))
        if found.factions:
            parts = [t(locale, "stats.faction-part", faction=_faction(found.game_name, f, locale), wins=f.rate.wins,
                       games=f.rate.games) for f in found.factions]
            lines.append(t(locale, "stats.by-faction", parts=t(locale, "list.comma").join(parts)))
        lines.append(t(locale, "stats.streaks", current=_wins(found.current_streak, locale),
                       best=_wins(found.best_streak, locale)))
    if found.speed is not None:
        lines.append(t(locale, "stats.turn-time", speed=speed_words(found.speed, locale)))
    if found.opponent is not None:
        lines.append(t(locale, "stats.opponent", n=found.opponent_games,
                       name=names.get(found.opponent) or t(locale, "stats.a-player-lower")))
    return lines


def _reference(ref: Reference | None, locale: Locale) -> str:
    if ref is None:
        return ""
    return t(locale, "stats.reference", percent=percent(ref.wins / ref.games, locale),
             span=_span(ref.low, ref.high, locale))


def record_lines(record: GameRecord, title: str, locale: Locale = ENGLISH) -> list[str]:
    """One game's part of a server's stats: games and length, then rates by faction and by seat."""
    length = []
    if record.mean_rounds is not None:
        length.append(t(locale, "stats.rounds", rounds=_decimal(record.mean_rounds, locale)))
    if record.mean_days is not None:
        length.append(t(locale, "stats.days", days=_decimal(record.mean_days, locale)))
    games = _games(record.games, locale)
    lines = [t(locale, "stats.game-heading-length", title=title, games=games,
               length=t(locale, "stats.and").join(length)) if length
             else t(locale, "stats.game-heading", title=title, games=games)]
    if record.games == 0:
        return lines
    references = BALANCE_FACTIONS.get(record.game_name, {})
    for faction in record.factions:
        rate = faction.rate
        lines.append(t(locale, "stats.faction-won", faction=_faction(record.game_name, faction, locale),
                       wins=rate.wins, games=rate.games, percent=percent(rate.rate, locale),
                       span=interval(rate, locale), reference=_reference(references.get(faction.faction), locale)))
    for player, rate in record.seats:
        lines.append(t(locale, "stats.seat-won", seat=player + 1, wins=rate.wins, games=rate.games,
                       percent=percent(rate.rate, locale), span=interval(rate, locale),
                       fair=percent(rate.fair, locale)))
    first = BALANCE_FIRST_PLAYER.get(record.game_name)
    if first is not None:
        lines.append(t(locale, "stats.first-player", percent=percent(first.wins / first.games, locale),
                       span=_span(first.low, first.high, locale)))
    return lines


def speed_list(heading: str, speeds: Sequence[TurnSpeed], names: Mapping[int, str],
               locale: Locale = ENGLISH) -> list[str]:
    """A heading and one line per person with their mean and median turn time; nothing for nobody."""
    if not speeds:
        return []
    return [heading] + [t(locale, "stats.speed-line", name=names.get(s.user_id) or t(locale, "stats.a-player"),
                          speed=speed_words(s, locale)) for s in speeds]


def server_text(found: ServerStats, names: Mapping[int, str], titles: Mapping[str, str],
                locale: Locale = ENGLISH) -> str:
    """A server's stats as lines joined by newlines; with every game played it is longer than one Discord
    message, so the front end splits it at line breaks."""
    lines = [t(locale, "stats.server-heading")]
    played = [r for r in found.games if r.games]
    if not played:
        lines.append(t(locale, "stats.server-no-games"))
    if len(found.games) > 1:
        lines.append(t(locale, "stats.games-list", games=t(locale, "list.comma").join(
            f"{titles.get(r.game_name, r.game_name)} {r.games}" for r in played)))
    for record in played:
        lines.extend(record_lines(record, titles.get(record.game_name, record.game_name), locale))
    lines.extend(speed_list(t(locale, "stats.slowest"), found.slowest, names, locale))
    lines.extend(speed_list(t(locale, "stats.fastest"), found.fastest, names, locale))
    if found.slowest or found.fastest:
        lines.append(t(locale, "stats.hide-hint"))
    return "\n".join(lines)


def stats_hidden_set(hidden: bool, locale: Locale = ENGLISH) -> str:
    """The answer to /me stats."""
    return t(locale, "me.stats-hidden-set") if hidden else t(locale, "me.stats-shown-set")
