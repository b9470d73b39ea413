"""/game export end to end: the public record in the channel reply, the full record by DM to a player only.

The real bot.py against the loopback Discord, after a short Vendetta game of one person against one AI seat.
"""

from __future__ import annotations

import json
import random

import pytest

from engine import replay
from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import SETTLE, Table, start_table

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]


async def test_export_gives_the_channel_the_public_record_and_the_player_the_full_one(
    fake: Harness, bot: LiveBot
) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    game_id, _ = await start_table(fake, alice, [], 1, "vendetta")
    refused = await fake.slash(bob, "game", subcommand="export", channel=fake.channel, settle=SETTLE)
    assert "still being played" in refused.content, refused.describe()
    await Table(fake, game_id, fake.channel.id, {alice.id: alice}, random.Random(4)).play_to_end()
    await fake.server.wait_until(lambda: fake.outbox_due() == 0, 20.0, "the bot's outbox to drain")

    # A spectator: the public record, in a reply everyone in the channel sees, and no DM.
    rec = await fake.slash(bob, "game", subcommand="export", options={"game": game_id},
                           channel=fake.channel, settle=SETTLE)
    first = rec.messages[0]
    assert not rec.ephemeral and f"The record of game #{game_id}" in rec.content, rec.describe()
    files = [a for m in rec.messages for a in m.attachments]
    assert [a.filename for a in files] == [f"game-{game_id}-record.json"]
    public = json.loads(files[0].data)
    assert public["kind"] == replay.PUBLIC and "seed" not in public and "moves" not in public
    # People are named by user id (and by display name where the bot's member cache knows them).
    assert sorted((p["user_id"] or 0, p["ai_level"]) for p in public["players"]) == [(0, "normal"), (alice.id, None)]
    assert public["log"] and first.ephemeral_to is None
    assert not any(a.filename.endswith("full-record.json") for m in fake.dm_messages(bob) for a in m.attachments)

    # A player: the same public record in the channel, the full record by DM, which replays to the outcome.
    before = len(fake.dm_messages(alice))
    rec = await fake.slash(alice, "game", subcommand="export", channel=fake.channel, settle=SETTLE)
    assert json.loads(rec.messages[0].attachments[0].data) == public, rec.describe()
    await fake.server.wait_until(lambda: len(rec.messages) >= 2, 20.0, "the note that the DM went out")
    assert "sent you its full record" in rec.all_text and rec.messages[-1].ephemeral
    dms = fake.dm_messages(alice)[before:]
    full_files = [a for m in dms for a in m.attachments]
    assert [a.filename for a in full_files] == [f"game-{game_id}-full-record.json"], [m.text() for m in dms]
    assert "python -m engine.replay" in dms[-1].text()
    verified = replay.verify_text(full_files[0].data.decode("utf-8"))
    assert [list(g) for g in verified.outcome.ranking] == public["outcome"]["ranking"]
    assert verified.moves == len(json.loads(full_files[0].data)["moves"])
