"""Gnomes & Associates: map geometry, guild and terrain styles, item icons, figurine layout.

Static data only (the packaged board JSON, read once); nothing here sees a view.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw

from render.common import RGB, Box, Point, draw_shape, mix, shape_box

_ENGINE_BOARD = Path(__file__).resolve().parent.parent / "engine" / "associates" / "data" / "associates_board.json"
_OWN_BOARD = Path(__file__).with_name("data") / "associates_board.json"

WIDTH = 800
MAP_SIZE = 800

GUILDS: tuple[str, ...] = ("artisans", "brigands", "usurers", "thieves")


@dataclass(frozen=True)
class GuildStyle:
    """How a guild is drawn: Okabe-Ito colour, marker shape, letter."""

    colour: RGB
    shape: str
    letter: str
    outline: RGB


# Guild colours are named blue/red/yellow/green by the rules; these are their
# colour-blind-safe Okabe-Ito versions, and each guild also has its own shape.
GUILD_STYLES: dict[str, GuildStyle] = {
    "artisans": GuildStyle((0, 114, 178), "diamond", "A", (0, 28, 50)),
    "brigands": GuildStyle((213, 94, 0), "circle", "B", (40, 20, 0)),
    "usurers": GuildStyle((240, 228, 66), "triangle_down", "U", (60, 55, 0)),
    "thieves": GuildStyle((0, 158, 115), "triangle", "T", (0, 40, 28)),
    "neutral": GuildStyle((150, 150, 150), "square", "N", (30, 30, 30)),
}


def guild_style(guild: str | None) -> GuildStyle:
    """Style of a guild id; unknown ids (or None) draw as neutral grey squares."""
    return GUILD_STYLES.get(guild or "", GUILD_STYLES["neutral"])


def guild_of_code(code: str | None) -> str | None:
    """'art' -> 'artisans' (trap owners are three-letter card codes)."""
    if not code:
        return None
    for g in GUILDS:
        if g.startswith(code):
            return g
    return None


KIND_LETTERS = {"gnome": "Gn", "troll": "Tr", "goblin": "Gb", "fairy": "Fa"}

TERRAIN_COLOURS: dict[str, RGB] = {
    "plain": (232, 234, 196),
    "hill": (222, 198, 146),
    "forest": (156, 198, 132),
    "ruin": (206, 194, 184),
    "stone_circle": (188, 204, 222),
    "lair": (236, 236, 236),
}
TERRAIN_WORDS = {
    "plain": "plain",
    "hill": "hill: +1 combat die",
    "forest": "forest: +1 theft die",
    "ruin": "ruin: combat here yellow",
    "stone_circle": "stone circle: theft here yellow",
    "lair": "lair",
}
BORDER: RGB = (70, 64, 52)


@dataclass(frozen=True)
class Zone:
    """One zone in picture coordinates."""

    id: str
    name: str
    terrain: str
    guild: str | None
    cx: float
    cy: float
    polygon: tuple[Point, ...]
    box: Box


def board_json() -> dict[str, Any]:
    """The board JSON (engine copy if present, else render's own)."""
    path = _ENGINE_BOARD if _ENGINE_BOARD.exists() else _OWN_BOARD
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def zones() -> dict[str, Zone]:
    """The 25 zones in picture coordinates, in board order."""
    raw = board_json()
    scale = MAP_SIZE / raw["canvas"]["width"]
    out = {}
    for z in raw["zones"]:
        pts = tuple((x * scale, y * scale) for x, y in z["polygon"])
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        out[z["id"]] = Zone(
            id=z["id"],
            name=z["name"],
            terrain=z["terrain"],
            guild=z.get("guild"),
            cx=z["x"] * scale,
            cy=z["y"] * scale,
            polygon=pts,
            box=(int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1),
        )
    return out


def zone_fill(z: Zone) -> RGB:
    """Printed terrain colour; lair corners take a pale tint of their guild."""
    if z.terrain == "lair":
        base = guild_style(z.guild).colour if z.guild else (160, 160, 160)
        return mix(base, (250, 246, 236), 0.6)
    return TERRAIN_COLOURS.get(z.terrain, (230, 230, 230))


# -- figurine layout ---------------------------------------------------------------------

FIG_R = 15
FIG_PITCH = 42  # leaves room for the stun and gold badges on the marker's corners
FIG_ROW = 40
FIGS_PER_ROW = 3
FIGS_DY = 2  # first row's centre below the zone centre
STACK_LIMIT = 16  # four guilds x four figurines could all stand on one zone


def figurine_centres(z: Zone, n: int) -> list[Point]:
    """Centres of `n` figurine markers in a zone: rows of three, then four if crowded."""
    if n <= 0:
        return []
    per_row = FIGS_PER_ROW if n <= 6 else 4
    pitch = FIG_PITCH if per_row == 3 else 34
    rows = [min(per_row, n - i) for i in range(0, n, per_row)]
    row_h = FIG_ROW if len(rows) <= 2 else 32
    # Two rows fit under the name; a bigger crowd grows upwards over the terrain line.
    y0 = z.cy + FIGS_DY - max(0, len(rows) - 2) * row_h / 2
    out: list[Point] = []
    for r, k in enumerate(rows):
        y = y0 + r * row_h
        x0 = z.cx - (k - 1) * pitch / 2
        out.extend((x0 + j * pitch, y) for j in range(k))
    return out


def figurine_radius(n: int) -> int:
    """Marker half-size with `n` figurines in one zone."""
    return FIG_R if n <= 6 else 12


def figurine_boxes(z: Zone, guilds: list[str]) -> list[Box]:
    """Marker boxes (badges included) for figurines of `guilds` in `z` (layout tests)."""
    r = figurine_radius(len(guilds))
    out = []
    for g, (x, y) in zip(guilds, figurine_centres(z, len(guilds)), strict=True):
        x0, y0, x1, y1 = shape_box(guild_style(g).shape, x, y, r)
        out.append((min(x0, int(x - r)), min(y0, int(y - r)), max(x1, int(x + r + 1)), max(y1, int(y + r + 1))))
    return out


# -- item icons ----------------------------------------------------------------------------

GOLD: RGB = (236, 196, 60)
GOLD_EDGE: RGB = (120, 86, 10)
WOOD: RGB = (120, 160, 70)
WOOD_EDGE: RGB = (50, 80, 30)
MOON: RGB = (206, 226, 246)
MOON_EDGE: RGB = (60, 90, 140)
ARTEFACT: RGB = (190, 150, 220)
ITEMS: tuple[str, ...] = ("gold", "sacred_wood", "moonstone", "amulet", "broom", "tromblon")
ITEM_LETTERS = {"amulet": "Am", "broom": "Br", "tromblon": "Tb"}


def draw_item(draw: ImageDraw.ImageDraw, item: str, cx: float, cy: float, r: float, pick: Any = None) -> None:
    """A treasure item icon (gold coin, sacred wood log, moonstone gem, artefact tile)."""
    c = pick or (lambda rgb: rgb)
    if item == "gold":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=c(GOLD), outline=c(GOLD_EDGE), width=2)
    elif item == "sacred_wood":
        draw.rounded_rectangle(
            (cx - r, cy - r * 0.55, cx + r, cy + r * 0.55), radius=int(r * 0.5), fill=c(WOOD), outline=c(WOOD_EDGE),
            width=2,
        )
    elif item == "moonstone":
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
        draw.polygon(pts, fill=c(MOON), outline=c(MOON_EDGE), width=2)
    else:
        draw_shape(draw, "square", cx, cy, r, c(ARTEFACT), c((60, 30, 90)), 2)
