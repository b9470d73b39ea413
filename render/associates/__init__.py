"""Gnomes & Associates pictures: the table's board and each player's hand.

`board(view)` draws the 25 zones (cached static layer) with lairs, figurines,
loose treasure and tokens, the last move, and a panel of guilds below;
`private(view)` draws the player's hand, drafts and last draw (see
render/associates/private_view.py). Both read only the view they are given.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render.associates import private_view as associates_private
from render.associates import samples as associates_samples
from render.associates.style import (
    ARTEFACT,
    BADGE_R,
    BORDER,
    GOLD,
    ITEM_LETTERS,
    ITEMS,
    KEY_COLOURS,
    MAP_SIZE,
    TERRAIN_WORDS,
    WIDTH,
    FigureLayout,
    Zone,
    badge_offsets,
    draw_item,
    figurine_layout,
    guild_of_code,
    guild_style,
    marker_box,
    zone_fill,
    zones,
)
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    RGB,
    Canvas,
    Layer,
    Point,
    Stamp,
    boxes_overlap,
    ink_on,
    inside,
    line_height,
    make_stamps,
    paste_stamps,
    readable,
    rgb_text,
    text_mask,
    text_width,
    wrap,
)

KIND_LETTERS = {"gnome": "Gn", "troll": "Tr", "goblin": "Gb", "fairy": "Fa"}
PHASES = {
    "guild": "Choosing guilds",
    "designate": "Usurers designate",
    "activation": "Activations",
    "keep": "Keeping cards",
    "reinforce": "Reinforcements",
    "over": "Game over",
}
DICE: dict[str, RGB] = {"green": (0, 158, 115), "yellow": (240, 228, 66), "red": (213, 94, 0)}

TEXT = 20  # the phone-readable minimum, used for every line but the title
HEADING = 26
PAD = 12
HEADER_H = 84
COLS_Y = 92
ROWS_Y = 122
ROW_LINE = 34  # one line of a guild's row (its figurines may need several)
ROW_PAD = 10
FOOTER_PAD = 10
NAME_X = 44
COL_OBJ = 186
COL_GP = 240
COL_HAND = 300
COL_DECK = 368
COL_FIGS = 410
PIP = 16  # a stun / free space pip in the panel
ROW_NOW: RGB = (255, 221, 170)
ROW_WAITING: RGB = (214, 232, 250)
CAPTION_W = WIDTH - 2 * PAD
TERRAIN_INK: RGB = (80, 74, 60)

NAME_SIZE = 20
TOKEN_ROW_UP = 15  # token row (lair, loose treasure, traps) centred this far above the zone's bottom edge
TOKEN_H = 24


def panel_height(guilds: int, row_lines: int = 0, footer_px: int = 0) -> int:
    """Height of the panel: `guilds` rows taking `row_lines` lines in all, and a footer `footer_px` tall."""
    row_lines = max(row_lines, guilds)
    footer = max(line_height(TEXT), footer_px)
    return ROWS_Y + row_lines * ROW_LINE + guilds * ROW_PAD + 2 * FOOTER_PAD + footer


def _span(z: Zone, y: float) -> tuple[float, float]:
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
    spans = [_span(z, z.top + LABEL_TOP + dy) for dy in range(2, 4 * LABEL_STEP, 6)]
    return max(s[0] for s in spans) + 5, min(s[1] for s in spans) - 5


def has_terrain_word(z: Zone) -> bool:
    """Whether a zone shows its terrain in words: lairs' names already say what they are."""
    return z.terrain != "lair"


def _label_width(z: Zone) -> int:
    """How wide a zone's label lines may be: the zone's width there, or its longest word's if wider.

    A word is never broken while it fits the zone's box: its halo lets it reach over a slanted edge.
    """
    left, right = _label_span(z.id)
    longest = max((text_width(w, NAME_SIZE) for w in z.name.split()), default=0)
    return int(max(right - left, min(longest, z.box[2] - z.box[0] - 1)))


@cache
def name_lines(z: Zone) -> tuple[int, list[str]]:
    """Font size and lines of a zone name, wrapped to the zone's width where the labels go."""
    return NAME_SIZE, wrap(z.name, NAME_SIZE, _label_width(z))


@cache
def label_boxes(z: Zone) -> list[tuple[int, int, int, int]]:
    """Boxes of a zone's name lines and terrain line (for layout tests)."""
    size, lines = name_lines(z)
    left, right = _label_span(z.id)
    words = [TERRAIN_WORDS.get(z.terrain, z.terrain)] if has_terrain_word(z) else []
    out = []
    y = z.top + LABEL_TOP
    for line in [*lines, *words]:
        w = text_width(line, size)
        x0 = min(max(z.cx - w / 2, left), right - w)
        x0 = min(max(x0, z.box[0] + 1), z.box[2] - 1 - w)
        out.append((int(x0), int(y), int(x0 + w) + 1, int(y + LABEL_STEP)))
        y += LABEL_STEP
    return out


