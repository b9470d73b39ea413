"""The static layer of the Associates board: the 25 zones, their names and terrain words, the panel headings.

Built once per panel size and language and cached; the board of a turn is drawn over a copy of it. Every cache
of words or of where they go is keyed by the language too, so a French board never gets an English layer.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from i18n import ENGLISH, Locale, game_t
from render.associates import names as named
from render.associates.layout import (
    COL_DECK,
    COL_FIGS,
    COL_GP,
    COL_HAND,
    COL_OBJ,
    COLS_Y,
    NAME_SIZE,
    NAME_X,
    TERRAIN_INK,
    TEXT,
    panel_height,
)
from render.associates.style import BORDER, KEY_COLOURS, MAP_SIZE, WIDTH, Zone, zone_fill, zones
from render.common import INK, MUTED, PAPER, Layer, Stamp, ink_on, make_stamps, rgb_text, text_mask, text_width, wrap


def zone_span(z: Zone, y: float) -> tuple[float, float]:
    """Where the horizontal line at `y` enters and leaves zone `z`."""
    xs = []
    pts = z.polygon
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        if min(y0, y1) <= y <= max(y0, y1) and y0 != y1:
            xs.append(x0 + (x1 - x0) * (y - y0) / (y1 - y0))
    return (min(xs), max(xs)) if len(xs) >= 2 else (float(z.box[0]), float(z.box[2]))


LABEL_TOP = 4  # gap between a zone's top edge and its name
LABEL_STEP = NAME_SIZE + 2


@cache
def _label_span(zone: str) -> tuple[float, float]:
    """The horizontal room for a zone's labels: the narrowest width of the zone over their height."""
    z = zones()[zone]
    spans = [zone_span(z, z.top + LABEL_TOP + dy) for dy in range(2, 4 * LABEL_STEP, 6)]
    return max(s[0] for s in spans) + 5, min(s[1] for s in spans) - 5


def has_terrain_word(z: Zone) -> bool:
    """Whether a zone shows its terrain in words: lairs' names already say what they are."""
    return z.terrain != "lair"


def zone_name(z: Zone, locale: Locale = ENGLISH) -> str:
    """A zone's name in `locale` (the board's word where the catalog has none)."""
    return named.zone(locale, z.id, z.name)


def terrain_word(terrain: str, locale: Locale = ENGLISH) -> str:
    """The word under a zone's name for its terrain ("stone circle"); an unknown terrain's id as is."""
    # One literal id per terrain, so that the catalog check sees every one.
    if terrain == "plain":
        return game_t(locale, "associates", "render.terrain-plain")
    if terrain == "hill":
        return game_t(locale, "associates", "render.terrain-hill")
    if terrain == "forest":
        return game_t(locale, "associates", "render.terrain-forest")
    if terrain == "ruin":
        return game_t(locale, "associates", "render.terrain-ruin")
    if terrain == "stone_circle":
        return game_t(locale, "associates", "render.terrain-stone-circle")
    return terrain


def _label_width(z: Zone, locale: Locale) -> int:
    """How wide a zone's label lines may be: the zone's width there, or its longest word's if wider.

    A word is never broken while it fits the zone's box: its halo lets it reach over a slanted edge.
    """
    left, right = _label_span(z.id)
    longest = max((text_width(w, NAME_SIZE) for w in zone_name(z, locale).split()), default=0)
    return int(max(right - left, min(longest, z.box[2] - z.box[0] - 1)))


def name_lines(z: Zone, locale: Locale = ENGLISH) -> tuple[int, list[str]]:
    """Font size and lines of a zone name in `locale`, wrapped to the zone's width where the labels go."""
    return _name_lines(z, locale)


@cache
def _name_lines(z: Zone, locale: Locale) -> tuple[int, list[str]]:
    return NAME_SIZE, wrap(zone_name(z, locale), NAME_SIZE, _label_width(z, locale))


def label_boxes(z: Zone, locale: Locale = ENGLISH) -> list[tuple[int, int, int, int]]:
    """Boxes of a zone's name lines and terrain line in `locale` (for layout tests)."""
    return _label_boxes(z, locale)


@cache
def _label_boxes(z: Zone, locale: Locale) -> list[tuple[int, int, int, int]]:
    size, lines = name_lines(z, locale)
    left, right = _label_span(z.id)
    words = [terrain_word(z.terrain, locale)] if has_terrain_word(z) else []
    out = []
    y = z.top + LABEL_TOP
    for line in [*lines, *words]:
        w = text_width(line, size)
        x0 = min(max(z.cx - w / 2, left), right - w)
        x0 = min(max(x0, z.box[0] + 1), z.box[2] - 1 - w)
        out.append((int(x0), int(y), int(x0 + w) + 1, int(y + LABEL_STEP)))
        y += LABEL_STEP
    return out


