"""Sizes and columns of the Violent Vendetta board picture, shared by its map and panel, and its phase words."""

from __future__ import annotations

from typing import Any

from i18n import Locale, game_t
from render.common import PAPER, RGB, line_height
from render.vendetta.style import MAP_SIZE, WIDTH

# -- panel layout (below the map) ------------------------------------------------------------

PANEL_PAD = 12
HEADER_H = 84  # two lines: round/phase, first/now/waiting
COLS_Y = 92  # column header row (icons), relative to the panel top
ROW_H = 48  # a clan name may take two lines
ROWS_Y = 122
FOOTER_PAD = 10  # above and below the footer's caption lines
# The gnome columns are headed in words ("Reserve", "On map"), so they are wider than the icon columns.
COL_RES = 248
COL_BOARD = 343
COL_FOOD = (406, 442, 478, 514)
COL_GNOME = (552, 588, 624, 660, 696, 732)
COL_OBJ = 777
NAME_X = 46
NAME_W = COL_RES - NAME_X - 20

ROW_NOW: RGB = (255, 221, 170)  # the seat whose turn it is
ROW_WAITING: RGB = (214, 232, 250)  # seats with a pending decision
ROW_PLAIN: RGB = PAPER

NAME_SIZE = 20  # territory names: the phone-readable minimum, the map has no room for more
TEXT = 20  # panel text and counts
HEADING = 26
CAPTION_W = WIDTH - 2 * PANEL_PAD


# The phases a view may be in, each with a name in the catalog (phase_text).
PHASES = ("objectives", "movement", "combat", "finished")


def phase_text(locale: Locale, phase: str) -> str:
    """The name of a phase in `locale`, capitalised as a heading ("Choosing objectives"); an unknown one as is."""
    # One literal id per phase, so that the catalog check sees every one.
    if phase == "objectives":
        return game_t(locale, "vendetta", "render.phase-objectives")
    if phase == "movement":
        return game_t(locale, "vendetta", "render.phase-movement")
    if phase == "combat":
        return game_t(locale, "vendetta", "render.phase-combat")
    if phase == "finished":
        return game_t(locale, "vendetta", "render.phase-finished")
    return phase


def lowered(text: str) -> str:
    """`text` with its first letter in lower case, for a heading said inside a sentence."""
    # Only the first letter: a language may write other words of a phase's name with a capital.
    return text[:1].lower() + text[1:]


def round_heading(locale: Locale, view: dict[str, Any], phase: str) -> str:
    """The heading "Round 2 of 8 · Movement" in `locale` (the phase alone before the first round)."""
    rnd, limit = view.get("round", 0), view.get("round_limit", "?")
    if not rnd:
        return phase
    return game_t(locale, "vendetta", "render.round-phase", round=rnd, limit=limit, phase=phase)


def panel_height(seats: int, footer_lines: int = 1) -> int:
    """Height of the side panel for `seats` rows and `footer_lines` caption lines under them."""
    return ROWS_Y + seats * ROW_H + 2 * FOOTER_PAD + max(1, footer_lines) * line_height(TEXT)


def picture_size(seats: int, footer_lines: int = 1) -> tuple[int, int]:
    """Size of the board picture for a game with `seats` clans in play."""
    return (WIDTH, MAP_SIZE + panel_height(seats, footer_lines))
