"""Violent Vendetta pictures: the table's board and each player's objectives.

`board(view)` draws the map (cached static layer) plus pieces, the last move and
the side panel; `private(view)` draws the player's objective cards (see
render/vendetta/private_view.py). Both read only the view they are given.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

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
    mix,
    rgb_text,
    unbroken_fit,
    wrap,
)
from render.vendetta import private_view as vendetta_private
from render.vendetta import samples as vendetta_samples
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
    marker_boxes,
    marker_centres,
    marker_radius,
    pieces_dy,
    terrain_colour,
)
from render.vendetta.style import KEY_COLOURS as STYLE_COLOURS

# Colours the static layer must keep exactly (small icons would otherwise merge away).
KEY_COLOURS = (*STYLE_COLOURS, INK, MUTED, PAPER)

# -- panel layout (below the map) ------------------------------------------------------------

PANEL_PAD = 12
HEADER_H = 84  # two lines: round/phase, first/now/waiting
COLS_Y = 92  # column header row (icons), relative to the panel top
ROW_H = 40
ROWS_Y = 120
FOOTER_H = 86  # last move and result lines
COL_RES = 272
COL_BOARD = 316
COL_FOOD = (362, 402, 442, 482)
COL_GNOME = (540, 578, 616, 654, 692, 730)
COL_OBJ = 774
NAME_X = 46
NAME_W = COL_RES - NAME_X - 20

ROW_NOW: RGB = (255, 221, 170)  # the seat whose turn it is
ROW_WAITING: RGB = (214, 232, 250)  # seats with a pending decision
ROW_PLAIN: RGB = PAPER

NAME_SIZE = 16
COUNT_SIZE = 20

PHASE_TEXT = {
    "objectives": "Choosing objectives",
    "movement": "Movement",
    "combat": "Combat",
    "finished": "Game over",
}


def panel_height(seats: int) -> int:
    """Height of the side panel for `seats` rows."""
    return ROWS_Y + seats * ROW_H + FOOTER_H


def picture_size(seats: int) -> tuple[int, int]:
    """Size of the board picture for a game with `seats` clans in play."""
    return (WIDTH, MAP_SIZE + panel_height(seats))


# -- static layer --------------------------------------------------------------------------


def name_lines(t: Territory) -> tuple[int, list[str]]:
    """Font size and lines of a territory's name, wrapped to fit across it."""
    # Statues are small: their names may spill over the edge onto the brook
    # (drawn with a halo in the statue's colour, so they still read there).
    width = int(t.r * (2.4 if t.kind == "statue" else 1.7))
    name = hyphenate(t.name)
    limit = 3 if t.kind in ("home", "statue") else 2
    # Largest size whose lines fit without cutting a word at an unmarked place.
    for size in range(NAME_SIZE, 12, -1):
        lines = wrap(name, size, width)
        if len(lines) <= limit and unbroken_fit(name, size, width):
            return size, lines
    return 13, wrap(name, 13, width)


def name_boxes(t: Territory) -> list[tuple[int, int, int, int]]:
    """Boxes of the name lines of `t` (for layout tests): above the pieces, centred."""
    from render.common import text_width

    size, lines = name_lines(t)
    line_h = size + 1
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
def static_layer(seats: int) -> Layer:
    """The map, names, links, loot icons and the panel's fixed headings, for `seats` rows."""
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
    map_img = big.resize((MAP_SIZE, MAP_SIZE), Image.Resampling.LANCZOS)

    w, h = picture_size(seats)
    img = Image.new("RGB", (w, h), PAPER)
    img.paste(map_img, (0, 0))
    d = ImageDraw.Draw(img)
    for t in geo.territories.values():
        size, lines = name_lines(t)
        for (x0, y0, x1, _), line in zip(name_boxes(t), lines, strict=True):
            fill = terrain_colour(t)
            halo = fill if t.kind == "statue" else None
            rgb_text(d, ((x0 + x1) / 2, y0), line, size, ink_on(fill), anchor="ma", stroke=halo)
    _panel_headings(d, seats)
    return Layer(img, KEY_COLOURS)


