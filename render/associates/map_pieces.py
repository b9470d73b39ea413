"""What a turn puts on the Associates map: figurines, the token row of each zone, the last events' arrows,
outlines and badges."""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.associates.layout import TEXT, TOKEN_ROW_UP
from render.associates.map_layer import label_boxes, zone_span
from render.associates.style import (
    ARTEFACT,
    BADGE_R,
    GOLD,
    ITEM_LETTERS,
    ITEMS,
    MAP_SIZE,
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
from render.associates.words import kind_letters
from render.common import (
    HIGHLIGHT,
    INK,
    RGB,
    Canvas,
    Point,
    Stamp,
    boxes_overlap,
    ink_on,
    inside,
    paste_stamps,
    text_width,
)


def _treasure_items(treasure: dict[str, Any]) -> list[tuple[str, int]]:
    return [(item, int(treasure.get(item, 0))) for item in ITEMS if int(treasure.get(item, 0) or 0) > 0]


def _token_row(cv: Canvas, z: Zone, view: dict[str, Any], zone_view: dict[str, Any], locale: Locale) -> None:
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
        _entry(cv, kind, data, x, y, bg, locale)
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


def mark_letter(locale: Locale, token: str) -> str:
    """The letter a token or a figurine's state is marked with ("T" a Trap, "P" under a Pumpkin)."""
    # One literal id per mark, so that the catalog check sees every one.
    if token == "safe":
        return game_t(locale, "associates", "render.mark-safe")
    if token == "trap":
        return game_t(locale, "associates", "render.mark-trap")
    if token == "mined_terrain":
        return game_t(locale, "associates", "render.mark-mined-terrain")
    if token == "pumpkin":
        return game_t(locale, "associates", "render.mark-pumpkin")
    return game_t(locale, "associates", "render.mark-root")


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


def _entry(cv: Canvas, kind: str, data: Any, x: float, y: float, bg: RGB, locale: Locale) -> None:
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
        for flag, letter in (("safe_token", mark_letter(locale, "safe")), ("bank_token", "$")):
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
        letter = mark_letter(locale, "mined_terrain" if data.get("kind") == "mined_terrain" else "trap")
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


def figure_band(z: Zone, locale: Locale = ENGLISH) -> tuple[float, float]:
    """Vertical band for figurines: under the name and terrain word in `locale`, above the token row."""
    return label_boxes(z, locale)[-1][3] + 2, z.bottom - TOKEN_ROW_UP - TOKEN / 2 - 2


@cache
def layout_for(zone: str, n: int, locale: Locale = ENGLISH) -> tuple[FigureLayout, list[Point]]:
    """Marker layout and centres for `n` figurines on `zone` (under its labels in `locale`)."""
    z = zones()[zone]
    return figurine_layout(z, n, *figure_band(z, locale))


def _corner_badge(cv: Canvas, x: float, y: float, text: str, fill: RGB, ink: RGB) -> None:
    r = BADGE_R
    cv.ellipse((x - r, y - r, x + r, y + r), fill, INK, 1)
    cv.text((x, y), text, TEXT, ink, fill, anchor="mm", halo=fill)


def draw_figurine(cv: Canvas, fig: dict[str, Any], x: float, y: float, layout: FigureLayout, active: bool,
                  locale: Locale = ENGLISH) -> None:
    """One figurine: guild shape with its kind's letters, stun and gold badges, ring if ringed."""
    r = layout.r
    style = guild_style(fig.get("guild"))
    if active:
        cv.ellipse((x - r - 5, y - r - 5, x + r + 5, y + r + 5), None, HIGHLIGHT, 4)
    if str(fig.get("id", "")).endswith("_2"):
        cv.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), None, style.outline, 2)
    cv.shape(style.shape, x, y, r, style.colour, style.outline, 2)
    if layout.badges:
        _badges(cv, fig, x, y, layout, locale)
    letters = kind_letters(locale, str(fig.get("kind")))
    dy = {"triangle": r * 0.25, "triangle_down": -r * 0.25}.get(style.shape, 0.0)
    # The letters are wider than a triangle's inside: a halo in the guild's colour keeps them whole.
    cv.text((x, y + dy), letters, TEXT, ink_on(style.colour), style.colour, anchor="mm", halo=style.colour)


