"""Gnome Tribes: the public board picture (map with armies, the war plan, the last attack, the side panel).

Reads only the public keys of the view (`PUBLIC_KEYS`), so a player's view draws the
same picture as the public one: its secrets are never looked at. Every word is in the reader's
`locale`, from the game's catalog (render/tribes/words.py, render/tribes/names.py).
"""

from __future__ import annotations

import math
from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PAPER,
    RGB,
    Box,
    Canvas,
    Point,
    boxes_overlap,
    ink_on,
    line_height,
    paste_stamps,
    shape_points,
    text_width,
    wrap,
)
from render.tribes.map_layer import name_stamps, static_layer
from render.tribes.style import (
    MAP_SIZE,
    TOKEN_R,
    WIDTH,
    Territory,
    geometry,
    name_boxes,
    token_centres,
    tribe_style,
)
from render.tribes.words import (
    battle_text,
    bills_line,
    cards_text,
    num,
    phase_line,
    plan_text,
    revealed_text,
    status_line,
    tribe_names,
    vote_text,
    winners_text,
)

# The keys of the public view (engine/tribes/view.py, public_view); the board reads no other.
PUBLIC_KEYS = frozenset(
    {
        "game",
        "players",
        "round",
        "pending",
        "factions",
        "turn",
        "phase",
        "phase_label",
        "turn_order",
        "active",
        "tribes",
        "territories",
        "seats",
        "deck_size",
        "gnompax",
        "goal",
        "goal_name",
        "turns_left",
        "war",
        "last_battle",
        "vote",
        "winners",
        "revealed",  # every player's secrets, public once the game is over (§12.4)
    }
)

PAD = 12
TEXT = 20
HEADING = 26
CAPTION_W = WIDTH - 2 * PAD
TITLE_H = 44
STATUS_PAD = 9  # under the status lines
HEADS_H = 30
ROW_H = 58  # two lines: name and counts, then the bills on the posts
FOOTER_PAD = 10
NAME_X = 44
COL_VP = 440
COL_CARDS = 525
COL_ARMIES = 622
COL_LANDS = 728
NAME_W = COL_VP - 30 - NAME_X

ROW_NOW: RGB = (255, 221, 170)  # the active player, or the winners
ROW_WAITING: RGB = (214, 232, 250)  # players who must decide now
MOVED_FACE: RGB = (255, 255, 255)
BATTLE: RGB = (64, 64, 64)  # the last attack and the defence, drawn dark to tell them from the plan (magenta)
VOID: RGB = (176, 176, 176)  # an airborne attack whose card was shot down


# -- reading the view ---------------------------------------------------------------------------


