"""The one place where failures become what a user reads: refusals with what is allowed, or a reference.

Host refusals (HostError) and engine refusals (IllegalAction) carry a message written for the
player; anything else is a bug, shown as "something went wrong (ref XXXX)" and logged with its
traceback under the same reference. Two things get no answer at all: an interaction Discord no
longer lets us answer (it expired, or it was answered already: one WARNING line), and one that
names no user (Discord never sends one: one WARNING line too).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec

import discord
from discord import app_commands

from cogs.limits import CUSTOM_ID
from cogs.locales import reader_locale
from cogs.metrics_hooks import count_refusal
from cogs.option_check import MalformedOptions, options_problem
from cogs.option_shape import shape_problem, values_problem
from cogs.refusals import refusal_text
from cogs.replies import reply
from engine.core.errors import IllegalAction
from host.errors import HostError, Said
from i18n import ENGLISH, Locale, mark, t

log = logging.getLogger(__name__)

P = ParamSpec("P")

RESTARTING = Said(mark("error.restarting"))
STALE_COMMAND = Said(mark("error.stale-command"))
UNREADABLE = Said(mark("error.unreadable"))
# Discord's codes for an interaction that can no longer be answered: it expired (3 s without a callback),
# or it was already answered. Telling the user is impossible or would be a second answer.
UNKNOWN_INTERACTION = 10062
ALREADY_ACKNOWLEDGED = 40060
GONE_CODES = (UNKNOWN_INTERACTION, ALREADY_ACKNOWLEDGED)


class UserFacingError(Exception):
    """A refusal raised by the cogs themselves (missing permission, no game here): words of the bot's catalog
    (`Said`), said in the reader's language, or a sentence shown as is; `.message` is its English."""

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else None
        self.message = message.text() if isinstance(message, Said) else message
        super().__init__(self.message)


def user_message(error: BaseException, locale: Locale = ENGLISH) -> str | None:
    """The player-facing text of an expected refusal (the service's in `locale` where its catalog has it), or
    None for a bug."""
    if isinstance(error, HostError):
        return refusal_text(error, locale)
    if isinstance(error, UserFacingError) and error.said is not None:
        return error.said.text(locale)
    if isinstance(error, IllegalAction | UserFacingError):
        return error.message
    return None


def is_gone(error: BaseException) -> bool:
    """Whether `error` says the interaction can no longer be answered (expired, or answered already)."""
    return isinstance(error, discord.HTTPException) and error.code in GONE_CODES


def has_sender(interaction: discord.Interaction) -> bool:
    """Whether the interaction names who sent it (Discord always does; a payload without is forged or broken)."""
    return isinstance(getattr(interaction.user, "id", None), int)  # discord.py leaves a sentinel without `.id`


def user_id(interaction: discord.Interaction) -> int | None:
    """The sender's id for a log line, None when the payload named nobody."""
    return interaction.user.id if has_sender(interaction) else None


def ignore_senderless(interaction: discord.Interaction) -> bool:
    """Log and drop an interaction without a sender (nothing is answered); whether it was dropped.

    Such a payload cannot come from Discord, so nobody waits for an answer and nothing is sent back.
    """
    if has_sender(interaction):
        return False
    log.warning("ignored an interaction that names no user: %s", describe_interaction(interaction))
    return True


def new_reference() -> str:
    """A short reference to quote in a bug report and find in the log."""
    return secrets.token_hex(2).upper()


def describe_interaction(interaction: discord.Interaction) -> str:
    """Who did what where, for a log line (ids and names only, no user text); safe on malformed payloads."""
    data: dict[str, Any] = interaction.data if isinstance(interaction.data, dict) else {}  # type: ignore[assignment]  # TypedDicts in discord.py
    if interaction.type is discord.InteractionType.component:
        what = str(data.get("custom_id"))[:CUSTOM_ID]
    else:
        names, options = [str(data.get("name"))[:40]], data.get("options")
        while isinstance(options, list) and options and isinstance(options[0], dict) \
                and options[0].get("type") in (1, 2):
            names.append(str(options[0].get("name"))[:40])
            options = options[0].get("options")
        what = " ".join(names)
    return (f"user={user_id(interaction)} guild={interaction.guild_id} channel={interaction.channel_id} "
            f"type={interaction.type.name} what={what}")