def _draw_labels(d: ImageDraw.ImageDraw, mask: bool = False) -> None:
    """Zone names (halo of the zone's colour) and terrain words; with `mask`, their coverage only."""
    for z in zones().values():
        size, lines = name_lines(z)
        boxes = label_boxes(z)
        fill = zone_fill(z)
        ink: Any = (255,) if mask else ink_on(fill)
        halo: Any = (255,) if mask else fill
        # The halo lets a long name reach over the zone's edge and keeps it whole over arrows.
        for (x0, y0, _, _), line in zip(boxes, lines, strict=False):
            rgb_text(d, (x0, y0), line, size, ink, stroke=halo)
        if has_terrain_word(z):
            x0, y0, _, _ = boxes[-1]
            word = TERRAIN_WORDS.get(z.terrain, z.terrain)
            rgb_text(d, (x0, y0), word, TEXT, (255,) if mask else TERRAIN_INK, stroke=halo)  # type: ignore[arg-type]  # a mask's one-channel ink is no RGB


@cache
def _map_image() -> Image.Image:
    """Zones, names and terrain words (supersampled shapes, built once)."""
    k = 2
    big = Image.new("RGB", (MAP_SIZE * k, MAP_SIZE * k), BORDER)
    d = ImageDraw.Draw(big)
    for z in zones().values():
        pts = [(x * k, y * k) for x, y in z.polygon]
        d.polygon(pts, fill=zone_fill(z), outline=BORDER, width=3 * k)
    img = big.resize((MAP_SIZE, MAP_SIZE), Image.Resampling.LANCZOS)
    _draw_labels(ImageDraw.Draw(img))
    return img


@cache
def _label_mask() -> Image.Image:
    return text_mask((MAP_SIZE, MAP_SIZE), lambda d: _draw_labels(d, mask=True))


@cache
def label_stamps(guilds: int, row_lines: int, footer_px: int) -> tuple[Stamp, ...]:
    """The zone labels of a static layer, to paste back over arrows and outlines (see make_stamps)."""
    boxes = [box for z in zones().values() for box in label_boxes(z)]
    return make_stamps(static_layer(guilds, row_lines, footer_px), _label_mask(), boxes)


@cache
def static_layer(guilds: int, row_lines: int = 0, footer_px: int = 0) -> Layer:
    """The map and the panel's headings, for `guilds` panel rows of `row_lines` lines and a footer."""
    img = Image.new("RGB", (WIDTH, MAP_SIZE + panel_height(guilds, row_lines, footer_px)), PAPER)
    img.paste(_map_image(), (0, 0))
    d = ImageDraw.Draw(img)
    y = MAP_SIZE + COLS_Y + 12
    for x, label, anchor in (
        (NAME_X, "Guild", "lm"),
        (COL_OBJ, "Obj", "mm"),
        (COL_GP, "GP", "mm"),
        (COL_HAND, "Hand", "mm"),
        (COL_DECK, "Deck", "mm"),
        (COL_FIGS, "Figurines", "lm"),
    ):
        rgb_text(d, (x, y), label, TEXT, MUTED, anchor=anchor)
    fills = tuple(zone_fill(z) for z in zones().values())
    return Layer(img, (*KEY_COLOURS, *fills, INK, MUTED, PAPER, TERRAIN_INK))


# -- map -----------------------------------------------------------------------------------


def _treasure_items(treasure: dict[str, Any]) -> list[tuple[str, int]]:
    return [(item, int(treasure.get(item, 0))) for item in ITEMS if int(treasure.get(item, 0) or 0) > 0]


def _token_row(cv: Canvas, z: Zone, view: dict[str, Any], zone_view: dict[str, Any]) -> None:
    """Lair, loose treasure, trap, storm and tombs of a zone, as one centred row of icons."""
    entries: list[tuple[str, Any]] = []
    for lair in view.get("lairs") or []:
        if lair.get("zone") == z.id:
            entries.append(("lair", lair))
    for item, n in _treasure_items(zone_view.get("loose") or {}):
        entries.append(("item", (item, n)))
    trap = zone_view.get("trap")
    if trap:
        entries.append(("trap", trap))
    if zone_view.get("storm") is not None:
        entries.append(("storm", None))
    for guild, treasure in (zone_view.get("tombs") or {}).items():
        entries.append(("tomb", (guild, treasure)))
    if not entries:
        return
    widths = [_entry_width(kind, data) for kind, data in entries]
    total = sum(widths) + 5 * (len(widths) - 1)
    # Centred under the zone, but kept inside its box when the row is wide.
    x = min(max(z.cx - total / 2, z.box[0] + 4), z.box[2] - 4 - total)
    y = z.bottom - TOKEN_ROW_UP
    bg = zone_fill(z)
    for (kind, data), w in zip(entries, widths, strict=True):
        _entry(cv, kind, data, x, y, bg)
        x += w + 5


