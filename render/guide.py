"""A board guide for newcomers: a game's map at the start, numbered callouts on it and a legend under it.

Shared by render/<game>/guide.py, which each say where their marks are and what they mean. The picture
stays at most 1.3 times as tall as it is wide, so it reads on a phone without scrolling.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine import registry
from render.common import FONT_PATH, HIGHLIGHT, INK, MIN_TEXT_PX, PAPER

log = logging.getLogger(__name__)

# Phone-readable: the legend's text is the render rule's minimum, the callout digits larger.
LEGEND_TEXT = MIN_TEXT_PX
CALLOUT_TEXT = 22
CALLOUT_R = 16
PAD = 12
LINE = 24  # line pitch of a legend entry
ENTRY_GAP = 4
NUMBER_W = 40  # room for an entry's callout disc before its words
MAX_RATIO = 1.3
# A start board needs setup decisions made first; the longest setup of the games takes a dozen steps.
SETUP_STEPS = 200


@dataclass(frozen=True, slots=True)
class Callout:
    """A numbered disc on the map at `at`, explained by `label` in the legend."""

    at: tuple[float, float]
    label: str


@dataclass(frozen=True, slots=True)
class Guide:
    """The guide picture (PNG) and its legend, in callout order."""

    png: bytes
    legend: tuple[str, ...]
    width: int
    height: int


def start_view(game_name: str, players: int, phase: str, seed: int = 7) -> dict[str, Any]:
    """The public view of a new game of the registry's engine once setup is done (the phase `phase` reached).

    Setup choices are the rules' defaults (what a timer would play), so the start is always the same.
    """
    game = registry.get(game_name)
    state = game.new_game(players, seed)
    for _ in range(SETUP_STEPS):
        view = game.view(state, None)
        if view.get("phase") == phase:
            return view
        pending = game.pending(state)
        if not pending:
            break
        player = pending[0].player
        state, _ = game.apply(state, player, game.timeout_action(state, player))
    raise ValueError(f"a {game_name} game never reached the phase {phase!r}")


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    # Only a plain space breaks a line: a no-break space keeps two words together ("Gb gobelin").
    for word in filter(None, text.split(" ")):
        candidate = f"{current} {word}".strip()
        if current and draw.textlength(candidate, font=_font(LEGEND_TEXT)) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    return lines


def _disc(draw: ImageDraw.ImageDraw, x: float, y: float, number: int) -> None:
    r = CALLOUT_R
    draw.ellipse((x - r, y - r, x + r, y + r), fill=HIGHLIGHT, outline=(255, 255, 255), width=3)
    draw.text((x, y), str(number), font=_font(CALLOUT_TEXT), fill=(255, 255, 255), anchor="mm")


def compose(board_png: bytes, map_height: int, callouts: list[Callout]) -> Guide:
    """The map (the top `map_height` pixels of a board picture) with numbered callouts and their legend."""
    board = Image.open(io.BytesIO(board_png)).convert("RGB")
    width = board.width
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    text_w = width - 2 * PAD - NUMBER_W
    entries = [_wrap(probe, c.label, text_w) for c in callouts]
    legend_h = PAD * 2 + sum(len(lines) * LINE + ENTRY_GAP for lines in entries)
    height = map_height + legend_h
    picture = Image.new("RGB", (width, height), PAPER)
    picture.paste(board.crop((0, 0, width, map_height)), (0, 0))
    draw = ImageDraw.Draw(picture)
    for number, callout in enumerate(callouts, start=1):
        x = min(max(callout.at[0], CALLOUT_R + 2), width - CALLOUT_R - 2)
        y = min(max(callout.at[1], CALLOUT_R + 2), map_height - CALLOUT_R - 2)
        _disc(draw, x, y, number)
    draw.line((0, map_height, width, map_height), fill=INK, width=3)
    y = map_height + PAD
    for number, lines in enumerate(entries, start=1):
        _disc(draw, PAD + CALLOUT_R, y + LINE / 2, number)
        for i, line in enumerate(lines):
            draw.text((PAD + NUMBER_W, y + i * LINE + LINE / 2), line, font=_font(LEGEND_TEXT), fill=INK, anchor="lm")
        y += len(lines) * LINE + ENTRY_GAP
    if height > MAX_RATIO * width:
        log.warning("the board guide is %dx%d, taller than %.1f times its width", width, height, MAX_RATIO)
    out = io.BytesIO()
    picture.save(out, format="PNG", optimize=False, compress_level=6)
    return Guide(out.getvalue(), tuple(c.label for c in callouts), width, height)