async def send_ephemeral(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Answer privately (see cogs.replies.reply)."""
    await reply(interaction, content, **kwargs)


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user why their interaction failed; log bugs with a traceback and a reference."""
    while isinstance(error, app_commands.CommandInvokeError) and error.__cause__:
        error = error.__cause__
    if is_gone(error):
        # The move was not applied and the user already sees Discord's own failure: one line, no reply.
        log.warning("interaction could not be answered any more (%s): %s", getattr(error, "text", "") or
                    type(error).__name__, describe_interaction(interaction))
        return
    locale = reader_locale(interaction)
    message = user_message(error, locale)
    if message is None and isinstance(error, app_commands.CommandNotFound | app_commands.CommandSignatureMismatch):
        message = STALE_COMMAND.text(locale)
    if message is None and isinstance(error, app_commands.TransformerError | MalformedOptions):
        # an option value discord.py could not convert (e.g. a user it cannot resolve)
        message = UNREADABLE.text(locale)
    if message is None and isinstance(error, app_commands.CheckFailure):
        message = str(error) or t(locale, "error.not-here")
    if message is None:
        ref = new_reference()
        log.error("interaction failed (ref %s): %s", ref, describe_interaction(interaction), exc_info=error)
        message = t(locale, "error.unexpected", ref=ref)
    else:
        log.debug("refused (%s): %s", type(error).__name__, describe_interaction(interaction))
        count_refusal(interaction, error)
    await answer_refusal(interaction, message)


async def answer_refusal(interaction: discord.Interaction, message: str) -> None:
    """Tell the user `message` privately (an autocomplete gets no choices); failures to send are logged."""
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])  # the only answer an autocomplete can get
        else:
            await send_ephemeral(interaction, message)
    except discord.HTTPException as send_error:
        log.warning("could not tell user %s why their interaction failed: %s", user_id(interaction), send_error)


Handler = Callable[Concatenate[Any, discord.Interaction, P], Awaitable[None]]


def guarded(func: Handler[P]) -> Handler[P]:
    """Wrap a component callback: refuse it if it arrived after the stop signal, else run it and report errors.

    The decision uses the moment the interaction was received (see cogs.inflight), not the moment
    this task happens to start.
    """

    @functools.wraps(func)
    async def wrapper(self: Any, interaction: discord.Interaction, *args: P.args, **kwargs: P.kwargs) -> None:
        inflight = interaction.client.inflight  # type: ignore[attr-defined]  # interaction.client is typed discord.Client; ours is GnomehostBot
        async with inflight.handling(interaction.id) as allowed:
            if ignore_senderless(interaction):
                return
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
            await send_ephemeral(interaction, RESTARTING.text(reader_locale(interaction)))
    except discord.HTTPException as error:
        log.info("could not tell user %s that the bot is restarting: %s", user_id(interaction), error)


def command_problem(interaction: discord.Interaction) -> str | None:
    """Why a command interaction cannot be run as sent (stale command, bad option value), in the reader's
    language, else None."""
    locale = reader_locale(interaction)
    data = interaction.data
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        return UNREADABLE.text(locale)
    # discord.py walks the options to find the command: they must be walkable first.
    shape = shape_problem(data)
    if shape is not None:
        log.debug("unreadable command payload: %s", shape)
        return UNREADABLE.text(locale)
    command = interaction.command  # None when this version has no such command (a stale client)
    if command is None:
        return STALE_COMMAND.text(locale)
    autocomplete = interaction.type is discord.InteractionType.autocomplete
    if isinstance(command, app_commands.Command):
        values = values_problem(command, data, autocomplete=autocomplete)
        if values is not None:
            log.debug("unreadable command payload: %s", values)
            return UNREADABLE.text(locale)
    if autocomplete or not isinstance(command, app_commands.Command):
        return None  # what is typed so far is not a submitted value
    try:
        return options_problem(command, data, locale)
    except MalformedOptions:
        return UNREADABLE.text(locale)


class GuardedTree(app_commands.CommandTree):
    """The command tree: counts every command from receipt to answer, refuses late or unrunnable ones.

    Uses discord.py's public hooks only: `interaction_check` runs first in the task discord.py
    creates for each command or autocomplete, so the interaction counts as in flight until that
    task (its answers and error reports included) is done; `on_error` answers every failure once.
    """

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Admit the interaction under the stop rule of cogs.inflight, then refuse what cannot run."""
        inflight = getattr(interaction.client, "inflight", None)
        if inflight is not None:
            if not inflight.begin(interaction.id):
                await refuse_restarting(interaction)
                return False
            task = asyncio.current_task()
            if task is None:  # not in a task (a direct call): nothing will end the handling later
                inflight.end()
            else:
                task.add_done_callback(lambda _task: inflight.end())
        if ignore_senderless(interaction):
            return False
        problem = command_problem(interaction)
        if problem is not None:
            log.info("command refused before running (%s): %s", problem, describe_interaction(interaction))
            await answer_refusal(interaction, problem)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        """Translate any command error into an ephemeral answer (and a log line for bugs)."""
        await report_error(interaction, error)