def token_row_width(view: dict[str, Any], zone: str) -> int:
    """Width of a zone's token row (layout tests)."""
    zone_view: dict[str, Any] = next((zv for zv in view.get("zones") or [] if zv.get("id") == zone), {})
    entries: list[tuple[str, Any]] = [("lair", lair) for lair in view.get("lairs") or [] if lair.get("zone") == zone]
    entries += [("item", (item, n)) for item, n in _treasure_items(zone_view.get("loose") or {})]
    entries += [("trap", zone_view["trap"])] if zone_view.get("trap") else []
    entries += [("storm", None)] if zone_view.get("storm") is not None else []
    entries += [("tomb", (g, t)) for g, t in (zone_view.get("tombs") or {}).items()]
    widths = [_entry_width(kind, data) for kind, data in entries]
    return sum(widths) + 5 * max(0, len(widths) - 1)


TOKEN = 24  # side of a square token on the map


def _entry_width(kind: str, data: Any) -> int:
    if kind == "lair":
        stuns = int(data.get("stuns", 0))
        gold = int((data.get("safe") or {}).get("gold", 0))
        return (
            TOKEN
            + 2
            + (text_width(str(gold), TEXT) + 4 if gold else 0)
            + (TOKEN if stuns else 0)
            + (TOKEN - 2) * (bool(data.get("safe_token")) + bool(data.get("bank_token")))
        )
    if kind == "item":
        return TOKEN + text_width(str(data[1]), TEXT) + 2
    if kind == "tomb":
        gold = int((data[1] or {}).get("gold", 0))
        return TOKEN + (text_width(str(gold), TEXT) + 2 if gold else 0)
    return TOKEN


def _entry(cv: Canvas, kind: str, data: Any, x: float, y: float, bg: RGB) -> None:
    h = TOKEN / 2
    if kind == "lair":
        style = guild_style(data.get("guild"))
        destroyed = data.get("state") != "intact"
        fill = (150, 150, 150) if destroyed else style.colour
        cv.rounded((x, y - h, x + TOKEN, y + h), 4, fill, style.outline, 2)
        cv.text((x + h, y), "✗" if destroyed else "⌂", TEXT, ink_on(fill), fill, anchor="mm")
        if data.get("defended"):
            cv.rounded((x - 2, y - h - 2, x + TOKEN + 2, y + h + 2), 5, None, INK, 2)
        x += TOKEN + 2
        gold = int((data.get("safe") or {}).get("gold", 0))
        if gold:
            x += cv.text((x + 1, y), str(gold), TEXT, INK, bg, anchor="lm") + 4
        stuns = int(data.get("stuns", 0))
        if stuns:
            cv.ellipse((x, y - h, x + TOKEN - 2, y + h - 2), HIGHLIGHT, INK, 1)
            cv.text((x + h - 1, y - 1), str(stuns), TEXT, (255, 255, 255), HIGHLIGHT, anchor="mm")
            x += TOKEN
        for flag, letter in (("safe_token", "S"), ("bank_token", "$")):
            if data.get(flag):
                cv.rect((x, y - h + 1, x + TOKEN - 4, y + h - 1), (60, 60, 60))
                cv.text((x + h - 2, y), letter, TEXT, (255, 255, 255), (60, 60, 60), anchor="mm")
                x += TOKEN - 2
    elif kind == "item":
        item, n = data
        draw_item(cv.draw, item, x + h, y, h - 1, cv.c)
        if item in ITEM_LETTERS:
            cv.text((x + h, y), ITEM_LETTERS[item][0], TEXT, INK, ARTEFACT, anchor="mm")
        cv.text((x + TOKEN + 1, y), str(n), TEXT, INK, bg, anchor="lm")
    elif kind == "trap":
        owner = guild_of_code(data.get("owner"))
        style = guild_style(owner)
        cv.rect((x, y - h, x + TOKEN, y + h), style.colour, INK, 2)
        letter = "M" if data.get("kind") == "mined_terrain" else "T"
        cv.text((x + h, y), letter, TEXT, ink_on(style.colour), style.colour, anchor="mm")
    elif kind == "storm":
        cv.ellipse((x, y - h, x + TOKEN, y + h), (90, 90, 110))
        cv.text((x + h, y), "☁", TEXT, (255, 255, 255), (90, 90, 110), anchor="mm")
    elif kind == "tomb":
        guild, treasure = data
        style = guild_style(guild)
        cv.rect((x, y - h, x + TOKEN, y + h), style.colour, INK, 2)
        cv.text((x + h, y), "⚰", TEXT, ink_on(style.colour), style.colour, anchor="mm")
        gold = int((treasure or {}).get("gold", 0))
        if gold:
            cv.text((x + TOKEN + 1, y), str(gold), TEXT, INK, bg, anchor="lm")


