"""The public board of Violent Vendetta: the cached map layer, the turn's pieces on it, the clan panel."""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.vendetta.map_layer import static_layer
from render.vendetta.map_pieces import draw_map
from render.vendetta.panel_view import draw_panel
from render.vendetta.seats import seats_in_order
from render.vendetta.words import footer_lines


def render(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the public board in `locale`: map with pieces and last move, and the panel below."""
    seats = seats_in_order(view)
    footer = footer_lines(view, locale)
    n, k = max(1, len(seats)), max(1, len(footer))
    cv = static_layer(n, k, locale).canvas()
    draw_map(cv, view, n, k, locale)
    draw_panel(cv, view, seats, footer, locale)
    return cv.png()
