"""Gnomes & Associates pictures: the table's board and each player's hand.

`board(view)` draws the 25 zones (cached static layer) with lairs, figurines,
loose treasure and tokens, the last move, and a panel of guilds below;
`private(view)` draws the player's hand, drafts and last draw (see
render/associates/private_view.py). Both read only the view they are given.
"""

from __future__ import annotations

import itertools
import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from render.associates import private_view as associates_private
from render.associates import samples as associates_samples
from render.associates.style import (
    BORDER,
    ITEM_LETTERS,
    ITEMS,
    KEY_COLOURS,
    MAP_SIZE,
    TERRAIN_WORDS,
    WIDTH,
    FigureLayout,
    Zone,
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
    ink_on,
    rgb_text,
    text_width,
    unbroken_fit,
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

PAD = 12
HEADER_H = 84
COLS_Y = 92
ROWS_Y = 118
ROW_H = 44
FOOTER_H = 112
NAME_X = 44
COL_OBJ = 170
COL_GP = 222
COL_HAND = 268
COL_DECK = 314
COL_FIGS = 348
FIG_CHUNK = 110
ROW_NOW: RGB = (255, 221, 170)
ROW_WAITING: RGB = (214, 232, 250)

NAME_SIZE = 17
TOKEN_ROW_UP = 17  # token row (lair, loose treasure, traps) just above the zone's bottom edge


def panel_height(guilds: int) -> int:
    """Height of the panel for `guilds` rows."""
    return ROWS_Y + guilds * ROW_H + FOOTER_H


def name_lines(z: Zone) -> tuple[int, list[str]]:
    """Font size and (at most two) lines of a zone name."""
    width = int((z.box[2] - z.box[0]) * 0.86)
    for size in range(NAME_SIZE, 11, -1):
        lines = wrap(z.name, size, width)
        if len(lines) <= 2 and unbroken_fit(z.name, size, width):
            return size, lines
    return 12, wrap(z.name, 12, width)


def label_boxes(z: Zone) -> list[tuple[int, int, int, int]]:
    """Boxes of a zone's name lines and terrain line (for layout tests)."""
    size, lines = name_lines(z)
    out = []
    y = z.top + 6
    for line in lines:
        w = text_width(line, size)
        out.append((int(z.cx - w / 2), int(y), int(z.cx + w / 2) + 1, int(y + size + 2)))
        y += size + 2
    word = TERRAIN_WORDS.get(z.terrain, z.terrain)
    w = text_width(word, 13)
    out.append((int(z.cx - w / 2), int(y + 1), int(z.cx + w / 2) + 1, int(y + 16)))
    return out


@cache
def static_layer(guilds: int) -> Layer:
    """Zones, names, terrain words and the panel's headings, for `guilds` panel rows."""
    k = 2
    big = Image.new("RGB", (MAP_SIZE * k, MAP_SIZE * k), BORDER)
    d = ImageDraw.Draw(big)
    for z in zones().values():
        pts = [(x * k, y * k) for x, y in z.polygon]
        d.polygon(pts, fill=zone_fill(z), outline=BORDER, width=3 * k)
    map_img = big.resize((MAP_SIZE, MAP_SIZE), Image.Resampling.LANCZOS)
    img = Image.new("RGB", (WIDTH, MAP_SIZE + panel_height(guilds)), PAPER)
    img.paste(map_img, (0, 0))
    d = ImageDraw.Draw(img)
    for z in zones().values():
        size, lines = name_lines(z)
        boxes = label_boxes(z)
        ink = ink_on(zone_fill(z))
        for (x0, y0, x1, _), line in zip(boxes, lines, strict=False):
            rgb_text(d, ((x0 + x1) / 2, y0), line, size, ink, anchor="ma")
        x0, y0, x1, _ = boxes[-1]
        rgb_text(d, ((x0 + x1) / 2, y0), TERRAIN_WORDS.get(z.terrain, z.terrain), 13, (80, 74, 60), anchor="ma")
    top = MAP_SIZE
    y = top + COLS_Y + 12
    for x, label, anchor in (
        (NAME_X, "Guild", "lm"),
        (COL_OBJ, "Obj", "mm"),
        (COL_GP, "GP", "mm"),
        (COL_HAND, "Hand", "mm"),
        (COL_DECK, "Deck", "mm"),
        (COL_FIGS, "Figurines: stuns/spaces, gold, items", "lm"),
    ):
        rgb_text(d, (x, y), label, 14, MUTED, anchor=anchor)
    fills = tuple(zone_fill(z) for z in zones().values())
    return Layer(img, (*KEY_COLOURS, *fills, INK, MUTED, PAPER))


# -- map -----------------------------------------------------------------------------------


def _treasure_items(treasure: dict[str, Any]) -> list[tuple[str, int]]:
    return [(item, int(treasure.get(item, 0))) for item in ITEMS if int(treasure.get(item, 0) or 0) > 0]


def _token_row(cv: Canvas, z: Zone, view: dict[str, Any], zone_view: dict[str, Any]) -> None:
    """Lair, loose treasure, trap, storm and tombs of a zone, as one centred row of small icons."""
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
    total = sum(widths) + 4 * (len(widths) - 1)
    x = z.cx - total / 2
    y = z.bottom - TOKEN_ROW_UP
    bg = zone_fill(z)
    for (kind, data), w in zip(entries, widths, strict=True):
        _entry(cv, kind, data, x, y, bg)
        x += w + 4


def _entry_width(kind: str, data: Any) -> int:
    if kind == "lair":
        stuns = int(data.get("stuns", 0))
        gold = int((data.get("safe") or {}).get("gold", 0))
        return (
            24
            + (text_width(str(gold), 14) + 4 if gold else 0)
            + (16 if stuns else 0)
            + (14 * (bool(data.get("safe_token")) + bool(data.get("bank_token"))))
        )
    if kind == "item":
        return 22 + text_width(str(data[1]), 15) + 2
    if kind == "tomb":
        gold = int((data[1] or {}).get("gold", 0))
        return 20 + (text_width(str(gold), 14) + 2 if gold else 0)
    return 20


def _entry(cv: Canvas, kind: str, data: Any, x: float, y: float, bg: RGB) -> None:
    if kind == "lair":
        style = guild_style(data.get("guild"))
        destroyed = data.get("state") != "intact"
        fill = (150, 150, 150) if destroyed else style.colour
        cv.rounded((x, y - 11, x + 22, y + 11), 4, fill, style.outline, 2)
        cv.text((x + 11, y), "✗" if destroyed else "⌂", 15, ink_on(fill), fill, anchor="mm")
        if data.get("defended"):
            cv.rounded((x - 2, y - 13, x + 24, y + 13), 5, None, INK, 2)
        x += 24
        gold = int((data.get("safe") or {}).get("gold", 0))
        if gold:
            x += cv.text((x + 1, y), str(gold), 14, INK, bg, anchor="lm") + 4
        stuns = int(data.get("stuns", 0))
        if stuns:
            cv.ellipse((x, y - 7, x + 14, y + 7), HIGHLIGHT)
            cv.text((x + 7, y), str(stuns), 11, (255, 255, 255), HIGHLIGHT, anchor="mm")
            x += 16
        for flag, letter in (("safe_token", "S"), ("bank_token", "$")):
            if data.get(flag):
                cv.rect((x, y - 6, x + 12, y + 6), (60, 60, 60))
                cv.text((x + 6, y), letter, 10, (255, 255, 255), (60, 60, 60), anchor="mm")
                x += 14
    elif kind == "item":
        item, n = data
        draw_item(cv.draw, item, x + 10, y, 10, cv.c)
        if item in ITEM_LETTERS:
            cv.text((x + 10, y), ITEM_LETTERS[item][0], 11, INK, (190, 150, 220), anchor="mm")
        cv.text((x + 22, y), str(n), 15, INK, bg, anchor="lm")
    elif kind == "trap":
        owner = guild_of_code(data.get("owner"))
        style = guild_style(owner)
        cv.rect((x, y - 9, x + 18, y + 9), style.colour, INK, 2)
        cv.text(
            (x + 9, y),
            "M" if data.get("kind") == "mined_terrain" else "T",
            12,
            ink_on(style.colour),
            style.colour,
            anchor="mm",
        )
    elif kind == "storm":
        cv.ellipse((x, y - 9, x + 18, y + 9), (90, 90, 110))
        cv.text((x + 9, y), "☁", 12, (255, 255, 255), (90, 90, 110), anchor="mm")
    elif kind == "tomb":
        guild, treasure = data
        style = guild_style(guild)
        cv.rect((x, y - 9, x + 18, y + 9), style.colour, INK, 2)
        cv.text((x + 9, y), "⚰", 12, ink_on(style.colour), style.colour, anchor="mm")
        gold = int((treasure or {}).get("gold", 0))
        if gold:
            cv.text((x + 20, y), str(gold), 14, INK, bg, anchor="lm")


def figure_band(z: Zone) -> tuple[float, float]:
    """Vertical band for figurines: under the name and terrain word, above the token row."""
    return label_boxes(z)[-1][3] + 4, z.bottom - TOKEN_ROW_UP - 12


def layout_for(zone: str, n: int) -> tuple[FigureLayout, list[Point]]:
    """Marker layout and centres for `n` figurines on `zone`."""
    z = zones()[zone]
    return figurine_layout(z, n, *figure_band(z))


def draw_figurine(cv: Canvas, fig: dict[str, Any], x: float, y: float, layout: FigureLayout, active: bool) -> None:
    """One figurine: guild shape with its kind's letters, stun and gold badges, ring if ringed."""
    r = layout.r
    style = guild_style(fig.get("guild"))
    if active:
        cv.ellipse((x - r - 5, y - r - 5, x + r + 5, y + r + 5), None, HIGHLIGHT, 4)
    if str(fig.get("id", "")).endswith("_2"):
        cv.ellipse((x - r - 3, y - r - 3, x + r + 3, y + r + 3), None, style.outline, 2)
    cv.shape(style.shape, x, y, r, style.colour, style.outline, 2)
    letters = KIND_LETTERS.get(str(fig.get("kind")), "?")
    dy = {"triangle": r * 0.25, "triangle_down": -r * 0.25}.get(style.shape, 0.0)
    cv.text((x, y + dy), letters, 15 if r >= 14 else 10, ink_on(style.colour), style.colour, anchor="mm")
    if not layout.badges:
        return
    stuns = int(fig.get("stuns", 0))
    if stuns:
        bx, by = x + r, y - r + 2
        cv.ellipse((bx - 7, by - 7, bx + 7, by + 7), HIGHLIGHT, INK, 1)
        cv.text((bx, by), str(stuns), 11, (255, 255, 255), HIGHLIGHT, anchor="mm")
    gold = int((fig.get("treasure") or {}).get("gold", 0))
    if gold:
        bx, by = x + r, y + r - 2
        cv.ellipse((bx - 7, by - 7, bx + 7, by + 7), (236, 196, 60), (120, 86, 10), 1)
        cv.text((bx, by), str(gold), 10, INK, (236, 196, 60), anchor="mm")
    if fig.get("pumpkin") or fig.get("rooted"):
        bx, by = x - r, y - r + 2
        cv.ellipse((bx - 7, by - 7, bx + 7, by + 7), (120, 70, 30), INK, 1)
        cv.text((bx, by), "P" if fig.get("pumpkin") else "R", 10, (255, 255, 255), (120, 70, 30), anchor="mm")


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


def _badge(cv: Canvas, z: Zone, glyph: str) -> None:
    x, y = z.box[2] - 20, z.box[1] + 20
    cv.ellipse((x - 15, y - 15, x + 15, y + 15), HIGHLIGHT, INK, 2)
    cv.text((x, y), glyph, 18, (255, 255, 255), HIGHLIGHT, anchor="mm")


def _draw_last(cv: Canvas, view: dict[str, Any]) -> None:
    zs = zones()
    fig_zone = {f.get("id"): f.get("zone") for f in view.get("figurines") or []}
    marked: set[str] = set()
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
            if zone in zs and zone not in marked:
                marked.add(zone)
                _outline(cv, zs[zone])
                _badge(cv, zs[zone], "⚔" if kind in ("stun", "roll") else "✗" if kind == "eliminated" else "!")
    window = view.get("window") or {}
    target = window.get("target") or {}
    zone = None
    if "fig" in target:
        zone = fig_zone.get(target["fig"])
    elif "lair" in target:
        zone = next((lair.get("zone") for lair in view.get("lairs") or [] if lair.get("guild") == target["lair"]), None)
    if zone in zs:
        _outline(cv, zs[zone])
        _badge(cv, zs[zone], "⚔" if window.get("type") == "combat" else "✋")


def _draw_map(cv: Canvas, view: dict[str, Any]) -> None:
    zs = zones()
    by_zone = _figs_by_zone(view)
    active = (view.get("active") or {}).get("figurine")
    zone_views = {zv.get("id"): zv for zv in view.get("zones") or []}
    for zid, z in zs.items():
        _token_row(cv, z, view, zone_views.get(zid) or {})
    _draw_last(cv, view)
    for zid, figs in by_zone.items():
        z = zs.get(zid)
        if z is None or not figs:
            continue
        layout, centres = layout_for(zid, len(figs))
        for fig, (x, y) in zip(figs, centres, strict=True):
            draw_figurine(cv, fig, x, y, layout, fig.get("id") == active)


# -- panel ---------------------------------------------------------------------------------


def _seat_names(view: dict[str, Any]) -> dict[int, str]:
    return {
        int(g.get("seat", i)): str(g.get("title") or f"Seat {g.get('seat', i)}")
        for i, g in enumerate(view.get("guilds") or [])
    }


def _inline_guild(cv: Canvas, x: float, y: float, guild: str | None) -> float:
    style = guild_style(guild)
    cv.shape(style.shape, x + 10, y + 11, 9, style.colour, style.outline, 2)
    return x + 24


def _draw_panel(cv: Canvas, view: dict[str, Any]) -> None:
    top = MAP_SIZE
    guilds = list(view.get("guilds") or [])
    names = _seat_names(view)
    guild_of_seat = {int(g.get("seat", i)): g.get("guild") for i, g in enumerate(guilds)}
    phase = str(view.get("phase", ""))
    turn = view.get("turn", view.get("round", 0))
    title = (
        f"Turn {turn} of {view.get('turn_cap', '?')} · {PHASES.get(phase, phase)}" if turn else PHASES.get(phase, phase)
    )
    cv.text((PAD, top + 12), title, 26, INK, PAPER, max_width=WIDTH - 200)
    mode = str(view.get("mode", ""))
    if mode:
        cv.text((WIDTH - PAD, top + 18), f"{mode.replace('_', ' ')} mode", 16, MUTED, PAPER, anchor="ra")

    x, y = PAD, top + 54
    first = view.get("first_player")
    if first is not None:
        x += cv.text((x, y), "First:", 18, MUTED, PAPER) + 6
        x = _inline_guild(cv, x, y, guild_of_seat.get(int(first)))
        x += cv.text((x, y), names.get(int(first), "?"), 18, INK, PAPER) + 20
    active = view.get("active")
    pending = [int(p) for p in view.get("pending") or []]
    if active:
        fig = next((f for f in view.get("figurines") or [] if f.get("id") == active.get("figurine")), {})
        x += cv.text((x, y), "Active:", 18, MUTED, PAPER) + 6
        x = _inline_guild(cv, x, y, fig.get("guild"))
        kind = str(fig.get("kind", active.get("figurine", "?"))).title()
        left = active.get("actions_left", 0)
        cv.text(
            (x, y),
            f"{names.get(int(active.get('player', -1)), '')} {kind}, {left} action{'s' if left != 1 else ''} left",
            18,
            INK,
            PAPER,
            max_width=WIDTH - x - PAD,
        )
    elif pending and phase != "over":
        who = ", ".join(names.get(p, f"Seat {p}") for p in pending)
        cv.text((x, y), f"Waiting for: {who}", 18, INK, PAPER, max_width=WIDTH - x - PAD)

    figs = list(view.get("figurines") or [])
    acting = int(active.get("player", -1)) if active else None
    for i, g in enumerate(guilds):
        seat = int(g.get("seat", i))
        ry = top + ROWS_Y + i * ROW_H
        bg = ROW_NOW if seat == acting else ROW_WAITING if seat in pending and phase != "over" else PAPER
        if bg != PAPER:
            cv.rect((0, ry, WIDTH, ry + ROW_H - 2), bg)
        cy = ry + ROW_H / 2 - 1
        style = guild_style(g.get("guild"))
        cv.shape(style.shape, 22, cy, 13, style.colour, style.outline, 2)
        cv.text((NAME_X, cy), names.get(seat, "?"), 18, INK, bg, anchor="lm", max_width=COL_OBJ - NAME_X - 24)
        threshold = g.get("threshold")
        obj = f"{g.get('objectives', 0)}/{threshold}" if threshold else str(g.get("objectives", 0))
        cv.text((COL_OBJ, cy), obj, 19, INK, bg, anchor="mm")
        cv.text((COL_GP, cy), str(g.get("score", 0)), 19, INK, bg, anchor="mm")
        cv.text((COL_HAND, cy), str(g.get("hand_size", 0)), 19, INK, bg, anchor="mm")
        cv.text((COL_DECK, cy), str(g.get("deck_size", 0)), 19, INK, bg, anchor="mm")
        fx = COL_FIGS
        for fig in (f for f in figs if f.get("guild") == g.get("guild")):
            _fig_chunk(cv, fig, fx, cy, bg)
            fx += FIG_CHUNK

    fy = top + ROWS_Y + len(guilds) * ROW_H + 8
    fy = _draw_roll(cv, view, fy)
    lines: list[tuple[str, RGB]] = []
    outcome = view.get("outcome")
    if outcome:
        lines += [(line, HIGHLIGHT) for line in wrap(outcome_text(view), 19, WIDTH - 2 * PAD)[:2]]
    notes = []
    for g in guilds:
        if g.get("designated"):
            target = next((x.get("title") for x in guilds if x.get("guild") == g.get("designated")), g["designated"])
            notes.append(f"{g.get('title')} designate {target}")
    effects = view.get("effects") or {}
    for guild, n in (effects.get("war_cry") or {}).items():
        notes.append(f"War Cry ×{n}: {guild}")
    for guild in effects.get("ambush") or []:
        notes.append(f"Ambush: {guild}")
    if notes:
        lines.append((" · ".join(notes), MUTED))
    texts = [str(e.get("text", "")) for e in view.get("last") or [] if e.get("kind") not in ("draw", "shuffle")]
    if texts:
        lines += [(line, INK) for line in wrap("Last: " + " ".join(texts[-2:]), 16, WIDTH - 2 * PAD)]
    bottom = MAP_SIZE + panel_height(len(guilds)) - 4
    for line, colour in lines:
        if fy + 22 > bottom:
            break
        cv.text((PAD, fy), line, 17 if colour != INK else 16, colour, PAPER, max_width=WIDTH - 2 * PAD)
        fy += 22


def _fig_chunk(cv: Canvas, fig: dict[str, Any], x: float, cy: float, bg: RGB) -> None:
    """Compact figurine summary for the panel: letters, stun pips, gold, artefacts."""
    letters = KIND_LETTERS.get(str(fig.get("kind")), "?") + ("²" if str(fig.get("id", "")).endswith("_2") else "")
    gone = fig.get("zone") is None
    colour = MUTED if gone or fig.get("activated") else INK
    x += cv.text((x, cy), letters, 16, colour, bg, anchor="lm") + 3
    if gone:
        cv.text((x, cy), "out", 14, MUTED, bg, anchor="lm")
        return
    spaces = int(fig.get("spaces", 2))
    stuns = int(fig.get("stuns", 0))
    for i in range(spaces):
        fill = HIGHLIGHT if i < stuns else None
        cv.ellipse((x, cy - 5, x + 10, cy + 5), fill, INK, 1)
        x += 12
    treasure = fig.get("treasure") or {}
    gold = int(treasure.get("gold", 0))
    if gold:
        draw_item(cv.draw, "gold", x + 7, cy, 6, cv.c)
        x += 15 + cv.text((x + 15, cy), str(gold), 14, INK, bg, anchor="lm")
    extras = "".join(ITEM_LETTERS[i][0] * int(treasure.get(i, 0)) for i in ITEM_LETTERS)
    comps = "w" * int(treasure.get("sacred_wood", 0)) + "m" * int(treasure.get("moonstone", 0))
    if extras or comps:
        cv.text((x + 3, cy), (extras + comps)[:5], 13, (90, 50, 130), bg, anchor="lm")


def _draw_roll(cv: Canvas, view: dict[str, Any], y: float) -> float:
    """The last roll as dice: a tick on a success, a lightning bolt on a failure."""
    roll = (view.get("window") or {}).get("dice") or view.get("last_roll")
    if not roll or not roll.get("faces"):
        return y
    colour = DICE.get(str(roll.get("colour")), (200, 200, 200))
    threshold = {"green": 4, "yellow": 3, "red": 2}.get(str(roll.get("colour")), 0)
    x = PAD
    x += cv.text((x, y + 2), f"Last roll ({roll.get('colour')}):", 17, INK, PAPER) + 8
    for face in list(roll.get("faces") or [])[:12]:
        ok = int(face) <= threshold
        cv.rounded((x, y, x + 24, y + 24), 5, colour, INK, 2)
        cv.text((x + 12, y + 12), "✓" if ok else "⚡", 15, ink_on(colour), colour, anchor="mm")
        x += 28
    cv.text((x + 6, y + 2), f"{roll.get('successes', 0)} success(es)", 17, INK, PAPER)
    return y + 30


def outcome_text(view: dict[str, Any]) -> str:
    """The winners and final scores."""
    outcome = view.get("outcome") or {}
    names = _seat_names(view)
    ranking = outcome.get("ranking") or []
    winners = [names.get(int(p), f"Seat {p}") for p in (ranking[0] if ranking else [])]
    scores = outcome.get("scores") or {}
    parts = [f"{names.get(int(p), p)} {float(v):g}" for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1]))]
    head = ("Winners: " if len(winners) > 1 else "Winner: ") + (", ".join(winners) or "nobody")
    return head + (" · " + ", ".join(parts) if parts else "")


# -- entry points ----------------------------------------------------------------------------


def board(view: dict[str, Any]) -> bytes:
    """PNG of the public board: zones with lairs, figurines and tokens, and the guild panel."""
    layer = static_layer(max(1, len(view.get("guilds") or [])))
    cv = layer.canvas()
    _draw_map(cv, view)
    _draw_panel(cv, view)
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
