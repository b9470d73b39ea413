"""Which tables an interaction may act on: the one place that binds game numbers to their guild and channel.

Game ids are sequential, so a number typed in one server (or sent in a crafted custom_id) could
name another server's game. Every game-scoped command and component gets its table here:

- a command: only games of the guild it comes from; in a DM, only games the user sits in;
- a component: only the game that lives in the channel (or thread) of the message it was pressed
  on; a player's private panel (an ephemeral message or a DM prompt) also works elsewhere, for a
  user holding a seat in that game;
- a component anyone may use (the replay viewer of a finished game): games of the guild it is pressed in,
  or in a DM, only games the user sits in, as for a command.

Anything else is answered exactly like a game that does not exist, so nobody learns which
numbers are taken.
"""

from __future__ import annotations

import discord

from cogs.errors import UserFacingError
from cogs.limits import echo
from host.errors import GameNotFound, Said
from host.results import TableInfo
from host.service import TableService
from i18n import mark

# A stored game id is a positive SQLite integer.
MAX_GAME_ID = 2**63 - 1


def unknown_game(game_id: int) -> UserFacingError:
    """The refusal for a game that does not exist, or is not visible from here (the same text for both)."""
    return UserFacingError(Said(mark("cog.unknown-game"), {"game": echo(str(game_id), 24)}))


def is_private_message(interaction: discord.Interaction) -> bool:
    """Whether the clicked message is seen by one user only: a DM, or an ephemeral message."""
    if interaction.guild_id is None:
        return True
    message = interaction.message
    return message is not None and message.flags.ephemeral


def in_scope(interaction: discord.Interaction, table: TableInfo, *, private_panel: bool = False,
             any_viewer: bool = False) -> bool:
    """Whether `interaction` may see and act on `table` (see the module docstring).

    `private_panel`: the component belongs to a player's own panel or DM prompt. `any_viewer`: the component
    only shows what anyone may see (a finished game's replay), so it is scoped like a command.
    """
    user = interaction.user.id
    if interaction.type is discord.InteractionType.component and not any_viewer:
        here = interaction.guild_id is not None and interaction.guild_id == table.guild_id \
            and interaction.channel_id == table.channel_id
        if here:
            return True
        # /hand in another channel, or a DM prompt: only the seated player ever gets these messages.
        same_guild = interaction.guild_id is None or interaction.guild_id == table.guild_id
        return private_panel and same_guild and is_private_message(interaction) and table.is_seated(user)
    if interaction.guild_id is None:
        return table.is_seated(user)
    return interaction.guild_id == table.guild_id


async def table_in_scope(interaction: discord.Interaction, game_id: int, *, private_panel: bool = False,
                         any_viewer: bool = False) -> TableInfo:
    """The table `game_id` if this interaction may act on it; else the refusal of an unknown game."""
    if not 0 < game_id <= MAX_GAME_ID:
        raise unknown_game(game_id)
    service: TableService = interaction.client.service  # type: ignore[attr-defined]  # interaction.client is typed discord.Client; ours is GnomehostBot
    try:
        table = await service.get_table(game_id)
    except GameNotFound:
        raise unknown_game(game_id) from None
    if not in_scope(interaction, table, private_panel=private_panel, any_viewer=any_viewer):
        raise unknown_game(game_id)
    return table


async def table_in_channel(interaction: discord.Interaction) -> TableInfo | None:
    """The open table of the channel or thread the interaction comes from, if that table belongs to its guild."""
    if interaction.channel_id is None:
        return None
    service: TableService = interaction.client.service  # type: ignore[attr-defined]  # interaction.client is typed discord.Client; ours is GnomehostBot
    table = await service.table_for_channel(interaction.channel_id)
    if table is None or table.guild_id != interaction.guild_id:
        return None
    return table


def visible_tables(interaction: discord.Interaction, tables: list[TableInfo]) -> list[TableInfo]:
    """The tables among `tables` a command from here may name (this guild's; in a DM, the user's)."""
    return [t for t in tables if in_scope(interaction, t)]