def seats_in_turn_order(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats, in this turn's order (seat order for any seat missing from it)."""
    seats = list(view.get("seats") or [])
    order = [int(p) for p in view.get("turn_order") or []]
    rank = {p: i for i, p in enumerate(order)}
    return sorted(seats, key=lambda s: rank.get(int(s.get("player", -1)), len(order)))


def _tribe_of(view: dict[str, Any]) -> dict[int, tuple[str, str | None]]:
    """Player -> (tribe id, view colour)."""
    out: dict[int, tuple[str, str | None]] = {}
    for p, tribe in (view.get("tribes") or {}).items():
        out[int(p)] = (str(tribe), None)
    for seat in view.get("seats") or []:
        out[int(seat.get("player", -1))] = (str(seat.get("tribe", "?")), seat.get("colour"))
    return out


def _cell(view: dict[str, Any], tid: str) -> tuple[int | None, int, int]:
    """(controller, armies, moved) of a territory."""
    cell = (view.get("territories") or {}).get(tid) or {}
    controller = cell.get("controller")
    armies = int(cell.get("armies") or 0)
    moved = min(armies, int(cell.get("moved") or 0))
    return (None if controller is None else int(controller)), armies, moved


def _note(text: str) -> list[tuple[str, RGB]]:
    # Wrapped like the others: a language may say it in more than one line's width.
    return [(line, MUTED) for line in wrap(text, TEXT, CAPTION_W)]


def footer_lines(view: dict[str, Any], locale: Locale = ENGLISH) -> list[tuple[str, RGB]]:
    """The captions under the table (winners, vote, plan, cards, last attack, notes) in `locale`, wrapped whole."""
    lines: list[tuple[str, RGB]] = []
    for text, colour in (
        (winners_text(view, locale), HIGHLIGHT),
        (revealed_text(view, locale), INK),
        (vote_text(view, locale), INK),
        (plan_text(view, locale), INK),
        (cards_text(view, locale), INK),
        (battle_text(view, locale), INK),
    ):
        if text:
            lines += [(line, colour) for line in wrap(text, TEXT, CAPTION_W)]
    if (view.get("war") or {}).get("attacks") or view.get("last_battle"):
        lines += _note(game_t(locale, "tribes", "render.note-arrows"))
    geo = geometry()
    cells = [_cell(view, tid) for tid in geo.order]
    if any(moved for _, _, moved in cells):
        lines += _note(game_t(locale, "tribes", "render.note-moved"))
    if any(c is not None and n == 0 for c, n, _ in cells):
        lines += _note(game_t(locale, "tribes", "render.note-flag"))
    return lines


def status_lines(view: dict[str, Any], locale: Locale = ENGLISH) -> list[str]:
    """The deck, Gnompax and countdown line under the title in `locale`, wrapped whole."""
    return wrap(status_line(view, locale), TEXT, CAPTION_W)


def picture_height(seats: int, footer: int, status: int = 1) -> int:
    """Height of the board picture with `seats` rows, `status` status lines and `footer` caption lines."""
    head = TITLE_H + STATUS_PAD + status * line_height(TEXT) + HEADS_H
    return MAP_SIZE + head + seats * ROW_H + 2 * FOOTER_PAD + footer * line_height(TEXT)


# -- pieces -------------------------------------------------------------------------------------


def draw_token(cv: Canvas, tribe: str, x: float, y: float, count: int, moved: bool, fallback: str | None) -> None:
    """One stack of armies: the tribe's shape in its colour with the count; moved armies show a white face."""
    style = tribe_style(tribe, fallback)
    if moved:
        # The white "moved" face of the pieces, ringed in the tribe colour.
        cv.shape(style.shape, x, y, TOKEN_R, style.colour, style.outline, 2)
        inner = shape_points(style.shape, x, y, TOKEN_R - 5)
        if inner is None:
            r = TOKEN_R - 5
            cv.ellipse((x - r, y - r, x + r, y + r), MOVED_FACE)
        else:
            cv.polygon(inner, MOVED_FACE)
        face = MOVED_FACE
    else:
        cv.shape(style.shape, x, y, TOKEN_R, style.colour, style.outline, 2)
        face = style.colour
    dy = TOKEN_R * 0.22 if style.shape == "triangle" else 0.0
    cv.text((x, y + dy), str(count), TEXT, ink_on(face), face, anchor="mm")


def draw_flag(cv: Canvas, tribe: str, x: float, y: float, fallback: str | None) -> None:
    """A pennant in the tribe's colour: an empty city that tribe still holds."""
    style = tribe_style(tribe, fallback)
    pole = x - 12
    cv.line([(pole, y + 17), (pole, y - 17)], INK, 3)
    flag = [(pole + 1, y - 17), (pole + 28, y - 9), (pole + 1, y - 1)]
    cv.polygon(flag, style.colour, style.outline, 2)
    mark = shape_points(style.shape, pole + 9, y - 9, 3.5)
    if mark is None:
        cv.ellipse((pole + 5.5, y - 12.5, pole + 12.5, y - 5.5), (255, 255, 255))
    else:
        cv.polygon(mark, (255, 255, 255))


def _draw_armies(cv: Canvas, view: dict[str, Any]) -> None:
    geo = geometry()
    tribes = _tribe_of(view)
    for tid in geo.order:
        controller, armies, moved = _cell(view, tid)
        if controller is None:
            continue
        tribe, colour = tribes.get(controller, ("?", None))
        if armies == 0:
            x, y = geo.territories[tid].tokens_at
            draw_flag(cv, tribe, x, y, colour)
            continue
        stacks = [(n, face) for n, face in ((armies - moved, False), (moved, True)) if n > 0]
        for (n, face), (x, y) in zip(stacks, token_centres(tid, len(stacks)), strict=True):
            draw_token(cv, tribe, x, y, n, face, colour)


# -- arrows -------------------------------------------------------------------------------------

BUBBLE_R = 15
BADGE_R = 14


def _ends(a: Territory, b: Territory) -> tuple[Point, Point, Point, Point] | None:
    """Start, head base, tip and unit direction of an arrow from a's armies to b's (None if a is b)."""
    (ax, ay), (bx, by) = a.tokens_at, b.tokens_at
    length = math.hypot(bx - ax, by - ay)
    if length < 1:
        return None
    ux, uy = (bx - ax) / length, (by - ay) / length
    start = (ax + ux * (TOKEN_R + 4), ay + uy * (TOKEN_R + 4))
    tip = (bx - ux * (TOKEN_R + 6), by - uy * (TOKEN_R + 6))
    base = (tip[0] - ux * 18, tip[1] - uy * 18)
    return start, base, tip, (ux, uy)


def _dashes(start: Point, end: Point, dash: float, gap: float) -> list[tuple[Point, Point]]:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return []
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    out = []
    d = 0.0
    while d < length:
        e = min(length, d + dash)
        out.append(((x0 + ux * d, y0 + uy * d), (x0 + ux * e, y0 + uy * e)))
        d = e + gap
    return out


def _arrow(cv: Canvas, a: Territory, b: Territory, colour: RGB, dashed: bool = False) -> None:
    """A thick arrow from a's armies towards b's, edged in ink (dashed for an airborne attack)."""
    ends = _ends(a, b)
    if ends is None:
        return
    start, base, tip, (ux, uy) = ends
    nx, ny = -uy, ux
    wing = [(base[0] + nx * 12, base[1] + ny * 12), tip, (base[0] - nx * 12, base[1] - ny * 12)]
    pieces = _dashes(start, base, 16, 9) if dashed else [(start, base)]
    for p, q in pieces:
        cv.line([p, q], INK, 10)
    cv.polygon(wing, INK, INK, 4)
    for p, q in pieces:
        cv.line([p, q], colour, 5)
    cv.polygon(wing, colour)


def _support_line(cv: Canvas, a: Territory, b: Territory, colour: RGB) -> None:
    """A thin dashed line from a supporting territory towards the attacked one."""
    ends = _ends(a, b)
    if ends is None:
        return
    start, _, tip, _ = ends
    for p, q in _dashes(start, tip, 10, 7):
        cv.line([p, q], INK, 6)
        cv.line([p, q], colour, 3)


def _occupied(view: dict[str, Any], locale: Locale = ENGLISH) -> list[Box]:
    """Boxes of every name (in `locale`) and army stack on the map (what a bubble or badge must not cover)."""
    geo = geometry()
    out: list[Box] = [box for tid in geo.order for box in name_boxes(tid, locale)]
    k = TOKEN_R + 2
    for tid in geo.order:
        controller, armies, moved = _cell(view, tid)
        if controller is None:
            continue
        stacks = 1 if armies == 0 or moved in (0, armies) else 2
        for x, y in token_centres(tid, stacks):
            out.append((int(x - k), int(y - k), int(x + k) + 1, int(y + k) + 1))
    return out


def _clear_spot(candidates: list[Point], r: int, avoid: list[Box]) -> Point:
    """The first candidate whose circle of radius `r` is inside the map and clear of `avoid` (else the first)."""
    for x, y in candidates:
        box = (int(x - r), int(y - r), int(x + r) + 1, int(y + r) + 1)
        on_map = box[0] >= 0 and box[1] >= 0 and box[2] <= MAP_SIZE and box[3] <= MAP_SIZE
        if on_map and not any(boxes_overlap(box, other) for other in avoid):
            return (x, y)
    return candidates[0]


def _along(a: Territory, b: Territory) -> list[Point]:
    """Spots along (and just beside) the arrow a->b, middle first."""
    ends = _ends(a, b)
    if ends is None:
        return [a.tokens_at]
    start, base, _, (ux, uy) = ends
    out = []
    for side in (0, 16, -16, 28, -28):
        for f in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9):
            x = start[0] + (base[0] - start[0]) * f - uy * side
            out.append((x, start[1] + (base[1] - start[1]) * f + ux * side))
    return out


