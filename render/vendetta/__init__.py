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
    Stamp,
    boxes_overlap,
    ink_on,
    inside,
    line_height,
    make_stamps,
    mix,
    paste_stamps,
    readable,
    rgb_text,
    text_mask,
    text_width,
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
ROW_H = 48  # a clan name may take two lines
ROWS_Y = 122
FOOTER_PAD = 10  # above and below the footer's caption lines
COL_RES = 268
COL_BOARD = 318
COL_FOOD = (362, 402, 442, 482)
COL_GNOME = (540, 578, 616, 654, 692, 730)
COL_OBJ = 774
NAME_X = 46
NAME_W = COL_RES - NAME_X - 20

ROW_NOW: RGB = (255, 221, 170)  # the seat whose turn it is
ROW_WAITING: RGB = (214, 232, 250)  # seats with a pending decision
ROW_PLAIN: RGB = PAPER

NAME_SIZE = 20  # territory names: the phone-readable minimum, the map has no room for more
TEXT = 20  # panel text and counts
HEADING = 26
CAPTION_W = WIDTH - 2 * PANEL_PAD

PHASE_TEXT = {
    "objectives": "Choosing objectives",
    "movement": "Movement",
    "combat": "Combat",
    "finished": "Game over",
}


def panel_height(seats: int, footer_lines: int = 1) -> int:
    """Height of the side panel for `seats` rows and `footer_lines` caption lines under them."""
    return ROWS_Y + seats * ROW_H + 2 * FOOTER_PAD + max(1, footer_lines) * line_height(TEXT)


def picture_size(seats: int, footer_lines: int = 1) -> tuple[int, int]:
    """Size of the board picture for a game with `seats` clans in play."""
    return (WIDTH, MAP_SIZE + panel_height(seats, footer_lines))


# -- static layer --------------------------------------------------------------------------


def name_width(t: Territory) -> int:
    """How wide a territory's name may be drawn."""
    # Statues are small: their names may spill over the edge onto the brook
    # (every name is drawn with a halo in its territory's colour, so it reads there).
    return int(t.r * {"statue": 2.4, "home": 2.05}.get(t.kind, 1.9))


@cache
def name_lines(t: Territory) -> tuple[int, list[str]]:
    """Font size and lines of a territory's name, wrapped to fit across it."""
    return NAME_SIZE, wrap(hyphenate(t.name), NAME_SIZE, name_width(t))


@cache
def name_boxes(t: Territory) -> list[tuple[int, int, int, int]]:
    """Boxes of the name lines of `t` (for layout tests): above the pieces, centred."""
    size, lines = name_lines(t)
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


def _draw_names(d: ImageDraw.ImageDraw, mask: bool = False) -> None:
    """Every territory name with a halo of its territory's colour (or, with `mask`, their coverage)."""
    for t in geometry().territories.values():
        size, lines = name_lines(t)
        fill = terrain_colour(t)
        for (x0, y0, x1, _), line in zip(name_boxes(t), lines, strict=True):
            ink, halo = ((255,), (255,)) if mask else (ink_on(fill), fill)
            rgb_text(d, ((x0 + x1) / 2, y0), line, size, ink, anchor="ma", stroke=halo)  # type: ignore[arg-type]  # a mask's one-channel ink is no RGB


@cache
def static_layer(seats: int, footer_lines: int = 1) -> Layer:
    """The map, names, links, loot icons and the panel's fixed headings, for `seats` rows."""
    w, h = picture_size(seats, footer_lines)
    img = Image.new("RGB", (w, h), PAPER)
    img.paste(_map_image(), (0, 0))
    d = ImageDraw.Draw(img)
    _draw_names(d)
    _panel_headings(d, seats)
    return Layer(img, KEY_COLOURS)


@cache
def _name_mask() -> Image.Image:
    """Where the territory names and their halos are on the map (1-bit)."""
    return text_mask((MAP_SIZE, MAP_SIZE), lambda d: _draw_names(d, mask=True))


