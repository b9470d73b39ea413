"""The help a newcomer reads: what the bot does, how to start a game, the games, a quick start for each.

Front-end neutral words in the reader's language: the bot's own from its catalog, each game's quick start
from the game's catalog (engine/<game>/locales), so a new game brings its own. A Discord cog turns them into
messages; a picture of each game's board with its marks named is drawn by render/<game>/guide.py and shown
beside the quick start.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from engine import registry
from i18n import ENGLISH, Locale, catalogs, format_number, game_t, mark, t
from i18n.catalog import mark_game
from present.titles import game_title

log = logging.getLogger(__name__)

# The three lines saying what the bot does, and the three steps of starting a game (the bot's catalog).
ABOUT = (mark("help.about-1"), mark("help.about-2"), mark("help.about-3"))
HOW_TO_START = (mark("help.start-1"), mark("help.start-2"), mark("help.start-3"))
# The ids of a turn's three steps in each game's own catalog.
TURN_STEPS = (mark_game("quick.turn-1"), mark_game("quick.turn-2"), mark_game("quick.turn-3"))


@dataclass(frozen=True, slots=True)
class QuickStart:
    """One game told to a newcomer: what it is, how to win, and a turn in three steps."""

    name: str
    pitch: str
    goal: str
    turn: tuple[str, str, str]
    first_tip: str


def quick_start(name: str, locale: Locale = ENGLISH) -> QuickStart:
    """A game's quick start in `locale`, from the game's own catalog. KeyError for a game without one."""
    if name not in _with_quick_start():
        raise KeyError(name)
    first, second, third = (game_t(locale, name, step) for step in TURN_STEPS)
    return QuickStart(name=name, pitch=game_t(locale, name, "quick.pitch"), goal=game_t(locale, name, "quick.goal"),
                      turn=(first, second, third), first_tip=game_t(locale, name, "quick.first-tip"))


def _with_quick_start() -> set[str]:
    english = catalogs()
    return {name for name in registry.names()
            if (found := english.catalog(name, ENGLISH)) is not None and "quick.pitch" in found.messages}


def game_names() -> list[str]:
    """The games that have a quick start, in the registry's order."""
    with_quick_start = _with_quick_start()
    return [name for name in registry.names() if name in with_quick_start]


def game_line(name: str, locale: Locale = ENGLISH) -> str:
    """One line about a game: its title, how many play, what it is."""
    low, high = registry.get(name).player_range
    return t(locale, "help.game-line", title=game_title(name, locale), name=name, low=format_number(locale, low),
             high=format_number(locale, high), pitch=quick_start(name, locale).pitch)


def help_text(locale: Locale = ENGLISH) -> str:
    """The whole help: what the bot does, how to start a game, the games with one line each."""
    lines = [t(locale, "help.about-heading"), *(t(locale, line) for line in ABOUT), "", t(locale, "help.start-heading")]
    lines += [f"{i}. {t(locale, step)}" for i, step in enumerate(HOW_TO_START, start=1)]
    lines += ["", t(locale, "help.games-heading")]
    lines += [f"- {game_line(name, locale)}" for name in game_names()]
    lines += ["", t(locale, "help.quick-start-pointer")]
    return "\n".join(lines)


def quick_start_text(name: str, locale: Locale = ENGLISH) -> str:
    """A game's quick start: its goal, a turn in three steps, how to begin and where the full rules are.

    KeyError for a game without a quick start.
    """
    quick = quick_start(name, locale)
    lines = [t(locale, "help.quick-start-heading", title=game_title(name, locale)), quick.pitch, "",
             t(locale, "help.goal", goal=quick.goal), "", t(locale, "help.turn-heading")]
    lines += [f"{i}. {step}" for i, step in enumerate(quick.turn, start=1)]
    lines += ["", t(locale, "help.getting-going", tip=quick.first_tip), t(locale, "help.start-one", name=name)]
    return "\n".join(lines)


def guide_alt_text(name: str, legend: list[str], locale: Locale = ENGLISH) -> str:
    """The board guide's alt text in `locale`: one sentence naming the game and the marks its legend labels."""
    # A label names its mark before its colon (French writes a space before it, which the list leaves out).
    names = t(locale, "list.comma").join(label.split(":")[0].strip() for label in legend)
    return t(locale, "help.guide-alt", game=game_title(name, locale), names=names)[:1000]
