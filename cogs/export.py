"""/game export: a finished game's public record in the channel, the full record by DM to its players.

The records are the host's (host/export.py), the words present/export.py's; this is Discord only.
"""

from __future__ import annotations

import io
import json
import logging
from typing import Any

import discord
from discord import app_commands

from cogs.client import GnomehostBot
from cogs.errors import UserFacingError
from cogs.limits import fits_attachment
from cogs.locales import reader_locale
from cogs.replies import reply
from cogs.scope import table_in_scope
from host.errors import Said
from host.export import refusal
from host.results import TableInfo
from i18n import ENGLISH, mark
from present import export as words
from present.text import table_language
from present.titles import table_title

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()


def record_file(record: dict[str, Any], filename: str, limit: int | None) -> discord.File | None:
    """The record as an indented UTF-8 JSON attachment; None when it is over the attachment limit."""
    data = (json.dumps(record, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
    if not fits_attachment(len(data), limit):
        log.warning("%s is %d bytes, over the %s byte attachment limit", filename, len(data), limit)
        return None
    return discord.File(io.BytesIO(data), filename=filename)


async def game_to_export(bot: GnomehostBot, interaction: discord.Interaction, game_id: int | None) -> TableInfo:
    """The game named by number (if visible from here), else this channel's open or last game."""
    if game_id is not None:
        return await table_in_scope(interaction, game_id)
    table = None
    if interaction.channel_id is not None:
        table = await bot.service.last_game_in_channel(interaction.channel_id)
    if table is None or table.guild_id != interaction.guild_id:
        raise UserFacingError(Said(mark("cog.no-export-here")))
    return table


def export_command(bot: GnomehostBot) -> app_commands.Command[Any, ..., None]:
    """The /game export command (added to the /game group by cogs/lobby.py's setup)."""

    @app_commands.command(name="export",
                          description="A finished game's record as a file; its players get the full one by DM")
    @app_commands.describe(game="A game number (default: the last game in this channel)")
    async def export(interaction: discord.Interaction, game: int | None = None) -> None:
        """The public record as an attachment of a channel reply; the full record by DM when the caller played."""
        # Checked before the answer is deferred: a refusal stays private; the record itself is for anyone here.
        table = await game_to_export(bot, interaction, game)
        refused = refusal(table.status)
        if refused is not None:
            raise UserFacingError(refused)
        await interaction.response.defer(thinking=True)
        guild = interaction.guild

        def user_name(user_id: int) -> str:
            member = guild.get_member(user_id) if guild is not None else None
            if member is not None:
                return member.display_name
            user = bot.get_user(user_id)
            return user.name if user is not None else f"user {user_id}"

        records = await bot.service.export_records(table.game_id, interaction.user.id, user_name)
        # The channel reads the public reply in the table's language; the rest is for the caller, in theirs.
        channel, mine = table_language(table), reader_locale(interaction)
        limit = interaction.filesize_limit
        public = record_file(records.public, words.public_file_name(records.game_id), limit)
        if public is None:
            raise UserFacingError(words.too_large(records.game_id, mine))
        title = table_title(table, channel) if channel != ENGLISH else records.title
        await reply(interaction, words.public_reply(title, records.game_id, channel), ephemeral=False,
                    file=public, allowed_mentions=NO_PINGS)
        if records.full is None:
            return
        full = record_file(records.full, words.full_file_name(records.game_id), None)
        if full is None:
            await reply(interaction, words.too_large(records.game_id, mine))
            return
        try:
            await interaction.user.send(words.full_dm(records.title if mine == ENGLISH else table_title(table, mine),
                                                      records.game_id, mine), file=full)
        except discord.Forbidden:
            await reply(interaction, words.full_not_sent(records.game_id, mine))
            return
        await reply(interaction, words.full_sent(records.game_id, mine))

    return export
