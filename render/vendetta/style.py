"""Violent Vendetta: map geometry, faction styles, loot icons and piece layout.

Static data only (the packaged board JSON, read once); nothing here sees a view.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw

from render.common import RGB, Box, Point, draw_shape, hex_to_rgb, mix, shape_box

# The map is the engine's packaged board data (static, read once): render draws it, never changes it.
_BOARD_FILE = Path(__file__).resolve().parents[2] / "engine" / "vendetta" / "data" / "vendetta_board.json"

WIDTH = 800  # picture width; Discord shows it at 400-550 px, so text sizes below are chosen for ~0.6x
MAP_SIZE = 800

CLOCKWISE: tuple[str, ...] = ("red", "white", "green", "blue", "black", "yellow")
FOODS: tuple[str, ...] = ("acorn", "apple", "berry", "mushroom")


@dataclass(frozen=True)
class ClanStyle:
    """How a clan is drawn: a colour from the Okabe-Ito set, a shape and a letter."""

    colour: RGB
    shape: str
    letter: str
    outline: RGB


# Okabe-Ito colours (readable with every common colour-vision deficiency) chosen
# to keep each clan's hue recognisable by its name; the shape tells them apart
# even in greyscale.
CLAN_STYLES: dict[str, ClanStyle] = {
    "red": ClanStyle((213, 94, 0), "circle", "R", (40, 20, 0)),
    "white": ClanStyle((255, 255, 255), "square", "W", (30, 30, 30)),
    "green": ClanStyle((0, 158, 115), "triangle", "G", (0, 40, 28)),
    "blue": ClanStyle((0, 114, 178), "diamond", "B", (0, 28, 50)),
    "black": ClanStyle((30, 30, 30), "hexagon", "K", (235, 235, 235)),
    "yellow": ClanStyle((240, 228, 66), "triangle_down", "Y", (60, 55, 0)),
}


def clan_style(clan: str, fallback_hex: str | None = None) -> ClanStyle:
    """The style of `clan`; an unknown clan gets its view colour and a pentagon."""
    style = CLAN_STYLES.get(clan)
    if style is not None:
        return style
    colour = hex_to_rgb(fallback_hex) if fallback_hex else (150, 150, 150)
    return ClanStyle(colour, "pentagon", clan[:1].upper() or "?", (20, 20, 20))


# Terrain and map colours.
GARDEN: RGB = (120, 160, 96)
WATER: RGB = (150, 196, 222)
WATER_EDGE: RGB = (96, 150, 186)
MEADOW: RGB = (214, 232, 184)
STATUE: RGB = (222, 216, 200)
ISLE: RGB = (236, 226, 196)
BORDER: RGB = (60, 60, 50)
PLANK: RGB = (150, 104, 60)
PLANK_DARK: RGB = (92, 60, 30)
PATH: RGB = (246, 238, 214)


@dataclass(frozen=True)
class Territory:
    """One territory in picture coordinates."""

    id: str
    name: str
    kind: str
    clan: str | None
    loot: str
    cx: float
    cy: float
    r: float
    polygon: tuple[Point, ...]


@dataclass(frozen=True)
class Geometry:
    """The map scaled to the picture."""

    territories: dict[str, Territory]
    order: tuple[str, ...]
    links: tuple[tuple[str, str, str], ...]
    scale: float


def board_json() -> dict[str, Any]:
    """The board JSON (engine copy if present, else render's own)."""
    path = _BOARD_FILE
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def geometry() -> Geometry:
    """The map in picture coordinates, computed once."""
    raw = board_json()
    scale = MAP_SIZE / raw["canvas"]["width"]
    territories = {}
    for t in raw["territories"]:
        territories[t["id"]] = Territory(
            id=t["id"],
            name=t["name"],
            kind=t["kind"],
            clan=t.get("clan"),
            loot=t["loot"],
            cx=t["x"] * scale,
            cy=t["y"] * scale,
            r=t["radius"] * scale,
            polygon=tuple((x * scale, y * scale) for x, y in t["polygon"]),
        )
    links = tuple((lk["a"], lk["b"], lk["type"]) for lk in raw["links"])
    return Geometry(territories, tuple(territories), links, scale)


def terrain_colour(t: Territory) -> RGB:
    """Fill colour of a territory: homes take a pale tint of their clan."""
    if t.kind == "home" and t.clan:
        base = clan_style(t.clan).colour
        return mix(base, (250, 244, 228), 0.62 if t.clan != "black" else 0.68)
    if t.id == "grand_gnome_isle":
        return ISLE
    if t.kind == "statue":
        return STATUE
    return MEADOW


# Where the long names may break (soft hyphens), so that they wrap inside a territory.
_HYPHENATION = {
    "Westdingledongleson": "Westdingle\u00addongleson",
    "Wheelbarrow": "Wheel\u00adbarrow",
    # French names (engine/vendetta/locales/fr.po) with words too long for a territory's width.
    "pommetiers": "pomme\u00adtiers",
    "tournesols": "tourne\u00adsols",
}


def hyphenate(text: str) -> str:
    """`text` with soft hyphens at the agreed break points of long clan and place words."""
    return " ".join(_HYPHENATION.get(w, w) for w in text.split())


# -- piece layout ------------------------------------------------------------------------

PIECES_DY = 16  # marker row centre below the territory centre; names end just above it
HOME_PIECES_DY = 22  # homes carry three-line names: everything sits a little lower


def pieces_dy(t: Territory) -> float:
    """How far below the centre of `t` its first row of pieces sits."""
    return HOME_PIECES_DY if t.kind == "home" else PIECES_DY


MARKER_R = 16  # half-size of a piece marker with 1-3 clans in a territory
MARKER_R_CROWDED = 14  # with 4-6 clans, two rows
STACK_LIMIT = 6  # every clan in one territory at once


def marker_radius(n: int) -> int:
    """Marker half-size when `n` clans share a territory."""
    return MARKER_R if n <= 3 else MARKER_R_CROWDED


def marker_centres(t: Territory, n: int) -> list[Point]:
    """Centres of `n` piece markers in territory `t`, in rows of at most three."""
    if n <= 0:
        return []
    r = marker_radius(n)
    pitch = 2.3 * r + 4  # widest shapes (diamond, triangles) are ~2.24 r across
    rows = [n] if n <= 3 else [math.ceil(n / 2), n // 2]
    row_pitch = 2.1 * r + 3
    # Pieces sit just below the centre: the name takes the top of the territory.
    # A second row goes further down (over the loot icon, even past the edge):
    # the name stays readable and a crowd is rare.
    cy0 = t.cy + pieces_dy(t) - (r - MARKER_R if len(rows) > 1 else 0)
    out: list[Point] = []
    for i, k in enumerate(rows):
        y = cy0 + i * row_pitch
        x0 = t.cx - (k - 1) * pitch / 2
        out.extend((x0 + j * pitch, y) for j in range(k))
    return out


def marker_boxes(t: Territory, clans: list[str]) -> list[Box]:
    """Bounding boxes of the markers drawn for `clans` in `t` (for layout tests)."""
    r = marker_radius(len(clans))
    centres = marker_centres(t, len(clans))
    return [shape_box(clan_style(c).shape, x, y, r) for c, (x, y) in zip(clans, centres, strict=True)]


def loot_anchor(t: Territory) -> Point:
    """Where the loot icon of a territory sits: low in the territory, under the pieces."""
    return (t.cx, t.cy + max(t.r * 0.78, 44))


LOOT_ICON = 12  # icon half-size on the map
# A gnome token is a coin GNOME_COIN times the icon half-size, with its clan mark GNOME_MARK of the coin:
# a mark of half-size 12 (a square's is the lowest: 1.72 of it) paints the 20 px of the readable minimum.
GNOME_COIN = 1.3
GNOME_MARK = 0.8


# -- icons -----------------------------------------------------------------------------

ACORN: RGB = (176, 112, 52)
ACORN_CAP: RGB = (96, 62, 28)
APPLE: RGB = (200, 40, 40)
LEAF: RGB = (40, 130, 50)
BERRY: RGB = (110, 60, 160)
MUSHROOM: RGB = (210, 50, 40)
STEM: RGB = (244, 232, 208)
COIN: RGB = (236, 200, 90)
COIN_EDGE: RGB = (120, 90, 20)


def draw_icon(draw: ImageDraw.ImageDraw, token: str, cx: float, cy: float, r: float, pick: Any = None) -> None:
    """A loot token icon of half-size `r`. `pick` maps an RGB colour to the fill value (palette index)."""
    c = pick or (lambda rgb: rgb)
    ink = c((40, 30, 20))
    if token == "acorn":
        draw.ellipse((cx - r * 0.7, cy - r * 0.35, cx + r * 0.7, cy + r), fill=c(ACORN), outline=ink)
        draw.chord((cx - r * 0.9, cy - r * 0.85, cx + r * 0.9, cy + r * 0.25), 180, 360, fill=c(ACORN_CAP), outline=ink)
        draw.line((cx, cy - r * 0.85, cx + r * 0.15, cy - r * 1.1), fill=ink, width=2)
    elif token == "apple":
        draw.ellipse((cx - r, cy - r * 0.75, cx + r, cy + r), fill=c(APPLE), outline=ink)
        draw.line((cx, cy - r * 0.6, cx + r * 0.1, cy - r * 1.1), fill=ink, width=2)
        draw.ellipse((cx + r * 0.1, cy - r * 1.15, cx + r * 0.75, cy - r * 0.7), fill=c(LEAF))
    elif token == "berry":
        k = r * 0.52
        for dx, dy in ((-0.45, 0.3), (0.45, 0.3), (0.0, -0.38)):
            x, y = cx + dx * r, cy + dy * r
            draw.ellipse((x - k, y - k, x + k, y + k), fill=c(BERRY), outline=ink)
    elif token == "mushroom":
        draw.rectangle((cx - r * 0.3, cy - r * 0.1, cx + r * 0.3, cy + r), fill=c(STEM), outline=ink)
        draw.chord((cx - r, cy - r, cx + r, cy + r * 0.5), 180, 360, fill=c(MUSHROOM), outline=ink)
        for dx in (-0.45, 0.25):
            x, y = cx + dx * r, cy - r * 0.45
            draw.ellipse((x - r * 0.16, y - r * 0.16, x + r * 0.16, y + r * 0.16), fill=c((255, 255, 255)))
    elif token.startswith("gnome_"):
        # The clan mark on the coin is what tells the token: it gets the phone-readable size
        # of a marker itself, and the coin is a rim round it (so wider than other icons).
        style = clan_style(token[6:])
        coin = r * GNOME_COIN
        draw.ellipse((cx - coin, cy - coin, cx + coin, cy + coin), fill=c(COIN), outline=c(COIN_EDGE), width=2)
        draw_shape(draw, style.shape, cx, cy, coin * GNOME_MARK, c(style.colour), c(style.outline), 1)
    else:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c((200, 200, 200)), outline=ink)


KEY_COLOURS: tuple[RGB, ...] = (
    ACORN,
    ACORN_CAP,
    APPLE,
    LEAF,
    BERRY,
    MUSHROOM,
    STEM,
    COIN,
    COIN_EDGE,
    (255, 255, 255),
    (40, 30, 20),
    GARDEN,
    WATER,
    WATER_EDGE,
    MEADOW,
    STATUE,
    ISLE,
    BORDER,
    PLANK,
    PLANK_DARK,
    PATH,
    *(s.colour for s in CLAN_STYLES.values()),
    *(s.outline for s in CLAN_STYLES.values()),
)
