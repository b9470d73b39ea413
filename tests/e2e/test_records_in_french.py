"""Ratings, stats and the export in French end to end: a French server and a French player play one rated game
against the AI, then ask for /game stats, /game leaderboard and /game export. The rating lines of the final
message, every reply and the DM read in French (French numbers: "1 000"), with no word only English uses."""

from __future__ import annotations

import random
import re

import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.language_scan import foreign_findings
from tests.e2e.test_scenarios import SETTLE, Table, start_table

# A whole rated game against the AI: opt-in (GNOMEHOST_SLOW=1) to keep CI within ten minutes; the French of
# each screen it reads is checked in CI by tests/present/test_records.py and tests/present/test_stats.py.
pytestmark = [pytest.mark.e2e, pytest.mark.timeout(400), pytest.mark.slow]

# The replay command in the DM is a shell command, the same in every language.
COMMAND = frozenset({"python", "engine", "replay", "file"})


async def test_ratings_stats_and_export_read_in_french(fake: Harness, bot: LiveBot) -> None:
    fake.state.guild.locale = "fr"
    alice = fake.user("alice")
    alice.locale = "fr"
    game_id, _ = await start_table(fake, alice, [], 1, "vendetta")
    final = await Table(fake, game_id, fake.channel.id, {alice.id: alice}, random.Random(4)).play_to_end()
    await fake.server.wait_until(lambda: fake.outbox_due() == 0, 20.0, "the bot's outbox to drain")
    ratings = final.content.split("**Classements**", 1)[-1].strip().split("\n")
    assert "**Classements**" in final.content, final.content
    assert any(re.fullmatch(rf"<@{alice.id}> \d\u202f\d{{3}} → \d[\d\u202f]* \([+−]\d+\)", line)
               for line in ratings), ratings
    assert any(line.startswith("IA normale ") for line in ratings), ratings
    shown = [(f"rating line {i}", line) for i, line in enumerate(ratings)]

    for options in ({"user": alice}, {}):
        rec = await fake.slash(alice, "game", subcommand="stats", options=options, channel=fake.channel,
                               settle=SETTLE)
        assert rec.ephemeral and rec.content.startswith("**Stats de"), rec.describe()
        shown.append((f"stats {sorted(options)}", rec.all_text))
    rec = await fake.slash(alice, "game", subcommand="leaderboard", options={"game": "vendetta"},
                           channel=fake.channel, settle=SETTLE)
    assert rec.content.startswith("Tableau d'honneur : "), rec.describe()
    shown.append(("leaderboard", rec.content))

    before = len(fake.dm_messages(alice))
    rec = await fake.slash(alice, "game", subcommand="export", channel=fake.channel, settle=SETTLE)
    await fake.server.wait_until(lambda: len(rec.messages) >= 2, 20.0, "the note that the DM went out")
    assert f"Le relevé de la partie n° {game_id}" in rec.content, rec.describe()
    assert "message privé" in rec.all_text, rec.describe()
    shown.append(("export", rec.all_text))
    shown += [("export DM", m.text()) for m in fake.dm_messages(alice)[before:]]
    assert foreign_findings(shown, "fr", "en", COMMAND) == []
    assert bot.log_errors() == []