def _panel_headings(d: ImageDraw.ImageDraw, seats: int) -> None:
    """The table's column headings (static: the same for every render)."""
    top = MAP_SIZE
    d.line((0, top, WIDTH, top), fill=BORDER, width=3)
    y = top + COLS_Y + 12
    rgb_text(d, (NAME_X, y), "Clan", 14, MUTED, anchor="lm")
    rgb_text(d, (COL_RES, y), "Res", 14, MUTED, anchor="mm")
    rgb_text(d, (COL_BOARD, y), "Map", 14, MUTED, anchor="mm")
    for x, food in zip(COL_FOOD, FOODS, strict=True):
        draw_icon(d, food, x, y, 10)
    for x, clan in zip(COL_GNOME, CLOCKWISE, strict=True):
        draw_icon(d, f"gnome_{clan}", x, y, 12)
    rgb_text(d, (COL_OBJ, y), "Obj", 14, MUTED, anchor="mm")
    # Separator between the food and gnome-token column groups.
    d.line((COL_GNOME[0] - 26, y - 12, COL_GNOME[0] - 26, top + ROWS_Y + seats * ROW_H), fill=(200, 190, 170), width=1)


# -- dynamic drawing -----------------------------------------------------------------------


def _seats(view: dict[str, Any]) -> list[dict[str, Any]]:
    seats = list(view.get("seats") or [])
    order = view.get("seat_order")
    if order:
        by_clan = {s.get("clan"): s for s in seats}
        seats = [by_clan[c] for c in order if c in by_clan] + [s for s in seats if s.get("clan") not in order]
    return seats


def _clan_names(view: dict[str, Any]) -> dict[str, str]:
    return {s.get("clan", "?"): str(s.get("name", s.get("clan", "?"))) for s in view.get("seats") or []}


def draw_marker(cv: Canvas, clan: str, x: float, y: float, r: int, count: int, fallback: str | None = None) -> None:
    """One piece marker: the clan's shape in its colour with the gnome count inside."""
    style = clan_style(clan, fallback)
    cv.shape(style.shape, x, y, r, style.colour, style.outline, 2)
    text = str(count)
    size = (20 if r >= 16 else 17) if len(text) == 1 else (17 if r >= 16 else 14)
    dy = {"triangle": r * 0.22, "triangle_down": -r * 0.22}.get(style.shape, 0.0)
    cv.text((x, y + dy), text, size, ink_on(style.colour), style.colour, anchor="mm")


def _draw_pieces(cv: Canvas, view: dict[str, Any]) -> None:
    geo = geometry()
    colours = {s.get("clan"): s.get("colour") for s in view.get("seats") or []}
    board = view.get("board") or {}
    for tid, here in board.items():
        t = geo.territories.get(tid)
        if t is None or not here:
            continue
        clans = sorted((c for c, n in here.items() if n > 0), key=_clan_rank)
        r = marker_radius(len(clans))
        for clan, (x, y) in zip(clans, marker_centres(t, len(clans)), strict=True):
            draw_marker(cv, clan, x, y, r, int(here[clan]), colours.get(clan))


def _clan_rank(clan: str) -> tuple[int, str]:
    return (CLOCKWISE.index(clan) if clan in CLOCKWISE else len(CLOCKWISE), clan)