@cache
def name_stamps(seats: int, footer_lines: int = 1) -> tuple[Stamp, ...]:
    """The name lines of the static layer, to paste back after the arrows and outlines (see make_stamps)."""
    return make_stamps(static_layer(seats, footer_lines), _name_mask(), _all_name_boxes())


def _panel_headings(d: ImageDraw.ImageDraw, seats: int) -> None:
    """The table's column headings (static: the same for every render)."""
    top = MAP_SIZE
    d.line((0, top, WIDTH, top), fill=BORDER, width=3)
    y = top + COLS_Y + 12
    rgb_text(d, (NAME_X, y), "Clan", TEXT, MUTED, anchor="lm")
    rgb_text(d, (COL_RES, y), "Res", TEXT, MUTED, anchor="mm")
    rgb_text(d, (COL_BOARD, y), "Map", TEXT, MUTED, anchor="mm")
    for x, food in zip(COL_FOOD, FOODS, strict=True):
        draw_icon(d, food, x, y, 10)
    for x, clan in zip(COL_GNOME, CLOCKWISE, strict=True):
        draw_icon(d, f"gnome_{clan}", x, y, 12)
    rgb_text(d, (COL_OBJ, y), "Obj", TEXT, MUTED, anchor="mm")
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
    dy = {"triangle": r * 0.22, "triangle_down": -r * 0.22}.get(style.shape, 0.0)
    # A two-digit count is wider than a triangle's inside: the halo in the marker's
    # colour keeps the digits readable where they reach past the shape.
    cv.text((x, y + dy), str(count), TEXT, ink_on(style.colour), style.colour, anchor="mm", halo=style.colour)


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


ARROW_BUBBLE = 16  # radius of the moved-count bubble on an arrow


def _arrow_ends(a: Territory, b: Territory) -> tuple[Point, Point, Point, Point] | None:
    """Start, head base, tip and unit direction of the arrow from a to b (None if a is b)."""
    length = math.hypot(b.cx - a.cx, b.cy - a.cy)
    if length < 1:
        return None
    ux, uy = (b.cx - a.cx) / length, (b.cy - a.cy) / length
    start = (a.cx + ux * a.r * 0.35, a.cy + uy * a.r * 0.35)
    tip = (b.cx - ux * b.r * 0.45, b.cy - uy * b.r * 0.45)
    base = (tip[0] - ux * 20, tip[1] - uy * 20)
    return start, base, tip, (ux, uy)


def _arrow(cv: Canvas, a: Territory, b: Territory) -> None:
    """A thick magenta arrow from a's centre towards b's (names are stamped back over it afterwards)."""
    ends = _arrow_ends(a, b)
    if ends is None:
        return
    start, base, tip, (ux, uy) = ends
    nx, ny = -uy, ux
    wing = [(base[0] + nx * 13, base[1] + ny * 13), tip, (base[0] - nx * 13, base[1] - ny * 13)]
    cv.line([start, base], INK, 11)
    cv.polygon(wing, INK, INK, 4)
    cv.line([start, base], HIGHLIGHT, 6)
    cv.polygon(wing, HIGHLIGHT)


def _bubble_at(a: Territory, b: Territory, avoid: list[tuple[int, int, int, int]]) -> tuple[Point, bool]:
    """Where on the arrow a->b its count bubble goes, and whether that spot is clear of `avoid`.

    The spot nearest the arrow's middle that is clear, on the shaft or just beside it;
    with none clear, the middle (the bubble then goes under the names).
    """
    ends = _arrow_ends(a, b)
    assert ends is not None
    start, base, _, (ux, uy) = ends
    k = ARROW_BUBBLE + 2
    middle = ((start[0] + base[0]) / 2, (start[1] + base[1]) / 2)
    # On the shaft first, then beside it (the bubble still touches its arrow), then a little off.
    for side in (0, 14, -14, 24, -24, 34, -34):
        for f in (0.5, 0.42, 0.58, 0.34, 0.66, 0.26, 0.74, 0.18, 0.82, 0.1, 0.9, 0.0, 1.0):
            x = start[0] + (base[0] - start[0]) * f - uy * side
            y = start[1] + (base[1] - start[1]) * f + ux * side
            box = (int(x - k), int(y - k), int(x + k) + 1, int(y + k) + 1)
            if not any(boxes_overlap(box, other) for other in avoid):
                return (x, y), True
    return middle, False


