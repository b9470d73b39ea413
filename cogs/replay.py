"""/game replay: a finished game as an animated picture, or stepped through round by round (Discord only).

The rounds come from the host (`TableService.replay`: public views and public events only), the words from
present/replay.py, the boards from render/ and the animation from render/animation.py. Drawing and encoding
run in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord import app_commands

import render
from cogs import images
from cogs.client import GnomehostBot
from cogs.components import ReplayButton, new_button
from cogs.custom_ids import ReplayId, ReplayStep
from cogs.errors import UserFacingError
from cogs.replies import edit_reply, reply
from cogs.scope import table_in_scope
from host.errors import Said
from host.results import GameReplay, TableInfo, TableStatus
from i18n import mark
from present import replay as words
from present.text import table_language
from render import animation

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
FILENAME = "replay.gif"


def animate(replay: GameReplay, max_bytes: int = animation.MAX_BYTES) -> tuple[bytes, int]:
    """The replay as GIF bytes (one frame per round shown, the end board held longest) and how many rounds it
    shows: all of them, or `animation.MAX_FRAMES` evenly spaced. Pure CPU work: run it in a worker thread."""
    chosen = animation.sample(len(replay.rounds), animation.MAX_FRAMES)
    counts = words.kind_counts(replay)
    game_name = replay.table.game_name
    locale = table_language(replay.table)  # the replay is posted in the channel: its pictures read as it does
    frames = [
        animation.Frame(render.board(game_name, replay.rounds[i].public_view, locale=locale),
                        words.caption(replay, i, counts),
                        words.hold_ms(n, len(chosen)))
        for n, i in enumerate(chosen)
    ]
    return animation.encode_gif(frames, max_bytes), len(chosen)


def step_view(game_id: int, index: int, total: int) -> discord.ui.View:
    """The viewer's ⏮ ◀ ▶ ⏭ buttons at round position `index` of `total` (those leading nowhere disabled)."""
    view = discord.ui.View(timeout=None)
    last = total - 1
    buttons = (
        (ReplayStep.FIRST, "⏮", 0, index > 0),
        (ReplayStep.PREVIOUS, "◀", max(0, index - 1), index > 0),
        (ReplayStep.NEXT, "▶", min(last, index + 1), index < last),
        (ReplayStep.LAST, "⏭", last, index < last),
    )
    for step, label, target, enabled in buttons:
        cid = ReplayId(game_id, target, step)
        button = new_button(cid, label, discord.ButtonStyle.secondary)
        button.disabled = not enabled
        view.add_item(ReplayButton(cid, button))
    return view


async def _finished_table(interaction: discord.Interaction, bot: GnomehostBot, game_id: int | None) -> TableInfo:
    """The game named, else this channel's last game (of this guild), refused unless it is over."""
    if game_id is not None:
        table = await table_in_scope(interaction, game_id)
    else:
        found = None
        if interaction.channel_id is not None:
            found = await bot.service.last_game_in_channel(interaction.channel_id)
        if found is None or found.guild_id != interaction.guild_id:
            raise UserFacingError(Said(mark("cog.no-replay-here")))
        table = found
    if table.status is not TableStatus.FINISHED:
        raise UserFacingError(Said(words.not_finished()))
    return table


async def _step_page(bot: GnomehostBot, table: TableInfo, index: int, limit: int | None
                     ) -> tuple[str, discord.File | None, discord.ui.View]:
    """The viewer's text, board picture and buttons at round position `index` (clamped to the replay)."""
    replay = await bot.service.replay(table.game_id)
    index = max(0, min(index, len(replay.rounds) - 1))
    entry = replay.rounds[index]
    file = await images.board_file(table.game_name, entry.public_view, limit, table_language(table))
    return words.step_page(replay, index), file, step_view(table.game_id, index, len(replay.rounds))


async def open_viewer(bot: GnomehostBot, interaction: discord.Interaction, table: TableInfo, index: int) -> None:
    """Answer with a new ephemeral step viewer at round position `index` (the interaction is deferred)."""
    content, file, view = await _step_page(bot, table, index, interaction.filesize_limit)
    extra: dict[str, Any] = {"file": file} if file is not None else {}
    await reply(interaction, content, view=view, allowed_mentions=NO_PINGS, **extra)


async def handle_step(bot: GnomehostBot, interaction: discord.Interaction, cid: ReplayId, table: TableInfo) -> None:
    """A replay button: "Watch the replay" opens the viewer for the clicker; a step shows that round in place."""
    if table.status is not TableStatus.FINISHED:
        raise UserFacingError(Said(words.not_finished()))
    if cid.step is ReplayStep.OPEN:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await open_viewer(bot, interaction, table, cid.index)
        return
    await interaction.response.defer()
    content, file, view = await _step_page(bot, table, cid.index, interaction.filesize_limit)
    await edit_reply(interaction, content, attachments=[file] if file is not None else [], view=view,
                     allowed_mentions=NO_PINGS)


def replay_command(bot: GnomehostBot) -> app_commands.Command[Any, ..., None]:
    """The /game replay command (added to the /game group by cogs/lobby.py's setup)."""

    @app_commands.command(name="replay", description="Watch a finished game again: an animation, or round by round")
    @app_commands.describe(game="A game number (default: this channel's last game)",
                           step="Step through it round by round with the log (only you see it)")
    async def replay(interaction: discord.Interaction, game: int | None = None, step: bool = False) -> None:
        """The animated replay in the channel, or with `step` the ephemeral step viewer at the first round."""
        # Checked before the answer is deferred: a refusal stays private even though the animation is public.
        table = await _finished_table(interaction, bot, game)
        await interaction.response.defer(ephemeral=step, thinking=True)
        if step:
            await open_viewer(bot, interaction, table, 0)
            return
        rounds = await bot.service.replay(table.game_id)
        limit = min(animation.MAX_BYTES, interaction.filesize_limit or animation.MAX_BYTES)
        try:
            data, shown = await asyncio.to_thread(animate, rounds, limit)
        except animation.TooLarge:
            log.warning("the replay of game %s does not fit %d bytes", table.game_id, limit)
            raise UserFacingError(Said(mark("cog.replay-too-large"))) from None
        log.info("game %s: replay of %d rounds (%d shown), %d bytes", table.game_id, len(rounds.rounds), shown,
                 len(data))
        file = discord.File(io.BytesIO(data), filename=FILENAME, description=words.alt_text(table, shown))
        await reply(interaction, words.animation_message(table, shown, len(rounds.rounds)), ephemeral=False,
                    file=file, allowed_mentions=NO_PINGS)

    return replay
