"""Violent Vendetta pictures: the table's board and each player's objectives.

`board(view)` draws the map (cached static layer, render/vendetta/map_layer.py) with the clans' pieces
and the last move (map_pieces.py), and the side panel below (panel_view.py), composed in board_view.py;
`private(view)` draws the player's objective cards (private_view.py). Both read only the view they are given.
"""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.vendetta import board_view, private_view
from render.vendetta import samples as vendetta_samples


def board(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the public board in `locale`: map with pieces and last move, and the panel below."""
    return board_view.render(view, locale)


def private(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of one player's objectives (offered, drafted, kept) with progress, in `locale`."""
    return private_view.render(view, locale)


def private_is_empty(view: dict[str, Any]) -> bool:
    """Whether the player's view holds no clan, so no objective to offer, draft or keep."""
    me = view.get("me") or {}
    return not me.get("clans")


def extra_samples() -> dict[str, dict[str, Any]]:
    """Hand-made views for the gallery and golden tests (crowded territories, combat)."""
    return vendetta_samples.samples()
