"""/me: each player's own settings, the same on every server (time zone, quiet hours, how told, vacation).

Checking and storing is host.players (through `service.players`); the words are present.me. Every answer
is private. The group works in servers, in DMs and as a user-installed app: the settings belong to the user.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.client import GnomehostBot
from cogs.games_list import game_line, turn_buttons
from cogs.limits import MESSAGE_CONTENT, fit_lines
from cogs.locales import reader_locale
from db.store import NOTIFY_WAYS, PlayerRow
from host import quiet
from i18n import ENGLISH, Locale
from present import games_list as games_words
from present import me as words
from present import stats as stats_words

log = logging.getLogger(__name__)


def settings_words(row: PlayerRow, now: float, locale: Locale = ENGLISH) -> str:
    """The player's settings as /me show says them."""
    return words.settings_text(timezone=row.timezone, quiet_from=row.quiet_from, quiet_to=row.quiet_to,
                               notify=row.notify, away_until=row.away_until, now=now,
                               stats_hidden=row.stats_hidden, locale=locale)


@app_commands.allowed_installs(guilds=True, users=True)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class MeCog(commands.GroupCog, name="me", group_name="me",
            group_description="Your own settings, the same on every server"):
    """The /me commands."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot
        super().__init__()

    async def _answer(self, interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="show", description="Show all your settings")
    async def show(self, interaction: discord.Interaction) -> None:
        """All of the user's settings (ephemeral)."""
        row = await self.bot.service.players.settings(interaction.user.id)
        await self._answer(interaction, settings_words(row, discord.utils.utcnow().timestamp(),
                                                         reader_locale(interaction)))

    @app_commands.command(name="timezone", description="Your time zone, so times and quiet hours are yours")
    @app_commands.describe(zone="A time zone such as Europe/Berlin or America/New_York (start typing a city)")
    async def timezone(self, interaction: discord.Interaction, zone: str) -> None:
        """Store the user's time zone."""
        row = await self.bot.service.players.set_timezone(interaction.user.id, zone)
        await self._answer(interaction, words.timezone_set(row.timezone or zone, reader_locale(interaction)))

    @timezone.autocomplete("zone")
    async def zone_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        """Known zone names containing what was typed (at most 25)."""
        return [app_commands.Choice(name=z, value=z) for z in quiet.matching_zones(current)]

    @app_commands.command(name="quiet", description="Daily hours when the bot neither mentions nor messages you")
    @app_commands.rename(start="from", end="to")
    @app_commands.describe(start="Start as HH:MM in your time zone, or off", end="End as HH:MM, or off")
    async def quiet_hours(self, interaction: discord.Interaction, start: str, end: str = "off") -> None:
        """Store the user's daily quiet hours (or turn them off)."""
        row = await self.bot.service.players.set_quiet(interaction.user.id, start, end)
        await self.bot.service.release_held(interaction.user.id)
        await self._answer(interaction, words.quiet_set(row.quiet_from, row.quiet_to, reader_locale(interaction)))

    @app_commands.command(name="notify", description="How you hear that it is your turn")
    @app_commands.describe(how="In the table's channel, by direct message, or both")
    @app_commands.choices(how=[app_commands.Choice(name=words.notify_words(w), value=w) for w in NOTIFY_WAYS])
    async def notify(self, interaction: discord.Interaction, how: str) -> None:
        """Store how the user hears of their turn."""
        row = await self.bot.service.players.set_notify(interaction.user.id, how)
        await self._answer(interaction, words.notify_set(row.notify, reader_locale(interaction)))

    @app_commands.command(name="away", description="Go on vacation until a date")
    @app_commands.describe(until="The date you are back, as YYYY-MM-DD in your time zone")
    async def away(self, interaction: discord.Interaction, until: str) -> None:
        """Store the user's vacation."""
        row = await self.bot.service.players.set_away(interaction.user.id, until)
        assert row.away_until is not None  # set_away always sets it
        await self.bot.service.player_away(interaction.user.id)
        await self._answer(interaction, words.away_set(row.away_until, reader_locale(interaction)))

    @app_commands.command(name="stats", description="Whether the server stats list your turn times")
    @app_commands.describe(hidden="True: leave your turn times out of the slowest and fastest lists")
    async def stats(self, interaction: discord.Interaction, hidden: bool) -> None:
        """Store whether the user's turn times are left out of the server stats."""
        row = await self.bot.service.players.set_stats_hidden(interaction.user.id, hidden)
        await self._answer(interaction, stats_words.stats_hidden_set(row.stats_hidden, reader_locale(interaction)))

    @app_commands.command(name="back", description="End your vacation now")
    async def back(self, interaction: discord.Interaction) -> None:
        """End the user's vacation; the games waiting for them meanwhile are listed with "Take my turn"."""
        await self.bot.service.players.set_back(interaction.user.id)
        await self.bot.service.player_back(interaction.user.id)
        welcome = words.back_set(reader_locale(interaction))
        # Nobody mentioned them while they were away: the answer to their return is where they are awaited.
        waiting = [g for g in await self.bot.service.games_of_user(interaction.user.id) if g.mine]
        if not waiting:
            await self._answer(interaction, welcome)
            return
        locale = reader_locale(interaction)
        lines = [game_line(self.bot, g, locale) for g in waiting]
        text = fit_lines([welcome, games_words.games_text(lines, locale)], MESSAGE_CONTENT, locale=locale)
        view = turn_buttons(interaction, waiting, lines, locale)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
                                                **kwargs)


async def setup(bot: GnomehostBot) -> None:
    """Load the /me commands."""
    await bot.add_cog(MeCog(bot))
