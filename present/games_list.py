"""The words of /games: one line per open game of the player, across every server.

Front-end neutral and pure: the caller resolves server and channel names and the table message's link;
times are Discord timestamps (each reader sees them in their own clock).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from i18n import ENGLISH, Locale, t

log = logging.getLogger(__name__)

# One message holds at most this many games; the rest are counted.
MAX_LISTED = 15


@dataclass(frozen=True, slots=True)
class GameLine:
    """One game as /games shows it. `prompts` are what the game waits for from this player (empty: it waits
    for someone else, named in `others`); `since` is when it began waiting for them (epoch seconds)."""

    game_id: int
    title: str
    server: str
    channel: str
    prompts: tuple[str, ...]
    others: str
    since: float
    link: str | None
    in_lobby: bool = False


def line_text(line: GameLine, locale: Locale = ENGLISH) -> str:
    """One game in `locale`: where it is, what it waits for, since when, and a link to its table message."""
    where = t(locale, "games.where", title=line.title, game_id=line.game_id, server=line.server,
              channel=f"#{line.channel}")
    if line.in_lobby:
        what = t(locale, "games.lobby")
    elif line.prompts:
        what = t(locale, "games.waiting-you", since=f"<t:{int(line.since)}:R>",
                 prompts="; ".join(p.rstrip(".") for p in line.prompts))
    else:
        what = t(locale, "games.waiting-others", others=line.others)
    link = f" {line.link}" if line.link else ""
    return t(locale, "games.line", where=where, what=what, link=link)


def games_text(lines: Sequence[GameLine], locale: Locale = ENGLISH) -> str:
    """All of the player's open games in `locale`, those waiting for them first (as given)."""
    if not lines:
        return t(locale, "games.none")
    waiting = sum(1 for line in lines if line.prompts)
    head = (t(locale, "games.heading-waiting", count=len(lines), n=waiting) if waiting
            else t(locale, "games.heading-none-waiting", count=len(lines)))
    shown = [line_text(line, locale) for line in lines[:MAX_LISTED]]
    more = len(lines) - MAX_LISTED
    tail = [t(locale, "games.more", n=more)] if more > 0 else []
    return "\n".join([head, *shown, *tail])


def button_label(line: GameLine, locale: Locale = ENGLISH) -> str:
    """The label of a game's "Take my turn" button (which game it opens), in `locale`."""
    return t(locale, "games.button", title=line.title, game_id=line.game_id)
