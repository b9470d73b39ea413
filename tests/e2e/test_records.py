"""Ratings and stats end to end: human-vs-AI games on two servers, then /game leaderboard on each; /game stats
after two games, and the leaderboard's page buttons.

The real bot.py against the loopback Discord. Ratings are per server: games on one server place nobody
on the other's board, and an AI level's rating is shown beside the people, never among them.
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from cogs.custom_ids import LeaderboardId
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


# Several whole rated games on two servers (about a minute); the stats test below covers the leaderboard's pages.
@pytest.mark.slow
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
        # Whole words: an objective may name mushrooms.
        assert "Normal AI " in ended and not re.search(r"\b(mu|sigma)\b", ended), ended
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


def _place_people(db: Path, guild_id: int, count: int) -> list[int]:
    """Store ratings of `count` made-up people with two rated games each on a server's vendetta board, as an
    operator's copy would (the ratings are a cache the bot reads on each leaderboard)."""
    people = [9_000_000 + n for n in range(count)]
    with sqlite3.connect(db, timeout=10.0) as conn:
        conn.executemany(
            "INSERT INTO ratings (guild_id, game_name, user_id, ai_level, mu, sigma, games, updated_at) "
            "VALUES (?, 'vendetta', ?, '', ?, 5.0, 2, 0.0)",
            [(guild_id, user, 30.0 - n * 0.1) for n, user in enumerate(people)],
        )
    return people


async def test_stats_after_two_games_and_the_leaderboards_page_buttons(
    fake: Harness, bot_factory: Callable[..., LiveBot]
) -> None:
    bot = bot_factory()
    await bot.start()
    alice = fake.user("alice")
    for seed in (4, 5):
        await _play_against_the_ai(fake, alice, fake.channel.id, seed)

    rec = await fake.slash(alice, "game", subcommand="stats", options={"user": alice}, channel=fake.channel,
                           settle=SETTLE)
    card = rec.content
    assert rec.ephemeral and card.startswith(f"**<@{alice.id}>'s stats** (on every server)"), rec.describe()
    assert "- Games played: 2, won " in card and "- Won by faction: " in card, card
    assert "best streak: " in card and "- Time to take a turn: " in card and " on average, median " in card, card

    rec = await fake.slash(alice, "game", subcommand="stats", channel=fake.channel, settle=SETTLE)
    text = rec.content
    assert text.startswith("**This server's stats**") and "**Garden Gnomes: Violent Vendetta**: 2 games" in text, text
    assert "- Seat 1 won " in text and "balance report" in text and "|" not in text, text

    # Eleven more placed people make two pages; ▶ turns the same message to the second.
    _place_people(Path(bot.process.extra_env["DATABASE_PATH"]), fake.guild_id, 11)
    rec = await fake.slash(alice, "game", subcommand="leaderboard", options={"game": "vendetta"},
                           channel=fake.channel, settle=SETTLE)
    assert "(page 1 of 2)" in rec.content and "10. <@" in rec.content, rec.describe()
    (message,) = rec.messages
    forward = LeaderboardId("vendetta", 1).encode()
    assert message.custom_ids() == [LeaderboardId("vendetta", 0).encode(), forward]
    click = await fake.click(alice, message, forward, settle=SETTLE)
    await fake.server.wait_until(lambda: "(page 2 of 2)" in message.content, 10.0, "the second page")
    assert "11. <@" in message.content and "1. <@" not in message.content.replace("11. <@", ""), message.content
    assert click.deferred and message.custom_ids() == [LeaderboardId("vendetta", 0).encode(), forward]

    # After a restart the same message's ◀ still answers: back to the first page.
    await bot.restart()
    await fake.click(alice, message, LeaderboardId("vendetta", 0).encode(), settle=SETTLE)
    await fake.server.wait_until(lambda: "(page 1 of 2)" in message.content, 10.0, "the first page again")
    assert "10. <@" in message.content and "11. <@" not in message.content, message.content
