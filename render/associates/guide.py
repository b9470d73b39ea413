"""Gnomes & Associates' board guide: the Fabulous Lands at the first activation, each kind of mark named."""

from __future__ import annotations

from functools import cache

from i18n import ENGLISH, Locale, game_t
from render import guide as composer
from render.associates import board_view
from render.associates import names as named
from render.associates.layout import TOKEN_ROW_UP
from render.associates.map_pieces import layout_for
from render.associates.style import MAP_SIZE, zones
from render.associates.words import kind_letters

# Three guilds have chosen: lairs, figurines, their gold and the loose components are all on the board.
PLAYERS = 3
PHASE = "activation"
# A disc sits this far from the mark it names, so the mark stays visible.
NEAR = 30


@cache
def guide(locale: Locale = ENGLISH) -> composer.Guide:
    """The labelled start board (PNG) and its legend, in `locale`."""
    view = composer.start_view("associates", PLAYERS, PHASE)
    by_zone = {z["id"]: z for z in view.get("zones") or []}
    lair = next(z for z in (view.get("lairs") or []) if z.get("state") == "intact")["zone"]
    figures = by_zone[lair]["figurines"]
    _, spots = layout_for(lair, len(figures))
    (fx, fy), (gx, gy) = spots[0], spots[-1]
    lair_zone = zones()[lair]
    stones = next(z for z in zones().values() if z.terrain == "stone_circle")
    hill = next(z for z in zones().values() if z.terrain == "hill")
    keep = zones()["abandoned_keep"]
    # The figurines' letters and the Keep's name are the board's own words, so the legend says what it shows.
    figurine = game_t(locale, "associates", "guide.figurine", gnome=kind_letters(locale, "gnome"),
                      troll=kind_letters(locale, "troll"), goblin=kind_letters(locale, "goblin"),
                      fairy=kind_letters(locale, "fairy"))
    callouts = [
        composer.Callout((fx, fy + NEAR + 6), figurine),
        composer.Callout((gx + NEAR + 14, gy - NEAR / 2), game_t(locale, "associates", "guide.gold")),
        composer.Callout((lair_zone.cx + NEAR + 4, lair_zone.bottom - TOKEN_ROW_UP),
                         game_t(locale, "associates", "guide.lair")),
        composer.Callout((stones.cx - NEAR - 10, stones.bottom - TOKEN_ROW_UP),
                         game_t(locale, "associates", "guide.components")),
        composer.Callout((hill.cx + NEAR + 20, hill.cy + 4), game_t(locale, "associates", "guide.terrain")),
        composer.Callout((keep.cx, keep.cy + NEAR + 20),
                         game_t(locale, "associates", "guide.keep", keep=named.zone(locale, "abandoned_keep"))),
    ]
    return composer.compose(board_view.render(view, locale), MAP_SIZE, callouts)