def _around(t: Territory) -> list[Point]:
    """Spots round a territory's armies, nearest first."""
    x, y = t.tokens_at
    return [
        (x + d * math.cos(math.radians(a)), y + d * math.sin(math.radians(a)))
        for d in (36, 48, 60)
        for a in (-40, 40, -140, 140, 0, 180, -90, 90)
    ]


def _bubble(cv: Canvas, at: Point, text: str, fill: RGB, r: int = BUBBLE_R) -> None:
    x, y = at
    cv.ellipse((x - r, y - r, x + r, y + r), fill, INK, 2)
    cv.text((x, y), text, TEXT, ink_on(fill), fill, anchor="mm")


def _territory(tid: Any) -> Territory | None:
    return geometry().territories.get(str(tid))


def _outline(cv: Canvas, t: Territory, colour: RGB) -> None:
    cv.polygon([*t.polygon, t.polygon[0]], None, colour, 5)


Mark = tuple[Point, str, RGB, int]  # centre, text, fill, radius


def _attack_colour(attack: dict[str, Any]) -> RGB:
    """Magenta while an attack is to come, dark once resolved, grey when void (its card shot down)."""
    if attack.get("void"):
        return VOID
    return BATTLE if attack.get("result") else HIGHLIGHT


def _helpers(view: dict[str, Any], by_id: dict[Any, dict[str, Any]]) -> list[tuple[Territory, Territory, int, RGB]]:
    """Every supporting group of the war step: (from, attacked territory, armies, colour).

    The attacker's supports and airlifts are magenta like his attacks; the defenders' supports
    and airlifts dark. Airlifts whose card was shot down are left out.
    """
    war = view.get("war") or {}
    active = war.get("active")
    groups: list[tuple[dict[str, Any], RGB]] = [(s, HIGHLIGHT) for s in war.get("supports") or []]
    groups += [(s, BATTLE) for s in war.get("defence") or []]
    for lift in war.get("airlifts") or []:
        if not lift.get("cancelled"):
            groups.append((lift, HIGHLIGHT if lift.get("player") == active else BATTLE))
    out = []
    for group, colour in groups:
        src = _territory(group.get("territory", group.get("source")))
        target = _territory((by_id.get(group.get("attack")) or {}).get("target"))
        if src is not None and target is not None:
            out.append((src, target, int(group.get("count") or 0), colour))
    return out


