"""The fake Discord server: one aiohttp app on 127.0.0.1 serving REST (/api/v10) and the gateway."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import web

from .faults import FaultInjector
from .gateway import Gateway
from .records import InteractionRecord, RequestRecord
from .rest import RestAPI
from .state import DM, PERM, Channel, State

T = TypeVar("T")

API_PREFIX = "/api/v10"


class FakeDiscord:
    """A loopback Discord: state, REST routes, gateway, and the logs the harness reads.

    Use ``await start()`` / ``await stop()``; ``api_base`` and ``gateway_url`` are what the bot's
    DISCORD_API_BASE and DISCORD_GATEWAY_URL must be set to.
    """

    def __init__(self, token: str = "fake-token", host: str = "127.0.0.1", *, enforce_limits: bool = True,
                 strict_deadline: bool = False) -> None:
        self.token = token
        # Like Discord: refuse over-limit payloads with 400 / 50035 (validate_all reports them too).
        self.enforce_limits = enforce_limits
        # Like Discord: a callback later than 3 s gets 404 / 10062 (off by default: then it is accepted
        # and only reported by validate_all, which keeps a slow CI run diagnosable).
        self.strict_deadline = strict_deadline
        self.host = host
        self.port = 0
        self.state = State()
        self.requests: list[RequestRecord] = []
        self.interactions: list[InteractionRecord] = []
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.internal_errors: list[str] = []
        self.gateway_queries: list[dict[str, str]] = []
        self.command_syncs = 0
        # What GET /gateway/bot recommends; IDENTIFY with fewer shards is closed with 4011 (sharding required).
        self.shard_count = 1
        self.rest = RestAPI(self)
        self.faults = FaultInjector(self)
        self.gateway = Gateway(self)
        self.watchdogs: list[Callable[[], str | None]] = []
        self._runner: web.AppRunner | None = None
        self._changed = asyncio.Event()

    # -- lifecycle ------------------------------------------------------------------
    async def start(self) -> None:
        """Bind to a free port on 127.0.0.1 and serve."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway/", self.gateway.handle)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])  # (host, port) of the socket bound to port 0

    async def stop(self) -> None:
        """Close gateway connections and the HTTP server."""
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @property
    def api_base(self) -> str:
        """Value for DISCORD_API_BASE."""
        return f"http://{self.host}:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        """Value for DISCORD_GATEWAY_URL."""
        return f"ws://{self.host}:{self.port}/gateway"

    @property
    def gateway_base(self) -> str:
        """Gateway URL as returned by GET /gateway and READY.resume_gateway_url."""
        return self.gateway_url

    # -- change notification --------------------------------------------------------
    def notify(self) -> None:
        """Wake every waiter: something changed (request, gateway message, ...)."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, check: Callable[[], T | None], timeout: float, what: str,
                         detail: Callable[[], str] | None = None, poll: float = 0.25) -> T:
        """Wait until ``check()`` returns a truthy value and return it; AssertionError on timeout.

        Re-checks on every change notification and at least every ``poll`` seconds. Fails at once when
        a watchdog (e.g. "the bot process died") reports trouble.
        """
        deadline = time.monotonic() + timeout
        while True:
            for watchdog in self.watchdogs:
                trouble = watchdog()
                if trouble:
                    raise AssertionError(f"while waiting for {what}: {trouble}")
            value = check()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                extra = f"\n{detail()}" if detail else ""
                raise AssertionError(f"timed out after {timeout:.1f}s waiting for {what}{extra}")
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), timeout=min(left, poll))

    # -- permissions ----------------------------------------------------------------
    def bot_permissions(self, channel: Channel) -> int:
        """The bot's effective permissions in ``channel`` (overwrites of the parent for threads)."""
        if channel.type == DM:
            return PERM["send_messages"] | PERM["attach_files"] | PERM["embed_links"] | PERM["view_channel"]
        target = self.state.channels.get(channel.parent_id) if channel.parent_id else channel
        guild = self.state.guild_of(channel) or self.state.guild
        perms = guild.everyone_permissions | guild.bot_permissions
        for ow in (target or channel).permission_overwrites:
            if ow["id"] in (str(guild.id), str(guild.bot_role_id), str(self.state.bot_user.id)):
                perms &= ~int(ow.get("deny", 0))
                perms |= int(ow.get("allow", 0))
        return perms

    def missing_bot_permissions(self, channel: Channel, perm: str, *, attach: bool = False) -> list[str]:
        """Names of required permissions the bot lacks for an action in ``channel``."""
        perms = self.bot_permissions(channel)
        needed = [perm]
        if channel.is_thread and perm == "send_messages":
            needed = ["send_messages_in_threads"]
        if attach:
            needed.append("attach_files")
        return [p for p in needed if not perms & PERM[p]]

    def summary(self) -> dict[str, Any]:
        """Counts for debugging."""
        return {
            "requests": len(self.requests),
            "interactions": len(self.interactions),
            "connections": len(self.gateway.connections),
            "identifies": self.gateway.identify_count,
            "command_syncs": self.command_syncs,
        }
