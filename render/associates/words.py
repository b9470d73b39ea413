"""The words of the Associates board: seat numbers as guild titles, the outcome line."""

from __future__ import annotations

import re
from typing import Any

from render.common import readable

_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


NO_GUILD = "no guild"


def seat_names(view: dict[str, Any]) -> dict[int, str]:
    """Seat -> the guild's title; a seat with no guild yet is "a player" (views carry no player names)."""
    return {
        int(g.get("seat", i)): str(g.get("title") or "a player") for i, g in enumerate(view.get("guilds") or [])
    }


def player_facing(text: str, view: dict[str, Any]) -> str:
    """An engine message with its seat numbers replaced by guild titles (seat numbers are not for players)."""
    names = seat_names(view)

    def name(m: re.Match[str]) -> str:
        who = names.get(int(m.group(2)), "a player")
        return who[0].upper() + who[1:] if m.group(1) == "S" else who

    out = _SEAT.sub(name, text)
    # "Thieves plays the Thieves." (a seat choosing its guild) reads as the choice it is.
    return re.sub(r"\b([A-Z][\w']*) plays the \1\b", r"\1 chosen", out)



def guild_title(view: dict[str, Any], guild: str) -> str:
    """A guild id as its title in this game (or its id's words, title-cased)."""
    title = next((g.get("title") for g in view.get("guilds") or [] if g.get("guild") == guild), None)
    return str(title) if title else readable(guild)




def capitalised(name: str) -> str:
    """`name` with its first letter in capitals (a sentence starts with it)."""
    return name[:1].upper() + name[1:]



def outcome_text(view: dict[str, Any]) -> str:
    """The winners and final scores."""
    outcome = view.get("outcome") or {}
    names = seat_names(view)
    ranking = outcome.get("ranking") or []
    winners = [capitalised(names.get(int(p), "a player")) for p in (ranking[0] if ranking else [])]
    scores = outcome.get("scores") or {}
    parts = [
        f"{capitalised(names.get(int(p), 'a player'))} {float(v):g}"
        for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1]))
    ]
    head = ("Winners: " if len(winners) > 1 else "Winner: ") + (", ".join(winners) or "nobody")
    return head + (" · " + ", ".join(parts) if parts else "")


# -- entry points ----------------------------------------------------------------------------
