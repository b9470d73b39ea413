"""The words of a server's record: rating changes at a game's end (and the leaderboard), for any front end.

Names come from the caller (a front end knows how to name a person); an AI level is named here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from host.rating_results import Leaderboard, RatingChange

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


def leaderboard_lines(board: Leaderboard, names: Mapping[int, str], title: str) -> list[str]:
    """The leaderboard as lines: a heading, one line per placed person, the caller's place, the AI levels."""
    lines = [f"{title} leaderboard" + (f" (page {board.page + 1} of {board.pages})" if board.pages > 1 else "")]
    if not board.entries:
        lines.append(f"Nobody is placed yet: a player is placed after {board.min_games} rated games.")
    for entry in board.entries:
        lines.append(f"{entry.place}. {names.get(entry.user_id, 'A player')} {number(entry.rating)} "
                     f"({_games(entry.games)})")
    if board.mine is not None:
        lines.append(f"Your place: {board.mine.place} with {number(board.mine.rating)}.")
    else:
        left = board.min_games - board.my_games
        lines.append(f"You are not placed yet: {_games(left)} more to go." if left > 0 else "")
    if board.ai_levels:
        levels = ", ".join(f"{ai_name(a.level)} {number(a.rating)}" for a in board.ai_levels)
        lines.append(f"For reference, the AI: {levels}.")
    return [line for line in lines if line]


def _games(n: int) -> str:
    return f"{n} rated game" if n == 1 else f"{n} rated games"
