"""Sizes and columns of the Gnomes & Associates board picture, shared by its map and panel (its words: words.py)."""

from __future__ import annotations

from render.associates.style import WIDTH
from render.common import RGB, line_height

# The English letters of each kind (words.kind_letters says them in a language).
KIND_LETTERS = {"gnome": "Gn", "troll": "Tr", "goblin": "Gb", "fairy": "Fa"}
DICE: dict[str, RGB] = {"green": (0, 158, 115), "yellow": (240, 228, 66), "red": (213, 94, 0)}

TEXT = 20  # the phone-readable minimum, used for every line but the title
HEADING = 26
PAD = 12
HEADER_H = 84
STATUS_Y = 54  # the status line (who is first, who acts) under the title
STATUS_LINE = 28  # the pitch of a second status line, when who acts does not fit beside who is first
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


def panel_height(guilds: int, row_lines: int = 0, footer_px: int = 0, status_px: int = 0) -> int:
    """Height of the panel: `guilds` rows taking `row_lines` lines in all, a footer `footer_px` tall, and the
    header `status_px` taller for a second status line."""
    row_lines = max(row_lines, guilds)
    footer = max(line_height(TEXT), footer_px)
    return ROWS_Y + status_px + row_lines * ROW_LINE + guilds * ROW_PAD + 2 * FOOTER_PAD + footer
