"""The words on the table's own buttons (the lobby's, "Take my turn", the final message's) and the AI levels, in
a language. Discord draws a button's label as given, so each comes from the bot's catalog."""

from __future__ import annotations

from host.results import AiLevel
from i18n import ENGLISH, Locale, mark, t

LEVEL_WORDS = {
    AiLevel.EASY: mark("ai-level.easy"),
    AiLevel.NORMAL: mark("ai-level.normal"),
    AiLevel.HARD: mark("ai-level.hard"),
}


def ai_level(level: AiLevel, locale: Locale = ENGLISH) -> str:
    """How strongly an AI plays, as one word ("easy", "facile")."""
    return t(locale, LEVEL_WORDS[level])


def join(locale: Locale = ENGLISH) -> str:
    """The lobby button that takes a seat."""
    return t(locale, "button.join")


def leave(locale: Locale = ENGLISH) -> str:
    """The lobby button that gives a seat up."""
    return t(locale, "button.leave")


def add_ai(level: AiLevel, locale: Locale = ENGLISH) -> str:
    """The lobby button that seats an AI of `level`."""
    return t(locale, "button.add-ai", level=ai_level(level, locale))


def remove_ai(locale: Locale = ENGLISH) -> str:
    """The lobby button that takes the last AI out."""
    return t(locale, "button.remove-ai")


def start(locale: Locale = ENGLISH) -> str:
    """The lobby button that starts the game."""
    return t(locale, "button.start")


def cancel(locale: Locale = ENGLISH) -> str:
    """The lobby button that cancels the table."""
    return t(locale, "button.cancel")


def take_turn(locale: Locale = ENGLISH) -> str:
    """The table message's button that opens a player's panel."""
    return t(locale, "button.take-turn")


def rematch(locale: Locale = ENGLISH) -> str:
    """The final message's button that opens a new table with the same players."""
    return t(locale, "button.rematch")


def watch_replay(locale: Locale = ENGLISH) -> str:
    """The final message's button that opens the replay viewer."""
    return t(locale, "button.watch-replay")
