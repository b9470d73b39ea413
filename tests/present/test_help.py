"""present.help: the help a newcomer reads (what the bot does, how to start, the games, a quick start each)."""

from __future__ import annotations

import re

from engine import registry
from i18n import Locale, catalogs, t
from i18n.commands import COMMANDS, Slot, command_id, option_id
from present.help import ABOUT, HOW_TO_START, game_names, help_text, quick_start, quick_start_text

FRENCH = Locale("fr")

MESSAGE_LIMIT = 2000
CODES = re.compile(r"\b(?:R-[A-Z]+|G-[A-Z]*)\d+\b|\bE_[A-Z_]+\b|\{p\d+\}")


def test_the_help_says_what_the_bot_does_in_three_lines_and_how_to_start() -> None:
    text = help_text()
    assert len(ABOUT) == 3 and all(t(Locale("en"), line) in text for line in ABOUT)
    assert "/game new game:" in text and "**Join**" in text and "**Start**" in text and "Take my turn" in text
    assert len(HOW_TO_START) == 3
    assert len(text) <= MESSAGE_LIMIT and not CODES.search(text)


def test_the_help_names_every_game_in_one_line_each() -> None:
    lines = help_text().splitlines()
    assert game_names() == registry.names()
    for name in registry.names():
        title = registry.get(name).title
        about = [line for line in lines if title in line]
        assert len(about) == 1, (name, about)
        assert f"`{name}`" in about[0] and "players" in about[0]
    assert "/help game:" in help_text()


def test_every_quick_start_has_a_goal_a_turn_in_three_steps_and_how_to_begin() -> None:
    for name in registry.names():
        quick = quick_start(name)
        text = quick_start_text(name)
        assert len(quick.turn) == 3 and all(f"{i}. {step}" in text for i, step in enumerate(quick.turn, 1))
        assert f"**Goal:** {quick.goal}" in text
        assert f"/game new game:{name}" in text and f"/game rules game:{name}" in text
        assert len(text) <= MESSAGE_LIMIT and not CODES.search(text), name


def test_a_game_without_a_quick_start_is_refused_by_name() -> None:
    try:
        quick_start_text("no_such_game")
    except KeyError:
        pass
    else:
        raise AssertionError("a quick start was made for a game that does not exist")


def french_command(path: str) -> str:
    """A command as a French Discord client shows it ("/partie nouvelle"), from the commands' catalog."""
    parts = path.split()
    return "/" + " ".join(commands_word(command_id(" ".join(parts[:i + 1]), Slot.NAME)) for i in range(len(parts)))


def french_option(path: str, option: str) -> str:
    """An option's French name, from the commands' catalog."""
    return commands_word(option_id(path, option, Slot.NAME))


def commands_word(msgid: str) -> str:
    catalog = catalogs().catalog(COMMANDS, FRENCH)
    assert catalog is not None
    return catalog.messages[msgid].forms[0]


def test_the_help_and_a_quick_start_read_in_french_with_the_same_commands() -> None:
    text = help_text(FRENCH)
    assert text.startswith("**Ce que fait Gnomehost**") and "**Lancer une partie**" in text, text
    assert "de 2 à 4 joueurs" in text or "de 2 à 6 joueurs" in text, text
    # French cites the French command names, those a French Discord client shows (locales/commands/fr.po).
    assert f"{french_command('game new')} {french_option('game new', 'game')}:" in text
    assert f"{french_command('help')} {french_option('help', 'game')}:" in text and "players" not in text
    assert len(text) <= MESSAGE_LIMIT and not CODES.search(text)
    for name in registry.names():
        french, english = quick_start_text(name, FRENCH), quick_start_text(name)
        assert "**But :**" in french and "**Goal:**" not in french, name
        assert f"{french_command('game new')} {french_option('game new', 'game')}:{name}" in french
        assert f"{french_command('game rules')} {french_option('game rules', 'game')}:{name}" in french
        assert quick_start(name, FRENCH).pitch != quick_start(name).pitch and french != english
        assert len(french) <= MESSAGE_LIMIT and not CODES.search(french), name
