"""AI levels through the real bot: the lobby offers the AI's level in one tap and shows it; /game settings
sets the level the AI plays at for absent players."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

from cogs.custom_ids import LobbyAction, LobbyId, decode
from host.results import AiLevel
from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import (
    SETTLE,
    StoredGame,
    Table,
    db_path,
    finished,
    latest_table_message,
    lobby_button,
    open_lobby,
    pending_user_ids,
    read_game,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]


async def test_the_lobby_adds_an_ai_at_the_level_tapped_and_settings_set_the_absent_players_level(
    fake: Harness, bot: LiveBot
) -> None:
    alice = fake.user("alice")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", {"round_limit": 10})
    shown = lobby.custom_ids()
    assert all(decode(c) is not None for c in shown)
    hard = LobbyId(game_id, LobbyAction.ADD_AI, AiLevel.HARD).encode()
    easy = next(c for c in shown if c.endswith(":ai:easy"))
    assert hard in shown
    await finished(fake, await fake.click(alice, lobby, hard, settle=SETTLE))
    await finished(fake, await fake.click(alice, lobby, easy, settle=SETTLE))
    lines = lobby.content.splitlines()
    assert "2. 🤖 AI 2 (hard)" in lines and "3. 🤖 AI 3 (easy)" in lines, lobby.content

    rec = await fake.slash(alice, "game", subcommand="settings", options={"afk": "ai", "afk_level": "hard"})
    assert rec.ephemeral and "the hard AI plays for an absent player" in rec.content, rec.describe()
    assert "a seat handed to the AI plays hard" in rec.content, rec.describe()


async def test_a_hard_ai_moves_through_the_real_bots_worker_pool(fake: Harness, bot: LiveBot) -> None:
    """The bot's process pool (spawned from bot.py) decides the hard AI's moves; nothing is logged as an error,
    and the human plays on meanwhile."""
    alice = fake.user("alice")
    game_id, lobby = await open_lobby(fake, alice, "associates", {"turn_cap": 10})
    await finished(fake, await fake.click(alice, lobby, LobbyId(game_id, LobbyAction.ADD_AI, AiLevel.HARD).encode(),
                                          settle=SETTLE))
    rec = await finished(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None and "started" in rec.original.content, rec.describe()
    table = Table(fake, game_id, fake.channel.id, {alice.id: alice}, random.Random(3))

    def ai_moved() -> StoredGame | None:
        stored = read_game(db_path(bot), game_id)
        return stored if sum(source == "ai" for _, _, source in stored.actions) >= 2 else None

    deadline = time.monotonic() + 90.0
    while (stored := ai_moved()) is None:
        assert time.monotonic() < deadline, f"the hard AI made fewer than two moves: {read_game(db_path(bot), game_id)}"
        if alice.id in pending_user_ids(latest_table_message(fake, fake.channel.id)):
            await table.act(alice)
        else:
            await asyncio.sleep(0.2)  # the AI is thinking in the bot's worker pool
    assert stored.status in ("active", "finished")
    assert bot.log_errors() == [], (bot.log_errors(), bot.log_tail())
