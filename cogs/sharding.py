"""Bot vs AutoShardedBot: the client class follows SHARD_COUNT / SHARD_IDS (see host.shards).

Which store, leases and change feed the process runs on is app.store_process's choice; here only the
discord.py client class is chosen: one gateway connection, or one per shard this process holds.
"""

from __future__ import annotations

import logging

from discord.ext import commands

from app.settings import Settings
from app.store_process import StoreProcess, store_process
from cogs.client import GnomehostBot

log = logging.getLogger(__name__)


class ShardedGnomehostBot(GnomehostBot, commands.AutoShardedBot):
    """Gnomehost on discord.py's AutoShardedBot: one gateway connection per shard this process holds.

    The method resolution order puts AutoShardedClient's connect/close/latency before plain
    Client's, and GnomehostBot's hooks before both, so everything else behaves as the unsharded bot.
    """

    def __init__(self, settings: Settings, process: StoreProcess) -> None:
        shards = settings.shards
        assert shards is not None, "a sharded bot needs SHARD_COUNT"
        super().__init__(settings, process, shard_count=shards.count, shard_ids=list(shards.ids))


def build_bot(settings: Settings, process: StoreProcess | None = None) -> GnomehostBot:
    """The bot for `settings` over `process` (by default the one app.store_process wires for them): an
    AutoShardedBot for the held shards with SHARD_COUNT, the plain bot without it."""
    process = process if process is not None else store_process(settings)
    if settings.shards is None:
        return GnomehostBot(settings, process)
    return ShardedGnomehostBot(settings, process)
