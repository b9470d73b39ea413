"""Gnome Tribes: the static picture under every board render (sea, territories, rings, icons, names).

Built once per picture height and language (the names are in the reader's) and cached as a palette layer;
a render copies it and draws only the armies, arrows and panel (see render/tribes/board_view.py).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageChops, ImageDraw

from i18n import ENGLISH, Locale
from render.common import HIGHLIGHT, INK, MUTED, PAPER, RGB, Layer, Stamp, make_stamps, rgb_text, text_mask
from render.tribes.style import (
    BORDER,
    CITY_FILL,
    LAB_FILL,
    MAP_SIZE,
    NAME_LINE,
    NAME_SIZE,
    RING_W,
    SEA,
    SEA_PX,
    SEA_WAVE,
    TERRAINS,
    WIDTH,
    Territory,
    fill_colour,
    geometry,
    name_at,
    name_boxes,
    name_lines,
    ring_colour,
    tribe_style,
)

SUPERSAMPLE = 3  # the map is drawn larger and shrunk, for smooth edges

# Colours the quantised static layer must keep exactly (the rings and fills, and the ink of names).
KEY_COLOURS: tuple[RGB, ...] = (
    INK,
    MUTED,
    PAPER,
    HIGHLIGHT,
    SEA,
    SEA_WAVE,
    BORDER,
    CITY_FILL,
    LAB_FILL,
    (0, 0, 0),
    (255, 255, 255),
    *(fill_colour(t) for t in TERRAINS),
    *(ring_colour(t) for t in TERRAINS),
    *(tribe_style(t).colour for t in TERRAINS),
)


def _scaled(points: tuple[tuple[float, float], ...], k: int) -> list[tuple[float, float]]:
    return [(x * k, y * k) for x, y in points]


def _waves(draw: ImageDraw.ImageDraw, k: int) -> None:
    """Little wave strokes along the sea band, so that it reads as sea and not as a frame."""
    step = 46
    half = SEA_PX / 2
    for i in range(int(MAP_SIZE // step) + 1):
        a = 12 + i * step
        for x, y in ((a, half), (a, MAP_SIZE - half), (half, a + step / 2), (MAP_SIZE - half, a + step / 2)):
            if SEA_PX < x < MAP_SIZE - SEA_PX and SEA_PX < y < MAP_SIZE - SEA_PX:
                continue
            box = ((x - 7) * k, (y - 3) * k, (x + 7) * k, (y + 5) * k)
            draw.arc(box, 200, 340, fill=SEA_WAVE, width=2 * k)


def _tower(draw: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
    """A city's tower: a black keep with battlements and a door."""
    w, h = 30 * k, 22 * k
    x0, y0 = cx * k - w / 2, cy * k - h / 2 + 4 * k
    draw.rectangle((x0, y0, x0 + w, y0 + h), fill=(30, 30, 30))
    merlon = w / 5
    for j in (0, 2, 4):
        draw.rectangle((x0 + j * merlon, y0 - 7 * k, x0 + (j + 1) * merlon, y0), fill=(30, 30, 30))
    door = 4 * k
    draw.rounded_rectangle((cx * k - door, y0 + h - 11 * k, cx * k + door, y0 + h), radius=door, fill=CITY_FILL)


def _flask(draw: ImageDraw.ImageDraw, cx: float, cy: float, k: int) -> None:
    """The Gnomlab's flask: a conical glass with a bubbling brew."""
    x, y = cx * k, cy * k
    neck, body, top, bottom = 6 * k, 21 * k, y - 19 * k, y + 16 * k
    shoulder = y - 5 * k
    outline = [
        (x - neck, top),
        (x + neck, top),
        (x + neck, shoulder),
        (x + body, bottom),
        (x - body, bottom),
        (x - neck, shoulder),
    ]
    draw.polygon(outline, fill=(255, 255, 255), outline=(0, 0, 0), width=3 * k)
    brew = [
        (x - body * 0.72, y + 4 * k),
        (x + body * 0.72, y + 4 * k),
        (x + body - 3 * k, bottom - 3 * k),
        (x - body + 3 * k, bottom - 3 * k),
    ]
    draw.polygon(brew, fill=(150, 100, 200))
    for dx, dy, r in ((-3, -9, 2.5), (3, -13, 2), (0, -20, 3)):
        draw.ellipse(
            (x + (dx - r) * k, y + (dy - r) * k, x + (dx + r) * k, y + (dy + r) * k), outline=(0, 0, 0), width=k
        )


