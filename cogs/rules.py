"""/game rules in Discord: the players' rules pages (present.rules_pages), topic by topic.

Without a game (and no game in the channel) the answer is the help (cogs.help), which names the games.
"""

from __future__ import annotations

import logging
from pathlib import Path

import discord

from cogs.errors import UserFacingError
from cogs.limits import echo
from cogs.replies import reply_long
from present import rules_pages
from present.rules_pages import PLAY_DIR, find_topics, topic_list

log = logging.getLogger(__name__)

__all__ = ["PLAY_DIR", "find_topics", "rules_path", "rules_sections", "send_rules"]


def rules_path(game_name: str) -> Path | None:
    """The players' rules page of a registered game; None for any other name (never a path a user typed)."""
    return rules_pages.page_path(game_name)


def rules_sections(game_name: str) -> dict[str, str]:
    """The players' rules of a registered game, topic title -> text; empty for any other name."""
    return rules_pages.topics(game_name)


async def send_rules(interaction: discord.Interaction, game_name: str | None, topic: str | None) -> None:
    """Answer /game rules: the help when no game is known, else the page's overview or the best topic."""
    if game_name is None:
        from cogs.help import send_help  # the help cog imports nothing of this module: no cycle at import time

        await send_help(interaction, None)
        return
    sections = rules_sections(game_name)
    if not sections:
        raise UserFacingError(f"I have no rules text for {game_name} yet.")
    if topic is None:
        first = next(iter(sections.values()))
        await reply_long(interaction, first + "\n\n" + topic_list(sections, game_name))
        return
    found = find_topics(sections, topic)
    if not found:
        raise UserFacingError(f"No rules topic matches “{echo(topic)}”. Topics: {', '.join(sections)}.")
    others = found[1:4]
    more = "\n\n**Also about this:** " + ", ".join(others) if others else ""
    await reply_long(interaction, sections[found[0]] + more)
