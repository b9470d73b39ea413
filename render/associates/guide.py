"""Gnomes & Associates' board guide: the Fabulous Lands at the first activation, each kind of mark named."""

from __future__ import annotations

from functools import cache

from render import guide as composer
from render.associates import board_view
from render.associates.layout import TOKEN_ROW_UP
from render.associates.map_pieces import layout_for
from render.associates.style import MAP_SIZE, zones

# Three guilds have chosen: lairs, figurines, their gold and the loose components are all on the board.
PLAYERS = 3
PHASE = "activation"
# A disc sits this far from the mark it names, so the mark stays visible.
NEAR = 30


@cache
def guide() -> composer.Guide:
    """The labelled start board (PNG) and its legend."""
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
    callouts = [
        composer.Callout((fx, fy + NEAR + 6), "Figurine in its guild colour: Gn gnome, Tr troll, Gb goblin, Fa fairy"),
        composer.Callout((gx + NEAR + 14, gy - NEAR / 2), "Yellow coin beside a figurine: the gold it carries"),
        composer.Callout((lair_zone.cx + NEAR + 4, lair_zone.bottom - TOKEN_ROW_UP),
                         "House token: a guild's lair, whose safe keeps its gold"),
        composer.Callout((stones.cx - NEAR - 10, stones.bottom - TOKEN_ROW_UP),
                         "Blue gem, green stick: loose components to pick up and craft"),
        composer.Callout((hill.cx + NEAR + 20, hill.cy + 4),
                         "Word under a name: the zone's terrain (it changes the dice)"),
        composer.Callout((keep.cx, keep.cy + NEAR + 20), "The Abandoned Keep in the centre, with no lair on it"),
    ]
    return composer.compose(board_view.render(view), MAP_SIZE, callouts)