@cache
def map_image() -> Image.Image:
    """The map without names: sea, territories with their rings and borders, city and Gnomlab icons."""
    k = SUPERSAMPLE
    size = MAP_SIZE * k
    image = Image.new("RGB", (size, size), SEA)
    draw = ImageDraw.Draw(image)
    _waves(draw, k)
    geo = geometry()
    for t in geo.territories.values():
        draw.polygon(_scaled(t.polygon, k), fill=fill_colour(t.type))
    # The coloured ring inside each edge: a wide stroke on the edge, kept only inside the territory
    # (drawn on the territory's bounding box only: whole-map masks would cost seconds).
    for t in geo.territories.values():
        pts = _scaled(t.polygon, k)
        x0, y0 = int(min(x for x, _ in pts)), int(min(y for _, y in pts))
        x1, y1 = int(max(x for x, _ in pts)) + 1, int(max(y for _, y in pts)) + 1
        local = [(x - x0, y - y0) for x, y in pts]
        size_box = (x1 - x0, y1 - y0)
        ring = Image.new("L", size_box, 0)
        ImageDraw.Draw(ring).line([*local, local[0], local[1]], fill=255, width=2 * RING_W * k, joint="curve")
        inside = Image.new("L", size_box, 0)
        ImageDraw.Draw(inside).polygon(local, fill=255)
        mask = ImageChops.multiply(ring, inside)
        image.paste(ring_colour(t.type), (x0, y0, x1, y1), mask)
    for t in geo.territories.values():
        pts = _scaled(t.polygon, k)
        draw.line([*pts, pts[0], pts[1]], fill=BORDER, width=2 * k, joint="curve")
    coast = (SEA_PX * k, SEA_PX * k, (MAP_SIZE - SEA_PX) * k, (MAP_SIZE - SEA_PX) * k)
    draw.rectangle(coast, outline=BORDER, width=3 * k)
    for t in geo.territories.values():
        if t.icon_at is None:
            continue
        (_tower if t.type == "city" else _flask)(draw, t.icon_at[0], t.icon_at[1], k)
    return image.resize((MAP_SIZE, MAP_SIZE), Image.Resampling.LANCZOS)


def _draw_names(
    draw: ImageDraw.ImageDraw, t: Territory, ink: tuple[int, ...], halo: tuple[int, ...], locale: Locale
) -> None:
    x, y = name_at(t.id, locale)
    lines = name_lines(t.id, locale)
    top = y - len(lines) * NAME_LINE / 2
    for i, line in enumerate(lines):
        rgb_text(draw, (x, top + i * NAME_LINE + NAME_LINE / 2), line, NAME_SIZE, ink, anchor="mm", stroke=halo)  # type: ignore[arg-type]  # (255,) on a mask


def static_layer(height: int, locale: Locale = ENGLISH) -> Layer:
    """The map with every territory's name in `locale` (haloed in its fill colour) over a paper panel, `height`
    tall."""
    # One cache key per size and language, however the arguments are passed.
    return _static_layer(height, locale)


@cache
def _static_layer(height: int, locale: Locale) -> Layer:
    image = Image.new("RGB", (WIDTH, height), PAPER)
    image.paste(map_image(), (0, 0))
    draw = ImageDraw.Draw(image)
    for t in geometry().territories.values():
        _draw_names(draw, t, INK, fill_colour(t.type), locale)
    return Layer(image, KEY_COLOURS)


def name_mask(locale: Locale = ENGLISH) -> Image.Image:
    """A 1-bit mask of every name in `locale` and its halo on the map."""
    return _name_mask(locale)


@cache
def _name_mask(locale: Locale) -> Image.Image:
    def draw_all(draw: ImageDraw.ImageDraw) -> None:
        for t in geometry().territories.values():
            _draw_names(draw, t, (255,), (255,), locale)

    return text_mask((MAP_SIZE, MAP_SIZE), draw_all)


def name_stamps(height: int, locale: Locale = ENGLISH) -> tuple[Stamp, ...]:
    """The names in `locale` as stamps to paste back over arrows drawn across them."""
    return _name_stamps(height, locale)


@cache
def _name_stamps(height: int, locale: Locale) -> tuple[Stamp, ...]:
    boxes = [box for tid in geometry().order for box in name_boxes(tid, locale)]
    return make_stamps(static_layer(height, locale), name_mask(locale), boxes)
