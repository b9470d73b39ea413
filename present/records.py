"""The words of a server's record: rating changes at a game's end (and the leaderboard), for any front end.

Names come from the caller (a front end knows how to name a person); an AI level is named here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from host.rating_results import RatingChange

log = logging.getLogger(__name__)

ARROW = "\u2192"


def number(value: int) -> str:
    """A displayed rating with thousands separated ("1,240")."""
    return f"{value:,}"


def ai_name(level: str) -> str:
    """How an AI level is named where ratings are listed ("Hard AI")."""
    return f"{level.capitalize()} AI"


def subject_name(user_id: int | None, ai_level: str | None, names: Mapping[int, str]) -> str:
    """A rated person's name from `names` (a fallback when unknown), or the AI level's name."""
    if user_id is None:
        return ai_name(ai_level or "normal")
    return names.get(user_id, "A player")


def rating_change_lines(changes: Sequence[RatingChange], names: Mapping[int, str]) -> list[str]:
    """One line per seat of a rated game: "Mira 1,240 → 1,262 (+22)", or why a player was not rated.

    An AI level holding several seats is listed once. No lines when the game was not rated.
    """
    lines: list[str] = []
    seen: set[tuple[int | None, str | None]] = set()
    for change in changes:
        key = (change.user_id, change.ai_level)
        if key in seen:
            continue
        seen.add(key)
        name = subject_name(change.user_id, change.ai_level, names)
        if not change.rated:
            lines.append(f"{name} was not rated this game (the AI played most of their turns).")
            continue
        sign = "+" if change.delta >= 0 else "\u2212"
        lines.append(f"{name} {number(change.before)} {ARROW} {number(change.after)} ({sign}{abs(change.delta)})")
    return lines