def figure_band(z: Zone) -> tuple[float, float]:
    """Vertical band for figurines: under the name and terrain word, above the token row."""
    return label_boxes(z)[-1][3] + 2, z.bottom - TOKEN_ROW_UP - TOKEN / 2 - 2


@cache
def layout_for(zone: str, n: int) -> tuple[FigureLayout, list[Point]]:
    """Marker layout and centres for `n` figurines on `zone`."""
    z = zones()[zone]
    return figurine_layout(z, n, *figure_band(z))


def _corner_badge(cv: Canvas, x: float, y: float, text: str, fill: RGB, ink: RGB) -> None:
    r = BADGE_R
    cv.ellipse((x - r, y - r, x + r, y + r), fill, INK, 1)
    cv.text((x, y), text, TEXT, ink, fill, anchor="mm", halo=fill)


def draw_figurine(cv: Canvas, fig: dict[str, Any], x: float, y: float, layout: FigureLayout, active: bool) -> None:
    """One figurine: guild shape with its kind's letters, stun and gold badges, ring if ringed."""
    r = layout.r
    style = guild_style(fig.get("guild"))
    if active:
        cv.ellipse((x - r - 5, y - r - 5, x + r + 5, y + r + 5), None, HIGHLIGHT, 4)
    if str(fig.get("id", "")).endswith("_2"):
        cv.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), None, style.outline, 2)
    cv.shape(style.shape, x, y, r, style.colour, style.outline, 2)
    if layout.badges:
        _badges(cv, fig, x, y, layout)
    letters = KIND_LETTERS.get(str(fig.get("kind")), "?")
    dy = {"triangle": r * 0.25, "triangle_down": -r * 0.25}.get(style.shape, 0.0)
    # The letters are wider than a triangle's inside: a halo in the guild's colour keeps them whole.
    cv.text((x, y + dy), letters, TEXT, ink_on(style.colour), style.colour, anchor="mm", halo=style.colour)


def _badges(cv: Canvas, fig: dict[str, Any], x: float, y: float, layout: FigureLayout) -> None:
    """A figurine's stun count, gold and pumpkin/root state, as numbered badges beside it."""
    at = badge_offsets(layout)
    stuns = int(fig.get("stuns", 0))
    if stuns:
        _corner_badge(cv, x + at["stuns"][0], y + at["stuns"][1], str(stuns), HIGHLIGHT, (255, 255, 255))
    gold = int((fig.get("treasure") or {}).get("gold", 0))
    if gold:
        _corner_badge(cv, x + at["gold"][0], y + at["gold"][1], str(gold), GOLD, INK)
    if fig.get("pumpkin") or fig.get("rooted"):
        state = "P" if fig.get("pumpkin") else "R"
        _corner_badge(cv, x + at["state"][0], y + at["state"][1], state, (120, 70, 30), (255, 255, 255))


