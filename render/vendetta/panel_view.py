"""The panel under the Vendetta map: a row per clan with its resources, food, gnome tokens and objectives."""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale, game_t
from render.common import INK, MARK_R, MUTED, PAPER, RGB, Canvas, ellipsize, fit_size, line_height, text_width, wrap
from render.vendetta.layout import (
    COL_BOARD,
    COL_FOOD,
    COL_GNOME,
    COL_OBJ,
    COL_RES,
    FOOTER_PAD,
    HEADING,
    NAME_X,
    PANEL_PAD,
    ROW_H,
    ROW_NOW,
    ROW_PLAIN,
    ROW_WAITING,
    ROWS_Y,
    TEXT,
    phase_text,
    round_heading,
)
from render.vendetta.seats import clan_names, seat_name
from render.vendetta.style import CLOCKWISE, FOODS, MAP_SIZE, WIDTH, clan_style, hyphenate


def _partners(seats: list[dict[str, Any]], seat: dict[str, Any]) -> list[dict[str, Any]]:
    """The other clans played by the same player (two-player variant)."""
    return [s for s in seats if s.get("player") == seat.get("player") and s is not seat]


# The widest the scoring note at the panel's top right may be.
SCORING_W = 210


def scoring_text(locale: Locale, scoring: str) -> str:
    """The scoring rules in words ("basic scoring") in `locale`."""
    if scoring == "basic":
        return game_t(locale, "vendetta", "render.scoring-basic")
    if scoring == "advanced":
        return game_t(locale, "vendetta", "render.scoring-advanced")
    return game_t(locale, "vendetta", "render.scoring-other", scoring=scoring)


def draw_panel(
    cv: Canvas,
    view: dict[str, Any],
    seats: list[dict[str, Any]],
    footer: list[tuple[str, RGB]],
    locale: Locale = ENGLISH,
) -> None:
    """The panel under the map in `locale`: round and phase, who acts, a row per clan, the captions."""
    top = MAP_SIZE
    names = clan_names(view, locale)
    phase = view.get("phase", "")
    title = round_heading(locale, view, phase_text(locale, phase))
    scoring = str(view.get("scoring", ""))
    said = scoring_text(locale, scoring) if scoring else ""
    # The scoring note keeps its place at the right; the heading shrinks to the room left of it.
    said = ellipsize(said, fit_size(said, TEXT, SCORING_W), SCORING_W)
    room = min(WIDTH - 230, WIDTH - text_width(said, TEXT) - 40) if said else WIDTH - 230
    cv.text((PANEL_PAD, top + 12), title, HEADING, INK, PAPER, max_width=room)
    if said:
        cv.text((WIDTH - PANEL_PAD, top + 18), said, TEXT, MUTED, PAPER, anchor="ra", max_width=SCORING_W)

    x: float = PANEL_PAD
    y = top + 54
    first = view.get("first_seat")
    if first:
        x += cv.text((x, y), game_t(locale, "vendetta", "render.first"), TEXT, MUTED, PAPER) + 6
        x = _inline_clan(cv, x, y + 12, first, view) + 4
        x += cv.text((x, y), names.get(first, first), TEXT, INK, PAPER) + 22
    current = view.get("current_seat")
    pending_players = set(view.get("pending") or [])
    if current:
        x += cv.text((x, y), game_t(locale, "vendetta", "render.now"), TEXT, MUTED, PAPER) + 6
        x = _inline_clan(cv, x, y + 12, current, view) + 4
        cv.text((x, y), names.get(current, current), TEXT, INK, PAPER, max_width=WIDTH - x - PANEL_PAD)
    elif pending_players and phase != "finished":
        waiting = game_t(locale, "vendetta", "render.waiting", n=len(pending_players))
        cv.text((x, y), waiting, TEXT, INK, PAPER, max_width=WIDTH - x - PANEL_PAD)

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
        name_w = COL_RES - NAME_X - 16  # the reserve count is narrow: a name may reach under its heading
        if variant:
            # Two-player variant: each player runs several clans; the small markers
            # after a name are the other clans of the same player.
            px = COL_RES - 22 - MARK_R
            for other in _partners(seats, seat):
                ostyle = clan_style(str(other.get("clan")), other.get("colour"))
                cv.shape(ostyle.shape, px, cy, MARK_R, ostyle.colour, ostyle.outline, 2)
                px -= 2 * MARK_R + 4
                name_w -= 2 * MARK_R + 4
        _clan_name(cv, seat_name(seat, locale), cy, name_w, bg)
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
    cv.shape(style.shape, x + MARK_R + 1, cy, MARK_R, style.colour, style.outline, 2)
    return x + 2 * MARK_R + 4
