"""cogs.sharding, app.store_process and the SHARD_* settings: AutoShardedBot for the held shards, the plain Bot
without them; the shard leases wherever other processes could share the store."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from app.settings import ConfigError, Settings, parse_settings
from app.store_process import LeasedStoreProcess
from cogs.client import GnomehostBot
from cogs.sharding import ShardedGnomehostBot, build_bot
from host.shards import ShardSet


def test_shard_settings_are_read_from_the_environment() -> None:
    settings = parse_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": "4", "SHARD_IDS": "3,1"})
    assert settings.shards == ShardSet(4, (1, 3))
    assert parse_settings({"DISCORD_TOKEN": "t"}).shards is None


def test_bad_shard_settings_stop_the_bot_with_a_paragraph_naming_the_fix() -> None:
    with pytest.raises(ConfigError) as info:
        parse_settings({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"})
    text = str(info.value)
    assert text.startswith("Gnomehost cannot start: SHARD_IDS names shard 2")
    assert "Fix SHARD_COUNT / SHARD_IDS in .env" in text


async def test_without_shard_settings_the_bot_is_the_plain_unsharded_one() -> None:
    bot = build_bot(Settings(token="unused"))
    try:
        assert type(bot) is GnomehostBot
        assert not isinstance(bot, commands.AutoShardedBot)
        assert bot.shard_count is None
    finally:
        await bot.close()


async def test_with_shard_settings_the_bot_runs_autoshardedbot_for_the_held_shards() -> None:
    # Never started, so never closed: discord.py's AutoShardedClient.close needs its started event queue.
    bot = build_bot(Settings(token="unused", shards=ShardSet.of(4, [2, 3])))
    assert isinstance(bot, ShardedGnomehostBot)
    assert isinstance(bot, commands.AutoShardedBot) and isinstance(bot, GnomehostBot)
    assert bot.shard_count == 4
    assert bot.shard_ids == [2, 3]
    # Gnomehost's own hooks stay in front of discord.py's (admission of interactions, shutdown), and the
    # connection is AutoShardedClient's (one websocket per held shard).
    assert type(bot).dispatch is GnomehostBot.dispatch
    assert type(bot).setup_hook is GnomehostBot.setup_hook
    assert type(bot).connect is discord.AutoShardedClient.connect


async def test_an_unsharded_bot_on_postgresql_holds_the_one_shards_lease() -> None:
    # Another process could open the same PostgreSQL database: the plain bot takes shard 0 of 1's lease.
    settings = parse_settings({"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://u@127.0.0.1/db"})
    bot = build_bot(settings)
    try:
        process = bot.process  # the store's wiring is the process's, beside the client
        assert isinstance(process, LeasedStoreProcess) and not isinstance(bot, commands.AutoShardedBot)
        assert process.scope.configured == ShardSet.single()
        assert process.scope.owns(None) and process.scope.owns(123 << 22)
    finally:
        await bot.close()
