"""Sizes, columns and fixed words of the Violent Vendetta board picture, shared by its map and panel."""

from __future__ import annotations

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
