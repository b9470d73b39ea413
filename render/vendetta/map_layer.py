"""The static layer of the Vendetta board: territories, planks and passages, names, the panel headings.

Built once per panel size and cached; the board of a turn is drawn over a copy of it.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from i18n import ENGLISH, Locale, game_t
from render.common import (
    INK,
    MARK_R,
    MUTED,
    PAPER,
    Layer,
    Point,
    Stamp,
    ellipsize,
    fit_size,
    ink_on,
    make_stamps,
    mix,
    rgb_text,
    text_mask,
    text_width,
    wrap,
)
from render.vendetta.layout import (
    COL_BOARD,
    COL_FOOD,
    COL_GNOME,
    COL_OBJ,
    COL_RES,
    COLS_Y,
    NAME_SIZE,
    NAME_X,
    ROW_H,
    ROWS_Y,
    TEXT,
    picture_size,
)
from render.vendetta.names import place
from render.vendetta.style import (
    BORDER,
    CLOCKWISE,
    FOODS,
    GARDEN,
    LOOT_ICON,
    MAP_SIZE,
    PATH,
    PLANK,
    PLANK_DARK,
    WATER,
    WATER_EDGE,
    WIDTH,
    Territory,
    clan_style,
    draw_icon,
    geometry,
    hyphenate,
    loot_anchor,
    marker_radius,
    pieces_dy,
    terrain_colour,
)
from render.vendetta.style import KEY_COLOURS as STYLE_COLOURS

# Colours the static layer must keep exactly (small icons would otherwise merge away).
KEY_COLOURS = (*STYLE_COLOURS, INK, MUTED, PAPER)


def name_width(t: Territory) -> int:
    """How wide a territory's name may be drawn."""
    # Statues are small: their names may spill over the edge onto the brook
    # (every name is drawn with a halo in its territory's colour, so it reads there).
    return int(t.r * {"statue": 2.4, "home": 2.05}.get(t.kind, 1.9))


def name_lines(t: Territory, locale: Locale = ENGLISH) -> tuple[int, list[str]]:
    """Font size and lines of a territory's name in `locale`, wrapped to fit across it."""
    return _name_lines(t, locale)


@cache
def _name_lines(t: Territory, locale: Locale) -> tuple[int, list[str]]:
    return NAME_SIZE, wrap(hyphenate(place(locale, t.id)), NAME_SIZE, name_width(t))


def name_boxes(t: Territory, locale: Locale = ENGLISH) -> list[tuple[int, int, int, int]]:
    """Boxes of the name lines of `t` in `locale` (for layout tests): above the pieces, centred."""
    return _name_boxes(t, locale)


@cache
def _name_boxes(t: Territory, locale: Locale) -> list[tuple[int, int, int, int]]:
    size, lines = name_lines(t, locale)
    line_h = size + 1
    # The box of each line includes its halo: it is what a name stamp covers.
    bottom = t.cy + pieces_dy(t) - marker_radius(1) - 3
    top = bottom - len(lines) * line_h
    out = []
    for i, line in enumerate(lines):
        w = text_width(line, size)
        y = top + i * line_h
        out.append((int(t.cx - w / 2), int(y), int(t.cx + w / 2) + 1, int(y + line_h)))
    return out


