"""Bot vs AutoShardedBot: the client class follows SHARD_COUNT / SHARD_IDS (see host.shards)."""

from __future__ import annotations

import logging

from discord.ext import commands

from cogs.client import GnomehostBot
from cogs.config import Settings

log = logging.getLogger(__name__)


class ShardedGnomehostBot(GnomehostBot, commands.AutoShardedBot):
    """Gnomehost on discord.py's AutoShardedBot: one gateway connection per shard this process holds.

    The method resolution order puts AutoShardedClient's connect/close/latency before plain
    Client's, and GnomehostBot's hooks before both, so everything else behaves as the unsharded bot.
    """


def build_bot(settings: Settings) -> GnomehostBot:
    """The bot for `settings`: unsharded without SHARD_COUNT, else an AutoShardedBot for the held shards."""
    shards = settings.shards
    if shards is None:
        return GnomehostBot(settings)
    log.info("running %s", shards.describe())
    return ShardedGnomehostBot(settings, shard_count=shards.count, shard_ids=list(shards.ids))
