"""One-sentence descriptions of the pictures, for the attachment's alt text (its ``description``).

Each game's package has an ``alt_text`` module with ``describe_board(view)`` and
``describe_private(view)``; these front doors find it by the game's name, as
`render.board` finds the picture. A board's sentence reads only the public parts of
the view, so a player's own view describes the same board as the public one. Each says
its sentence in the reader's `locale` (English when not given).
"""

from __future__ import annotations

import importlib
import logging
from types import ModuleType
from typing import Any

import render
from i18n import ENGLISH, Locale

log = logging.getLogger(__name__)

# Discord cuts an attachment's description at 1024 characters.
MAX_CHARS = 1024


def _module(game_name: str) -> ModuleType:
    render.module_for(game_name)  # KeyError for a name that is no game
    return importlib.import_module(f"render.{game_name}.alt_text")


def clipped(text: str) -> str:
    """`text` within Discord's description limit (cut at a word, with an ellipsis)."""
    if len(text) <= MAX_CHARS:
        return text
    return text[: MAX_CHARS - 1].rsplit(" ", 1)[0] + "…"


def describe_board(game_name: str, public_view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """What the board picture shows, in one sentence of public facts in `locale`."""
    return clipped(str(_module(game_name).describe_board(public_view, locale=locale)))


def describe_private(game_name: str, player_view: dict[str, Any], locale: Locale = ENGLISH) -> str:
    """What one player's private picture shows, in one sentence in `locale` (for that player only)."""
    return clipped(str(_module(game_name).describe_private(player_view, locale=locale)))


def describe_panel(
    game_name: str, public_view: dict[str, Any] | None, player_view: dict[str, Any], locale: Locale = ENGLISH
) -> str:
    """What the "Take my turn" picture shows, in one sentence in `locale`: the board, then the player's own part."""
    module = _module(game_name)
    board = str(module.describe_board(public_view if public_view is not None else player_view, locale=locale))
    mine = str(module.describe_private(player_view, locale=locale))
    join = getattr(module, "describe_panel", None)
    if callable(join):
        # The game joins the two sentences with its own catalog's words.
        return clipped(str(join(board, mine, locale=locale)))
    # A game without its own joining words (its alt text is English yet) is joined in English.
    return clipped(f"{board.rstrip('.')}; below it, {mine[:1].lower()}{mine[1:]}")
