"""cogs.help: /help sends the help, or a game's quick start with its labelled board and alt text."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.errors import UserFacingError
from cogs.help import GUIDE_FILE, guide_picture, send_help
from cogs.rules import send_rules
from engine import registry
from i18n import Locale
from present.help import guide_alt_text, help_text, quick_start_text
from present.titles import game_title


class Sent:
    """What a deferred interaction's followups carried."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, dict[str, Any]]] = []

    async def send(self, content: str, **kwargs: Any) -> None:
        self.messages.append((content, kwargs))


def deferred(sent: Sent, locale: str | None = None) -> Any:
    """An interaction already deferred (as every command does first), from a client in `locale`: answers go
    out as followups."""
    return SimpleNamespace(response=SimpleNamespace(is_done=lambda: True), followup=sent, locale=locale)


async def test_help_without_a_game_is_the_help_text_privately() -> None:
    sent = Sent()
    await send_help(deferred(sent), None)
    assert sent.messages == [(help_text(), {"ephemeral": True})]


@pytest.mark.parametrize("name", registry.names())
async def test_help_for_a_game_sends_its_quick_start_with_the_guide_picture(name: str) -> None:
    sent = Sent()
    await send_help(deferred(sent), name)
    ((content, kwargs),) = sent.messages
    assert content == quick_start_text(name) and kwargs["ephemeral"] is True
    file = kwargs["file"]
    assert isinstance(file, discord.File) and file.filename == GUIDE_FILE
    assert file.description and file.description.startswith(f"The {game_title(name)} board at the start")


async def test_rules_without_a_game_answer_with_the_help() -> None:
    sent = Sent()
    await send_rules(deferred(sent), None, None)
    assert sent.messages == [(help_text(), {"ephemeral": True})]


async def test_rules_of_a_game_end_with_its_topics() -> None:
    sent = Sent()
    await send_rules(deferred(sent), "tribes", None)
    assert "**Topics:**" in sent.messages[-1][0] and "The six goals" in sent.messages[-1][0]


async def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(UserFacingError):
        await send_help(deferred(Sent()), "chess")
    assert guide_picture("chess") is None


def test_the_alt_text_names_every_mark_of_the_legend_in_one_sentence() -> None:
    picture = guide_picture("vendetta")
    assert picture is not None
    png, legend = picture
    text = guide_alt_text("vendetta", legend)
    assert png.startswith(b"\x89PNG") and text.endswith(".") and text.count(".") == 1
    assert text.startswith(f"The {game_title('vendetta')} board") and "vendetta" not in text
    assert all(label.split(":")[0] in text for label in legend)


async def test_help_for_a_game_sends_the_french_guide_to_a_french_reader() -> None:
    sent = Sent()
    await send_help(deferred(sent, locale="fr"), "vendetta")
    ((_, kwargs),) = sent.messages
    file = kwargs["file"]
    french = guide_picture("vendetta", Locale("fr"))
    assert french is not None
    english = guide_picture("vendetta")
    assert english is not None
    assert file.fp.read() == french[0] != english[0]
    # The alt text names each mark in French, without the space French writes before a colon.
    assert file.description.startswith("Le plateau de Nains de jardin : Vendetta violente")
    assert "Marqueur de clan, La base d'un clan," in file.description
    assert " ," not in file.description
