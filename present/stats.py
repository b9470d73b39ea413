"""The words of /game stats: a person's stats card and a server's, for any front end.

Plain lines (bold headings and "- " lists, which Discord renders; never a table). Names come from the caller
(a front end knows how to name a person), and so do the games' titles.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from host.stat_results import GameRecord, PlayerStats, Rate, ServerStats, TurnSpeed
from i18n import ENGLISH, Locale, t
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


def percent(value: float) -> str:
    """A share in whole percent ("47%")."""
    return f"{round(value * 100)}%"


def interval(rate: Rate) -> str:
    """A rate's 95% interval in whole percent ("32–63%")."""
    return f"{round(rate.low * 100)}\u2013{round(rate.high * 100)}%"


def turn_time(seconds: float) -> str:
    """A turn time in words: "45 s" under a minute, else as a span ("12 min", "1 h 5 min")."""
    if seconds < 60:
        return f"{max(round(seconds), 1)} s" if seconds >= 0.5 else "under a second"
    return duration(seconds)


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _wins(n: int) -> str:
    return f"{n} win" if n == 1 else f"{n} wins"


def speed_words(speed: TurnSpeed) -> str:
    """ "2 min on average, median 45 s (over 37 turns)"."""
    turns = f"{speed.turns} turn" if speed.turns == 1 else f"{speed.turns} turns"
    return f"{turn_time(speed.mean)} on average, median {turn_time(speed.median)} (over {turns})"


def player_lines(found: PlayerStats, name: str, names: Mapping[int, str], title: str | None) -> list[str]:
    """A person's stats card: the heading, then one list line per figure."""
    where = "on every server" if found.guild_id is None else "on this server"
    lines = [f"**{name}'s stats{f' in {title}' if title else ''}** ({where})"]
    record = found.record
    if record.games == 0:
        lines.append("- No finished games yet.")
    else:
        lines.append(f"- Games played: {record.games}, won {record.wins} ({percent(record.rate)})")
        if found.factions:
            parts = [f"{f.name} {f.rate.wins} of {f.rate.games}" for f in found.factions]
            lines.append("- Won by faction: " + ", ".join(parts))
        lines.append(f"- Current streak: {_wins(found.current_streak)}; best streak: {_wins(found.best_streak)}")
    if found.speed is not None:
        lines.append(f"- Time to take a turn: {speed_words(found.speed)}")
    if found.opponent is not None:
        lines.append(f"- Most often at the table with: {names.get(found.opponent, 'a player')} "
                     f"({_games(found.opponent_games)} together)")
    return lines


def _reference(ref: Reference | None) -> str:
    if ref is None:
        return ""
    return f"; balance report {percent(ref.wins / ref.games)}, {ref.low}\u2013{ref.high}%"


def record_lines(record: GameRecord, title: str) -> list[str]:
    """One game's part of a server's stats: games and length, then rates by faction and by seat."""
    length = []
    if record.mean_rounds is not None:
        length.append(f"{record.mean_rounds:.1f} rounds")
    if record.mean_days is not None:
        length.append(f"{record.mean_days:.1f} days")
    lines = [f"**{title}**: {_games(record.games)}" + (f", {' and '.join(length)} on average" if length else "")]
    if record.games == 0:
        return lines
    references = BALANCE_FACTIONS.get(record.game_name, {})
    for faction in record.factions:
        rate = faction.rate
        lines.append(f"- {faction.name} won {rate.wins} of {rate.games} ({percent(rate.rate)}, "
                     f"{interval(rate)}{_reference(references.get(faction.faction))})")
    for player, rate in record.seats:
        lines.append(f"- Seat {player + 1} won {rate.wins} of {rate.games} ({percent(rate.rate)}, {interval(rate)}; "
                     f"fair share {percent(rate.fair)})")
    first = BALANCE_FIRST_PLAYER.get(record.game_name)
    if first is not None:
        lines.append(f"- The balance report's first player won {percent(first.wins / first.games)} "
                     f"({first.low}\u2013{first.high}%)")
    return lines


def speed_list(heading: str, speeds: Sequence[TurnSpeed], names: Mapping[int, str]) -> list[str]:
    """A heading and one line per person with their mean and median turn time; nothing for nobody."""
    if not speeds:
        return []
    return [heading] + [f"- {names.get(s.user_id, 'A player')}: {speed_words(s)}" for s in speeds]


def server_text(found: ServerStats, names: Mapping[int, str], titles: Mapping[str, str]) -> str:
    """A server's stats as lines joined by newlines; with every game played it is longer than one Discord
    message, so the front end splits it at line breaks."""
    lines = ["**This server's stats** (a win is a sole or shared first place; ranges are 95% intervals)"]
    played = [r for r in found.games if r.games]
    if not played:
        lines.append("No finished games on this server yet.")
    if len(found.games) > 1:
        lines.append("Games: " + ", ".join(f"{titles.get(r.game_name, r.game_name)} {r.games}" for r in played))
    for record in played:
        lines.extend(record_lines(record, titles.get(record.game_name, record.game_name)))
    lines.extend(speed_list("**Slowest to take a turn**", found.slowest, names))
    lines.extend(speed_list("**Fastest to take a turn**", found.fastest, names))
    if found.slowest or found.fastest:
        lines.append("(Anyone can leave these lists with `/me stats hidden:True`.)")
    return "\n".join(lines)


def stats_hidden_set(hidden: bool, locale: Locale = ENGLISH) -> str:
    """The answer to /me stats."""
    return t(locale, "me.stats-hidden-set") if hidden else t(locale, "me.stats-shown-set")
