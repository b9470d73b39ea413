"""/help: what the bot does, how to start a game, the games; with a game, its quick start and board guide.

The words come from present.help, the labelled board picture from render/<game>/guide.py; this cog only
turns them into a Discord message with the picture attached (alt text naming what it shows).
"""

from __future__ import annotations

import asyncio
import importlib
import io
import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GnomehostBot
from cogs.errors import UserFacingError
from cogs.limits import echo
from cogs.locales import reader_locale
from cogs.replies import reply
from i18n import ENGLISH, Locale, format_list, t
from present import help as words

log = logging.getLogger(__name__)

GUIDE_FILE = "guide.png"


def guide_picture(game_name: str, locale: Locale = ENGLISH) -> tuple[bytes, list[str]] | None:
    """The game's labelled start board in `locale` (PNG bytes, legend labels), or None when it has none or
    drawing failed."""
    if game_name not in words.game_names():
        return None
    try:
        module = importlib.import_module(f"render.{game_name}.guide")
        guide = module.guide(locale)
    except Exception:
        log.exception("drawing the board guide of %s failed", game_name)
        return None
    return guide.png, list(guide.legend)


async def send_help(interaction: discord.Interaction, game_name: str | None) -> None:
    """Answer with the help, or with one game's quick start and its labelled board (privately), in the
    reader's language."""
    locale = reader_locale(interaction)
    if game_name is None:
        await reply(interaction, words.help_text(locale))
        return
    if game_name not in words.game_names():
        raise UserFacingError(t(locale, "help.no-such-game", name=echo(game_name),
                                games=format_list(locale, words.game_names(), "unit")))
    text = words.quick_start_text(game_name, locale)
    # Pillow draws in a worker thread so the event loop (and the gateway heartbeat) keeps going.
    picture = await asyncio.to_thread(guide_picture, game_name, locale)
    if picture is None:
        await reply(interaction, text)
        return
    png, legend = picture
    alt = words.guide_alt_text(game_name, legend, locale)
    file = discord.File(io.BytesIO(png), filename=GUIDE_FILE, description=alt)
    await reply(interaction, text, file=file)


class HelpCog(commands.Cog):
    """The /help command."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot

    @app_commands.command(name="help",
                          description="What this bot does, how to start a game, and a quick start per game")
    @app_commands.describe(game="A game's quick start: its goal, a turn in three steps and its board explained")
    @app_commands.choices(game=[app_commands.Choice(name=name, value=name) for name in words.game_names()])
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The help, or a game's quick start with its labelled board picture (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_help(interaction, game)


async def setup(bot: GnomehostBot) -> None:
    """Load the /help command."""
    await bot.add_cog(HelpCog(bot))