def _figs_by_zone(view: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    by_id = {f.get("id"): f for f in view.get("figurines") or []}
    out: dict[str, list[dict[str, Any]]] = {}
    for zv in view.get("zones") or []:
        ids = zv.get("figurines") or [f["id"] for f in by_id.values() if f.get("zone") == zv.get("id")]
        out[zv.get("id")] = [by_id[i] for i in ids if i in by_id]
    return out


def _outline(cv: Canvas, z: Zone) -> None:
    cv.polygon([*z.polygon, z.polygon[0]], None, HIGHLIGHT, 5)


def _arrow(cv: Canvas, a: Point, b: Point) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    start = (a[0] + ux * 30, a[1] + uy * 30)
    tip = (b[0] - ux * 30, b[1] - uy * 30)
    base = (tip[0] - ux * 18, tip[1] - uy * 18)
    nx, ny = -uy, ux
    wing = [(base[0] + nx * 12, base[1] + ny * 12), tip, (base[0] - nx * 12, base[1] - ny * 12)]
    cv.line([start, base], INK, 10)
    cv.polygon(wing, INK, INK, 4)
    cv.line([start, base], HIGHLIGHT, 5)
    cv.polygon(wing, HIGHLIGHT)


ZONE_BADGE_R = 15


@cache
def badge_centre(z: Zone, figurines: int = 0) -> Point:
    """Where a zone's event badge goes: a spot clear of its labels and of its `figurines` markers."""
    r = ZONE_BADGE_R + 1
    avoid = [box for other in zones().values() for box in label_boxes(other)]
    if figurines:
        layout, centres = layout_for(z.id, figurines)
        avoid += [marker_box("circle", x, y, layout) for x, y in centres]
    # The token row along the zone's bottom.
    avoid.append((int(z.cx - 90), int(z.bottom - TOKEN_ROW_UP - TOKEN / 2), int(z.cx + 90), int(z.bottom)))
    # Every spot of a grid over the zone (reaching a little past its edges), nearest its top-right first.
    x0, y0, x1, y1 = z.box
    spots = [
        (float(x), float(y))
        for x in range(x0 - 8, x1 + 9, 6)
        for y in range(max(y0, int(z.top)) + r - 10, y1 - r, 6)
        if _span(z, y)[0] - 10 <= x <= _span(z, y)[1] + 10
    ]
    spots.sort(key=lambda p: (p[0] - x1) ** 2 + (p[1] - z.top) ** 2)
    for x, y in spots:
        box = (int(x - r), int(y - r), int(x + r) + 1, int(y + r) + 1)
        if inside(box, (MAP_SIZE, MAP_SIZE)) and not any(boxes_overlap(box, other) for other in avoid):
            return (x, y)
    return (x1 - r, z.top + r)


def _badge(cv: Canvas, z: Zone, glyph: str, figurines: int) -> None:
    x, y = badge_centre(z, figurines)
    r = ZONE_BADGE_R
    cv.ellipse((x - r, y - r, x + r, y + r), HIGHLIGHT, INK, 2)
    cv.text((x, y), glyph, TEXT, (255, 255, 255), HIGHLIGHT, anchor="mm")


def _draw_last(cv: Canvas, view: dict[str, Any]) -> list[tuple[str, str]]:
    """Outlines and arrows of the last events; returns the badges to draw on top, as (zone, glyph)."""
    zs = zones()
    fig_zone = {f.get("id"): f.get("zone") for f in view.get("figurines") or []}
    badges: list[tuple[str, str]] = []
    for event in view.get("last") or []:
        data = event.get("data") or {}
        kind = event.get("kind")
        if kind == "move":
            # The starting zone (when the event names it) makes even a one-step move an arrow.
            path = [p for p in [data.get("from"), *(data.get("path") or [])] if p in zs]
            if path:
                _outline(cv, zs[path[-1]])
            for a, b in itertools.pairwise(path):
                _arrow(cv, (zs[a].cx, zs[a].cy), (zs[b].cx, zs[b].cy))
        elif kind in ("stun", "eliminated", "theft", "trap", "roll"):
            zone = data.get("zone") or fig_zone.get(data.get("figurine")) or fig_zone.get(data.get("actor"))
            if zone in zs and zone not in {b[0] for b in badges}:
                _outline(cv, zs[zone])
                badges.append((zone, "⚔" if kind in ("stun", "roll") else "✗" if kind == "eliminated" else "!"))
    window = view.get("window") or {}
    target = window.get("target") or {}
    zone = None
    if "fig" in target:
        zone = fig_zone.get(target["fig"])
    elif "lair" in target:
        zone = next((lair.get("zone") for lair in view.get("lairs") or [] if lair.get("guild") == target["lair"]), None)
    if zone in zs:
        _outline(cv, zs[zone])
        badges = [b for b in badges if b[0] != zone] + [(zone, "⚔" if window.get("type") == "combat" else "✋")]
    return badges


def _draw_map(cv: Canvas, view: dict[str, Any], stamps: tuple[Stamp, ...]) -> None:
    zs = zones()
    by_zone = _figs_by_zone(view)
    active = (view.get("active") or {}).get("figurine")
    zone_views = {zv.get("id"): zv for zv in view.get("zones") or []}
    badges = _draw_last(cv, view)
    paste_stamps(cv, stamps)  # the labels back on top of arrows and outlines
    for zid, figs in by_zone.items():
        z = zs.get(zid)
        if z is None or not figs:
            continue
        layout, centres = layout_for(zid, len(figs))
        for fig, (x, y) in zip(figs, centres, strict=True):
            draw_figurine(cv, fig, x, y, layout, fig.get("id") == active)
    # After the figurines: a crowd too big for its zone may reach the token row, which stays readable.
    for zid, z in zs.items():
        _token_row(cv, z, view, zone_views.get(zid) or {})
    for zid, glyph in badges:
        _badge(cv, zs[zid], glyph, len(by_zone.get(zid) or []))


# -- panel ---------------------------------------------------------------------------------


_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


NO_GUILD = "no guild"


def _seat_names(view: dict[str, Any]) -> dict[int, str]:
    """Seat -> the guild's title; a seat with no guild yet is "a player" (views carry no player names)."""
    return {
        int(g.get("seat", i)): str(g.get("title") or "a player") for i, g in enumerate(view.get("guilds") or [])
    }


def player_facing(text: str, view: dict[str, Any]) -> str:
    """An engine message with its seat numbers replaced by guild titles (seat numbers are not for players)."""
    names = _seat_names(view)

    def name(m: re.Match[str]) -> str:
        who = names.get(int(m.group(2)), "a player")
        return who[0].upper() + who[1:] if m.group(1) == "S" else who

    out = _SEAT.sub(name, text)
    # "Thieves plays the Thieves." (a seat choosing its guild) reads as the choice it is.
    return re.sub(r"\b([A-Z][\w']*) plays the \1\b", r"\1 chosen", out)


def _inline_guild(cv: Canvas, x: float, y: float, guild: str | None) -> float:
    style = guild_style(guild)
    cv.shape(style.shape, x + 10, y + 12, 10, style.colour, style.outline, 2)
    return x + 26


def _guild_title(view: dict[str, Any], guild: str) -> str:
    """A guild id as its title in this game (or its id's words, title-cased)."""
    title = next((g.get("title") for g in view.get("guilds") or [] if g.get("guild") == guild), None)
    return str(title) if title else readable(guild)


@dataclass(frozen=True)
class PanelLayout:
    """Where the panel's rows and footer go: per guild, its figurine chunks as (figurine, line, x)."""

    chunks: tuple[tuple[tuple[dict[str, Any], int, float], ...], ...]
    row_lines: tuple[int, ...]
    footer: tuple[tuple[str, str, RGB], ...]  # (kind "text"/"roll", text, colour)

    @property
    def footer_px(self) -> int:
        """Height of the footer's content."""
        return sum(ROLL_H if kind == "roll" else line_height(TEXT) for kind, _, _ in self.footer)


ROLL_H = 34
LEGEND = "Gn gnome · Tr troll · Gb goblin · Fa fairy · ● stun ○ free space"


def panel_layout(view: dict[str, Any]) -> PanelLayout:
    """Lay out the guild rows (figurines flow onto more lines) and the footer captions."""
    figs = list(view.get("figurines") or [])
    chunks = []
    row_lines = []
    for g in view.get("guilds") or []:
        placed = []
        line, x = 0, float(COL_FIGS)
        for fig in (f for f in figs if f.get("guild") == g.get("guild")):
            w = _chunk_width(fig)
            if x > COL_FIGS and x + w > WIDTH - PAD:
                line, x = line + 1, float(COL_FIGS)
            placed.append((fig, line, x))
            x += w + 14
        chunks.append(tuple(placed))
        row_lines.append(line + 1)
    return PanelLayout(tuple(chunks), tuple(row_lines), tuple(_footer(view)))


def _footer(view: dict[str, Any]) -> list[tuple[str, str, RGB]]:
    """The captions under the table, every line of them (wrapped, never cut)."""
    out: list[tuple[str, str, RGB]] = [("text", line, MUTED) for line in wrap(LEGEND, TEXT, CAPTION_W)]
    roll = (view.get("window") or {}).get("dice") or view.get("last_roll")
    if roll and roll.get("faces"):
        out.append(("roll", "", INK))
    outcome = view.get("outcome")
    if outcome:
        out += [("text", line, HIGHLIGHT) for line in wrap(outcome_text(view), TEXT, CAPTION_W)]
    guilds = list(view.get("guilds") or [])
    notes = []
    for g in guilds:
        if g.get("designated"):
            notes.append(f"{g.get('title')} designate {_guild_title(view, str(g['designated']))}")
    effects = view.get("effects") or {}
    for guild, n in (effects.get("war_cry") or {}).items():
        notes.append(f"War Cry ×{n}: {_guild_title(view, guild)}")
    for guild in effects.get("ambush") or []:
        notes.append(f"Ambush: {_guild_title(view, guild)}")
    if notes:
        out += [("text", line, MUTED) for line in wrap(" · ".join(notes), TEXT, CAPTION_W)]
    texts = [
        player_facing(str(e.get("text", "")), view)
        for e in view.get("last") or []
        if e.get("kind") not in ("draw", "shuffle") and e.get("text")
    ]
    if texts:
        # The last three events, each whole: a caption is never cut mid-sentence.
        out += [("text", line, INK) for line in wrap("Last: " + " ".join(texts[-3:]), TEXT, CAPTION_W)]
    return out


def _draw_panel(cv: Canvas, view: dict[str, Any], layout: PanelLayout) -> None:
    top = MAP_SIZE
    guilds = list(view.get("guilds") or [])
    names = _seat_names(view)
    guild_of_seat = {int(g.get("seat", i)): g.get("guild") for i, g in enumerate(guilds)}
    phase = str(view.get("phase", ""))
    turn = view.get("turn", view.get("round", 0))
    title = (
        f"Turn {turn} of {view.get('turn_cap', '?')} · {PHASES.get(phase, phase)}" if turn else PHASES.get(phase, phase)
    )
    cv.text((PAD, top + 12), title, HEADING, INK, PAPER, max_width=WIDTH - 230)
    mode = str(view.get("mode", ""))
    if mode:
        cv.text((WIDTH - PAD, top + 18), f"{mode.replace('_', ' ')} mode", TEXT, MUTED, PAPER, anchor="ra")

    x: float = PAD
    y = top + 54
    first = view.get("first_player")
    if first is not None and guild_of_seat.get(int(first)):
        x += cv.text((x, y), "First:", TEXT, MUTED, PAPER) + 6
        x = _inline_guild(cv, x, y, guild_of_seat.get(int(first)))
        x += cv.text((x, y), _cap(names.get(int(first), "?")), TEXT, INK, PAPER) + 20
    active = view.get("active")
    pending = [int(p) for p in view.get("pending") or []]
    if active:
        fig: dict[str, Any] = next(
            (f for f in view.get("figurines") or [] if f.get("id") == active.get("figurine")), {}
        )
        x += cv.text((x, y), "Active:", TEXT, MUTED, PAPER) + 6
        x = _inline_guild(cv, x, y, fig.get("guild"))
        who = str(fig.get("name") or readable(str(active.get("figurine", "?"))))
        left = active.get("actions_left", 0)
        cv.text(
            (x, y),
            f"{who}, {left} action{'s' if left != 1 else ''} left",
            TEXT,
            INK,
            PAPER,
            max_width=WIDTH - x - PAD,
        )
    elif pending and phase == "guild":
        cv.text((x, y), "Waiting for a guild to be chosen", TEXT, INK, PAPER, max_width=WIDTH - x - PAD)
    elif pending and phase != "over":
        who = ", ".join(names.get(p, "a player") for p in pending)
        cv.text((x, y), f"Waiting for {who}", TEXT, INK, PAPER, max_width=WIDTH - x - PAD)

    acting = int(active.get("player", -1)) if active else None
    ry = top + ROWS_Y
    for i, g in enumerate(guilds):
        seat = int(g.get("seat", i))
        lines = layout.row_lines[i] if i < len(layout.row_lines) else 1
        row_h = lines * ROW_LINE + ROW_PAD
        bg = ROW_NOW if seat == acting else ROW_WAITING if seat in pending and phase != "over" else PAPER
        if bg != PAPER:
            cv.rect((0, ry, WIDTH, ry + row_h - 2), bg)
        cy = ry + ROW_PAD / 2 + ROW_LINE / 2 - 1
        style = guild_style(g.get("guild"))
        cv.shape(style.shape, 22, cy, 13, style.colour, style.outline, 2)
        if g.get("title"):
            cv.text((NAME_X, cy), str(g["title"]), TEXT, INK, bg, anchor="lm", max_width=COL_OBJ - NAME_X - 22)
        else:
            cv.text((NAME_X, cy), NO_GUILD, TEXT, MUTED, bg, anchor="lm", max_width=COL_OBJ - NAME_X - 22)
        threshold = g.get("threshold")
        obj = f"{g.get('objectives', 0)}/{threshold}" if threshold else str(g.get("objectives", 0))
        cv.text((COL_OBJ, cy), obj, TEXT, INK, bg, anchor="mm")
        cv.text((COL_GP, cy), str(g.get("score", 0)), TEXT, INK, bg, anchor="mm")
        cv.text((COL_HAND, cy), str(g.get("hand_size", 0)), TEXT, INK, bg, anchor="mm")
        cv.text((COL_DECK, cy), str(g.get("deck_size", 0)), TEXT, INK, bg, anchor="mm")
        for fig, line, fx in layout.chunks[i] if i < len(layout.chunks) else ():
            _fig_chunk(cv, fig, fx, cy + line * ROW_LINE, bg)
        ry += row_h

    fy = ry + FOOTER_PAD
    for kind, text, colour in layout.footer:
        if kind == "roll":
            _draw_roll(cv, view, fy)
            fy += ROLL_H
        else:
            cv.text((PAD, fy), text, TEXT, colour, PAPER)
            fy += line_height(TEXT)


def _cap(name: str) -> str:
    return name[:1].upper() + name[1:]


def _chunk_parts(fig: dict[str, Any]) -> tuple[str, bool, int, int, int, str]:
    """A figurine's panel summary: letters, ringed, spaces, stuns, gold, item letters."""
    letters = KIND_LETTERS.get(str(fig.get("kind")), "?")
    treasure = fig.get("treasure") or {}
    extras = "".join(ITEM_LETTERS[i][0] * int(treasure.get(i, 0)) for i in ITEM_LETTERS)
    comps = "w" * int(treasure.get("sacred_wood", 0)) + "m" * int(treasure.get("moonstone", 0))
    return (
        letters,
        str(fig.get("id", "")).endswith("_2"),
        int(fig.get("spaces", 2)),
        int(fig.get("stuns", 0)),
        int(treasure.get("gold", 0)),
        (extras + comps)[:5],
    )


def _chunk_width(fig: dict[str, Any]) -> int:
    letters, ringed, spaces, _, gold, items = _chunk_parts(fig)
    w = text_width(letters, TEXT) + (8 if ringed else 0) + 4
    if fig.get("zone") is None:
        return w + text_width("out", TEXT)
    w += spaces * (PIP + 3)
    if gold:
        w += 22 + text_width(str(gold), TEXT)
    if items:
        w += 4 + text_width(items, TEXT)
    return w


def _fig_chunk(cv: Canvas, fig: dict[str, Any], x: float, cy: float, bg: RGB) -> None:
    """Compact figurine summary for the panel: letters, stun pips of its spaces, gold, items."""
    letters, ringed, spaces, stuns, gold, items = _chunk_parts(fig)
    gone = fig.get("zone") is None
    colour = MUTED if gone or fig.get("activated") else INK
    w = text_width(letters, TEXT)
    if ringed:
        # A ringed figurine (the second of its kind): its letters in a ring, as on the map.
        cv.rounded((x, cy - 14, x + w + 8, cy + 14), 10, None, colour, 2)
        cv.text((x + 4, cy), letters, TEXT, colour, bg, anchor="lm")
        x += w + 12
    else:
        x += cv.text((x, cy), letters, TEXT, colour, bg, anchor="lm") + 4
    if gone:
        cv.text((x, cy), "out", TEXT, MUTED, bg, anchor="lm")
        return
    for i in range(spaces):
        fill = HIGHLIGHT if i < stuns else None
        cv.ellipse((x, cy - PIP / 2, x + PIP, cy + PIP / 2), fill, INK, 2)
        x += PIP + 3
    if gold:
        draw_item(cv.draw, "gold", x + 10, cy, 8, cv.c)
        x += 22 + cv.text((x + 20, cy), str(gold), TEXT, INK, bg, anchor="lm")
    if items:
        cv.text((x + 4, cy), items, TEXT, (90, 50, 130), bg, anchor="lm")


def _draw_roll(cv: Canvas, view: dict[str, Any], y: float) -> None:
    """The last roll as dice: a tick on a success, a lightning bolt on a failure."""
    roll = (view.get("window") or {}).get("dice") or view.get("last_roll") or {}
    colour = DICE.get(str(roll.get("colour")), (200, 200, 200))
    threshold = {"green": 4, "yellow": 3, "red": 2}.get(str(roll.get("colour")), 0)
    x = PAD
    x += cv.text((x, y + 4), f"Last roll ({roll.get('colour')}):", TEXT, INK, PAPER) + 8
    for face in list(roll.get("faces") or [])[:12]:
        ok = int(face) <= threshold
        cv.rounded((x, y, x + 28, y + 28), 5, colour, INK, 2)
        cv.text((x + 14, y + 14), "✓" if ok else "⚡", TEXT, ink_on(colour), colour, anchor="mm")
        x += 32
    n = int(roll.get("successes", 0))
    cv.text((x + 6, y + 4), f"{n} success{'es' if n != 1 else ''}", TEXT, INK, PAPER)


def outcome_text(view: dict[str, Any]) -> str:
    """The winners and final scores."""
    outcome = view.get("outcome") or {}
    names = _seat_names(view)
    ranking = outcome.get("ranking") or []
    winners = [_cap(names.get(int(p), "a player")) for p in (ranking[0] if ranking else [])]
    scores = outcome.get("scores") or {}
    parts = [
        f"{_cap(names.get(int(p), 'a player'))} {float(v):g}"
        for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1]))
    ]
    head = ("Winners: " if len(winners) > 1 else "Winner: ") + (", ".join(winners) or "nobody")
    return head + (" · " + ", ".join(parts) if parts else "")


# -- entry points ----------------------------------------------------------------------------


def board(view: dict[str, Any]) -> bytes:
    """PNG of the public board: zones with lairs, figurines and tokens, and the guild panel."""
    layout = panel_layout(view)
    guilds = max(1, len(view.get("guilds") or []))
    key = (guilds, sum(layout.row_lines), max(line_height(TEXT), layout.footer_px))
    cv = static_layer(*key).canvas()
    _draw_map(cv, view, label_stamps(*key))
    _draw_panel(cv, view, layout)
    return cv.png()


def private(view: dict[str, Any]) -> bytes:
    """PNG of one player's hand, drafts and last draw."""
    return associates_private.render(view)


def extra_samples() -> dict[str, dict[str, Any]]:
    """Hand-made views for the gallery and golden tests (a crowd, every token, a combat window)."""
    return associates_samples.samples()


def piece_boxes(zone: str, guilds: list[str]) -> list[tuple[int, int, int, int]]:
    """Marker boxes (badges included) for figurines of `guilds` standing in `zone` (layout tests)."""
    layout, centres = layout_for(zone, len(guilds))
    return [marker_box(guild_style(g).shape, x, y, layout) for g, (x, y) in zip(guilds, centres, strict=True)]
