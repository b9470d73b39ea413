"""The public board of Gnomes & Associates: the cached map layer, the turn's pieces on it, the guild panel."""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.associates.layout import TEXT
from render.associates.map_layer import label_stamps, static_layer
from render.associates.map_pieces import draw_map
from render.associates.panel_view import draw_panel, panel_layout
from render.common import line_height


def render(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the public board in `locale`: zones with lairs, figurines and tokens, and the guild panel."""
    layout = panel_layout(view, locale)
    guilds = max(1, len(view.get("guilds") or []))
    key = (guilds, sum(layout.row_lines), max(line_height(TEXT), layout.footer_px), locale, layout.status_px)
    cv = static_layer(*key).canvas()
    draw_map(cv, view, label_stamps(*key), locale)
    draw_panel(cv, view, layout)
    return cv.png()
