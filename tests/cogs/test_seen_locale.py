"""The bot records the language of each interaction's user for the DMs sent to them later."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import discord

from app.settings import Settings
from cogs.client import GnomehostBot


class SeenPlayers:
    """Records what the service's Players is told; one user's store is down."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str]] = []

    async def seen_locale(self, user_id: int, locale: str) -> bool:
        if user_id == 666:
            raise OSError("the store is down")
        self.seen.append((user_id, locale))
        return True


async def test_each_interaction_tells_the_service_its_users_language() -> None:
    bot = GnomehostBot(Settings(token="unused"))
    players = SeenPlayers()
    bot._service = cast(Any, SimpleNamespace(players=players))
    await bot.on_interaction(cast(discord.Interaction, SimpleNamespace(locale=discord.Locale.french,
                                                                       user=SimpleNamespace(id=11))))
    await bot.on_interaction(cast(discord.Interaction, SimpleNamespace(locale=discord.Locale.american_english,
                                                                       user=SimpleNamespace(id=12))))
    # A store that fails costs only the language: the interaction's handling is not broken by it.
    await bot.on_interaction(cast(discord.Interaction, SimpleNamespace(locale=discord.Locale.french,
                                                                       user=SimpleNamespace(id=666))))
    assert players.seen == [(11, "fr"), (12, "en-US")]
    bot._service = None
    await bot.close()