def _arrow(cv: Canvas, a: Territory, b: Territory, count: int) -> None:
    """A thick magenta arrow from a's centre to b's, with the number of gnomes moved."""
    length = math.hypot(b.cx - a.cx, b.cy - a.cy)
    if length < 1:
        return
    ux, uy = (b.cx - a.cx) / length, (b.cy - a.cy) / length
    start = (a.cx + ux * a.r * 0.35, a.cy + uy * a.r * 0.35)
    tip = (b.cx - ux * b.r * 0.45, b.cy - uy * b.r * 0.45)
    head = 20
    base = (tip[0] - ux * head, tip[1] - uy * head)
    nx, ny = -uy, ux
    wing = [(base[0] + nx * 13, base[1] + ny * 13), tip, (base[0] - nx * 13, base[1] - ny * 13)]
    cv.line([start, base], INK, 11)
    cv.polygon(wing, INK, INK, 4)
    cv.line([start, base], HIGHLIGHT, 6)
    cv.polygon(wing, HIGHLIGHT)
    mx, my = (start[0] + base[0]) / 2, (start[1] + base[1]) / 2
    cv.ellipse((mx - 13, my - 13, mx + 13, my + 13), HIGHLIGHT, INK, 2)
    cv.text((mx, my), str(count), 17, (255, 255, 255), HIGHLIGHT, anchor="mm")


def _badge(cv: Canvas, t: Territory, glyph: str) -> None:
    """A round magenta badge on the right edge of a territory (combat marks), clear of its name."""
    x, y = t.cx + t.r + 2, t.cy - 12
    cv.ellipse((x - 16, y - 16, x + 16, y + 16), HIGHLIGHT, INK, 2)
    cv.text((x, y), glyph, 20, (255, 255, 255), HIGHLIGHT, anchor="mm")


def _outline(cv: Canvas, t: Territory) -> None:
    cv.polygon([*t.polygon, t.polygon[0]], None, HIGHLIGHT, 5)


def _draw_last_move(cv: Canvas, view: dict[str, Any]) -> None:
    geo = geometry()
    last = view.get("last_move") or {}
    if last.get("kind") == "move":
        for move in last.get("moves") or []:
            o, d, n = move[0], move[1], move[2]
            if o in geo.territories and d in geo.territories:
                _outline(cv, geo.territories[d])
        for move in last.get("moves") or []:
            o, d, n = move[0], move[1], move[2]
            if o in geo.territories and d in geo.territories:
                _arrow(cv, geo.territories[o], geo.territories[d], int(n))
    elif last.get("kind") == "combat" and last.get("territory") in geo.territories:
        t = geo.territories[last["territory"]]
        _outline(cv, t)
        _badge(cv, t, "✗")
    combat = view.get("combat") or {}
    if combat.get("territory") in geo.territories:
        t = geo.territories[combat["territory"]]
        _outline(cv, t)
        _badge(cv, t, "⚔")


def _place(view: dict[str, Any], tid: str) -> str:
    t = geometry().territories.get(tid)
    return t.name if t else tid


def last_move_text(view: dict[str, Any]) -> str:
    """The last move in words, for the panel."""
    last = view.get("last_move") or {}
    names = _clan_names(view)
    if last.get("kind") == "move":
        who = names.get(last.get("clan", ""), last.get("clan", "?"))
        moves = last.get("moves") or []
        if not moves:
            return f"Last move: {who} passed."
        total = sum(int(m[2]) for m in moves)
        origins = {m[0] for m in moves}
        dests = {m[1] for m in moves}
        if len(moves) == 1:
            o, d, n = moves[0]
            return f"Last move: {who} moved {n} from {_place(view, o)} to {_place(view, d)}."
        if len(origins) == 1:
            return f"Last move: {who} spread {total} from {_place(view, next(iter(origins)))}."
        return f"Last move: {who} gathered {total} onto {_place(view, next(iter(dests)))}."
    if last.get("kind") == "combat":
        losses = last.get("losses") or {}
        parts = [f"{names.get(c, c)} −{n}" for c, n in losses.items()]
        return f"Combat at {_place(view, last.get('territory', '?'))}: " + (", ".join(parts) or "no losses") + "."
    return ""


