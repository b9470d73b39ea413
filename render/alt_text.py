"""One-sentence descriptions of the pictures, for the attachment's alt text (its ``description``).

Each game's package has an ``alt_text`` module with ``describe_board(view)`` and
``describe_private(view)``; these front doors find it by the game's name, as
`render.board` finds the picture. A board's sentence reads only the public parts of
the view, so a player's own view describes the same board as the public one.
"""

from __future__ import annotations

import importlib
import logging
from types import ModuleType
from typing import Any

import render

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


def describe_board(game_name: str, public_view: dict[str, Any]) -> str:
    """What the board picture shows, in one sentence of public facts."""
    return clipped(_module(game_name).describe_board(public_view))


def describe_private(game_name: str, player_view: dict[str, Any]) -> str:
    """What one player's private picture shows, in one sentence (for that player only)."""
    return clipped(_module(game_name).describe_private(player_view))


def describe_panel(game_name: str, public_view: dict[str, Any] | None, player_view: dict[str, Any]) -> str:
    """What the "Take my turn" picture shows: the board, then the player's own part."""
    board = _module(game_name).describe_board(public_view if public_view is not None else player_view)
    mine = _module(game_name).describe_private(player_view)
    return clipped(f"{board.rstrip('.')}; below it, {mine[:1].lower()}{mine[1:]}")
