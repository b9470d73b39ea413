"""Alt text of the Associates pictures: one sentence each, the board's of public facts only.

Each takes the reader's `locale` and, until this game's words are in its catalog, says it in English.
"""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.associates.layout import PHASES
from render.associates.words import capitalised, outcome_text, player_facing, seat_names


def _sentence(parts: list[str]) -> str:
    text = "; ".join(p.rstrip(".") for p in parts if p)
    return capitalised(text) + "."


def describe_board(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The zone map and the guild table: turn, phase, each guild's gold points, who acts, the last event or result."""
    phase = str(view.get("phase", ""))
    turn = view.get("turn")
    head = "Associates map of the zones with the guilds' figurines, "
    head += f"turn {turn} of {view.get('turn_cap', '?')}, " if turn else ""
    head += PHASES.get(phase, phase).lower()
    names = seat_names(view)
    scores = view.get("scores") or {}
    guilds = [
        f"{capitalised(names.get(int(g.get('seat', i)), 'a player'))} {int(scores.get(str(g.get('seat', i)), 0))} GP"
        for i, g in enumerate(view.get("guilds") or [])
        if g.get("title")
    ]
    parts = [head, "gold: " + ", ".join(guilds) if guilds else ""]
    active = view.get("active") or {}
    figurine = next((f.get("name") for f in view.get("figurines") or [] if f.get("id") == active.get("figurine")), None)
    if figurine and phase != "over":
        left = int(active.get("actions_left") or 0)
        parts.append(f"{figurine} is acting, {left} action{'' if left == 1 else 's'} left")
    last = [player_facing(str(e.get("text", "")), view) for e in view.get("last") or [] if e.get("text")]
    parts.append(outcome_text(view) if view.get("outcome") else ("last: " + last[-1] if last else ""))
    return _sentence(parts)


def describe_private(view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The player's hand: how many cards and their names, and the cards just drawn."""
    hand = [str(c.get("name") or "a card") for c in view.get("hand") or []]
    if not hand:
        parts = ["your hand is empty"]
    else:
        parts = [f"your hand of {len(hand)} card{'' if len(hand) == 1 else 's'}: " + ", ".join(hand)]
    drawn = [str(c.get("name") or "a card") for c in view.get("drawn") or []]
    if drawn:
        parts.append("just drawn: " + ", ".join(drawn))
    if view.get("draft"):
        parts.append("a choice of cards is open")
    return _sentence(parts)