def _bubble(cv: Canvas, x: float, y: float, count: int) -> None:
    """The number of gnomes an arrow moved, in a magenta bubble."""
    r = ARROW_BUBBLE
    cv.ellipse((x - r, y - r, x + r, y + r), HIGHLIGHT, INK, 2)
    cv.text((x, y), str(count), TEXT, (255, 255, 255), HIGHLIGHT, anchor="mm")


BADGE_R = 16


@cache
def _all_name_boxes() -> list[tuple[int, int, int, int]]:
    return [box for t in geometry().territories.values() for box in name_boxes(t)]


def badge_centre(t: Territory, clans: int) -> Point:
    """Where a combat badge goes on `t` with `clans` markers: the first spot clear of names and markers."""
    avoid = _all_name_boxes() + marker_boxes(t, list(CLOCKWISE[:clans]))
    k = BADGE_R + 1
    # Round the territory, nearest first, starting at its right edge a little up.
    spots = [
        (t.cx + d * math.cos(math.radians(a)), t.cy + d * math.sin(math.radians(a)))
        for d in (t.r + 2, t.r + 14, t.r + 26)
        for a in (-12, 12, -40, 40, 192, 168, 220, 140, -70, 70)
    ]
    for x, y in spots:
        box = (int(x - k), int(y - k), int(x + k) + 1, int(y + k) + 1)
        if inside(box, (MAP_SIZE, MAP_SIZE)) and not any(boxes_overlap(box, other) for other in avoid):
            return (x, y)
    return spots[0]


def _badge(cv: Canvas, t: Territory, glyph: str, clans: int) -> None:
    """A round magenta badge at the edge of a territory (combat marks), clear of names and markers."""
    x, y = badge_centre(t, clans)
    r = BADGE_R
    cv.ellipse((x - r, y - r, x + r, y + r), HIGHLIGHT, INK, 2)
    cv.text((x, y), glyph, TEXT, (255, 255, 255), HIGHLIGHT, anchor="mm")


def _outline(cv: Canvas, t: Territory) -> None:
    cv.polygon([*t.polygon, t.polygon[0]], None, HIGHLIGHT, 5)


def _moves(view: dict[str, Any]) -> list[tuple[Territory, Territory, int]]:
    """The last move's steps on the map (origin, destination, gnomes)."""
    geo = geometry()
    last = view.get("last_move") or {}
    if last.get("kind") != "move":
        return []
    out = []
    for move in last.get("moves") or []:
        o, d, n = move[0], move[1], move[2]
        if o in geo.territories and d in geo.territories:
            out.append((geo.territories[o], geo.territories[d], int(n)))
    return out


def _draw_last_move(cv: Canvas, view: dict[str, Any]) -> None:
    """Outlines and arrows of the last move (under the names, which are stamped back on top)."""
    moves = _moves(view)
    for _, d, _ in moves:
        _outline(cv, d)
    for o, d, _ in moves:
        _arrow(cv, o, d)
    geo = geometry()
    last = view.get("last_move") or {}
    if last.get("kind") == "combat" and last.get("territory") in geo.territories:
        _outline(cv, geo.territories[last["territory"]])
    combat = view.get("combat") or {}
    if combat.get("territory") in geo.territories:
        _outline(cv, geo.territories[combat["territory"]])