def _draw_labels(d: ImageDraw.ImageDraw, locale: Locale, mask: bool = False) -> None:
    """Zone names (halo of the zone's colour) and terrain words in `locale`; with `mask`, their coverage only."""
    for z in zones().values():
        size, lines = name_lines(z, locale)
        boxes = label_boxes(z, locale)
        fill = zone_fill(z)
        ink: Any = (255,) if mask else ink_on(fill)
        halo: Any = (255,) if mask else fill
        # The halo lets a long name reach over the zone's edge and keeps it whole over arrows.
        for (x0, y0, _, _), line in zip(boxes, lines, strict=False):
            rgb_text(d, (x0, y0), line, size, ink, stroke=halo)
        if has_terrain_word(z):
            x0, y0, _, _ = boxes[-1]
            word = terrain_word(z.terrain, locale)
            rgb_text(d, (x0, y0), word, TEXT, (255,) if mask else TERRAIN_INK, stroke=halo)  # type: ignore[arg-type]  # a mask's one-channel ink is no RGB


@cache
def _shapes() -> Image.Image:
    """The zones' shapes, supersampled (built once: no words on them)."""
    k = 2
    big = Image.new("RGB", (MAP_SIZE * k, MAP_SIZE * k), BORDER)
    d = ImageDraw.Draw(big)
    for z in zones().values():
        pts = [(x * k, y * k) for x, y in z.polygon]
        d.polygon(pts, fill=zone_fill(z), outline=BORDER, width=3 * k)
    return big.resize((MAP_SIZE, MAP_SIZE), Image.Resampling.LANCZOS)


@cache
def _map_image(locale: Locale) -> Image.Image:
    """Zones, names and terrain words in `locale` (built once per language)."""
    img = _shapes().copy()
    _draw_labels(ImageDraw.Draw(img), locale)
    return img


def label_mask(locale: Locale = ENGLISH) -> Image.Image:
    """Where the zone labels' ink lies on the map in `locale` (one channel), to cut their stamps with."""
    return _label_mask(locale)


@cache
def _label_mask(locale: Locale) -> Image.Image:
    return text_mask((MAP_SIZE, MAP_SIZE), lambda d: _draw_labels(d, locale, mask=True))


@cache
def label_stamps(
    guilds: int, row_lines: int, footer_px: int, locale: Locale = ENGLISH, status_px: int = 0
) -> tuple[Stamp, ...]:
    """The zone labels of a static layer, to paste back over arrows and outlines (see make_stamps)."""
    boxes = [box for z in zones().values() for box in label_boxes(z, locale)]
    return make_stamps(static_layer(guilds, row_lines, footer_px, locale, status_px), label_mask(locale), boxes)


def column_headings(locale: Locale = ENGLISH) -> tuple[tuple[int, str, str], ...]:
    """The panel's column headings in `locale`: (x, word, anchor)."""
    return (
        (NAME_X, game_t(locale, "associates", "render.column-guild"), "lm"),
        (COL_OBJ, game_t(locale, "associates", "render.column-objectives"), "mm"),
        (COL_GP, game_t(locale, "associates", "render.column-gp"), "mm"),
        (COL_HAND, game_t(locale, "associates", "render.column-hand"), "mm"),
        (COL_DECK, game_t(locale, "associates", "render.column-deck"), "mm"),
        (COL_FIGS, game_t(locale, "associates", "render.column-figurines"), "lm"),
    )


@cache
def static_layer(
    guilds: int, row_lines: int = 0, footer_px: int = 0, locale: Locale = ENGLISH, status_px: int = 0
) -> Layer:
    """The map and the panel's headings in `locale`, for `guilds` panel rows of `row_lines` lines and a footer,
    the headings `status_px` lower under a second status line."""
    img = Image.new("RGB", (WIDTH, MAP_SIZE + panel_height(guilds, row_lines, footer_px, status_px)), PAPER)
    img.paste(_map_image(locale), (0, 0))
    d = ImageDraw.Draw(img)
    y = MAP_SIZE + COLS_Y + status_px + 12
    for x, label, anchor in column_headings(locale):
        rgb_text(d, (x, y), label, TEXT, MUTED, anchor=anchor)
    fills = tuple(zone_fill(z) for z in zones().values())
    return Layer(img, (*KEY_COLOURS, *fills, INK, MUTED, PAPER, TERRAIN_INK))


# -- map -----------------------------------------------------------------------------------
