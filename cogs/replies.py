"""Answering an interaction: every reply and edit of a reply goes through here, fitted to Discord's limits.

Discord refuses a message over 2000 characters outright (the user would be left on "thinking…"),
so the content is cut here, whatever a command or a refusal put into it.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.limits import fit_message, split_message

# /game rules sends at most this many messages for one request.
MAX_CHUNKS = 4


async def reply(interaction: discord.Interaction, content: str, *, ephemeral: bool = True, **kwargs: Any) -> None:
    """Answer (privately by default): as the response when none was sent yet, else as a followup."""
    content = fit_message(content)
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)


async def reply_long(interaction: discord.Interaction, text: str, *, max_messages: int = MAX_CHUNKS,
                     **kwargs: Any) -> None:
    """Answer with a long text as up to `max_messages` messages, cut at line breaks."""
    for chunk in split_message(text)[:max_messages] or ["(nothing to show)"]:
        await reply(interaction, chunk, **kwargs)


async def edit_reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """Replace the message the interaction answered or was clicked on (after a deferred update)."""
    await interaction.edit_original_response(content=fit_message(content), **kwargs)
