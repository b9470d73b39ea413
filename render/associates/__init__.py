"""Gnomes & Associates pictures: the table's board and each player's hand, in the reader's language.

`board(view)` draws the 25 zones (cached static layer, render/associates/map_layer.py) with lairs,
figurines, loose treasure and tokens and the last move (map_pieces.py), and a panel of guilds below
(panel_view.py), composed in board_view.py; `private(view)` draws the player's hand, drafts and last draw
(private_view.py). Both read only the view they are given; their words come from the game's catalog
(engine/associates/locales), the last move's events rebuilt from their data (events.py).
"""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.associates import board_view, private_view
from render.associates import samples as associates_samples


def board(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the public board in `locale`: zones with lairs, figurines and tokens, and the guild panel."""
    return board_view.render(view, locale)


def private(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of one player's hand, drafts and last draw, in `locale`."""
    return private_view.render(view, locale)


def private_is_empty(view: dict[str, Any]) -> bool:
    """Whether the player's view has no hand, no open draft and no last draw to show."""
    return private_view.is_empty(view)


def extra_samples() -> dict[str, dict[str, Any]]:
    """Hand-made views for the gallery and golden tests (a crowd, every token, a combat window)."""
    return associates_samples.samples()
