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
    if isinstance(error, HostError | IllegalAction | UserFacingError):
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
        await send_ephemeral(interaction, message)
    except discord.HTTPException as send_error:
        log.warning("could not tell user %s why their interaction failed: %s", interaction.user.id, send_error)


Handler = Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]]


def guarded(func: Handler[P]) -> Handler[P]:
    """Wrap a component callback: refuse while stopping, count it in flight, report its errors."""

    @functools.wraps(func)
    async def wrapper(self: Any, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
        inflight = interaction.client.inflight  # type: ignore[attr-defined]
        if inflight.draining:
            await send_ephemeral(interaction, RESTARTING)
            return
        async with inflight.track():
            try:
                await func(self, interaction, *args, **kwargs)
            except Exception as error:
                await report_error(interaction, error)

    return wrapper


class GuardedTree(app_commands.CommandTree):
    """The command tree: refuses commands while the bot stops and reports every command error once."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Refuse new commands while the bot is stopping."""
        inflight = getattr(interaction.client, "inflight", None)
        if inflight is not None and inflight.draining:
            if interaction.type is discord.InteractionType.application_command:
                await send_ephemeral(interaction, RESTARTING)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        """Translate any command error into an ephemeral answer (and a log line for bugs)."""
        await report_error(interaction, error)
