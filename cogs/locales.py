"""Which language an interaction is answered in: the reader's Discord language for what only they see, the
server's for what the channel sees. Discord sends both with every interaction; anything unknown is English."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from i18n import Locale, resolve
from present.languages import table_languages

log = logging.getLogger(__name__)


def _tag(value: object) -> str | None:
    tag = getattr(value, "value", value)
    return tag if isinstance(tag, str) else None


def reader_locale(interaction: discord.Interaction) -> Locale:
    """The language of the person who sent the interaction (replies, panels, ephemeral messages)."""
    return resolve(_tag(getattr(interaction, "locale", None)))


def server_locale(interaction: discord.Interaction) -> Locale:
    """The language of the server the interaction came from (channel posts); English in a DM."""
    return resolve(_tag(getattr(interaction, "guild_locale", None)))


def language_choices() -> list[app_commands.Choice[str]]:
    """The languages a table may be read in, as slash-command choices named in their own language."""
    return [app_commands.Choice(name=own, value=tag) for tag, own in table_languages()]