def combat_text(view: dict[str, Any]) -> str:
    """The fight in progress: where, which combat round, the dice declared so far."""
    combat = view.get("combat") or {}
    if not combat.get("territory"):
        return ""
    names = _clan_names(view)
    parts = []
    for clan, targets in combat.get("declarations") or []:
        aims = ", ".join(f"{dice} at {names.get(t, t)}" for t, dice in targets)
        parts.append(f"{names.get(clan, clan)}: {aims}")
    text = f"Fight at {_place(view, combat['territory'])}, round {combat.get('round', 1)}"
    return text + (" — " + "; ".join(parts) if parts else " — no dice declared yet") + "."


def outcome_text(view: dict[str, Any]) -> str:
    """The result line of a finished game."""
    outcome = view.get("outcome")
    if not outcome:
        return ""
    seats = view.get("seats") or []
    by_player: dict[int, list[str]] = {}
    for s in seats:
        by_player.setdefault(int(s.get("player", -1)), []).append(str(s.get("name", s.get("clan"))))
    ranking = outcome.get("ranking") or []
    winners = ranking[0] if ranking else []
    names = [" & ".join(by_player.get(int(p), [f"player {p}"])) for p in winners]
    text = ("Winners: " if len(names) > 1 else "Winner: ") + (", ".join(names) or "nobody")
    reason = outcome.get("reason")
    if reason == "round_limit":
        text += " (round limit)"
    scores = outcome.get("scores") or {}
    if scores and (view.get("scoring") != "basic" or reason == "round_limit"):
        parts = []
        for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1])):
            who = " & ".join(by_player.get(int(p), [f"player {p}"]))
            parts.append(f"{who} {float(v):g}")
        text += " · " + ", ".join(parts)
    return text


