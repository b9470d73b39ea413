"""A player's own settings through the real bot. Quiet hours: a game starting during them neither mentions nor
DMs the player; when they end (the bot's clock moved past them, or the player turns them off) one message names
the game waiting for them, and their DMs follow. Notify dm: "your turn" comes by DM, not as a channel ping;
closed DMs fall back to the channel, told once."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fakediscord import Harness, LiveBot, User
from tests.e2e.fakediscord.clocked_bot import OFFSET_ENV
from tests.e2e.test_scenarios import start_table

pytestmark = pytest.mark.e2e

MESSAGES = "/channels/{channel_id}/messages"
CLOCKED_BOT = Path(__file__).resolve().parent / "fakediscord" / "clocked_bot.py"


def _pinged(fake: Harness, user: User) -> int:
    """How many channel posts pinged `user` (a mention in the content that allowed_mentions lets through)."""
    count = 0
    for q in fake.requests_to("POST", MESSAGES):
        body: Any = q.body if isinstance(q.body, dict) else {}
        content = str(body.get("content") or "")
        allowed = body.get("allowed_mentions")
        if f"<@{user.id}>" not in content or not isinstance(allowed, dict):
            continue
        if str(user.id) in {str(u) for u in allowed.get("users") or []}:
            count += 1
    return count


async def test_quiet_hours_hold_the_mention_and_dms_then_one_catch_up(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    now = datetime.now(UTC)
    start, end = (now - timedelta(hours=1)).strftime("%H:%M"), (now + timedelta(hours=2)).strftime("%H:%M")
    rec = await fake.slash(bob, "me", subcommand="quiet", options={"from": start, "to": end})
    assert rec.ephemeral, rec.describe()
    game_id, _ = await start_table(fake, alice, [bob], ais=1)
    await fake.wait_idle()
    assert _pinged(fake, alice) >= 1, "the other player is mentioned as usual"
    assert _pinged(fake, bob) == 0 and fake.dm_messages(bob) == []

    await fake.slash(bob, "me", subcommand="quiet", options={"from": "off"})
    catch_up = await fake.wait_for_message(fake.channel.id, lambda m: "quiet hours are over" in m.content)
    assert f"<@{bob.id}>" in catch_up.content and f"<#{fake.channel.id}>" in catch_up.content, catch_up.content
    assert re.search(r"a game is waiting for you", catch_up.content), catch_up.content
    await fake.wait_idle()
    assert fake.dm_messages(bob), "the held DMs went out once the quiet hours ended"
    assert len([m for m in fake.channel_messages(fake.channel) if "quiet hours are over" in m.content]) == 1
    assert game_id > 0
    assert bot.log_errors() == []
    fake.assert_valid()


async def test_notify_dm_sends_your_turn_by_dm_and_closed_dms_fall_back_to_the_channel(fake: Harness,
                                                                                         bot: LiveBot) -> None:
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    fake.set_dms_closed(carol)
    for user in (bob, carol):
        rec = await fake.slash(user, "me", subcommand="notify", options={"how": "dm"})
        assert rec.ephemeral, rec.describe()
    await start_table(fake, alice, [bob, carol], ais=0)
    await fake.wait_idle()
    turns = [m for m in fake.dm_messages(bob) if "it is your turn" in m.content]
    assert len(turns) == 1 and f"<#{fake.channel.id}>" in turns[0].content, [m.content for m in fake.dm_messages(bob)]
    assert _pinged(fake, bob) == 0, "bob chose DMs: the channel does not ping him"
    # Carol's DMs are closed: the channel mentions her instead, and tells her once.
    assert _pinged(fake, carol) >= 1
    notices = [m for m in fake.channel_messages(fake.channel) if "can't DM you" in m.content]
    assert len(notices) == 1 and f"<@{carol.id}>" in notices[0].content, [m.content for m in notices]
    assert bot.log_errors() == []
    fake.assert_valid()


async def test_quiet_hours_end_on_the_clock_with_one_catch_up_and_the_held_dms(fake: Harness, bot_factory: Any,
                                                                                tmp_path: Path) -> None:
    """The bot's clock passes the end of bob's quiet hours: nothing reached him before, one catch-up after."""
    offset = tmp_path / "clock-offset"
    offset.write_text("0", encoding="utf-8")
    bot = bot_factory(CLOCKED_BOT, env={OFFSET_ENV: str(offset)})
    await bot.start(timeout=30.0)
    alice, bob = fake.user("alice"), fake.user("bob")
    now = datetime.now(UTC)
    start, end = (now - timedelta(hours=1)).strftime("%H:%M"), (now + timedelta(hours=2)).strftime("%H:%M")
    await fake.slash(bob, "me", subcommand="quiet", options={"from": start, "to": end})
    await start_table(fake, alice, [bob], ais=1)
    await fake.wait_idle()
    assert _pinged(fake, bob) == 0 and fake.dm_messages(bob) == [], "quiet hours hold the mention and the DMs"
    assert not [m for m in fake.channel_messages(fake.channel) if "quiet hours are over" in m.content]

    offset.write_text(str(2 * 3600 + 120), encoding="utf-8")  # two hours and two minutes later
    catch_up = await fake.wait_for_message(fake.channel.id, lambda m: "quiet hours are over" in m.content,
                                           timeout=20.0)
    assert f"<@{bob.id}>" in catch_up.content and re.search(r"a game is waiting for you", catch_up.content)
    # The held DMs are due by the bot's shifted clock, which the fake's idle check (reading the outbox by the
    # real clock) does not follow: wait for them, not for quiet.
    await fake.wait_for_dm(bob, timeout=20.0)
    await fake.wait_idle()
    assert len([m for m in fake.channel_messages(fake.channel) if "quiet hours are over" in m.content]) == 1
    assert bot.log_errors() == []
    await bot.stop()
    fake.assert_valid()
