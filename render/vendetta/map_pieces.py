"""What a turn puts on the Vendetta map: the clans' markers, the last move's arrows and bubbles, badges and
outlines."""

from __future__ import annotations

import math
from typing import Any

from i18n import ENGLISH, Locale
from render.common import HIGHLIGHT, INK, Canvas, Point, boxes_overlap, ink_on, inside, paste_stamps
from render.vendetta.layout import TEXT
from render.vendetta.map_layer import all_name_boxes, name_stamps
from render.vendetta.style import (
    CLOCKWISE,
    MAP_SIZE,
    Territory,
    clan_style,
    geometry,
    marker_boxes,
    marker_centres,
    marker_radius,
)


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


def badge_centre(t: Territory, clans: int, locale: Locale = ENGLISH) -> Point:
    """Where a combat badge goes on `t` with `clans` markers: the first spot clear of names (in `locale`) and
    markers."""
    avoid = all_name_boxes(locale) + marker_boxes(t, list(CLOCKWISE[:clans]))
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


def _badge(cv: Canvas, t: Territory, glyph: str, clans: int, locale: Locale) -> None:
    """A round magenta badge at the edge of a territory (combat marks), clear of names and markers."""
    x, y = badge_centre(t, clans, locale)
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


def bubble_centres(view: dict[str, Any], locale: Locale = ENGLISH) -> list[tuple[Point, int, bool]]:
    """Each arrow's count bubble: where it goes, the count, and whether it is clear of names (in `locale`) and
    other counts."""
    names = all_name_boxes(locale)
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


def _draw_marks(cv: Canvas, view: dict[str, Any], bubbles: list[tuple[Point, int, bool]], locale: Locale) -> None:
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
        _badge(cv, geo.territories[last["territory"]], "✗", clans(last["territory"]), locale)
    combat = view.get("combat") or {}
    if combat.get("territory") in geo.territories:
        _badge(cv, geo.territories[combat["territory"]], "⚔", clans(combat["territory"]), locale)


def _stamp_names(cv: Canvas, seats: int, footer_lines: int, locale: Locale) -> None:
    """Put every territory name back on top of what the last move drew over it."""
    paste_stamps(cv, name_stamps(seats, footer_lines, locale))


def draw_map(cv: Canvas, view: dict[str, Any], seats: int, footer_lines: int, locale: Locale = ENGLISH) -> None:
    """The turn on the map (names in `locale`): the last move's arrows and bubbles, the names back on top, the
    pieces, the marks."""
    _draw_last_move(cv, view)
    bubbles = bubble_centres(view, locale)
    for (x, y), count, clear in bubbles:
        if not clear:  # no spot on its arrow clear of the names: the names win
            _bubble(cv, x, y, count)
    _stamp_names(cv, seats, footer_lines, locale)
    _draw_pieces(cv, view)
    _draw_marks(cv, view, bubbles, locale)


def piece_boxes(territory: str, clans: list[str]) -> list[tuple[int, int, int, int]]:
    """Bounding boxes of the markers for `clans` in `territory` (layout tests)."""
    return marker_boxes(geometry().territories[territory], clans)
