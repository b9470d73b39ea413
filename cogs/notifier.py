"""The table service's Notifier on Discord: table messages, private DMs, DM prompts and pings.

Channel messages are built from TableUpdate (public data only). Private data goes by DM; a
user whose DMs are closed (403, code 50007) is told once per game in the channel to use /hand,
and is not DMed again while the bot runs (failed requests count against Discord's limits).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from cogs import images, text
from cogs.components import table_view
from cogs.limits import MESSAGE_CONTENT, fit_lines, split_message
from cogs.panels import build_panel
from host.results import PendingPlayer, PrivateUpdate, TableInfo, TableUpdate, UpdateKind

if TYPE_CHECKING:
    from cogs.client import GnomehostBot

log = logging.getLogger(__name__)

CANNOT_DM = 50007
NO_BUTTON_KINDS = (UpdateKind.ENDED, UpdateKind.CANCELLED, UpdateKind.QUARANTINED)


class DiscordNotifier:
    """Implements host.notifier.Notifier with the bot's REST client."""

    def __init__(self, bot: GnomehostBot) -> None:
        self.bot = bot
        self._dm_closed: set[int] = set()
        self._told_dm_closed: set[tuple[int, int]] = set()
        self._last_pending: dict[int, set[int]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def _channel(self, table: TableInfo) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def _file_limit(self, table: TableInfo) -> int | None:
        guild = self.bot.get_guild(table.guild_id) if table.guild_id else None
        return guild.filesize_limit if guild is not None else None

    async def post_to_table(self, table: TableInfo, update: TableUpdate) -> None:
        """One table message: headline and public narration, board picture, pending mentions, "Take my turn".

        A private step (nothing public changed, e.g. one pick of a secret draft) posts nothing: the
        mover's own panel shows it, and the channel must not learn that someone is fiddling with a draft.
        """
        if not update.public_change:
            log.debug("game %s: private step at version %s, nothing posted", table.game_id, update.version)
            return
        content = text.table_message(table, update)
        file = await images.board_file(table.game_name, update.public_view, self._file_limit(table))
        pending_users = text.pending_mentions(update.pending)
        kwargs: dict[str, object] = {
            "allowed_mentions": discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in pending_users]
            ),
        }
        if file is not None:
            kwargs["file"] = file
        if update.kind not in NO_BUTTON_KINDS and update.pending:
            kwargs["view"] = table_view(table.game_id, update.version)
        try:
            await self._channel(table).send(content, **kwargs)  # type: ignore[arg-type]
        except discord.HTTPException as error:
            log.warning("could not post to channel %s for game %s: %s", table.channel_id, table.game_id, error)
        log.info("game %s: posted %s update at version %s", table.game_id, update.kind.value, update.version)
        self._prompt_secret_choices(table, update)

    def _prompt_secret_choices(self, table: TableInfo, update: TableUpdate) -> None:
        """DM a prompt with buttons to every human who just became pending for a secret choice or reaction."""
        now = {p.player for p in update.pending}
        before = self._last_pending.get(table.game_id, set())
        self._last_pending[table.game_id] = now
        if update.kind in NO_BUTTON_KINDS:
            self._last_pending.pop(table.game_id, None)
            return
        for p in update.pending:
            if p.player in before or p.is_ai or p.user_id is None or p.kind not in text.SECRET_KINDS:
                continue
            # Later, outside the service's game lock: building the prompt reads the service.
            self._spawn(self._dm_prompt(table, p))

    def _spawn(self, coro: object) -> None:
        task: asyncio.Task[None] = asyncio.create_task(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def wait_idle(self) -> None:
        """Wait for background DM prompts (used when stopping)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _dm_prompt(self, table: TableInfo, pending: PendingPlayer) -> None:
        user_id = pending.user_id
        if user_id is None or user_id in self._dm_closed or self.bot.inflight.draining:
            return
        try:
            async with self.bot.inflight.track():
                panel = await build_panel(
                    self.bot.service, table.game_id, user_id, player=pending.player,
                    note="Your secret choice (only you see this):", with_image=False,
                )
                if panel.view is None:
                    return
                await self._send_dm(table, user_id, panel.content, view=panel.view)
        except Exception:
            log.exception("DM prompt for game %s failed", table.game_id)

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """DM a player their private events and view picture; closed DMs fall back to /hand."""
        if user_id in self._dm_closed:
            return
        lines = [f"**{table.title}** — game #{table.game_id}", *text.private_events_text(update.events)]
        if not update.events:
            lines.append("Your private view is below; /hand shows it (and your choices) any time.")
        content = fit_lines(lines, MESSAGE_CONTENT)
        file = await images.private_file(table.game_name, update.view)
        await self._send_dm(table, user_id, content, file=file)

    async def _send_dm(self, table: TableInfo, user_id: int, content: str, **kwargs: object) -> None:
        try:
            channel = await self.bot.create_dm(discord.Object(id=user_id))
            await channel.send(content, **kwargs)  # type: ignore[arg-type]
        except discord.Forbidden as error:
            if error.code == CANNOT_DM:
                self._dm_closed.add(user_id)
                await self._tell_dm_closed(table, user_id)
            else:
                log.warning("DM to user %s refused: %s", user_id, error)
        except discord.HTTPException as error:
            log.warning("DM to user %s failed: %s", user_id, error)

    async def _tell_dm_closed(self, table: TableInfo, user_id: int) -> None:
        key = (table.game_id, user_id)
        if key in self._told_dm_closed:
            return
        self._told_dm_closed.add(key)
        content = f"{text.mention(user_id)}, I can't DM you — use /hand to see your cards and take your turn."
        try:
            await self._channel(table).send(
                content, allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)])
            )
        except discord.HTTPException as error:
            log.warning("could not post the closed-DM notice for game %s: %s", table.game_id, error)

    async def ping_pending(self, table: TableInfo, pending: Sequence[PendingPlayer], message: str) -> None:
        """A reminder in the table's channel mentioning the pending humans."""
        users = text.pending_mentions(pending)
        if not users:
            return
        content = " ".join(text.mention(u) for u in users) + " — " + message
        try:
            for chunk in split_message(content):
                await self._channel(table).send(
                    chunk, allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users])
                )
        except discord.HTTPException as error:
            log.warning("could not ping pending players of game %s: %s", table.game_id, error)
