"""/games: every open game of the user on every server, those waiting for them first, with up to five
"Take my turn" buttons (the table message's own button, so a click opens the same private panel).

Works in a server, in DMs and as a user-installed app. Reading is host.my_games (`service.games_of_user`),
the words are present.games_list; this cog only names servers and channels and builds the message.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GnomehostBot
from cogs.components import TurnButton, new_button
from cogs.custom_ids import TurnId
from cogs.limits import BUTTON_LABEL, trim
from cogs.locales import reader_locale
from cogs.replies import reply
from host.my_games import MyGame
from host.results import TableStatus
from i18n import ENGLISH, Locale, t
from present import games_list as words
from present import panel_words
from present.titles import table_title

log = logging.getLogger(__name__)

# A message holds five rows of buttons; one button a row keeps each game's label readable.
MAX_BUTTONS = 5


def _names(bot: discord.Client, game: MyGame) -> tuple[str, str, str | None]:
    """The server's and channel's names and the table message's link (names the bot cannot see are generic)."""
    table = game.table
    guild = bot.get_guild(table.guild_id) if table.guild_id is not None else None
    channel = guild.get_channel_or_thread(table.channel_id) if guild is not None else None
    server = guild.name if guild is not None else "a server"
    channel_name = channel.name if channel is not None else "a channel"
    link = None
    if game.message is not None and table.guild_id is not None:
        link = f"https://discord.com/channels/{table.guild_id}/{game.message.channel_id}/{game.message.message_id}"
    return server, channel_name, link


def _others(game: MyGame, locale: Locale) -> str:
    """Who else the game waits for, in words."""
    names = [t(locale, "games.ai") if p.is_ai or p.user_id is None else f"<@{p.user_id}>" for p in game.table.pending]
    return t(locale, "list.comma").join(dict.fromkeys(names)) or t(locale, "games.next-step")


def game_line(bot: discord.Client, game: MyGame, locale: Locale = ENGLISH) -> words.GameLine:
    """The words' view of one game, in `locale`."""
    server, channel, link = _names(bot, game)
    table = game.table
    prompts = tuple(panel_words.choice_label(p.prompt, p.said, table.game_name, locale) for p in game.mine)
    return words.GameLine(
        game_id=table.game_id, title=table_title(table, locale), server=server, channel=channel,
        prompts=prompts, others=_others(game, locale), since=game.since, link=link,
        in_lobby=table.status is TableStatus.LOBBY,
    )


def can_click_here(interaction: discord.Interaction, game: MyGame) -> bool:
    """Whether a "Take my turn" click from this answer reaches the game (cogs.scope: a DM, or its own server)."""
    return interaction.guild_id is None or interaction.guild_id == game.table.guild_id


def turn_buttons(interaction: discord.Interaction, games: list[MyGame], lines: list[words.GameLine],
                 locale: Locale = ENGLISH) -> discord.ui.View | None:
    """Up to MAX_BUTTONS "Take my turn" buttons for the games waiting for the user; None when there are none."""
    view = discord.ui.View(timeout=None)
    for game, line in zip(games, lines, strict=True):
        if len(view.children) >= MAX_BUTTONS:
            break
        if not game.mine or not can_click_here(interaction, game):
            continue
        cid = TurnId(game.table.game_id, game.table.version)
        label = trim(words.button_label(line, locale), BUTTON_LABEL)
        view.add_item(TurnButton(cid, new_button(cid, label, discord.ButtonStyle.primary, len(view.children))))
    return view if view.children else None


class GamesListCog(commands.Cog):
    """The /games command."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot

    @app_commands.command(name="games", description="All your open games on every server, yours to play first")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def games(self, interaction: discord.Interaction) -> None:
        """The user's open games with links and "Take my turn" buttons (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        games = await self.bot.service.games_of_user(interaction.user.id)
        locale = reader_locale(interaction)
        lines = [game_line(self.bot, g, locale) for g in games]
        view = turn_buttons(interaction, games, lines, locale)
        text = words.games_text(lines, locale)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none(), **kwargs)


async def setup(bot: GnomehostBot) -> None:
    """Load the /games command."""
    await bot.add_cog(GamesListCog(bot))
