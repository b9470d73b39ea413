"""/game rules in Discord: the players' rules pages (present.rules_pages), topic by topic.

Without a game (and no game in the channel) the answer is the help (cogs.help), which names the games.
"""

from __future__ import annotations

import logging
from pathlib import Path

import discord

from cogs.errors import UserFacingError
from cogs.limits import echo
from cogs.locales import reader_locale
from cogs.replies import reply_long
from i18n import ENGLISH, Locale
from present import rules_pages
from present.rules_pages import PLAY_DIR, find_topics, topic_list

log = logging.getLogger(__name__)

__all__ = ["PLAY_DIR", "find_topics", "rules_path", "rules_sections", "send_rules"]


def rules_path(game_name: str, locale: Locale = ENGLISH) -> Path | None:
    """The players' rules page of a registered game in `locale`; None for any other name (never a path a user
    typed)."""
    return rules_pages.page_path(game_name, locale)


def rules_sections(game_name: str, locale: Locale = ENGLISH) -> dict[str, str]:
    """The players' rules of a registered game in `locale`, topic title -> text; empty for any other name."""
    return rules_pages.topics(game_name, locale)


async def send_rules(interaction: discord.Interaction, game_name: str | None, topic: str | None) -> None:
    """Answer /game rules: the help when no game is known, else the page's overview or the best topic."""
    if game_name is None:
        from cogs.help import send_help  # the help cog imports nothing of this module: no cycle at import time

        await send_help(interaction, None)
        return
    locale = reader_locale(interaction)
    sections = rules_sections(game_name, locale)
    if not sections:
        raise UserFacingError(rules_pages.no_rules(game_name, locale))
    if topic is None:
        first = next(iter(sections.values()))
        await reply_long(interaction, first + "\n\n" + topic_list(sections, game_name, locale))
        return
    found = find_topics(sections, topic)
    if not found:
        raise UserFacingError(rules_pages.no_topic(sections, echo(topic), locale))
    await reply_long(interaction, sections[found[0]] + rules_pages.see_also(found[1:4], locale))
