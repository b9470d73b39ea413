"""Ratings end to end: human-vs-AI games on two servers, then /game leaderboard on each.

The real bot.py against the loopback Discord. Ratings are per server: games on one server place nobody
on the other's board, and an AI level's rating is shown beside the people, never among them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from tests.e2e.fakediscord import Harness, LiveBot, User
from tests.e2e.test_scenarios import SETTLE, Table, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(400)]


async def _play_against_the_ai(fake: Harness, user: User, channel_id: int, seed: int) -> str:
    """One vendetta game of `user` against one AI seat, played to its end by the user's clicks; its final message."""
    game_id, _ = await start_table(fake, user, [], 1, "vendetta", channel_id)
    table = Table(fake, game_id, channel_id, {user.id: user}, random.Random(seed))
    final = await table.play_to_end()
    await fake.server.wait_until(lambda: fake.outbox_due() == 0, 20.0, "the bot's outbox to drain")
    return final.content


async def test_the_leaderboard_places_each_servers_players_after_their_rated_games(
    fake: Harness, bot_factory: Callable[..., LiveBot]
) -> None:
    other, other_channel = fake.add_guild("Second Tavern")
    bot = bot_factory()
    await bot.start()
    alice, bob = fake.user("alice"), fake.user("bob")
    for seed in (1, 2):
        ended = await _play_against_the_ai(fake, alice, fake.channel.id, seed)
        # The end message shows each rating change as a displayed number, never mu or sigma.
        assert "**Ratings**" in ended and re.search(rf"<@{alice.id}> [\d,]+ → [\d,]+ \([+−]\d+\)", ended), ended
        assert "Normal AI " in ended and "mu" not in ended and "sigma" not in ended
    await _play_against_the_ai(fake, bob, other_channel.id, 3)

    rec = await fake.slash(alice, "game", subcommand="leaderboard", options={"game": "vendetta"},
                           channel=fake.channel, settle=SETTLE)
    text = rec.content
    assert rec.ephemeral and text.startswith("Garden Gnomes: Violent Vendetta leaderboard"), rec.describe()
    assert f"1. <@{alice.id}> " in text and "(2 rated games)" in text, text
    assert "Your place: 1 with " in text and "For reference, the AI: Normal AI " in text, text
    assert f"<@{bob.id}>" not in text

    # The second server's board: bob played once there, so nobody is placed yet; alice has no games there.
    rec = await fake.slash(bob, "game", subcommand="leaderboard", options={"game": "vendetta"},
                           channel=other_channel, settle=SETTLE)
    assert "Nobody is placed yet" in rec.content and "1 rated game more to go" in rec.content, rec.describe()
    assert "Normal AI" in rec.content
    rec = await fake.slash(alice, "game", subcommand="leaderboard", options={"game": "vendetta"},
                           channel=other_channel, settle=SETTLE)
    assert "2 rated games more to go" in rec.content, rec.describe()
    assert other.id != fake.guild_id
