"""The words of /games: one line per open game of the player, across every server.

Front-end neutral and pure: the caller resolves server and channel names and the table message's link;
times are Discord timestamps (each reader sees them in their own clock).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

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


def line_text(line: GameLine) -> str:
    """One game: where it is, what it waits for, since when, and a link to its table message."""
    where = f"{line.title} (game {line.game_id}) in {line.server}, #{line.channel}"
    if line.in_lobby:
        what = "the lobby is waiting for the host to start"
    elif line.prompts:
        what = f"waiting for you since <t:{int(line.since)}:R>: {'; '.join(p.rstrip('.') for p in line.prompts)}"
    else:
        what = f"waiting for {line.others}"
    link = f" {line.link}" if line.link else ""
    return f"• {where}: {what}.{link}"


def games_text(lines: Sequence[GameLine]) -> str:
    """All of the player's open games, those waiting for them first (as given)."""
    if not lines:
        return "You have no open games. Start one in a server with /game new, or join a lobby there."
    waiting = sum(1 for line in lines if line.prompts)
    head = (f"Your open games: {len(lines)}; {waiting} waiting for you." if waiting
            else f"Your open games: {len(lines)}; none is waiting for you.")
    shown = [line_text(line) for line in lines[:MAX_LISTED]]
    more = len(lines) - MAX_LISTED
    tail = [f"…and {more} more."] if more > 0 else []
    return "\n".join([head, *shown, *tail])


def button_label(line: GameLine) -> str:
    """The label of a game's "Take my turn" button (which game it opens)."""
    return f"Take my turn: {line.title} (game {line.game_id})"
