"""Gnome Tribes' board guide: the map at the first investment, each kind of mark numbered and named."""

from __future__ import annotations

from functools import cache

from i18n import ENGLISH, Locale, game_t
from render import guide as composer
from render.tribes import board_view
from render.tribes.style import MAP_SIZE, TOKEN_R, geometry

# Three tribes stand in their cities: armies, cities, the Gnomlab and the four terrains are all shown.
PLAYERS = 3
PHASE = "investment"
# A disc sits this far from the mark it names, so the mark stays visible.
NEAR = 34


@cache
def guide(locale: Locale = ENGLISH) -> composer.Guide:
    """The labelled start board (PNG) and its legend, in `locale`."""
    view = composer.start_view("tribes", PLAYERS, PHASE)
    geo = geometry().territories
    held = next(tid for tid, t in (view.get("territories") or {}).items() if t.get("armies"))
    ax, ay = geo[held].tokens_at
    city = geo[held].icon_at or geo[held].name_at
    lab = geo["gnomlab"].icon_at or geo["gnomlab"].name_at
    plains, marsh = geo["golden_fields"].name_at, geo["forest"].name_at
    callouts = [
        composer.Callout((ax + TOKEN_R + NEAR, ay), game_t(locale, "tribes", "guide.army")),
        composer.Callout((city[0] + NEAR, city[1]), game_t(locale, "tribes", "guide.city")),
        composer.Callout((lab[0] + NEAR, lab[1]), game_t(locale, "tribes", "guide.gnomlab")),
        composer.Callout((plains[0], plains[1] + NEAR + 6), game_t(locale, "tribes", "guide.plains")),
        composer.Callout((marsh[0] + NEAR, marsh[1] + NEAR), game_t(locale, "tribes", "guide.marsh")),
        composer.Callout((MAP_SIZE - 10, MAP_SIZE / 2 - 80), game_t(locale, "tribes", "guide.sea")),
    ]
    return composer.compose(board_view.render(view, locale), MAP_SIZE, callouts)
