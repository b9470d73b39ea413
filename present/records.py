"""The words of a server's record: rating changes at a game's end (and the leaderboard), for any front end.

Names come from the caller (a front end knows how to name a person); an AI level is named here.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence

from host.rating_results import Leaderboard, RatingChange
from i18n import ENGLISH, Locale, format_number, mark, t

log = logging.getLogger(__name__)

ARROW = "\u2192"

AI_NAMES = {
    "easy": mark("records.ai-easy"),
    "normal": mark("records.ai-normal"),
    "hard": mark("records.ai-hard"),
}


def number(value: int, locale: Locale = ENGLISH) -> str:
    """A displayed rating with thousands separated ("1,240"; "1 240" in French)."""
    return f"{value:,}" if locale == ENGLISH else format_number(locale, value)


def ai_name(level: str, locale: Locale = ENGLISH) -> str:
    """How an AI level is named where ratings are listed ("Hard AI")."""
    if level in AI_NAMES:
        return t(locale, AI_NAMES[level])
    return t(locale, "records.ai-other", level=level.capitalize())


def subject_name(user_id: int | None, ai_level: str | None, names: Mapping[int, str],
                 locale: Locale = ENGLISH) -> str:
    """A rated person's name from `names` (a fallback when unknown), or the AI level's name."""
    if user_id is None:
        return ai_name(ai_level or "normal", locale)
    return names[user_id] if user_id in names else t(locale, "records.a-player")


def rating_change_lines(changes: Sequence[RatingChange], names: Mapping[int, str],
                        locale: Locale = ENGLISH) -> list[str]:
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
        name = subject_name(change.user_id, change.ai_level, names, locale)
        if not change.rated:
            lines.append(t(locale, "records.not-rated", name=name))
            continue
        sign = "+" if change.delta >= 0 else "\u2212"
        lines.append(f"{name} {number(change.before, locale)} {ARROW} {number(change.after, locale)} "
                     f"({sign}{number(abs(change.delta), locale)})")
    return lines


def leaderboard_lines(board: Leaderboard, names: Mapping[int, str], title: str,
                      locale: Locale = ENGLISH) -> list[str]:
    """The leaderboard as lines: a heading, one line per placed person, the caller's place, the AI levels."""
    lines = [t(locale, "records.heading-pages", title=title, page=board.page + 1,
               pages=board.pages) if board.pages > 1 else t(locale, "records.heading", title=title)]
    if not board.entries:
        lines.append(t(locale, "records.nobody-placed", games=board.min_games))
    for entry in board.entries:
        name = names[entry.user_id] if entry.user_id in names else t(locale, "records.a-player")
        lines.append(f"{entry.place}. {name} {number(entry.rating, locale)} ({_games(entry.games, locale)})")
    if board.mine is not None:
        lines.append(t(locale, "records.your-place", place=board.mine.place, rating=number(board.mine.rating, locale)))
    else:
        left = board.min_games - board.my_games
        lines.append(t(locale, "records.not-placed", n=left) if left > 0 else "")
    if board.ai_levels:
        levels = t(locale, "list.comma").join(f"{ai_name(a.level, locale)} {number(a.rating, locale)}"
                                              for a in board.ai_levels)
        lines.append(t(locale, "records.ai-reference", levels=levels))
    return [line for line in lines if line]


def _games(n: int, locale: Locale = ENGLISH) -> str:
    return t(locale, "records.rated-games", n=n)
