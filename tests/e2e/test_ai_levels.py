"""Issue 11 through the real bot: the lobby offers the AI's level in one tap and shows it; /game settings
sets the level the AI plays at for absent players."""

from __future__ import annotations

import pytest

from cogs.custom_ids import LobbyAction, LobbyId, decode
from host.results import AiLevel
from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import SETTLE, finished, open_lobby

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
