"""The games Gnomehost can host. Adding a game is one line in GAMES."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from engine.core.game import Game

# name -> "module:attribute" of its Game object. Imported lazily so one broken
# game cannot stop the others from loading.
GAMES: dict[str, str] = {
    "vendetta": "engine.vendetta:GAME",
    "associates": "engine.associates:GAME",
    "tribes": "engine.tribes:GAME",
}


def names() -> list[str]:
    """The registered game names, in registry order."""
    return list(GAMES)


@cache
def get(name: str) -> Game[Any]:
    """The Game object registered under `name`; KeyError for an unknown name."""
    try:
        target = GAMES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAMES)}") from None
    module_name, attr = target.split(":")
    game: Game[Any] = getattr(importlib.import_module(module_name), attr)
    return game