def bubble_centres(view: dict[str, Any]) -> list[tuple[Point, int, bool]]:
    """Each arrow's count bubble: where it goes, the count, and whether it is clear of names and other counts."""
    names = _all_name_boxes()
    placed: list[tuple[int, int, int, int]] = []
    out = []
    k = ARROW_BUBBLE + 2
    for o, d, n in _moves(view):
        if _arrow_ends(o, d) is None:
            continue
        at, clear = _bubble_at(o, d, names + placed)
        out.append((at, n, clear))
        placed.append((int(at[0] - k), int(at[1] - k), int(at[0] + k) + 1, int(at[1] + k) + 1))
    return out


def _draw_marks(cv: Canvas, view: dict[str, Any], bubbles: list[tuple[Point, int, bool]]) -> None:
    """What goes over names and pieces: the arrows' counts (placed clear of names) and combat badges."""
    geo = geometry()
    for (x, y), n, clear in bubbles:
        if clear:
            _bubble(cv, x, y, n)
    board = view.get("board") or {}

    def clans(tid: str) -> int:
        return sum(1 for n in (board.get(tid) or {}).values() if n > 0)

    last = view.get("last_move") or {}
    if last.get("kind") == "combat" and last.get("territory") in geo.territories:
        _badge(cv, geo.territories[last["territory"]], "✗", clans(last["territory"]))
    combat = view.get("combat") or {}
    if combat.get("territory") in geo.territories:
        _badge(cv, geo.territories[combat["territory"]], "⚔", clans(combat["territory"]))


def _stamp_names(cv: Canvas, seats: int, footer_lines: int) -> None:
    """Put every territory name back on top of what the last move drew over it."""
    paste_stamps(cv, name_stamps(seats, footer_lines))


def _place(view: dict[str, Any], tid: str) -> str:
    t = geometry().territories.get(tid)
    return t.name if t else readable(tid)


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
    names = [" & ".join(by_player.get(int(p), ["another player"])) for p in winners]
    text = ("Winners: " if len(names) > 1 else "Winner: ") + (", ".join(names) or "nobody")
    reason = outcome.get("reason")
    if reason == "round_limit":
        text += " (round limit)"
    scores = outcome.get("scores") or {}
    if scores and (view.get("scoring") != "basic" or reason == "round_limit"):
        parts = []
        for p, v in sorted(scores.items(), key=lambda kv: -float(kv[1])):
            who = " & ".join(by_player.get(int(p), ["another player"]))
            parts.append(f"{who} {float(v):g}")
        text += " · " + ", ".join(parts)
    return text


PARTNER_NOTE = "Small marker after a clan: the other clan of the same player"


def footer_lines(view: dict[str, Any]) -> list[tuple[str, RGB]]:
    """The captions under the table (result, fight, last move), wrapped: every line is drawn."""
    lines: list[tuple[str, RGB]] = []
    seats = view.get("seats") or []
    if len({s.get("player") for s in seats}) < len(seats):
        lines.append((PARTNER_NOTE, MUTED))
    for text, colour in ((outcome_text(view), HIGHLIGHT), (combat_text(view), INK), (last_move_text(view), INK)):
        if text:
            lines += [(line, colour) for line in wrap(text, TEXT, CAPTION_W)]
    return lines


def _partners(seats: list[dict[str, Any]], seat: dict[str, Any]) -> list[dict[str, Any]]:
    """The other clans played by the same player (two-player variant)."""
    return [s for s in seats if s.get("player") == seat.get("player") and s is not seat]