def _badges(cv: Canvas, fig: dict[str, Any], x: float, y: float, layout: FigureLayout, locale: Locale) -> None:
    """A figurine's stun count, gold and pumpkin/root state, as numbered badges beside it."""
    at = badge_offsets(layout)
    stuns = int(fig.get("stuns", 0))
    if stuns:
        _corner_badge(cv, x + at["stuns"][0], y + at["stuns"][1], str(stuns), HIGHLIGHT, (255, 255, 255))
    gold = int((fig.get("treasure") or {}).get("gold", 0))
    if gold:
        _corner_badge(cv, x + at["gold"][0], y + at["gold"][1], str(gold), GOLD, INK)
    if fig.get("pumpkin") or fig.get("rooted"):
        state = mark_letter(locale, "pumpkin" if fig.get("pumpkin") else "root")
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
def badge_centre(z: Zone, figurines: int = 0, locale: Locale = ENGLISH) -> Point:
    """Where a zone's event badge goes: a spot clear of its labels in `locale` and of its `figurines` markers."""
    r = ZONE_BADGE_R + 1
    avoid = [box for other in zones().values() for box in label_boxes(other, locale)]
    if figurines:
        layout, centres = layout_for(z.id, figurines, locale)
        avoid += [marker_box("circle", x, y, layout) for x, y in centres]
    # The token row along the zone's bottom.
    avoid.append((int(z.cx - 90), int(z.bottom - TOKEN_ROW_UP - TOKEN / 2), int(z.cx + 90), int(z.bottom)))
    # Every spot of a grid over the zone (reaching a little past its edges), nearest its top-right first.
    x0, y0, x1, y1 = z.box
    spots = [
        (float(x), float(y))
        for x in range(x0 - 8, x1 + 9, 6)
        for y in range(max(y0, int(z.top)) + r - 10, y1 - r, 6)
        if zone_span(z, y)[0] - 10 <= x <= zone_span(z, y)[1] + 10
    ]
    spots.sort(key=lambda p: (p[0] - x1) ** 2 + (p[1] - z.top) ** 2)
    for x, y in spots:
        box = (int(x - r), int(y - r), int(x + r) + 1, int(y + r) + 1)
        if inside(box, (MAP_SIZE, MAP_SIZE)) and not any(boxes_overlap(box, other) for other in avoid):
            return (x, y)
    return (x1 - r, z.top + r)


def _badge(cv: Canvas, z: Zone, glyph: str, figurines: int, locale: Locale) -> None:
    x, y = badge_centre(z, figurines, locale)
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


def draw_map(cv: Canvas, view: dict[str, Any], stamps: tuple[Stamp, ...], locale: Locale = ENGLISH) -> None:
    """The turn's pieces on the map in `locale`: last events, labels pasted back, figurines, token rows, badges."""
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
        layout, centres = layout_for(zid, len(figs), locale)
        for fig, (x, y) in zip(figs, centres, strict=True):
            draw_figurine(cv, fig, x, y, layout, fig.get("id") == active, locale)
    # After the figurines: a crowd too big for its zone may reach the token row, which stays readable.
    for zid, z in zs.items():
        _token_row(cv, z, view, zone_views.get(zid) or {}, locale)
    for zid, glyph in badges:
        _badge(cv, zs[zid], glyph, len(by_zone.get(zid) or []), locale)


# -- panel ---------------------------------------------------------------------------------



def piece_boxes(zone: str, guilds: list[str], locale: Locale = ENGLISH) -> list[tuple[int, int, int, int]]:
    """Marker boxes (badges included) for figurines of `guilds` standing in `zone` (layout tests)."""
    layout, centres = layout_for(zone, len(guilds), locale)
    return [marker_box(guild_style(g).shape, x, y, layout) for g, (x, y) in zip(guilds, centres, strict=True)]
