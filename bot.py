"""Gnomehost's composition root: `python bot.py` reads the settings and runs the Discord bot.

It composes, in this order: the settings (app.settings) -> the SQLite file's lease and backups
(app.sqlite_file) -> the metrics endpoint -> the table service's wiring: store, shard leases, change feed
(app.store_process) -> the Discord client over that wiring (cogs.sharding.build_bot), which loads its cogs.

Settings come from real environment variables and a `.env` file in the working directory
(the environment wins); see `.env.example`. Exit codes: 0 after a clean stop, 2 when the
token is missing or rejected, or the database is refused (another Gnomehost process holds it under
any name, its schema disagrees with its contents, its -wal file with confirmed moves went missing, or
it cannot be written), or METRICS_PORT cannot be listened on, 1 when the bot cannot start for another
reason.

The store is DATABASE_URL (`sqlite:///file.db` or `postgresql://...`), else the SQLite file
DATABASE_PATH. On SQLite, before anything else the process takes the file's lease (db/lease.py) and
keeps it until it exits; while it runs, the file is backed up every BACKUP_MINUTES (db/backup.py).
With METRICS_PORT the bot serves Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket

from app.settings import (
    REJECTED_TOKEN_MESSAGE,
    ConfigError,
    Settings,
    parse_settings,
    read_environment,
    setup_logging,
)
from app.sqlite_file import FileHold
from app.store_process import store_process
from cogs.client import GnomehostBot, StartupError
from cogs.sharding import build_bot
from db.errors import DatabaseInUse, DatabaseNotWritable, LogLost, SchemaMismatch
from db.lease import Lease
from host.metrics import PrometheusMetrics
from host.metrics_server import MetricsServer

log = logging.getLogger("gnomehost.bot")

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_CONFIG = 2


def redirect_discord(settings: Settings) -> None:
    """Point discord.py's REST base and gateway at a proxy (or the tests' loopback Discord) when configured."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
        log.info("Discord REST API redirected to %s", settings.api_base)
    if settings.gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)
        log.info("Discord gateway redirected to %s", settings.gateway_url)


def unreachable_message(settings: Settings, error: BaseException) -> str:
    """The paragraph shown when Discord (or the configured proxy) cannot be reached at all."""
    where = settings.api_base or "discord.com"
    return (
        f"Gnomehost cannot start: it could not reach Discord at {where} ({error}). Check the network "
        "connection, and DISCORD_API_BASE / DISCORD_GATEWAY_URL in .env if you use a proxy (see .env.example)."
    )


def metrics_refused_message(settings: Settings, error: OSError) -> str:
    """The paragraph shown when the metrics endpoint cannot listen where it was told to."""
    return (
        f"Gnomehost cannot start: it could not serve metrics on {settings.metrics_host}:{settings.metrics_port} "
        f"({error.strerror or error}). Another program may be using that port: choose a free METRICS_PORT "
        "(or fix METRICS_HOST) in .env (see .env.example), or leave METRICS_PORT empty to serve no metrics."
    )


def tell_user(message: str) -> None:
    """One paragraph on stderr for the person starting the bot (not a log line: no traceback, no prefix)."""
    sys.stderr.write(message.strip() + "\n")
    sys.stderr.flush()


async def run(settings: Settings) -> int:
    """Take the SQLite file's lease, then run the bot (and its backups) until it stops; the process exit code.

    A PostgreSQL store takes no file lease and no file backups: the store itself refuses a second process
    with the same shards, and the database server is backed up by its own tools.
    """
    try:
        hold = await FileHold.take(settings)
    except (DatabaseInUse, LogLost, DatabaseNotWritable) as error:
        tell_user(f"Gnomehost cannot start: {error}")
        return EXIT_CONFIG
    if hold is None:
        return await serve(settings, None)
    try:
        return await serve(settings, hold.lease)
    finally:
        await hold.release()


async def serve(settings: Settings, lease: Lease | None) -> int:
    """Run the bot until SIGINT/SIGTERM, a fatal error or the loss of the SQLite lease (if it holds one),
    serving its metrics meanwhile with METRICS_PORT; the process exit code."""
    redirect_discord(settings)
    # Gnomehost never joins voice: skip discord.py's warnings about the missing voice libraries.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    metrics: PrometheusMetrics | None = None
    server: MetricsServer | None = None
    if settings.metrics_port is not None:
        # Listening first: a taken port refuses the start before anything connects to Discord.
        metrics = PrometheusMetrics()  # this bot's own registry
        server = MetricsServer(metrics, settings.metrics_host, settings.metrics_port)
        try:
            await server.start()
        except OSError as error:
            tell_user(metrics_refused_message(settings, error))
            return EXIT_CONFIG
    # The table service's wiring (store, shard leases, change feed), then the client over it: Bot, or
    # AutoShardedBot with SHARD_COUNT / SHARD_IDS.
    bot = build_bot(settings, store_process(settings))
    if metrics is not None:
        bot.use_metrics(metrics)
    try:
        return await run_bot(settings, bot, lease)
    finally:
        if server is not None:
            await server.stop()


async def run_bot(settings: Settings, bot: GnomehostBot, lease: Lease | None) -> int:
    """Run a built bot until SIGINT/SIGTERM, a fatal error or the loss of a lease; the process exit code."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def on_stop_signal() -> None:
        # Decided here, in the signal callback: interactions received before it are handled, later ones refused.
        if not stop.is_set():
            bot.inflight.stop_admitting()
            log.info("stop signal received: finishing moves in flight, then closing the database")
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # platforms without loop signal handlers
            loop.add_signal_handler(sig, on_stop_signal)
    async with bot:
        runner = asyncio.create_task(bot.start(settings.token), name="discord")
        stopper = asyncio.create_task(stop.wait(), name="stop-signal")
        lost = asyncio.create_task(bot.wait_lost(lease), name="lease-lost")  # the file's or a shard's lease
        done, _ = await asyncio.wait({runner, stopper, lost}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        lost.cancel()
        if runner in done:
            await bot.shutdown()
            error = runner.exception()
            if isinstance(error, discord.LoginFailure):
                tell_user(REJECTED_TOKEN_MESSAGE)
                return EXIT_CONFIG
            refused = error.__cause__ if isinstance(error, StartupError) else None
            if isinstance(refused, DatabaseInUse | SchemaMismatch | DatabaseNotWritable):
                tell_user(f"Gnomehost cannot start: {refused}")
                return EXIT_CONFIG
            if isinstance(error, StartupError):
                tell_user(str(error))
                return EXIT_FAILED
            if isinstance(error, aiohttp.ClientConnectionError | OSError):
                tell_user(unreachable_message(settings, error))
                return EXIT_FAILED
            if error is not None:
                log.error("the bot stopped on an error", exc_info=error)
                return EXIT_FAILED
            return EXIT_OK
        if lost in done and not lost.cancelled():
            bot.inflight.stop_admitting()
            await bot.shutdown()
            runner.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner
            tell_user(lost.result())
            return EXIT_CONFIG
        await bot.shutdown()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await runner
    log.info("stopped cleanly")
    return EXIT_OK


def main() -> int:
    """Entry point of `python bot.py`; the exit code."""
    try:
        settings = parse_settings(read_environment(Path.cwd() / ".env"))
    except ConfigError as error:
        tell_user(str(error))
        return EXIT_CONFIG
    setup_logging(settings.log_level)
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
