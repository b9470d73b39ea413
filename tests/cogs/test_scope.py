"""cogs.scope: a game number reaches only games of the guild (and, for components, the channel) it comes from.

A game out of scope must be refused with exactly the text of a game that does not exist.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.errors import UserFacingError
from cogs.scope import in_scope, table_in_channel, table_in_scope, unknown_game, visible_tables
from host.errors import GameNotFound
from host.results import TableInfo
from tests.cogs.fakes import CHANNEL, ServiceStandIn, make_interaction, make_table

COMMAND = discord.InteractionType.application_command
OTHER_GUILD = 2
OTHER_CHANNEL = 60
THREAD = 70
STRANGER = 99


class Tables(ServiceStandIn):
    """Stands in for the table service: knows some tables, records every lookup."""

    def __init__(self, *tables: TableInfo) -> None:
        super().__init__()
        self.tables = {t.game_id: t for t in tables}
        self.asked: list[int] = []

    async def table_for_channel(self, channel_id: int) -> TableInfo | None:
        return next((t for t in self.tables.values() if t.channel_id == channel_id), None)

    async def get_table(self, game_id: int) -> TableInfo:
        self.asked.append(game_id)
        if game_id not in self.tables:
            raise GameNotFound(game_id)
        return self.tables[game_id]


def with_service(interaction: Any, service: Tables) -> Any:
    interaction.client = SimpleNamespace(service=service)
    return interaction


# -- components -----------------------------------------------------------------------------------------


def test_a_component_acts_on_the_game_of_its_own_channel() -> None:
    assert in_scope(make_interaction(), make_table())


def test_a_component_in_a_thread_acts_on_the_game_of_that_thread() -> None:
    assert in_scope(make_interaction(channel_id=THREAD), make_table(channel_id=THREAD))
    assert not in_scope(make_interaction(channel_id=CHANNEL), make_table(channel_id=THREAD))


@pytest.mark.parametrize("private_panel", [False, True])
def test_a_component_from_another_guild_is_out_of_scope_even_for_a_seated_player(private_panel: bool) -> None:
    table = make_table()
    assert not in_scope(make_interaction(guild_id=OTHER_GUILD), table, private_panel=private_panel)
    assert not in_scope(make_interaction(guild_id=OTHER_GUILD, ephemeral=True), table, private_panel=private_panel)


def test_a_public_message_in_another_channel_cannot_act_on_the_game() -> None:
    table = make_table()
    assert not in_scope(make_interaction(channel_id=OTHER_CHANNEL), table)
    assert not in_scope(make_interaction(channel_id=OTHER_CHANNEL), table, private_panel=True)


def test_a_players_private_panel_works_in_another_channel_and_in_dms_only_for_a_seated_user() -> None:
    table = make_table()
    ephemeral_elsewhere = make_interaction(channel_id=OTHER_CHANNEL, ephemeral=True)
    assert in_scope(ephemeral_elsewhere, table, private_panel=True)  # /hand used in another channel
    assert not in_scope(make_interaction(channel_id=OTHER_CHANNEL, ephemeral=True, user_id=STRANGER), table,
                        private_panel=True)
    assert in_scope(make_interaction(guild_id=None, channel_id=555), table, private_panel=True)  # a DM prompt
    assert not in_scope(make_interaction(guild_id=None, channel_id=555, user_id=STRANGER), table,
                        private_panel=True)


def test_a_replay_viewer_works_for_anyone_of_the_guild_anywhere_in_it_and_in_dms_only_for_a_seated_user() -> None:
    """The replay's buttons show only what anyone may see: scoped like a command, not like the table's buttons."""
    table = make_table()
    elsewhere = make_interaction(channel_id=OTHER_CHANNEL, ephemeral=True, user_id=STRANGER)
    assert in_scope(elsewhere, table, any_viewer=True) and not in_scope(elsewhere, table)
    assert not in_scope(make_interaction(guild_id=OTHER_GUILD, ephemeral=True), table, any_viewer=True)
    assert in_scope(make_interaction(guild_id=None, channel_id=555), table, any_viewer=True)
    assert not in_scope(make_interaction(guild_id=None, channel_id=555, user_id=STRANGER), table, any_viewer=True)


def test_lobby_and_table_buttons_never_work_outside_their_channel() -> None:
    table = make_table()
    assert not in_scope(make_interaction(guild_id=None, channel_id=555), table)
    assert not in_scope(make_interaction(channel_id=OTHER_CHANNEL, ephemeral=True), table)


# -- commands -------------------------------------------------------------------------------------------


def test_a_command_sees_the_games_of_its_guild_only() -> None:
    table = make_table()
    assert in_scope(make_interaction(kind=COMMAND, channel_id=OTHER_CHANNEL), table)
    assert not in_scope(make_interaction(kind=COMMAND, guild_id=OTHER_GUILD), table)


def test_a_command_in_a_dm_sees_only_the_users_own_games() -> None:
    table = make_table()
    assert in_scope(make_interaction(kind=COMMAND, guild_id=None), table)
    assert not in_scope(make_interaction(kind=COMMAND, guild_id=None, user_id=STRANGER), table)


def test_visible_tables_keeps_this_guilds_games() -> None:
    here, there = make_table(1), make_table(2, guild_id=OTHER_GUILD)
    assert visible_tables(make_interaction(kind=COMMAND), [here, there]) == [here]
    assert visible_tables(make_interaction(kind=COMMAND, guild_id=None), [here, there]) == [here, there]


# -- table_in_scope -------------------------------------------------------------------------------------


async def refusal_for(interaction: Any, game_id: int) -> str:
    with pytest.raises(UserFacingError) as caught:
        await table_in_scope(interaction, game_id)
    return caught.value.message


async def test_another_guilds_game_is_refused_exactly_like_a_missing_game() -> None:
    service = Tables(make_table(7, guild_id=OTHER_GUILD))
    interaction = with_service(make_interaction(kind=COMMAND), service)
    foreign = await refusal_for(interaction, 7)
    missing = await refusal_for(interaction, 8)
    assert foreign.replace("#7", "#N") == missing.replace("#8", "#N")
    assert foreign == unknown_game(7).message


async def test_a_game_in_scope_is_returned() -> None:
    table = make_table(7)
    service = Tables(table)
    assert await table_in_scope(with_service(make_interaction(), service), 7) == table
    assert await table_in_scope(with_service(make_interaction(kind=COMMAND), service), 7) == table


@pytest.mark.parametrize("game_id", [0, -1, 2**63, 2**64, 10**40])
async def test_numbers_no_stored_game_can_have_are_refused_without_a_lookup(game_id: int) -> None:
    service = Tables(make_table())
    text = await refusal_for(with_service(make_interaction(kind=COMMAND), service), game_id)
    assert text.startswith("There is no game #") and len(text) < 200
    assert service.asked == []


def test_unknown_game_reply_shortens_a_huge_number() -> None:
    text = unknown_game(10**1000).message
    assert len(text) < 200 and "…" in text


async def test_the_channels_table_is_found_only_from_its_own_guild() -> None:
    table = make_table(7)
    service = Tables(table)
    assert await table_in_channel(with_service(make_interaction(kind=COMMAND), service)) == table
    assert await table_in_channel(with_service(make_interaction(kind=COMMAND, guild_id=OTHER_GUILD), service)) is None
    assert await table_in_channel(with_service(make_interaction(kind=COMMAND, channel_id=OTHER_CHANNEL),
                                               service)) is None
