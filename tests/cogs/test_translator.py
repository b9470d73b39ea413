"""cogs.translator over the real command tree: what a sync sends Discord has a French name and description for
every command, group and option and a French name for every choice, all in the shape Discord accepts, while the
English the code dispatches on stays as it was.

The payloads are discord.py's own (`get_translated_payload`, what `CommandTree.sync` sends), so a command
added later is covered without touching this file.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands

import i18n.catalog
from app.settings import Settings
from cogs import translator
from cogs.client import EXTENSIONS, GnomehostBot
from i18n import Locale
from i18n.catalog import Catalogs
from i18n.commands import CHOICE_CHARS, DESCRIPTION_CHARS
from tests.cogs.fakes import ServiceStandIn

NAME_RULE = r"^[-_\w]{1,32}$"
FR = Locale("fr")
HEADER = 'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'

FRENCH = discord.Locale.french.value


@pytest.fixture
async def bot() -> AsyncIterator[GnomehostBot]:
    """The bot with every cog loaded as at start (no database) and the translator installed."""
    client = GnomehostBot(Settings(token="unused"))
    await client._async_setup_hook()
    for name in EXTENSIONS:
        await client.load_extension(name)
    await translator.install(client.tree)
    yield client
    await client.close()


async def payloads(client: GnomehostBot) -> list[dict[str, Any]]:
    """What a global sync sends Discord, command by command."""
    assert client.tree.translator is not None
    return [await c.get_translated_payload(client.tree, client.tree.translator)
            for c in client.tree.get_commands()]


def nodes(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, group and option of a payload with its path ("game new thread")."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options", []):
        yield from nodes(option, here)


def without_localisations(payload: Any) -> Any:
    """The payload as Discord shows it to an English reader: every localisation dropped."""
    if isinstance(payload, dict):
        return {k: without_localisations(v) for k, v in payload.items()
                if k not in ("name_localizations", "description_localizations")}
    if isinstance(payload, list):
        return [without_localisations(v) for v in payload]
    return payload


async def test_every_command_option_and_choice_has_french_words_discord_accepts(bot: GnomehostBot) -> None:
    seen = choices = 0
    for payload in await payloads(bot):
        for path, node in nodes(payload):
            seen += 1
            name = node["name_localizations"].get(FRENCH)
            description = node["description_localizations"].get(FRENCH)
            assert name is not None and description is not None, path
            assert re.fullmatch(NAME_RULE, name) and name == name.lower(), (path, name)
            assert 1 <= len(description) <= DESCRIPTION_CHARS, (path, description)
            for choice in node.get("choices", []):
                choices += 1
                french = choice["name_localizations"].get(FRENCH)
                assert french is not None and 1 <= len(french) <= CHOICE_CHARS, (path, choice)
    # Every name the tree has (groups, commands, options) and every choice was in the payloads.
    words = translator.command_words(bot.tree).texts
    assert seen == sum(1 for msgid in words if msgid.endswith(".name")) and seen >= 80
    assert choices == sum(1 for msgid in words if ".choice." in msgid) and choices >= 30


async def test_french_names_of_siblings_differ(bot: GnomehostBot) -> None:
    for payload in await payloads(bot):
        for path, node in nodes(payload):
            names = [o["name_localizations"][FRENCH] for o in node.get("options", [])]
            assert len(names) == len(set(names)), (path, names)
    top = [p["name_localizations"][FRENCH] for p in await payloads(bot)]
    assert len(top) == len(set(top))


async def test_the_english_words_are_the_codes_and_only_french_is_localised(bot: GnomehostBot) -> None:
    sent = await payloads(bot)
    plain = [c.to_dict(bot.tree) for c in bot.tree.get_commands()]
    # What an English (or any other language's) client shows is exactly what the code says.
    assert without_localisations(sent) == without_localisations(plain)
    for payload in sent:
        for path, node in nodes(payload):
            assert set(node["name_localizations"]) == {FRENCH}, path
            for choice in node.get("choices", []):
                assert set(choice["name_localizations"]) == {FRENCH}, (path, choice)
    by_name = {p["name"]: p for p in sent}
    assert by_name["help"]["name_localizations"] == {FRENCH: "aide"}
    game_new = next(o for o in by_name["game"]["options"] if o["name"] == "new")
    assert game_new["name_localizations"] == {FRENCH: "nouvelle"}
    start = next(o for o in by_name["game"]["options"] if o["name"] == "start")
    order = {c["value"]: c for c in start["options"][0]["choices"]}
    assert order["random"]["name"] == "random" and order["random"]["name_localizations"] == {FRENCH: "au hasard"}


async def test_a_canadian_french_client_gets_french_and_a_british_one_english(bot: GnomehostBot) -> None:
    command = bot.tree.get_command("help")
    assert isinstance(command, app_commands.Command)
    context: app_commands.TranslationContextTypes = app_commands.TranslationContext(
        app_commands.TranslationContextLocation.command_name, command)
    chosen = bot.tree.translator
    assert chosen is not None
    string = app_commands.locale_str("help")
    assert await chosen.translate(string, discord.Locale.french, context) == "aide"
    assert await chosen.translate(string, discord.Locale.british_english, context) is None
    assert await chosen.translate(string, discord.Locale.japanese, context) is None


def test_a_word_discord_would_refuse_is_not_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "locales" / "commands"
    folder.mkdir(parents=True)
    (tmp_path / "locales" / "fr.po").write_text(HEADER, encoding="utf-8")
    (folder / "fr.po").write_text(HEADER + 'msgid "help.name"\nmsgstr "Aide moi"\n\n'
                                  'msgid "play.name"\nmsgstr "jouer"\n', encoding="utf-8")
    found = Catalogs.load(tmp_path)
    monkeypatch.setattr(i18n.catalog, "catalogs", lambda: found)
    words = translator.CommandTranslator(app_commands.CommandTree(discord.Client(intents=discord.Intents.none())))
    # A space and a capital: Discord would refuse the whole sync, so English stands for that one word.
    assert words.words(FR, "help.name") is None
    assert words.words(FR, "play.name") == "jouer"
    assert words.words(FR, "hand.name") is None


async def test_the_bot_installs_the_translator_before_it_syncs(monkeypatch: pytest.MonkeyPatch) -> None:
    class Service(ServiceStandIn):
        @property
        def store(self) -> Any:
            return SimpleNamespace(description="no database")

    class Bot(GnomehostBot):
        async def open_service(self) -> Any:
            return Service()

    client = Bot(Settings(token="unused"))
    seen: list[object] = []

    async def sync(*, guild: object = None) -> list[object]:
        seen.append(client.tree.translator)
        return []

    monkeypatch.setattr(client.tree, "sync", sync)
    await client._async_setup_hook()
    await client.setup_hook()
    assert len(seen) == 1 and isinstance(seen[0], translator.CommandTranslator)
    await client.close()