def _draw_panel(cv: Canvas, view: dict[str, Any], seats: list[dict[str, Any]], footer: list[tuple[str, RGB]]) -> None:
    top = MAP_SIZE
    names = _clan_names(view)
    phase = view.get("phase", "")
    rnd, limit = view.get("round", 0), view.get("round_limit", "?")
    title = f"Round {rnd} of {limit} · {PHASE_TEXT.get(phase, phase)}" if rnd else PHASE_TEXT.get(phase, phase)
    cv.text((PANEL_PAD, top + 12), title, HEADING, INK, PAPER, max_width=WIDTH - 230)
    scoring = str(view.get("scoring", ""))
    if scoring:
        cv.text((WIDTH - PANEL_PAD, top + 18), f"{scoring} scoring", TEXT, MUTED, PAPER, anchor="ra")

    x: float = PANEL_PAD
    y = top + 54
    first = view.get("first_seat")
    if first:
        x += cv.text((x, y), "First:", TEXT, MUTED, PAPER) + 6
        x = _inline_clan(cv, x, y + 12, first, view) + 4
        x += cv.text((x, y), names.get(first, first), TEXT, INK, PAPER) + 22
    current = view.get("current_seat")
    pending_players = set(view.get("pending") or [])
    if current:
        x += cv.text((x, y), "Now:", TEXT, MUTED, PAPER) + 6
        x = _inline_clan(cv, x, y + 12, current, view) + 4
        cv.text((x, y), names.get(current, current), TEXT, INK, PAPER, max_width=WIDTH - x - PANEL_PAD)
    elif pending_players and phase != "finished":
        cv.text((x, y), f"Waiting for {len(pending_players)} to choose", TEXT, INK, PAPER)

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
        name_w = COL_RES - NAME_X - 24
        if variant:
            # Two-player variant: each player runs several clans; the small markers
            # after a name are the other clans of the same player.
            px = COL_RES - 30
            for other in _partners(seats, seat):
                ostyle = clan_style(str(other.get("clan")), other.get("colour"))
                cv.shape(ostyle.shape, px, cy, 9, ostyle.colour, ostyle.outline, 2)
                px -= 22
                name_w -= 22
        _clan_name(cv, str(seat.get("name", clan)), cy, name_w, bg)
        cv.text((COL_RES, cy), str(seat.get("reserve", "")), TEXT, INK, bg, anchor="mm")
        cv.text((COL_BOARD, cy), str(seat.get("on_board", "")), TEXT, INK, bg, anchor="mm")
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
        cv.text((COL_OBJ, cy), mark, TEXT, INK, bg, anchor="mm")

    fy = top + ROWS_Y + len(seats) * ROW_H + FOOTER_PAD
    for j, (caption, ink) in enumerate(footer):
        cv.text((PANEL_PAD, fy + j * line_height(TEXT)), caption, TEXT, ink, PAPER)


def _clan_name(cv: Canvas, name: str, cy: float, width: int, bg: RGB) -> None:
    """A clan's name in its row: one line if it fits, else two (long names break at their soft hyphens)."""
    if text_width(name, TEXT) <= width:
        cv.text((NAME_X, cy), name, TEXT, INK, bg, anchor="lm")
        return
    lines = wrap(hyphenate(name), TEXT, width)[:2]
    step = line_height(TEXT)
    top = cy - step * len(lines) / 2
    for j, line in enumerate(lines):
        cv.text((NAME_X, top + j * step), line, TEXT, INK, bg, max_width=width)


def _count(cv: Canvas, x: float, y: float, n: int, bg: RGB) -> None:
    """A token count; zero is a faint dot so that the numbers that matter stand out."""
    if n:
        cv.text((x, y), str(n), TEXT, INK, bg, anchor="mm")
    else:
        cv.text((x, y), "·", TEXT, (170, 165, 150), bg, anchor="mm")


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
    footer = footer_lines(view)
    n, k = max(1, len(seats)), max(1, len(footer))
    cv = static_layer(n, k).canvas()
    _draw_last_move(cv, view)
    bubbles = bubble_centres(view)
    for (x, y), count, clear in bubbles:
        if not clear:  # no spot on its arrow clear of the names: the names win
            _bubble(cv, x, y, count)
    _stamp_names(cv, n, k)
    _draw_pieces(cv, view)
    _draw_marks(cv, view, bubbles)
    _draw_panel(cv, view, seats, footer)
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
