"""The discord.py client of Gnomehost: opens the table service, loads the cogs, syncs commands."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from app.settings import Settings
from app.store_process import StoreProcess
from cogs import gateway_guard, translator
from cogs.components import DYNAMIC_ITEMS, handles_component
from cogs.errors import GuardedTree
from cogs.inflight import InFlight
from cogs.metrics_hooks import AnswerClock
from cogs.metrics_hooks import install as time_answers
from cogs.notifier import DiscordNotifier
from cogs.permissions import INVITE_PERMISSIONS
from db.lease import Lease
from db.url import redacted
from host.metrics import Metrics, NoMetrics
from host.service import TableService

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.help", "cogs.me", "cogs.games_list")
# How long a stop waits for interactions being handled (a move, its announcement).
DRAIN_SECONDS = 20.0


class StartupError(Exception):
    """The bot cannot start for a reason the person running it must fix; the message says which."""


class GnomehostBot(commands.Bot):
    """The bot: slash commands and persistent components over one TableService."""

    def __init__(self, settings: Settings, process: StoreProcess | None = None, **options: Any) -> None:
        """The bot over `process` (the table service's wiring; by default the plain one for `settings`).
        `options` go to discord.py's client (cogs.sharding passes the shard count and ids)."""
        intents = discord.Intents.none()
        intents.guilds = True  # channel and thread objects for posting; no message content needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            # A table message pings pending players only: never @everyone or roles.
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False),
            max_messages=None,
            tree_cls=GuardedTree,
            **options,
        )
        gateway_guard.install(self)  # a malformed event is logged and skipped, never fatal
        self.settings = settings
        self.process = process if process is not None else StoreProcess(settings)
        self.inflight = InFlight()
        self.notifier = DiscordNotifier(self)
        self.metrics: Metrics = NoMetrics()
        self.answer_clock = AnswerClock()
        time_answers()
        self._service: TableService | None = None
        self._invite_logged = False
        self._stopping = asyncio.Lock()
        self._stopped = False

    def use_metrics(self, metrics: Metrics) -> None:
        """Report to `metrics` from now on (call before the bot starts: the service is opened with them)."""
        self.metrics = self.answer_clock.metrics = metrics

    @property
    def service(self) -> TableService:
        """The table service; only valid once `setup_hook` ran."""
        if self._service is None:
            raise RuntimeError("the table service is not open yet")
        return self._service

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Admit every interaction we will handle at the moment it is received (see cogs.inflight).

        discord.py calls this synchronously right after parsing INTERACTION_CREATE, in the same
        step that creates the handler tasks, so no stop signal can come between receipt and admission.
        """
        if event_name == "interaction" and args:
            self.answer_clock.arrived(args[0].id)
        if event_name == "interaction" and args and self.will_handle(args[0]):
            self.inflight.admit(args[0].id)
        super().dispatch(event_name, *args, **kwargs)

    @staticmethod
    def will_handle(interaction: discord.Interaction) -> bool:
        """Whether one of our handlers will claim this interaction (commands, autocomplete, our components)."""
        kind = interaction.type
        if kind in (discord.InteractionType.application_command, discord.InteractionType.autocomplete):
            return True
        if kind is discord.InteractionType.component:
            data: dict[str, Any] = interaction.data if isinstance(interaction.data, dict) else {}  # type: ignore[assignment]  # TypedDicts in discord.py
            return handles_component(str(data.get("custom_id", "")))
        return False

    async def setup_hook(self) -> None:
        """Open the database, recover running games, register persistent components, load cogs, sync commands.

        Recovery runs after `service` is set (its announcements may spawn DM prompts that read the
        service) and before the gateway connects (no click can overtake a catch-up announcement).
        """
        try:
            self._service = await self.open_service()
        except Exception as error:
            # e.g. a database written by a newer Gnomehost: refuse with its own clear message.
            message = getattr(error, "message", None) or str(error)
            raise StartupError(
                f"Gnomehost cannot start: the database at {redacted(self.settings.store_url)} could not be opened: "
                f"{message} Check DATABASE_URL / DATABASE_PATH in .env (see .env.example)."
            ) from error
        log.info("database open at %s", self._service.store.description)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for name in EXTENSIONS:
            await self.load_extension(name)
        # Translations are asked for during the sync: the translator must be in place before it.
        await translator.install(self.tree)
        await self._sync_commands()

    async def open_service(self) -> TableService:
        """Open the table service through the process's wiring (store, leases, feed) and run recovery."""
        return await self.process.open_service(self.notifier, self.metrics)

    async def wait_lost(self, lease: Lease | None) -> str:
        """Wait until the process lost what lets it serve (the SQLite file's lease, its shards' leases)."""
        return await self.process.wait_lost(lease)

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (Discord may take up to an hour to show them)", len(synced))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember the language of the user's client, for the DMs sent to them later (written only on a change)."""
        tag = getattr(interaction.locale, "value", None)
        # A malformed interaction may come without a user: there is nobody whose language to keep.
        user_id = getattr(getattr(interaction, "user", None), "id", None)
        if self._service is None or self._stopped or not isinstance(tag, str) or not isinstance(user_id, int):
            return
        try:
            await self._service.players.seen_locale(user_id, tag)
        except Exception:  # the click itself goes on: a language not stored is only the next DM in English
            log.warning("the language of user %s was not stored", user_id, exc_info=True)

    async def on_ready(self) -> None:
        """Log who we are and the invite URL once, and start the deadline scheduler unless the bot is stopping.

        discord.py fires this about 2 s after the guilds arrived, and again after some reconnects: a stop
        signal may have come first (then the service is closing and must not start new work).
        """
        if not self._invite_logged and self.user is not None:
            self._invite_logged = True
            url = discord.utils.oauth_url(
                self.application_id or self.user.id,
                permissions=INVITE_PERMISSIONS,
                scopes=("bot", "applications.commands"),
            )
            log.info("logged in as %s (%s) in %d server(s)", self.user, self.user.id, len(self.guilds))
            log.info("invite URL: %s", url)
        if self._stopped or self.inflight.draining or self._service is None:
            log.info("ready while stopping: the deadline scheduler is not started")
            return
        self._service.start_scheduler()

    async def shutdown(self) -> None:
        """Stop taking work, let moves in flight finish, close the table service and the connection."""
        async with self._stopping:
            if self._stopped:
                return
            self._stopped = True
            finished = await self.inflight.drain(DRAIN_SECONDS)
            if not finished:
                log.warning("%d interaction(s) still running after %.0f s; closing anyway", self.inflight.count,
                            DRAIN_SECONDS)
            if self._service is not None:
                await self._service.close()
                log.info("database closed")
            if not self.is_closed():
                await self.close()