def _draw_war(cv: Canvas, view: dict[str, Any], height: int, locale: Locale = ENGLISH) -> list[Mark]:
    """Arrows of the plan and of the last attack (names stamped back over them); returns the bubbles to draw on top."""
    war = view.get("war") or {}
    attacks = [a for a in war.get("attacks") or [] if _territory(a.get("source")) and _territory(a.get("target"))]
    legs = [(a, geometry().territories[str(a["source"])], geometry().territories[str(a["target"])]) for a in attacks]
    last = view.get("last_battle") or {}
    last_src, last_tgt = _territory(last.get("source")), _territory(last.get("target"))
    planned = {(str(a.get("source")), str(a.get("target"))) for a in attacks}
    by_id = {a.get("id"): a for a in attacks}
    helpers = _helpers(view, by_id)

    if last_tgt is not None:
        _outline(cv, last_tgt, BATTLE)
    for a, _, target in legs:
        if not a.get("result") and not a.get("void"):
            _outline(cv, target, HIGHLIGHT)
    for helper, target, _, colour in helpers:
        _support_line(cv, helper, target, colour)
    last_planned = last_src is not None and last_tgt is not None and (last_src.id, last_tgt.id) in planned
    if last_src is not None and last_tgt is not None and not last_planned:
        _arrow(cv, last_src, last_tgt, BATTLE, dashed=str(last.get("mode") or "ground") not in ("ground", "portal"))
    for a, src, target in legs:
        airborne = str(a.get("mode")) not in ("ground", "portal")
        _arrow(cv, src, target, _attack_colour(a), dashed=airborne or bool(a.get("void")))
    paste_stamps(cv, name_stamps(height, locale))

    marks: list[Mark] = []
    avoid = _occupied(view, locale)

    def place(candidates: list[Point], text: str, fill: RGB, r: int) -> None:
        at = _clear_spot(candidates, r + 2, avoid)
        avoid.append((int(at[0] - r - 2), int(at[1] - r - 2), int(at[0] + r + 3), int(at[1] + r + 3)))
        marks.append((at, text, fill, r))

    for a, src, target in legs:
        place(_along(src, target), str(int(a.get("armies") or 0)), _attack_colour(a), BUBBLE_R)
    for helper, _, count, colour in helpers:
        place(_around(helper), f"+{count}", colour, BUBBLE_R)
    if last_tgt is not None:
        place(_around(last_tgt), "⚔", BATTLE, BADGE_R)
        if not last_planned:  # a planned attack's supports already carry their bubbles
            # The attacker's supports and airlifts dark, the defender's supports white.
            for key, fill in (("supports", BATTLE), ("airlifts", BATTLE), ("defence_supports", MOVED_FACE)):
                for tid in last.get(key) or []:
                    t = _territory(tid)
                    if t is not None:
                        place(_around(t), "+", fill, BADGE_R - 2)
    return marks


