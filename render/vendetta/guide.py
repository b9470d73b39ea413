"""Violent Vendetta's board guide: the map at the start of round 1 with each kind of mark numbered and named."""

from __future__ import annotations

from functools import cache

from i18n import ENGLISH, Locale, game_t
from render import guide as composer
from render.vendetta import board_view
from render.vendetta import names as named
from render.vendetta.map_pieces import piece_boxes
from render.vendetta.style import MAP_SIZE, geometry

# Three clans have placed their first gnomes on their homes: every kind of mark is on the board.
PLAYERS = 3
PHASE = "movement"
# The disc sits beside the marker it names, not on it.
CALLOUT_GAP = 20


@cache
def guide(locale: Locale = ENGLISH) -> composer.Guide:
    """The labelled start board (PNG) and its legend, in `locale`."""
    view = composer.start_view("vendetta", PLAYERS, PHASE)
    geo = geometry().territories
    home, clans = next((tid, list(here)) for tid, here in (view.get("board") or {}).items() if here)
    box = piece_boxes(home, clans)[0]
    ground = geo[home]
    meadow = geo["apple_orchard"]
    statue = geo["statue_fisher"]
    isle = geo["grand_gnome_isle"]
    plank = ((statue.cx + isle.cx) / 2, (statue.cy + isle.cy) / 2)
    callouts = [
        composer.Callout((box[2] + CALLOUT_GAP, (box[1] + box[3]) / 2), game_t(locale, "vendetta", "guide.marker")),
        composer.Callout((ground.cx - ground.r * 0.9, ground.cy - ground.r * 0.6),
                         game_t(locale, "vendetta", "guide.home")),
        composer.Callout((meadow.cx + meadow.r * 0.8, meadow.cy + meadow.r * 0.55),
                         game_t(locale, "vendetta", "guide.loot")),
        composer.Callout((statue.cx - statue.r * 0.9, statue.cy + statue.r * 0.2),
                         game_t(locale, "vendetta", "guide.statue")),
        # The isle's name is the one the map writes on it.
        composer.Callout((isle.cx - isle.r * 0.9, isle.cy + isle.r * 0.6),
                         game_t(locale, "vendetta", "guide.isle", isle=named.place(locale, "grand_gnome_isle"))),
        composer.Callout(plank, game_t(locale, "vendetta", "guide.paths")),
    ]
    return composer.compose(board_view.render(view, locale), MAP_SIZE, callouts)
