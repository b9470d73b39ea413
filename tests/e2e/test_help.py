"""/help and /game rules through the real bot: a newcomer's help, a quick start with its labelled board,
and rules pages that read as rules (no ruling codes, tables or developer words)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.fakediscord.records import InteractionRecord

pytestmark = pytest.mark.e2e

RULING_ID = re.compile(r"\b(?:R-[A-Z]+|G-[A-Z]*)\d+\b")
TITLES = ("Garden Gnomes: Violent Vendetta", "Gnomes & Associates", "Gnome Tribes")


def shown(rec: InteractionRecord) -> str:
    """Everything the user was shown for one interaction."""
    return "\n".join(m.text() for m in rec.messages if m.text()) or rec.all_text


def assert_help(text: str) -> None:
    assert "What Gnomehost does" in text and "How to start a game" in text, text
    assert "/game new game:" in text and "Join" in text and "Start" in text, text
    for title in TITLES:
        assert title in text, (title, text)
    assert "/help game:" in text, text


async def test_help_alone_and_rules_without_a_game_tell_a_newcomer_how_to_begin(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    assert "help" in fake.commands
    rec = await fake.slash(alice, "help")
    assert rec.ephemeral, rec.describe()
    assert_help(shown(rec))
    # In a channel with no game, /game rules without a game answers with the same help.
    rec = await fake.slash(alice, "game", subcommand="rules")
    assert rec.ephemeral, rec.describe()
    assert_help(shown(rec))
    assert "Which game?" not in shown(rec)
    fake.assert_valid()


@pytest.mark.parametrize("game", ["vendetta", "associates", "tribes"])
async def test_help_for_a_game_gives_its_quick_start_and_a_labelled_board(fake: Harness, bot: LiveBot,
                                                                          game: str) -> None:
    alice = fake.user("alice")
    rec = await fake.slash(alice, "help", options={"game": game})
    text = shown(rec)
    assert rec.ephemeral and "Quick start" in text and "**Goal:**" in text, rec.describe()
    assert all(f"{i}. " in text for i in (1, 2, 3)), text
    files = [a for m in rec.messages for a in m.attachments if a.filename == "guide.png"]
    assert len(files) == 1, rec.describe()
    picture = Image.open(io.BytesIO(files[0].data))
    assert picture.height <= 1.3 * picture.width, picture.size
    assert files[0].description and "board" in files[0].description, files[0].description
    fake.assert_valid()


async def test_rules_of_a_game_read_as_rules(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    for game in ("vendetta", "associates", "tribes"):
        rec = await fake.slash(alice, "game", subcommand="rules", options={"game": game})
        text = shown(rec)
        assert "Topics" in text, text
        assert not RULING_ID.search(text) and ".md" not in text and "|---" not in text, text
        assert "spec" not in text.lower() and "engine" not in text.lower(), text
    rec = await fake.slash(alice, "game", subcommand="rules", options={"game": "tribes", "topic": "vote"})
    assert "Fewest VP vote first" in shown(rec), shown(rec)
    rec = await fake.slash(alice, "game", subcommand="rules", options={"game": "vendetta", "topic": "clans"})
    text = shown(rec)
    assert "killed on 4 or more" in text and "| Clan |" not in text, text
    fake.assert_valid()
