"""Gnome Tribes pictures: the table's board and each player's secrets.

`board(view)` draws the map (territory types, cities and the Gnomlab black-ringed,
the sea) with every tribe's armies, the current war plan and the last attack, and
the side panel below it (render/tribes/board_view.py); `private(view)` draws one
player's purse, posts, hand and draft (render/tribes/private_view.py). Both read
only the view they are given; `board` only its public keys. Both speak the reader's
`locale`: every word drawn comes from the game's catalog (engine/tribes/locales).
"""

from __future__ import annotations

from typing import Any

from i18n import ENGLISH, Locale
from render.tribes import board_view, private_view
from render.tribes import samples as tribes_samples


def board(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of the public board in `locale`: map with armies, war plan and last attack, and the panel below."""
    return board_view.render(view, locale)


def private(view: dict[str, Any], locale: Locale = ENGLISH) -> bytes:
    """PNG of one player's secrets in `locale`: purse, zero bills, posts with their bills, hand and draft."""
    return private_view.render(view, locale)


def private_is_empty(view: dict[str, Any]) -> bool:
    """Whether the player's view holds no secret of theirs at all (no tribe's purse, posts, hand or draft)."""
    you = view.get("you") or {}
    posts = you.get("posts") or {}
    return not (you.get("purse") or you.get("zeros") or any(posts.values()) or you.get("hand") or you.get("draft"))


def extra_samples() -> dict[str, dict[str, Any]]:
    """Hand-made views for the gallery and the golden tests (start, a war step with a battle, the end)."""
    return tribes_samples.samples()
