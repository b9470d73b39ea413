"""Slash command names, descriptions and choices in the reader's language, through discord.py's Translator.

discord.py asks the tree's translator, at each sync, for every name, description and choice in every language
Discord knows; the answer goes into the command's `name_localizations` / `description_localizations`, and each
person's Discord client shows the commands in its own language. The words come from the "commands" domain
(locales/commands/<lang>.po), their ids from where they sit in the tree (i18n/commands.py). English, and every
language the bot does not speak, gets None: Discord then shows the code's own English, unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from i18n import ENGLISH, Locale, resolve
from i18n.catalog import sendable_command_word
from i18n.commands import CommandWords, Slot, choice_id, command_id, option_id

AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group
COMMAND_TYPES = (app_commands.Command, app_commands.Group)


def _options(command: AnyCommand) -> list[app_commands.Parameter]:
    return command.parameters if isinstance(command, app_commands.Command) else []


def _words(command: AnyCommand) -> Iterator[tuple[str, str]]:
    """(id, English text) of one command's or group's words, its options' and their choices'."""
    path = command.qualified_name
    yield command_id(path, Slot.NAME), command.name
    yield command_id(path, Slot.DESCRIPTION), command.description
    for option in _options(command):
        yield option_id(path, option.display_name, Slot.NAME), option.display_name
        yield option_id(path, option.display_name, Slot.DESCRIPTION), option.description
        for choice in option.choices:
            yield choice_id(path, option.display_name, choice.value), choice.name


def command_words(tree: app_commands.CommandTree[Any]) -> CommandWords:
    """Every word of `tree` that is translated, by id, with the name ids that must stay different."""
    commands = list(tree.walk_commands())
    texts = dict(pair for command in commands for pair in _words(command))
    siblings = [tuple(command_id(c.qualified_name, Slot.NAME) for c in tree.get_commands())]
    for command in commands:
        if isinstance(command, app_commands.Group):
            siblings.append(tuple(command_id(c.qualified_name, Slot.NAME) for c in command.commands))
        else:
            siblings.append(tuple(option_id(command.qualified_name, o.display_name, Slot.NAME)
                                  for o in command.parameters))
    return CommandWords(texts, [group for group in siblings if len(group) > 1])


class CommandTranslator(app_commands.Translator):
    """Answers discord.py's questions from the "commands" catalogs; None where English (the code's) stands."""

    def __init__(self, tree: app_commands.CommandTree[Any]) -> None:
        self._tree = tree
        # A choice is translated without its option (discord.py passes only the Choice): found by identity.
        self._choices: dict[int, str] = {}

    def _choice_key(self, choice: app_commands.Choice[Any]) -> str | None:
        if id(choice) not in self._choices:
            # Commands may have been added since the last look: index the tree again (once per sync at most).
            self._choices = {
                id(c): choice_id(command.qualified_name, option.display_name, c.value)
                for command in self._tree.walk_commands() for option in _options(command)
                for c in option.choices
            }
        return self._choices.get(id(choice))

    def key(self, context: app_commands.TranslationContextTypes) -> str | None:
        """The message id of the word discord.py asks about (None for one this bot does not translate)."""
        data = context.data
        match context.location:
            case Where.command_name | Where.group_name if isinstance(data, COMMAND_TYPES):
                return command_id(data.qualified_name, Slot.NAME)
            case Where.command_description | Where.group_description if isinstance(data, COMMAND_TYPES):
                return command_id(data.qualified_name, Slot.DESCRIPTION)
            case Where.parameter_name if isinstance(data, app_commands.Parameter):
                return option_id(data.command.qualified_name, data.display_name, Slot.NAME)
            case Where.parameter_description if isinstance(data, app_commands.Parameter):
                return option_id(data.command.qualified_name, data.display_name, Slot.DESCRIPTION)
            case Where.choice_name if isinstance(data, app_commands.Choice):
                return self._choice_key(data)
        return None

    def words(self, locale: Locale, msgid: str) -> str | None:
        """The catalog's text for `msgid` in `locale`, None when it has none or Discord would refuse it."""
        # One refused localisation fails the whole sync: better English for that word than no commands.
        return sendable_command_word(locale, msgid, warn=True)

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The word in `locale`, or None: English, a language the bot does not speak, or a word not translated."""
        language = resolve(locale.value)
        if language == ENGLISH:
            return None
        msgid = self.key(context)
        return self.words(language, msgid) if msgid is not None else None


async def install(tree: app_commands.CommandTree[Any]) -> None:
    """Give `tree` the translator; it must be awaited before `tree.sync`, which is when translations are asked."""
    await tree.set_translator(CommandTranslator(tree))


async def project_command_words() -> CommandWords:
    """The words of the bot's real command tree (every cog loaded as at start, no database opened)."""
    from app.settings import Settings  # here: cogs.client imports this module for `install`
    from cogs.client import EXTENSIONS, GnomehostBot

    client = GnomehostBot(Settings(token="unused"))
    try:
        await client._async_setup_hook()
        for name in EXTENSIONS:
            await client.load_extension(name)
        return command_words(client.tree)
    finally:
        await client.close()
