"""A player who opens their DMs again gets their DMs again from their next interaction of any kind.

The bot stops DMing a user whose DMs refused a message (each refused request counts against the bot's
limits), and it used to try again only after /hand or ten minutes: a player who opened their DMs and then
only clicked and typed commands in the channel got no DM for the rest of a fast game.
"""

from __future__ import annotations

import random

import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import SETTLE, Table, latest_table_message, pending_user_ids, start_table
from tests.e2e.test_tribes_table import FINISHING

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]

MAX_STEPS = 400


async def test_dms_are_tried_again_after_any_interaction_of_the_user(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    fake.set_dms_closed(bob)
    # Tribes: every turn holds secret orders, which come by DM to those whose DMs are open.
    game_id, _ = await start_table(fake, alice, [bob], ais=1, game_name="tribes")
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in (alice, bob)}, random.Random(5),
                  hand_only={bob.id}, finishing=FINISHING, eager=0.7)

    def notices() -> int:
        return sum("can't DM you" in m.content for m in fake.channel_messages(fake.channel))

    # Play until the bot has found bob's DMs closed, and it is not bob's turn.
    for _ in range(MAX_STEPS):
        msg = latest_table_message(fake, fake.channel.id)
        assert "**Game over**" not in msg.content, "the game ended before the test could reopen the DMs"
        pending = pending_user_ids(msg)
        if notices() and bob.id not in pending and alice.id in pending:
            break
        await table.act(alice if alice.id in pending else bob)
    assert notices() == 1
    notice = next(m.content for m in fake.channel_messages(fake.channel) if "can't DM you" in m.content)
    assert "Privacy Settings" in notice and "Direct Messages" in notice, notice
    assert fake.dm_messages(bob) == []

    # Every DM already on its way to bob has been refused (a refusal arriving later closes his DMs again).
    await fake.server.wait_until(lambda: fake.outbox_due() == 0, 20.0, "the bot's outbox to drain")
    # Bob opens his DMs and types a command that has nothing to do with DMs or his hand.
    fake.set_dms_closed(bob, False)
    rec = await fake.slash(bob, "game", subcommand="status", settle=SETTLE)
    assert rec.content, rec.describe()

    # Only alice plays now: the next decision that is bob's reaches him by DM.
    for _ in range(MAX_STEPS):
        msg = latest_table_message(fake, fake.channel.id)
        if bob.id in pending_user_ids(msg) or "**Game over**" in msg.content:
            break
        await table.act(alice)
    await fake.server.wait_until(lambda: fake.outbox_due() == 0, 20.0, "the bot's outbox to drain")
    assert bob.id in pending_user_ids(latest_table_message(fake, fake.channel.id))
    assert fake.dm_messages(bob), "bob opened his DMs and used the bot, but his turn did not reach him by DM"
