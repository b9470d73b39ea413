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

_BOARD_FILE = Path(__file__).resolve().parents[2] / "engine" / "associates" / "data" / "associates_board.json"

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
    top: float  # where the vertical line through the centre meets the zone's edge, above...
    bottom: float  # ...and below: the zone's irregular outline, measured where the labels go


def board_json() -> dict[str, Any]:
    """The board JSON (engine copy if present, else render's own)."""
    path = _BOARD_FILE
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
        # Labels and tokens span ~90 px: keep clear of the edge anywhere across that span.
        spans = [_vertical_extent(pts, z["x"] * scale + dx) for dx in (-45, 0, 45)]
        top, bottom = max(t for t, _ in spans), min(b for _, b in spans)
        out[z["id"]] = Zone(
            id=z["id"],
            name=z["name"],
            terrain=z["terrain"],
            guild=z.get("guild"),
            cx=z["x"] * scale,
            cy=z["y"] * scale,
            polygon=pts,
            box=(int(min(xs)), int(min(ys)), int(max(xs)) + 1, int(max(ys)) + 1),
            top=top,
            bottom=bottom,
        )
    return out


def _vertical_extent(pts: tuple[Point, ...], x: float) -> tuple[float, float]:
    """Lowest and highest y where the vertical line at `x` crosses the polygon's edges."""
    ys = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        if min(x0, x1) <= x <= max(x0, x1) and x0 != x1:
            ys.append(y0 + (y1 - y0) * (x - x0) / (x1 - x0))
    return (min(ys), max(ys)) if ys else (min(p[1] for p in pts), max(p[1] for p in pts))


def zone_fill(z: Zone) -> RGB:
    """Printed terrain colour; lair corners take a pale tint of their guild."""
    if z.terrain == "lair":
        base = guild_style(z.guild).colour if z.guild else (160, 160, 160)
        return mix(base, (250, 246, 236), 0.6)
    return TERRAIN_COLOURS.get(z.terrain, (230, 230, 230))


# -- figurine layout ---------------------------------------------------------------------

STACK_LIMIT = 16  # four guilds x four figurines could all stand on one zone


@dataclass(frozen=True)
class FigureLayout:
    """Marker size, whether corner badges (stuns, gold, pumpkin/root) are drawn, and pitches."""

    r: int
    badges: bool
    pitch: int
    row: int


BADGE_R = 11  # corner badges (stuns, gold, pumpkin/root): big enough for a 20-px digit

# Normal markers carry badges: stuns (top) and gold (bottom) stacked on the right,
# pumpkin/root low on the left; the kind letters in the middle stay clear of them.
ROOMY = FigureLayout(r=17, badges=True, pitch=62, row=52)
# A crowd: smaller markers without badges (the panel lists stuns and gold per figurine).
COMPACT = FigureLayout(r=15, badges=False, pitch=38, row=36)


def badge_offsets(layout: FigureLayout) -> dict[str, Point]:
    """Badge centres relative to the marker's centre: "stuns", "gold", "state" (pumpkin/root)."""
    r = layout.r
    return {"stuns": (r + BADGE_R - 1, -9), "gold": (r + BADGE_R - 1, 13), "state": (-r + 5, 13)}


def marker_extent(layout: FigureLayout) -> tuple[int, int, int, int]:
    """How far a marker's box reaches from its centre: left, up, right, down (badges included)."""
    r = layout.r
    if layout.badges:
        return (r + 6, max(r, 9 + BADGE_R), r + 2 * BADGE_R - 1, max(r, 13 + BADGE_R))
    # The kind letters carry a halo and may reach a little past a narrow shape.
    return (max(r, 17), r, max(r, 17), r)


def marker_box(shape: str, x: float, y: float, layout: FigureLayout) -> Box:
    """Bounding box of one marker, badges included."""
    left, up, right, down = marker_extent(layout)
    if not layout.badges:
        box = shape_box(shape, x, y, layout.r)
        return (min(box[0], int(x - left)), box[1], max(box[2], int(x + right) + 1), box[3])
    return (int(x - left), int(y - up), int(x + right) + 1, int(y + down) + 1)


def figurine_layout(z: Zone, n: int, band_top: float, band_bottom: float) -> tuple[FigureLayout, list[Point]]:
    """Layout and centres of `n` markers in zone `z`, between the labels and the token row.

    Rows as wide as the zone allows; a crowd that does not fit switches to
    compact markers, and a block taller than the band grows downwards (kept on
    the canvas) rather than overlapping itself.
    """
    if n <= 0:
        return ROOMY, []
    width = z.box[2] - z.box[0] - 8
    for layout in (ROOMY, COMPACT):
        left, up, right, down = marker_extent(layout)
        per_row = max(1, int((width - left - right) // layout.pitch) + 1)
        rows = -(-n // per_row)
        height = (rows - 1) * layout.row + up + down
        if layout is COMPACT or height <= band_bottom - band_top + 4:
            break
    y0 = (band_top + band_bottom) / 2 - ((rows - 1) * layout.row + down - up) / 2
    y0 = max(y0, band_top + up) if height > band_bottom - band_top else y0
    last = y0 + (rows - 1) * layout.row
    if last + down + 4 > MAP_SIZE:
        y0 -= last + down + 4 - MAP_SIZE
    out: list[Point] = []
    for i in range(rows):
        k = min(per_row, n - i * per_row)
        # Centre the row's boxes (badges reach further right than left) on the zone's centre...
        x0 = z.cx - (k - 1) * layout.pitch / 2 - (right - left) / 2
        # ...but the centre point is not the middle of every irregular zone: keep the row inside its box.
        x0 += max(0.0, z.box[0] + 2 + left - x0) - max(0.0, x0 + (k - 1) * layout.pitch + right - (z.box[2] - 2))
        out.extend((x0 + j * layout.pitch, y0 + i * layout.row) for j in range(k))
    return layout, out


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
            (cx - r, cy - r * 0.92, cx + r, cy + r * 0.92),
            radius=int(r * 0.6),
            fill=c(WOOD),
            outline=c(WOOD_EDGE),
            width=2,
        )
    elif item == "moonstone":
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
        draw.polygon(pts, fill=c(MOON), outline=c(MOON_EDGE), width=2)
    else:
        draw_shape(draw, "square", cx, cy, r, c(ARTEFACT), c((60, 30, 90)), 2)


KEY_COLOURS: tuple[RGB, ...] = (
    GOLD,
    GOLD_EDGE,
    WOOD,
    WOOD_EDGE,
    MOON,
    MOON_EDGE,
    ARTEFACT,
    BORDER,
    (80, 74, 60),
    *TERRAIN_COLOURS.values(),
    *(s.colour for s in GUILD_STYLES.values()),
    *(s.outline for s in GUILD_STYLES.values()),
)
