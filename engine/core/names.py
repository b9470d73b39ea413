"""Player placeholders in narration: the engine names factions, the front end names people.

The engine knows clans and guilds but not who sits behind them. An event that must name a
player (a seating, a guild choice) writes `player_ref(p)` into its text; the front end replaces
it with the person's mention or display name through `fill_names` (or `Event.render`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Braces never occur in narration otherwise, so a token cannot be mistaken for game text.
_TOKEN = re.compile(r"\{p([0-9])\}")
UNKNOWN_PLAYER = "a player"


def player_ref(player: int) -> str:
    """The placeholder standing for `player` in an event text (`{p2}`)."""
    return f"{{p{int(player)}}}"


def fill_names(text: str, names: Mapping[int, str]) -> str:
    """`text` with every player placeholder replaced by that player's name ("a player" if unknown)."""
    return _TOKEN.sub(lambda m: names.get(int(m.group(1)), UNKNOWN_PLAYER), text)


def mentioned_players(text: str) -> list[int]:
    """The players whose placeholders appear in `text`, in order of first appearance."""
    seen: list[int] = []
    for m in _TOKEN.finditer(text):
        p = int(m.group(1))
        if p not in seen:
            seen.append(p)
    return seen
