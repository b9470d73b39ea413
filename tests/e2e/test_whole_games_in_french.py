"""A whole game of every registered game through the real bot with a French server and French players: nothing
anyone was shown (table messages and their edits, DMs, panels, refusals, buttons, menus, modals, file
descriptions, autocomplete) holds a word only the English catalogs use; and the same game on an English server
with English players shows no word only the French catalogs use."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine import registry
from engine.core.actions import CONFIRM_ID
from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.language_scan import foreign_findings, shown_to_anyone
from tests.e2e.test_scenarios import SETTLE, Table, check_against_engine, finished_game, start_table
from tests.e2e.transcript import TRANSCRIPT_ENV, write_transcript

# Six whole games take about two and a half minutes of CPU: opt-in (GNOMEHOST_SLOW=1), to keep CI within its
# time. With GNOMEHOST_TRANSCRIPT_DIR set, every English word a French table shows is listed beside the transcript.
pytestmark = [pytest.mark.e2e, pytest.mark.timeout(420), pytest.mark.slow]


# What people mostly do when a step offers it (seal, pass, keep, end): keeps Tribes at a human number of taps.
FINISHING = frozenset({CONFIRM_ID, "pass", "dep:end", "plan:none", "but:keep", "vote"})


async def play_whole_game(fake: Harness, bot: LiveBot, game_name: str, tag: str) -> None:
    """A whole two-player game on a server and with players whose Discord speaks `tag`, then what players look
    at after it (status, players, log, board, hand)."""
    fake.state.guild.locale = tag
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale = bob.locale = tag
    game_id, _ = await start_table(fake, alice, [bob], ais=0, game_name=game_name)
    table = Table(fake, game_id, fake.channel.id, {u.id: u for u in (alice, bob)}, random.Random(3),
                  finishing=FINISHING if game_name == "tribes" else frozenset(), eager=0.7)
    final = await table.play_to_end(max_decisions=4000)
    check_against_engine(await finished_game(fake, bot, game_id), table, final)
    for user in (alice, bob):
        for sub in ("status", "players", "log", "board"):
            await fake.slash(user, "game", subcommand=sub, channel=fake.channel.id, settle=SETTLE)
        await fake.slash(user, "hand", channel=fake.channel.id, settle=SETTLE)
    await fake.wait_idle(quiet=0.3)


@pytest.mark.parametrize("game_name", registry.names())
async def test_a_whole_game_on_a_french_server_shows_no_english_word(
        fake: Harness, bot: LiveBot, game_name: str) -> None:
    await play_whole_game(fake, bot, game_name, "fr")
    write_transcript(fake, f"{game_name}-fr")
    findings = foreign_findings(shown_to_anyone(fake), "fr", "en")
    folder = os.environ.get(TRANSCRIPT_ENV)
    if folder:  # beside the transcript: every finding, to read them all at once
        (Path(folder) / f"{game_name}-fr-english.txt").write_text("\n".join(findings), encoding="utf-8")
    assert not findings, f"{len(findings)} texts with English words:\n" + "\n".join(findings[:60])
    assert bot.log_errors() == []


@pytest.mark.parametrize("game_name", registry.names())
async def test_the_same_game_on_an_english_server_shows_no_french_word(
        fake: Harness, bot: LiveBot, game_name: str) -> None:
    await play_whole_game(fake, bot, game_name, "en-US")
    findings = foreign_findings(shown_to_anyone(fake), "en", "fr")
    assert not findings, f"{len(findings)} texts with French words:\n" + "\n".join(findings[:60])
    assert bot.log_errors() == []
