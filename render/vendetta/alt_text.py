"""Alt text of the Vendetta pictures: one sentence each, the board's of public facts only."""

from __future__ import annotations

from typing import Any

from render.vendetta.layout import PHASE_TEXT
from render.vendetta.words import combat_text, last_move_text, outcome_text


def _sentence(parts: list[str]) -> str:
    text = "; ".join(p.rstrip(".") for p in parts if p)
    return text[:1].upper() + text[1:] + "."


def describe_board(view: dict[str, Any]) -> str:
    """The garden map and its score table: round, phase, each clan's gnomes on the map, the last move or result."""
    phase = str(view.get("phase", ""))
    rnd, limit = view.get("round"), view.get("round_limit")
    head = "Vendetta garden map with the clans' gnomes, "
    words = PHASE_TEXT.get(phase, phase).lower()
    head += f"round {rnd} of {limit}, {words}" if rnd else words
    clans = [f"{s.get('name', s.get('clan'))} {int(s.get('on_board') or 0)}" for s in view.get("seats") or []]
    parts = [head, "gnomes on the map: " + ", ".join(clans) if clans else ""]
    parts.append(outcome_text(view) or combat_text(view) or last_move_text(view))
    return _sentence(parts)


def describe_private(view: dict[str, Any]) -> str:
    """The player's objective cards: the ones kept with whether each is done, or the ones offered to choose from."""
    me = view.get("me") or {}
    parts = []
    for clan in me.get("clans") or []:
        checklist = (me.get("checklist") or {}).get(clan) or []
        offered = (me.get("offered") or {}).get(clan) or []
        if checklist:
            cards = ", ".join(f"{c.get('name')} ({'done' if c.get('complete') else 'not yet'})" for c in checklist)
            parts.append(f"your objectives for {clan_name(view, clan)}: {cards}")
        elif offered:
            cards = ", ".join(str(c.get("name")) for c in offered)
            parts.append(f"objectives offered to {clan_name(view, clan)} to choose from: {cards}")
    return _sentence(parts or ["your objectives: none yet"])


def clan_name(view: dict[str, Any], clan: str) -> str:
    """A clan's name as the view's seats give it."""
    return next((str(s.get("name")) for s in view.get("seats") or [] if s.get("clan") == clan and s.get("name")), clan)
