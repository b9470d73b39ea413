"""Gnome Tribes played whole through the real bot: secret orders in DM prompts and panels.

Four players (three people and a computer player at the normal level) play a full game with the
bot's buttons, selects, /hand, /play and their DM prompts. Afterwards the engine replays the stored
moves to the announced result, and no secret (purse, hand, post bills, sealed order) ever reached the
channel. The 2-player game is played whole by tests/e2e/test_table_experience.py::test_tribes_two_players,
with the same secrecy checks.
"""

from __future__ import annotations

import random
import time

import pytest

from engine.core.actions import CONFIRM_ID
from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import (
    SETTLE,
    Table,
    assert_scenario_5,
    check_against_engine,
    db_path,
    finished,
    finished_game,
    hidden_items,
    is_table_message,
    lobby_button,
    open_lobby,
    table_post_modes,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(420)]

# What people mostly do when a step offers it: seal the order, pass, keep, end the deployment.
FINISHING = frozenset({CONFIRM_ID, "pass", "dep:end", "plan:none", "but:keep", "vote"})


# About 2 minutes: a soak. A whole two-player Tribes game goes through the bot in every run
# (test_table_experience.py).
@pytest.mark.slow
async def test_tribes_four_players_through_discord(fake: Harness, bot: LiveBot) -> None:
    """A whole 4-player Tribes game (3 people, 1 AI); the engine agrees; DM prompts carry the secret orders."""
    started = time.monotonic()
    players = 4
    users = [fake.user(name) for name in ("alice", "bob", "carol")]
    game_id, lobby = await open_lobby(fake, users[0], "tribes", {})
    for user in users[1:]:
        await finished(fake, await fake.click(user, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    await finished(fake, await fake.click(users[0], lobby, lobby_button(lobby, "ai"), settle=SETTLE))
    rec = await finished(fake, await fake.click(users[0], lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None and "started" in rec.original.content, rec.describe()
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in users}, random.Random(players),
                  finishing=FINISHING, eager=0.7)
    final = await table.play_to_end(max_decisions=4000)
    stored = await finished_game(fake, bot, game_id)
    check_against_engine(stored, table, final)
    # secret simultaneous orders (investment, launches, battle cards) reach people as DM prompts
    prompted = [u for u in users if any(m.custom_ids() or any(h["components"] for h in m.history)
                                        for m in fake.dm_messages(u))]
    assert prompted == users, [u.id for u in users if u not in prompted]
    assert {"turn", "dm"} <= set(table.surfaces), table.surfaces
    posted = [m for m in fake.channel_messages(fake.channel) if is_table_message(m)]
    assert len(posted) == table_post_modes(db_path(bot), game_id).count("new")
    assert_scenario_5(fake, bot, hidden_items("tribes", stored))
    print(f"tribes {players}p: {len(table.moves)} moves via {table.surfaces}, {len(posted)} table posts, "
          f"{time.monotonic() - started:.1f}s")
