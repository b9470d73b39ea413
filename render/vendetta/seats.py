"""The seats of a Vendetta view, as the board lists them: in table order, with the name each shows."""

from __future__ import annotations

from typing import Any


def seats_in_order(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats of a view in table order (`seat_order` when the view has one, then any others)."""
    seats = list(view.get("seats") or [])
    order = view.get("seat_order")
    if order:
        by_clan = {s.get("clan"): s for s in seats}
        seats = [by_clan[c] for c in order if c in by_clan] + [s for s in seats if s.get("clan") not in order]
    return seats



def clan_names(view: dict[str, Any]) -> dict[str, str]:
    """Clan -> the name its seat shows (the clan itself when the seat has none)."""
    return {s.get("clan", "?"): str(s.get("name", s.get("clan", "?"))) for s in view.get("seats") or []}

