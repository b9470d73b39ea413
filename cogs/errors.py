"""The one place where failures become what a user reads: refusals with what is allowed, or a reference.

Host refusals (HostError) and engine refusals (IllegalAction) carry a message written for the
player; anything else is a bug, shown as "something went wrong (ref XXXX)" and logged with its
traceback under the same reference.
"""

from __future__ import annotations

import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec

import discord
from discord import app_commands

from cogs.refusals import with_hint
from engine.core.errors import IllegalAction
from host.errors import HostError

log = logging.getLogger(__name__)

P = ParamSpec("P")

RESTARTING = "Gnomehost is restarting; try again in a few seconds."


class UserFacingError(Exception):
    """A refusal raised by the cogs themselves (missing permission, no game here); `.message` is shown as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def user_message(error: BaseException) -> str | None:
    """The player-facing text of an expected refusal, or None for a bug."""
    if isinstance(error, HostError):
        return with_hint(error)
    if isinstance(error, IllegalAction | UserFacingError):
        return error.message
    return None


def new_reference() -> str:
    """A short reference to quote in a bug report and find in the log."""
    return secrets.token_hex(2).upper()


def describe_interaction(interaction: discord.Interaction) -> str:
    """Who did what where, for a log line (ids only, no content)."""
    what = interaction.command.qualified_name if interaction.command else (interaction.data or {}).get("custom_id")
    return f"user={interaction.user.id} channel={interaction.channel_id} type={interaction.type.name} what={what}"


async def send_ephemeral(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Answer privately: as the response when none was sent yet, else as a followup."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user why their interaction failed; log bugs with a traceback and a reference."""
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError) and error.__cause__:
        error = error.__cause__
    message = user_message(error)
    if message is None and isinstance(error, app_commands.CheckFailure):
        message = str(error) or "You can't use this command here."
    if message is None:
        ref = new_reference()
        log.error("interaction failed (ref %s): %s", ref, describe_interaction(interaction), exc_info=error)
        message = f"Something went wrong (ref {ref}). Nothing was half-applied; check /game status and try again."
    else:
        log.debug("refused (%s): %s", type(error).__name__, describe_interaction(interaction))
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])  # the only answer an autocomplete can get
        else:
            await send_ephemeral(interaction, message)
    except discord.HTTPException as send_error:
        log.warning("could not tell user %s why their interaction failed: %s", interaction.user.id, send_error)


Handler = Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]]


def guarded(func: Handler[P]) -> Handler[P]:
    """Wrap a component callback: refuse it if it arrived after the stop signal, else run it and report errors.

    The decision uses the moment the interaction was received (see cogs.inflight), not the moment
    this task happens to start.
    """

    @functools.wraps(func)
    async def wrapper(self: Any, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
        inflight = interaction.client.inflight  # type: ignore[attr-defined]
        async with inflight.handling(interaction.id) as allowed:
            if not allowed:
                await refuse_restarting(interaction)
                return
            try:
                await func(self, interaction, *args, **kwargs)
            except Exception as error:
                await report_error(interaction, error)

    return wrapper


async def refuse_restarting(interaction: discord.Interaction) -> None:
    """Answer an interaction received after the stop signal (autocomplete gets no choices)."""
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await send_ephemeral(interaction, RESTARTING)
    except discord.HTTPException as error:
        log.info("could not tell user %s that the bot is restarting: %s", interaction.user.id, error)


class GuardedTree(app_commands.CommandTree):
    """The command tree: counts every command from receipt to answer, refuses late ones, reports errors once."""

    async def _call(self, interaction: discord.Interaction, /) -> None:
        """Run one command or autocomplete under the stop rule of cogs.inflight.

        Overrides discord.py 2.7's private entry point (called in the task it creates per
        interaction) so that the whole handling, error answers included, counts as in flight.
        """
        inflight = getattr(interaction.client, "inflight", None)
        if inflight is None:
            await self._call_reporting(interaction)
            return
        async with inflight.handling(interaction.id) as allowed:
            if not allowed:
                await refuse_restarting(interaction)
                return
            await self._call_reporting(interaction)

    async def _call_reporting(self, interaction: discord.Interaction) -> None:
        try:
            await super()._call(interaction)
        except app_commands.AppCommandError as error:
            # What discord.py's own wrapper would do, but inside the counted block.
            await self.on_error(interaction, error)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        """Translate any command error into an ephemeral answer (and a log line for bugs)."""
        await report_error(interaction, error)
