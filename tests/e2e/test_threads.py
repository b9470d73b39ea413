"""Games open in their own thread by default, and in the channel (with a note) where the bot cannot open one."""

from __future__ import annotations

import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import FAST_OPTIONS, SETTLE

pytestmark = pytest.mark.e2e


async def test_a_new_game_opens_in_its_own_thread_by_default(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    rec = await fake.slash(alice, "game", subcommand="new", options={"game": "vendetta", **FAST_OPTIONS["vendetta"]},
                           settle=SETTLE)
    threads = fake.threads(fake.channel.id)
    assert len(threads) == 1 and f"<#{threads[0].id}>" in rec.content and rec.ephemeral, rec.describe()
    lobby = await fake.wait_for_message(threads[0].id, lambda m: bool(m.custom_ids()))
    assert "Join" in lobby.labels()
    # Nothing was posted in the channel itself: the thread holds the game.
    assert [m for m in fake.channel_messages(fake.channel) if m.custom_ids()] == []


async def test_without_create_public_threads_the_game_opens_in_the_channel_with_a_note(
    fake: Harness, bot: LiveBot
) -> None:
    alice = fake.user("alice")
    fake.deny_bot_permission(fake.channel, "create_public_threads")
    rec = await fake.slash(alice, "game", subcommand="new", options={"game": "vendetta", **FAST_OPTIONS["vendetta"]},
                           settle=SETTLE)
    assert rec.ephemeral and "can't open a thread here" in rec.content, rec.describe()
    assert fake.threads(fake.channel.id) == []
    lobby = await fake.wait_for_message(fake.channel, lambda m: bool(m.custom_ids()))
    assert "Join" in lobby.labels()


async def test_the_channels_history_lists_the_games_of_its_threads(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    await fake.slash(alice, "game", subcommand="new", options={"game": "vendetta", **FAST_OPTIONS["vendetta"]},
                     settle=SETTLE)
    (thread,) = fake.threads(fake.channel.id)
    await fake.wait_for_message(thread.id, lambda m: bool(m.custom_ids()))
    rec = await fake.slash(alice, "game", subcommand="history", settle=SETTLE)
    assert "No game has been played" not in rec.content, rec.describe()
    assert f"Vendetta in <#{thread.id}>" in rec.content and "lobby open" in rec.content, rec.describe()
    # The read commands' fallback finds the thread's game from the channel too.
    rec = await fake.slash(alice, "game", subcommand="players", settle=SETTLE)
    assert "none was played here" not in rec.content and f"<@{alice.id}>" in rec.content, rec.describe()
