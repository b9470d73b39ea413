"""Pictures of games: a view dict in, PNG bytes out.

Pure: no engine state, no I/O at call time (a game module may load its packaged
board data once), no Discord. Each game lives in ``render/<game_name>/`` (a package) and
provides ``board(public_view, locale) -> bytes`` and ``private(player_view, locale) -> bytes``;
adding a game adds only that package. `panel_images` stacks both for the "Take my
turn" panel, in pages a phone shows whole. Every entry point takes the reader's `locale` (English when
not given): the words drawn come from the catalogs in that language (i18n).

A renderer draws only from the view it is given, so a secret that is not in a
public view cannot reach a public picture.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

from i18n import ENGLISH, Locale

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def module_for(game_name: str) -> ModuleType:
    """The renderer module of `game_name`; KeyError if the game has none."""
    if not _NAME.match(game_name) or game_name in {"alt_text", "common", "gallery", "panel", "png"}:
        raise KeyError(f"no renderer for game {game_name!r}")
    try:
        module = importlib.import_module(f"render.{game_name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"render.{game_name}":
            raise KeyError(f"no renderer for game {game_name!r}") from None
        raise
    # Helper modules (render/png.py, render/common.py, ...) are not games.
    if not (callable(getattr(module, "board", None)) and callable(getattr(module, "private", None))):
        raise KeyError(f"no renderer for game {game_name!r}")
    return module


def board(game_name: str, public_view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the table: the board and the public side panel, drawn from the public view, its words in `locale`."""
    return module_for(game_name).board(public_view, locale=locale)


def private(game_name: str, player_view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of one player's private view (hand, objectives, draft), drawn from that player's view, in `locale`."""
    return module_for(game_name).private(player_view, locale=locale)


def private_is_empty(game_name: str, player_view: dict[str, Any]) -> bool:
    """Whether a player's private view holds nothing to draw (no cards, objectives nor secrets yet).

    An empty private part is said in a sentence, not drawn: a picture of "0 cards" tells a player
    nothing a word would not. A game whose module has no `private_is_empty` always draws it.
    """
    check = getattr(module_for(game_name), "private_is_empty", None)
    return bool(check(player_view)) if callable(check) else False


def panel_images(
    game_name: str, public_view: dict[str, Any] | None, private_view: dict[str, Any], locale: Locale = ENGLISH
) -> list[bytes]:
    """PNG pages for the "Take my turn" panel: the current board above the player's private picture, in `locale`.

    Each page is at most 1.3 times as tall as wide (render.panel), cut between parts of the
    picture; Discord shows them as one gallery. `public_view` is the table's public view; None
    draws the board from `private_view` (a player's view holds the whole public view, and the
    board drawn from it is the same). With an empty private view (see `private_is_empty`) the
    pages are the board's alone.
    """
    from render import panel

    module = module_for(game_name)
    board_png = module.board(public_view if public_view is not None else private_view, locale=locale)
    if private_is_empty(game_name, private_view):
        return panel.pages(board_png, None)
    return panel.pages(board_png, module.private(private_view, locale=locale))