# -- panel --------------------------------------------------------------------------------------


# Phase 4 phases (engine/tribes/phases.py): the active player is at war in them.
WAR_PHASES = frozenset({"plan", "defence", "cards", "flak", "order", "retreat", "move_in", "deploy"})


def _tag(cv: Canvas, x: float, cy: float, text: str, colour: RGB, bg: RGB) -> None:
    """A small framed word after a tribe's name (winner, now, to decide)."""
    w = text_width(text, TEXT) + 12
    cv.rounded((x, cy - 13, x + w, cy + 13), 6, bg, colour, 2)
    cv.text((x + 6, cy), text, TEXT, colour, bg, anchor="lm")


def _tag_word(tag: str, locale: Locale) -> str:
    # One literal id per tag, so that the catalog check sees every one.
    match tag:
        case "winner":
            return game_t(locale, "tribes", "render.tag-winner")
        case "decide":
            return game_t(locale, "tribes", "render.tag-decide")
        case "war":
            return game_t(locale, "tribes", "render.tag-war")
        case "now":
            return game_t(locale, "tribes", "render.tag-now")
    return ""


def _draw_panel(
    cv: Canvas,
    view: dict[str, Any],
    seats: list[dict[str, Any]],
    footer: list[tuple[str, RGB]],
    status: list[str],
    locale: Locale = ENGLISH,
) -> None:
    top = MAP_SIZE
    cv.rect((0, top, WIDTH, top + 2), (60, 56, 48))
    title = phase_line(view, locale) or str(view.get("phase") or "").replace("_", " ").capitalize()
    cv.text((PAD, top + 10), title, HEADING, INK, PAPER, max_width=CAPTION_W)
    y = top + TITLE_H
    for line in status:
        cv.text((PAD, y), line, TEXT, INK, PAPER)
        y += line_height(TEXT)
    y += STATUS_PAD
    hy = y + HEADS_H / 2
    order = game_t(locale, "tribes", "render.head-order")
    cv.text((NAME_X, hy), order, TEXT, MUTED, PAPER, anchor="lm", max_width=COL_VP - 40 - NAME_X)
    heads = (
        (COL_VP, game_t(locale, "tribes", "render.head-vp")),
        (COL_CARDS, game_t(locale, "tribes", "render.head-cards")),
        (COL_ARMIES, game_t(locale, "tribes", "render.head-armies")),
        (COL_LANDS, game_t(locale, "tribes", "render.head-lands")),
    )
    for x, head in heads:
        cv.text((x, hy), head, TEXT, MUTED, PAPER, anchor="mm")
    y += HEADS_H

    active = view.get("active")
    names = tribe_names(view, locale)
    pending = {int(p) for p in view.get("pending") or []}
    winners = {int(p) for p in view.get("winners") or []}
    for seat in seats:
        player = int(seat.get("player", -1))
        if player in winners or (active is not None and player == int(active) and not winners):
            bg = ROW_NOW
        elif player in pending and not winners:
            bg = ROW_WAITING
        else:
            bg = PAPER
        if bg != PAPER:
            cv.rect((0, y, WIDTH, y + ROW_H - 2), bg)
        cy = y + 16
        if seat.get("tribe"):
            style = tribe_style(str(seat["tribe"]), seat.get("colour"))
            cv.shape(style.shape, 22, cy, 13, style.colour, style.outline, 2)
            name, ink = names.get(player) or str(seat.get("name") or "?"), INK
        else:  # still choosing a tribe (setup)
            cv.ellipse((9, cy - 13, 35, cy + 13), None, MUTED, 2)
            name, ink = game_t(locale, "tribes", "render.no-tribe"), MUTED
        kind = "winner" if player in winners else "decide" if bg == ROW_WAITING else ""
        if bg == ROW_NOW and not kind:
            kind = "war" if view.get("war") is not None or str(view.get("phase")) in WAR_PHASES else "now"
        tag = _tag_word(kind, locale)
        w = cv.text((NAME_X, cy), name, TEXT, ink, bg, anchor="lm", max_width=NAME_W - (text_width(tag, TEXT) + 24))
        if tag:
            _tag(cv, NAME_X + w + 10, cy, tag, HIGHLIGHT if player in winners else MUTED, bg)
        for x, key in ((COL_VP, "vp"), (COL_CARDS, "hand_size"), (COL_ARMIES, "armies"), (COL_LANDS, "territories")):
            cv.text((x, cy), num(locale, seat.get(key)), TEXT, INK, bg, anchor="mm")
        bills = game_t(locale, "tribes", "render.bills", bills=bills_line(seat, locale))
        cv.text((NAME_X, y + 32), bills, TEXT, MUTED, bg, max_width=WIDTH - NAME_X - PAD)
        y += ROW_H

    y += FOOTER_PAD
    for j, (caption, ink) in enumerate(footer):
        cv.text((PAD, y + j * line_height(TEXT)), caption, TEXT, ink, PAPER)


# -- entry point --------------------------------------------------------------------------------


def render(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the public board in `locale`: map with armies, plan and last attack, and the panel below."""
    seats = seats_in_turn_order(view)
    footer = footer_lines(view, locale)
    status = status_lines(view, locale)
    height = picture_height(len(seats), len(footer), len(status))
    cv = static_layer(height, locale).canvas()
    marks = _draw_war(cv, view, height, locale)
    _draw_armies(cv, view)
    for at, text, fill, r in marks:
        _bubble(cv, at, text, fill, r)
    _draw_panel(cv, view, seats, footer, status, locale)
    return cv.png()
