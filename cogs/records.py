"""/game leaderboard: a server's ratings of one game (the words are present/records.py's; this is Discord only)."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from cogs.client import GnomehostBot
from cogs.errors import UserFacingError
from cogs.limits import CHOICE_NAME, trim
from cogs.replies import reply
from engine import registry
from present import records as words

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()


def leaderboard_command(bot: GnomehostBot) -> app_commands.Command[Any, ..., None]:
    """The /game leaderboard command (added to the /game group by cogs/lobby.py's setup)."""

    @app_commands.command(name="leaderboard", description="This server's best players of a game, and your place")
    @app_commands.describe(game="Which game", page="Which page of ten (default: the first)")
    @app_commands.choices(game=[app_commands.Choice(name=trim(registry.get(g).title or g, CHOICE_NAME), value=g)
                                for g in registry.names()])
    async def leaderboard(
        interaction: discord.Interaction, game: str, page: app_commands.Range[int, 1, 10_000] = 1
    ) -> None:
        """The leaderboard page, the caller's place and the AI levels (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None:
            raise UserFacingError("Ratings belong to a server: run `/game leaderboard` in one of its channels.")
        if game not in registry.names():
            raise UserFacingError(f"There is no such game. Games: {', '.join(registry.names())}.")
        board = await bot.service.leaderboard(interaction.guild_id, game, interaction.user.id, page - 1)
        # Mentions show each person's name as this server knows it; NO_PINGS keeps them from notifying.
        names = {e.user_id: f"<@{e.user_id}>" for e in board.entries}
        lines = words.leaderboard_lines(board, names, registry.get(game).title or game)
        await reply(interaction, "\n".join(lines), allowed_mentions=NO_PINGS)

    return leaderboard
