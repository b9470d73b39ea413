"""The seats of a Vendetta view, as the board lists them: in table order, with the name each shows."""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.vendetta import names


def seats_in_order(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats of a view in table order (`seat_order` when the view has one, then any others)."""
    seats = list(view.get("seats") or [])
    order = view.get("seat_order")
    if order:
        by_clan = {s.get("clan"): s for s in seats}
        seats = [by_clan[c] for c in order if c in by_clan] + [s for s in seats if s.get("clan") not in order]
    return seats


def clan_names(view: dict[str, Any], locale: Locale = ENGLISH) -> dict[str, str]:
    """Clan -> its name in `locale` (for a clan the catalog lacks, the name its seat shows, else the clan)."""
    out: dict[str, str] = {}
    for s in view.get("seats") or []:
        clan = str(s.get("clan", "?"))
        out[clan] = names.clan(locale, clan, str(s.get("name", clan)))
    return out


def seat_name(seat: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """The name a seat's clan goes by in `locale`."""
    clan = str(seat.get("clan", "?"))
    return names.clan(locale, clan, str(seat.get("name", clan)))

