"""Where each table's lobby message is, so it can be closed (buttons removed) when the game starts or ends.

The bot remembers the lobby messages it posted or saw clicked; after a restart it finds one by
looking through the channel's recent messages for its own lobby buttons of that game.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs import text
from cogs.custom_ids import LobbyId, parse
from host.results import TableInfo

if TYPE_CHECKING:
    from cogs.client import GnomehostBot

log = logging.getLogger(__name__)

# How far back a lost lobby message is looked for (one request: Discord returns at most 100).
HISTORY_LIMIT = 100


def is_lobby_of(message: discord.Message, game_id: int) -> bool:
    """Whether `message` carries the lobby buttons of table `game_id`."""
    for row in message.components:
        for child in getattr(row, "children", [row]):
            cid = parse(getattr(child, "custom_id", None) or "")
            if isinstance(cid, LobbyId) and cid.game == game_id:
                return True
    return False


class LobbyMessages:
    """Finds and closes lobby messages."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot
        self._known: dict[int, int] = {}  # game id -> lobby message id (in the table's channel)

    def remember(self, game_id: int, message_id: int) -> None:
        """Note the lobby message of a table (posted, or clicked)."""
        self._known[game_id] = message_id

    def forget(self, game_id: int) -> None:
        """Drop a table whose lobby message was closed by other means (its own Start or Cancel button)."""
        self._known.pop(game_id, None)

    async def _find(self, table: TableInfo) -> discord.PartialMessage | None:
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        known = self._known.get(table.game_id)
        if known is not None:
            return channel.get_partial_message(known)
        me = self.bot.user
        async for message in channel.history(limit=HISTORY_LIMIT):
            if me is not None and message.author.id == me.id and is_lobby_of(message, table.game_id):
                return channel.get_partial_message(message.id)
        return None

    async def close(self, table: TableInfo) -> bool:
        """Show the table's new status on its lobby message and remove the buttons; whether it was found.

        Failures are logged, never raised: the start or cancellation already happened.
        """
        try:
            message = await self._find(table)
            if message is None:
                log.info("game %s: lobby message not found; left as it is", table.game_id)
                return False
            await message.edit(content=text.lobby_text(table), view=None,
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("game %s: could not update the lobby message: %s", table.game_id, error)
            return False
        self.forget(table.game_id)
        return True
