"""/games through the real bot: from a DM, a player's open games of two servers, waiting-for-them first
(longest waiting first), with server and channel names, timestamps, links and "Take my turn" buttons that
open the panel; each user sees only their own seats."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cogs.custom_ids import Kind, decode
from tests.e2e.fakediscord import Harness
from tests.e2e.test_scenarios import latest_table_message, pending_user_ids, start_table

pytestmark = pytest.mark.e2e


async def test_games_from_a_dm_lists_both_servers_waiting_first_and_only_own_seats(fake: Harness,
                                                                                    bot_factory: Any) -> None:
    alice, bob, carol, mod = fake.user("alice"), fake.user("bob"), fake.user("carol"), fake.user("mod")
    # The second server exists before the bot connects, so it arrives with the bot's other servers.
    other, other_channel = fake.add_guild("Mushroom Tavern")
    bot = bot_factory("bot.py")
    await bot.start(timeout=30.0)
    assert fake.command("games")["contexts"] == [0, 1, 2], fake.command("games")
    assert fake.command("games")["integration_types"] == [0, 1], fake.command("games")
    first, _ = await start_table(fake, alice, [bob], 1, channel_id=other_channel.id)
    second, _ = await start_table(fake, alice, [carol], 1)
    tables = {first: latest_table_message(fake, other_channel.id), second: latest_table_message(fake, fake.channel.id)}
    waiting = [g for g in (first, second) if alice.id in pending_user_ids(tables[g])]
    assert waiting, "the games start waiting for their players"

    rec = await fake.slash(alice, "games", channel=fake.state.dm_channel(alice))
    assert rec.ephemeral, rec.describe()
    text = rec.all_text
    lines = [line for line in text.splitlines() if line.startswith("•")]
    assert len(lines) == 2, text
    # Waiting-for-alice first, the longest waiting first (the first game started first).
    order = [int(number) for line in lines for number in re.findall(r"\(game (\d+)\)", line)]
    assert order[:len(waiting)] == waiting, (order, waiting, text)
    by_game = dict(zip(order, lines, strict=True))
    assert "in Mushroom Tavern, #gnome-games" in by_game[first], text
    assert f"https://discord.com/channels/{other.id}/{other_channel.id}/{tables[first].id}" in by_game[first], text
    assert f"https://discord.com/channels/{fake.guild_id}/{fake.channel.id}/{tables[second].id}" in by_game[second]
    for game in waiting:
        assert re.search(r"waiting for you since <t:\d+:R>: \S", by_game[game]), by_game[game]
    assert "UTC" not in text, text

    # One "Take my turn" per game waiting for her; a click from the DM opens her private panel.
    message = rec.messages[-1]
    decoded = [(c, cid) for c in message.custom_ids() if (cid := decode(c)) is not None and cid.kind is Kind.TURN]
    turns = [c for c, _ in decoded]
    assert [cid.game for _, cid in decoded] == waiting, (turns, waiting)
    click = await fake.click(alice, message, turns[0])
    assert click.ephemeral and "not playing" not in click.all_text, click.describe()
    assert click.all_text.strip(), click.describe()

    # Carol sees only the game she sits at; a member with no seat sees none.
    carol_text = (await fake.slash(carol, "games")).all_text
    assert f"(game {second})" in carol_text and f"(game {first})" not in carol_text, carol_text
    assert "no open games" in (await fake.slash(mod, "games", channel=fake.state.dm_channel(mod))).all_text
    # As her own installed app, from a DM with a friend (no server of the bot there), the list is the same.
    rec = await fake.slash(alice, "games", channel=fake.state.dm_channel(alice), user_install=True)
    assert rec.payload["context"] == 2 and rec.payload["authorizing_integration_owners"] == {"1": str(alice.id)}
    assert [line for line in rec.all_text.splitlines() if line.startswith("•")] == lines, rec.all_text
    assert bot.log_errors() == []
    fake.assert_valid()