def _draw_panel(cv: Canvas, view: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    top = MAP_SIZE
    names = _clan_names(view)
    phase = view.get("phase", "")
    rnd, limit = view.get("round", 0), view.get("round_limit", "?")
    title = f"Round {rnd} of {limit} · {PHASE_TEXT.get(phase, phase)}" if rnd else PHASE_TEXT.get(phase, phase)
    cv.text((PANEL_PAD, top + 12), title, 26, INK, PAPER, max_width=WIDTH - 190)
    scoring = str(view.get("scoring", ""))
    if scoring:
        cv.text((WIDTH - PANEL_PAD, top + 18), f"{scoring} scoring", 16, MUTED, PAPER, anchor="ra")

    x = PANEL_PAD
    y = top + 54
    first = view.get("first_seat")
    if first:
        x += cv.text((x, y), "First:", 18, MUTED, PAPER) + 6
        x = _inline_clan(cv, x, y + 11, first, view) + 4
        x += cv.text((x, y), names.get(first, first), 18, INK, PAPER) + 22
    current = view.get("current_seat")
    pending_players = set(view.get("pending") or [])
    if current:
        x += cv.text((x, y), "Now:", 18, MUTED, PAPER) + 6
        x = _inline_clan(cv, x, y + 11, current, view) + 4
        cv.text((x, y), names.get(current, current), 18, INK, PAPER, max_width=WIDTH - x - PANEL_PAD)
    elif pending_players and phase != "finished":
        cv.text((x, y), f"Waiting for {len(pending_players)} to choose", 18, INK, PAPER)

    combat = view.get("combat") or {}
    variant = len({s.get("player") for s in seats}) < len(seats)
    for i, seat in enumerate(seats):
        clan = seat.get("clan", "?")
        ry = top + ROWS_Y + i * ROW_H
        if clan == current:
            bg = ROW_NOW
        elif seat.get("player") in pending_players and (phase == "objectives" or clan in (combat.get("order") or [])):
            bg = ROW_WAITING
        else:
            bg = ROW_PLAIN
        if bg != ROW_PLAIN:
            cv.rect((0, ry, WIDTH, ry + ROW_H - 2), bg)
        cy = ry + ROW_H / 2 - 1
        style = clan_style(clan, seat.get("colour"))
        cv.shape(style.shape, 24, cy, 13, style.colour, style.outline, 2)
        name_w = NAME_W
        if variant:
            # Two-player variant: each player runs several clans, so say whose each is.
            tag = f"P{int(seat.get('player', 0)) + 1}"
            cv.text((COL_RES - 22, cy), tag, 14, MUTED, bg, anchor="rm")
            name_w -= 26
        cv.text((NAME_X, cy), str(seat.get("name", clan)), 19, INK, bg, anchor="lm", max_width=name_w)
        cv.text((COL_RES, cy), str(seat.get("reserve", "")), 20, INK, bg, anchor="mm")
        cv.text((COL_BOARD, cy), str(seat.get("on_board", "")), 20, INK, bg, anchor="mm")
        tokens = seat.get("tokens") or {}
        for xx, food in zip(COL_FOOD, FOODS, strict=True):
            _count(cv, xx, cy, int(tokens.get(food, 0)), bg)
        for xx, colour in zip(COL_GNOME, CLOCKWISE, strict=True):
            _count(cv, xx, cy, int(tokens.get(f"gnome_{colour}", 0)), bg)
        kept = seat.get("objectives_kept")
        if phase == "objectives":
            mark = "✓" if seat.get("has_chosen") else "…"
        else:
            mark = str(kept) if kept is not None else ""
        cv.text((COL_OBJ, cy), mark, 20, INK, bg, anchor="mm")

    fy = top + ROWS_Y + len(seats) * ROW_H + 8
    lines: list[tuple[str, int, RGB]] = []
    outcome = outcome_text(view)
    if outcome:
        lines += [(line, 20, HIGHLIGHT) for line in wrap(outcome, 20, WIDTH - 2 * PANEL_PAD)[:2]]
    fight = combat_text(view)
    if fight:
        lines += [(line, 18, INK) for line in wrap(fight, 18, WIDTH - 2 * PANEL_PAD)[:2]]
    move = last_move_text(view)
    if move:
        lines += [(line, 18, INK) for line in wrap(move, 18, WIDTH - 2 * PANEL_PAD)]
    for j, (line, size, colour) in enumerate(lines[:3]):
        cv.text((PANEL_PAD, fy + j * 25), line, size, colour, PAPER)


def _count(cv: Canvas, x: float, y: float, n: int, bg: RGB) -> None:
    """A token count; zero is a faint dot so that the numbers that matter stand out."""
    if n:
        cv.text((x, y), str(n), 20, INK, bg, anchor="mm")
    else:
        cv.text((x, y), "·", 20, (170, 165, 150), bg, anchor="mm")


def _inline_clan(cv: Canvas, x: float, cy: float, clan: str, view: dict[str, Any]) -> float:
    """A small clan marker in running text; returns the x after it."""
    colours = {s.get("clan"): s.get("colour") for s in view.get("seats") or []}
    style = clan_style(clan, colours.get(clan))
    cv.shape(style.shape, x + 11, cy, 10, style.colour, style.outline, 2)
    return x + 24


# -- entry points ----------------------------------------------------------------------------


def board(view: dict[str, Any]) -> bytes:
    """PNG of the public board: map with pieces and last move, and the panel below."""
    seats = _seats(view)
    layer = static_layer(max(1, len(seats)))
    cv = layer.canvas()
    _draw_last_move(cv, view)
    _draw_pieces(cv, view)
    _draw_panel(cv, view, seats)
    return cv.png()


def private(view: dict[str, Any]) -> bytes:
    """PNG of one player's objectives (offered, drafted, kept) with progress."""
    return vendetta_private.render(view)


def extra_samples() -> dict[str, dict[str, Any]]:
    """Hand-made views for the gallery and golden tests (crowded territories, combat)."""
    return vendetta_samples.samples()


def piece_boxes(territory: str, clans: list[str]) -> list[tuple[int, int, int, int]]:
    """Bounding boxes of the markers for `clans` in `territory` (layout tests)."""
    return marker_boxes(geometry().territories[territory], clans)
