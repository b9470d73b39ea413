"""Harness base: lifecycle, users and channels, readiness, the synced command tree."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path
from typing import Any

from .server import FakeDiscord
from .state import AppCommand, Channel, Guild, User, shard_of

# The bot's reason on a message held for its player's quiet hours (host/sender.py QUIET_HOURS): the messages
# queued behind it wait for those hours too, so they are not "due now" however old they are.
QUIET_HOURS = "held for the player's quiet hours"
DUE_SQL = (
    "SELECT COUNT(*) FROM outbox o WHERE o.status = 'pending' AND o.next_at <= ? AND NOT EXISTS ("
    "SELECT 1 FROM outbox h WHERE h.queue = o.queue AND h.status = 'pending' AND h.id < o.id AND h.last_error = ?)"
)


class HarnessBase:
    """Lifecycle, guild/users/channels, readiness and commands of the harness (see :class:`Harness`)."""

    def __init__(self, token: str = "fake-token", *, enforce_limits: bool = True,
                 strict_deadline: bool = False) -> None:
        """``enforce_limits``: refuse over-limit payloads with 400 / 50035 like Discord (default on).
        ``strict_deadline``: refuse callbacks later than 3 s with 404 / 10062 like Discord (default off:
        late callbacks are accepted and reported by :meth:`validate_all`)."""
        self.server = FakeDiscord(token=token, enforce_limits=enforce_limits, strict_deadline=strict_deadline)
        self.state = self.server.state
        # The bot's database (set by env(tmp_path)): "settled" also means its outbox has nothing due.
        self.database_path: Path | None = None
        # Or a PostgreSQL database (env(database_url=...)): its due count is polled in the background.
        self.database_url: str | None = None
        self._pg_due = 0
        self._pg_due_asked_at = 0.0  # monotonic time the last count was asked for
        self._pg_poller: asyncio.Task[None] | None = None

    def outbox_due(self) -> int:
        """Messages the bot stored but has not delivered yet and that are due now (0 without a database)."""
        if self.database_url is not None:
            # The bot stores messages before it answers: a count asked for before its last request may
            # predate them, so it only counts once a newer one is in (until then: something may be due).
            last = self.server.requests[-1].at if self.server.requests else 0.0
            return self._pg_due if self._pg_due_asked_at > last else 1
        path = self.database_path
        if path is None or not path.exists():
            return 0
        try:
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.5)
        except sqlite3.Error:
            return 0
        try:
            row = conn.execute(DUE_SQL, (time.time(), QUIET_HOURS)).fetchone()
            return int(row[0]) if row else 0
        except sqlite3.Error:
            return 0  # no outbox table yet (the bot is still migrating)
        finally:
            conn.close()

    # -- lifecycle --------------------------------------------------------------------
    async def start(self) -> None:
        """Start the fake Discord on a free 127.0.0.1 port."""
        await self.server.start()

    async def stop(self) -> None:
        """Stop the fake Discord."""
        if self._pg_poller is not None:
            self._pg_poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pg_poller
            self._pg_poller = None
        await self.server.stop()

    async def _poll_postgres(self, url: str) -> None:
        """Keep `outbox_due` current for a PostgreSQL store (wait_until's checks are synchronous)."""
        import asyncpg  # the e2e tests may read the bot's database from outside, as an operator would

        conn = await asyncpg.connect(url)
        try:
            while True:
                asked = time.monotonic()
                try:
                    self._pg_due = int(await conn.fetchval(
                        DUE_SQL.replace("?", "$1", 1).replace("?", "$2", 1), time.time(), QUIET_HOURS))
                except asyncpg.UndefinedTableError:
                    self._pg_due = 0  # the bot is still migrating
                self._pg_due_asked_at = asked
                await asyncio.sleep(0.02)
        finally:
            await conn.close()

    @property
    def token(self) -> str:
        """The bot token the fake accepts."""
        return self.server.token

    @property
    def api_base(self) -> str:
        """DISCORD_API_BASE for the bot (``http://127.0.0.1:PORT/api/v10``)."""
        return self.server.api_base

    @property
    def gateway_url(self) -> str:
        """DISCORD_GATEWAY_URL for the bot (``ws://127.0.0.1:PORT/gateway``)."""
        return self.server.gateway_url

    def env(self, tmp_path: Path | None = None, *, database_url: str | None = None) -> dict[str, str]:
        """Environment keys for a bot process pointed at this fake (with ``database_url``: on that
        PostgreSQL database instead of a SQLite file in ``tmp_path``)."""
        env = {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
            "LOG_LEVEL": "DEBUG",
            "DEV_GUILD_ID": "",  # neutralise a developer's .env; pass str(h.guild_id) to test guild sync
        }
        if tmp_path is not None:
            env["DATABASE_PATH"] = str(tmp_path / "gnomehost.db")
            self.database_path = tmp_path / "gnomehost.db"
        if database_url is not None:
            env["DATABASE_URL"] = database_url
            self.database_url = database_url
            if self._pg_poller is None:
                self._pg_poller = asyncio.get_running_loop().create_task(self._poll_postgres(database_url))
        return env

    # -- guild, users, channels -------------------------------------------------------------
    @property
    def guild_id(self) -> int:
        """Id of the first guild (the only one unless a test adds more)."""
        return self.state.guild.id

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> tuple[Guild, Channel]:
        """Create another guild (before the bot connects) and its ``#gnome-games`` channel; returns both.

        ``shard=(id, count)``: the guild's id is chosen so that Discord's formula puts it on that shard.
        """
        return self.state.add_guild(name, shard=shard)

    def shard_of(self, guild_id: int, shard_count: int) -> int:
        """The shard of ``guild_id`` out of ``shard_count`` (Discord's ``(guild_id >> 22) % shard_count``)."""
        return shard_of(guild_id, shard_count)

    def set_shard_count(self, count: int) -> None:
        """What GET /gateway/bot recommends; IDENTIFY with fewer shards is then closed with 4011."""
        self.server.shard_count = count

    @property
    def channel(self) -> Channel:
        """The default guild text channel (``#gnome-games``)."""
        return self.state.main_channel

    @property
    def bot_user(self) -> User:
        """The bot's user (id == application id)."""
        return self.state.bot_user

    def add_user(self, name: str, *, user_id: int | None = None, dms_closed: bool = False,
                 manage_channels: bool = False) -> User:
        """Create a guild member. Add users before the bot connects so GUILD_CREATE lists them.

        ``dms_closed``: POST /channels/{dm}/messages to this user answers 403 / code 50007.
        ``manage_channels``: the member has the Manage Channels permission.
        """
        assert self.find_user(name) is None, f"user {name!r} already exists"
        return self.state.add_user(name, user_id=user_id, dms_closed=dms_closed, manage_channels=manage_channels)

    def find_user(self, name: str) -> User | None:
        """The user called ``name``, or None."""
        return next((u for u in self.state.users.values() if u.name == name), None)

    def user(self, name: str) -> User:
        """The user called ``name`` (AssertionError if absent)."""
        found = self.find_user(name)
        assert found is not None, f"no user {name!r}; users: {[u.name for u in self.state.users.values()]}"
        return found

    def set_dms_closed(self, user: User, closed: bool = True) -> None:
        """Open or close a user's DMs."""
        user.dms_closed = closed

    def add_channel(self, name: str) -> Channel:
        """Create another guild text channel (before the bot connects)."""
        return self.state.add_channel(name)

    def deny_bot_permission(self, channel: Channel, *names: str) -> None:
        """Deny the bot permissions (e.g. ``"attach_files"``) in a channel via an overwrite.

        Seen by the bot in interactions' ``app_permissions``; the REST side then answers 403 / 50013.
        """
        from .state import PERM

        deny = 0
        for n in names:
            deny |= PERM[n]
        role = str((self.state.guild_of(channel) or self.state.guild).bot_role_id)
        channel.permission_overwrites = [ow for ow in channel.permission_overwrites if ow["id"] != role]
        channel.permission_overwrites.append({"id": role, "type": 0, "allow": "0", "deny": str(deny)})

    def get_channel(self, channel_id: int) -> Channel:
        """A channel, thread or DM by id (AssertionError if unknown)."""
        ch = self.state.channels.get(int(channel_id))
        assert ch is not None, f"no channel {channel_id}"
        return ch

    def threads(self, parent_id: int | None = None) -> list[Channel]:
        """Threads the bot created (optionally only under one parent channel)."""
        return [c for c in self.state.channels.values()
                if c.is_thread and (parent_id is None or c.parent_id == parent_id)]

    # -- readiness --------------------------------------------------------------------------
    async def wait_connected(self, timeout: float = 20.0) -> None:
        """Wait until a bot has an identified (or resumed) gateway connection."""
        await self.server.wait_until(lambda: self.server.gateway.active is not None, timeout,
                                     "the bot to connect and IDENTIFY on the gateway", self._debug)

    async def wait_shards(self, shard_ids: list[int], shard_count: int, timeout: float = 40.0) -> None:
        """Wait until every shard in ``shard_ids`` has an open connection identified with ``shard_count``.

        discord.py identifies one shard at a time, 5 s apart (Discord's identify rate limit).
        """
        def all_up() -> bool:
            conns = [self.server.gateway.for_shard(i) for i in shard_ids]
            return all(c is not None and c.shard == (i, shard_count) for i, c in zip(shard_ids, conns, strict=True))

        await self.server.wait_until(all_up, timeout, f"shards {shard_ids} of {shard_count} to identify",
                                     self._debug)

    async def wait_disconnected(self, timeout: float = 10.0) -> None:
        """Wait until no gateway connection is open (e.g. after killing the bot)."""
        await self.server.wait_until(lambda: all(c.closed for c in self.server.gateway.connections), timeout,
                                     "the bot's gateway connection to close", self._debug)

    async def wait_ready(self, timeout: float = 20.0, *, commands: bool = True) -> dict[str, dict[str, Any]]:
        """Wait until the bot identified (GUILD_CREATE sent) and, if ``commands``, synced its commands.

        Returns the synced command tree (see :attr:`commands`).
        """
        await self.wait_connected(timeout)
        if commands:
            await self.server.wait_until(lambda: self.state.commands, timeout,
                                         "the bot to sync application commands (PUT .../commands)", self._debug)
        return self.commands

    async def wait_on_ready(self, timeout: float = 20.0) -> None:
        """Wait until discord.py has fired ``on_ready`` in the bot (approximately).

        discord.py dispatches ``on_ready`` only after ``guild_ready_timeout`` (2 s) without a new
        GUILD_CREATE; the fake cannot observe it, so this waits until 2.2 s after the active
        connection's GUILD_CREATE. Interactions work before that; use this for on_ready work
        (e.g. a scheduler the bot starts there).
        """
        await self.wait_connected(timeout)
        conn = self.server.gateway.active
        assert conn is not None
        if conn.guild_create_at is None:  # a resumed session: on_ready already happened
            return
        ready_at = conn.guild_create_at + 2.2
        await self.server.wait_until(lambda: time.monotonic() >= ready_at, timeout, "the bot's on_ready",
                                     poll=0.05)

    async def drop_gateway(self, code: int = 4000, *, wait_resume: bool = True, timeout: float = 15.0) -> None:
        """Close the bot's gateway connection (a network blip). With ``wait_resume`` wait until it is back
        (discord.py RESUMEs on 4000; the fake answers RESUMED)."""
        old = await self.server.gateway.drop(code)
        if wait_resume:
            await self.server.wait_until(
                lambda: (a := self.server.gateway.active) is not None and a is not old, timeout,
                "the bot to reconnect to the gateway", self._debug)

    @property
    def commands(self) -> dict[str, dict[str, Any]]:
        """Synced command tree: name -> command JSON as the bot PUT it (options, choices, autocomplete)."""
        return {name: ac.data for (_, name), ac in self.state.commands.items()}

    def command(self, name: str) -> dict[str, Any]:
        """One synced command's JSON (AssertionError if the bot did not sync it)."""
        found = self._find_command(name)
        return found.data

    def _find_command(self, name: str) -> AppCommand:
        for (_, cname), ac in self.state.commands.items():
            if cname == name:
                return ac
        raise AssertionError(f"command /{name} was not synced; synced: {sorted(self.commands)}")

    def _debug(self) -> str:
        s = self.server.summary()
        tail = [str(q) for q in self.server.requests[-8:]]
        return f"fake discord: {s}; last requests: {tail}"

    async def wait_idle(self, quiet: float = 0.2, timeout: float = 10.0) -> None:
        """Wait until the bot made no REST request for ``quiet`` seconds (AssertionError after ``timeout``)."""
        def idle() -> bool:
            last = self.server.requests[-1].at if self.server.requests else 0.0
            return time.monotonic() - last >= quiet and self.outbox_due() == 0

        await self.server.wait_until(idle, timeout, f"the bot to be quiet for {quiet}s", self._debug,
                                     poll=min(0.05, quiet / 2))