def _plank(draw: ImageDraw.ImageDraw, a: Point, b: Point, k: int) -> None:
    """A bridge: a brown deck with darker rails and cross planks (drawn at scale k)."""
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    half = 8 * k
    deck = [
        (x0 + nx * half, y0 + ny * half),
        (x1 + nx * half, y1 + ny * half),
        (x1 - nx * half, y1 - ny * half),
        (x0 - nx * half, y0 - ny * half),
    ]
    draw.polygon(deck, fill=PLANK, outline=PLANK_DARK, width=2 * k)
    step = 9 * k
    for i in range(1, int(length // step)):
        px, py = x0 + ux * step * i, y0 + uy * step * i
        draw.line((px + nx * half, py + ny * half, px - nx * half, py - ny * half), fill=PLANK_DARK, width=k)


def _passage(draw: ImageDraw.ImageDraw, a: Point, b: Point, k: int) -> None:
    """A garden passage: a row of round stepping stones."""
    (x0, y0), (x1, y1) = a, b
    length = math.hypot(x1 - x0, y1 - y0)
    step = 14 * k
    rr = 4.5 * k
    for i in range(int(length // step) + 1):
        t = i * step / length
        x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
        draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=PATH, outline=(90, 80, 60), width=k)


@cache
def _map_image() -> Image.Image:
    """The map without names: brook, links, territories, loot icons (supersampled, built once)."""
    geo = geometry()
    k = 2  # supersample the shapes (Pillow does not anti-alias polygons)
    big = Image.new("RGB", (MAP_SIZE * k, MAP_SIZE * k), GARDEN)
    d = ImageDraw.Draw(big)
    c = MAP_SIZE * k / 2
    brook = 350 * geo.scale * k  # the brook between the meadows and the inner statues
    d.ellipse((c - brook, c - brook, c + brook, c + brook), fill=WATER, outline=WATER_EDGE, width=3 * k)
    for a, b, kind in geo.links:
        ta, tb = geo.territories[a], geo.territories[b]
        pa, pb = (ta.cx * k, ta.cy * k), (tb.cx * k, tb.cy * k)
        (_plank if kind == "bridge" else _passage)(d, pa, pb, k)
    for t in geo.territories.values():
        pts = [(x * k, y * k) for x, y in t.polygon]
        edge = BORDER
        width = 2 * k
        if t.kind == "home" and t.clan:
            edge = mix(clan_style(t.clan).colour, (0, 0, 0), 0.45)
            width = 4 * k
        d.polygon(pts, fill=terrain_colour(t), outline=edge, width=width)
    for t in geo.territories.values():
        x, y = loot_anchor(t)
        draw_icon(d, t.loot, x * k, y * k, LOOT_ICON * k)
    return big.resize((MAP_SIZE, MAP_SIZE), Image.Resampling.LANCZOS)


def _draw_names(d: ImageDraw.ImageDraw, locale: Locale, mask: bool = False) -> None:
    """Every territory name in `locale` with a halo of its territory's colour (or, with `mask`, their coverage)."""
    for t in geometry().territories.values():
        size, lines = name_lines(t, locale)
        fill = terrain_colour(t)
        for (x0, y0, x1, _), line in zip(name_boxes(t, locale), lines, strict=True):
            ink, halo = ((255,), (255,)) if mask else (ink_on(fill), fill)
            rgb_text(d, ((x0 + x1) / 2, y0), line, size, ink, anchor="ma", stroke=halo)  # type: ignore[arg-type]  # a mask's one-channel ink is no RGB


def static_layer(seats: int, footer_lines: int = 1, locale: Locale = ENGLISH) -> Layer:
    """The map, names in `locale`, links, loot icons and the panel's fixed headings, for `seats` rows."""
    # One cache key per size and language, however the arguments are passed.
    return _static_layer(seats, footer_lines, locale)


@cache
def _static_layer(seats: int, footer_lines: int, locale: Locale) -> Layer:
    w, h = picture_size(seats, footer_lines)
    img = Image.new("RGB", (w, h), PAPER)
    img.paste(_map_image(), (0, 0))
    d = ImageDraw.Draw(img)
    _draw_names(d, locale)
    _panel_headings(d, seats, locale)
    return Layer(img, KEY_COLOURS)


@cache
def name_mask(locale: Locale = ENGLISH) -> Image.Image:
    """Where the territory names in `locale` and their halos are on the map (1-bit)."""
    return text_mask((MAP_SIZE, MAP_SIZE), lambda d: _draw_names(d, locale, mask=True))


def name_stamps(seats: int, footer_lines: int = 1, locale: Locale = ENGLISH) -> tuple[Stamp, ...]:
    """The name lines of the static layer, to paste back after the arrows and outlines (see make_stamps)."""
    return _name_stamps(seats, footer_lines, locale)


@cache
def _name_stamps(seats: int, footer_lines: int, locale: Locale) -> tuple[Stamp, ...]:
    return make_stamps(static_layer(seats, footer_lines, locale), name_mask(locale), all_name_boxes(locale))


# The room a centred column heading has: the distance to the next column's centre (two neighbours of that width
# just meet), and for the last column twice its distance to the picture's edge.
HEADING_W = {"reserve": COL_BOARD - COL_RES, "on_map": COL_BOARD - COL_RES, "objectives": 2 * (WIDTH - COL_OBJ)}


def _heading(d: ImageDraw.ImageDraw, x: float, y: float, text: str, width: float, anchor: str = "mm") -> None:
    """A column heading, shrunk (never below the readable size) and then shortened to fit `width`."""
    size = fit_size(text, TEXT, width)
    rgb_text(d, (x, y), ellipsize(text, size, width), size, MUTED, anchor=anchor)


def _panel_headings(d: ImageDraw.ImageDraw, seats: int, locale: Locale) -> None:
    """The table's column headings in `locale` (static: the same for every render)."""
    top = MAP_SIZE
    d.line((0, top, WIDTH, top), fill=BORDER, width=3)
    y = top + COLS_Y + 12
    _heading(d, NAME_X, y, game_t(locale, "vendetta", "render.column-clan"), COL_RES - NAME_X - 50, anchor="lm")
    # Words, not abbreviations: a player reads "Reserve" (the rules' word) and "On map" at a glance.
    _heading(d, COL_RES, y, game_t(locale, "vendetta", "render.column-reserve"), HEADING_W["reserve"])
    _heading(d, COL_BOARD, y, game_t(locale, "vendetta", "render.column-on-map"), HEADING_W["on_map"])
    for x, food in zip(COL_FOOD, FOODS, strict=True):
        draw_icon(d, food, x, y, MARK_R)
    for x, clan in zip(COL_GNOME, CLOCKWISE, strict=True):
        draw_icon(d, f"gnome_{clan}", x, y, MARK_R)
    _heading(d, COL_OBJ, y, game_t(locale, "vendetta", "render.column-objectives"), HEADING_W["objectives"])
    # Separator between the food and gnome-token column groups.
    sep = (COL_FOOD[-1] + COL_GNOME[0]) / 2
    d.line((sep, y - 14, sep, top + ROWS_Y + seats * ROW_H), fill=(200, 190, 170), width=1)


def all_name_boxes(locale: Locale = ENGLISH) -> list[tuple[int, int, int, int]]:
    """The boxes of every territory name's lines in `locale`."""
    return _all_name_boxes(locale)


@cache
def _all_name_boxes(locale: Locale) -> list[tuple[int, int, int, int]]:
    return [box for t in geometry().territories.values() for box in name_boxes(t, locale)]

