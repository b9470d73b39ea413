"""/me through the real bot: each setting is stored and shown back privately, from a server and from a DM;
bad input gets a clear private answer; the settings are per user."""

from __future__ import annotations

import re
import time
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import open_lobby

pytestmark = pytest.mark.e2e


async def test_me_settings_round_trip_privately(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    assert fake.command("me")["contexts"] == [0, 1, 2], fake.command("me")
    assert fake.command("me")["integration_types"] == [0, 1], fake.command("me")
    choices = await fake.autocomplete(alice, "me", subcommand="timezone", focused="zone", value="berl")
    assert [c["value"] for c in choices] == ["Europe/Berlin"], choices
    assert len(await fake.autocomplete(alice, "me", subcommand="timezone", focused="zone", value="a")) == 25

    rec = await fake.slash(alice, "me", subcommand="timezone", options={"zone": "Europe/Berlin"})
    assert rec.ephemeral and "Europe/Berlin" in rec.content, rec.describe()
    rec = await fake.slash(alice, "me", subcommand="quiet", options={"from": "22:30", "to": "07:00"})
    assert rec.ephemeral and "from 22:30 to 07:00" in rec.content, rec.describe()
    rec = await fake.slash(alice, "me", subcommand="notify", options={"how": "both"})
    assert rec.ephemeral and "by direct message" in rec.content, rec.describe()
    day = datetime.now(UTC).date() + timedelta(days=10)
    rec = await fake.slash(alice, "me", subcommand="away", options={"until": day.isoformat()})
    back_at = int(datetime(day.year, day.month, day.day, tzinfo=ZoneInfo("Europe/Berlin")).timestamp())
    assert rec.ephemeral and f"<t:{back_at}:f>" in rec.content, rec.describe()

    # /me show from a DM reads the same settings: they belong to the user, not to a server.
    dm = fake.state.dm_channel(alice)
    rec = await fake.slash(alice, "me", subcommand="show", channel=dm)
    text = rec.content
    assert rec.ephemeral, rec.describe()
    assert "Time zone: Europe/Berlin" in text and "from 22:30 to 07:00 your time" in text, text
    assert "in the table's channel and by direct message" in text and f"away until <t:{back_at}:f>" in text, text
    assert "UTC" not in text and not re.search(r"\b\d+ minutes\b", text), text

    rec = await fake.slash(alice, "me", subcommand="back")
    assert rec.ephemeral and "no longer away" in rec.content, rec.describe()
    rec = await fake.slash(alice, "me", subcommand="quiet", options={"from": "off"})
    assert "Quiet hours are off" in rec.content, rec.describe()
    text = (await fake.slash(alice, "me", subcommand="show")).content
    assert "Vacation: not away" in text and "Quiet hours: none" in text, text

    # Another user has their own (default) settings.
    text = (await fake.slash(bob, "me", subcommand="show")).content
    assert "not chosen (UTC is used)" in text and "Your turn is announced: in the table's channel" in text, text
    fake.assert_valid()


async def test_bad_me_input_gets_a_clear_private_answer(fake: Harness, bot: LiveBot) -> None:
    alice = fake.user("alice")
    cases = [
        ("timezone", {"zone": "Mars/Olympus"}, "not a time zone"),
        ("quiet", {"from": "25:00", "to": "07:00"}, "not a time of day"),
        ("quiet", {"from": "late", "to": "07:00"}, "HH:MM"),
        ("away", {"until": "next week"}, "YYYY-MM-DD"),
        ("away", {"until": time.strftime("%Y-%m-%d", time.gmtime(time.time() - 3 * 86400))}, "already begun"),
    ]
    for sub, options, words in cases:
        rec = await fake.slash(alice, "me", subcommand=sub, options=options)
        assert rec.ephemeral and words in rec.all_text, (sub, options, rec.describe())
    text = (await fake.slash(alice, "me", subcommand="show")).content
    assert "not chosen" in text and "Quiet hours: none" in text and "not away" in text, text
    assert bot.log_errors() == []
    fake.assert_valid()


async def test_an_away_player_is_shown_away_in_the_tables_player_list(fake: Harness, bot: LiveBot) -> None:
    alice, bob = fake.user("alice"), fake.user("bob")
    await open_lobby(fake, alice, "vendetta", {})
    day = datetime.now(UTC).date() + timedelta(days=5)
    await fake.slash(alice, "me", subcommand="away", options={"until": day.isoformat()})
    back_at = int(datetime(day.year, day.month, day.day, tzinfo=ZoneInfo("UTC")).timestamp())
    text = (await fake.slash(bob, "game", subcommand="players")).all_text
    assert f"Away: <@{alice.id}> until <t:{back_at}:f>." in text, text
    text = (await fake.slash(bob, "game", subcommand="status")).all_text
    assert f"Away: <@{alice.id}> until <t:{back_at}:f>." in text, text
    await fake.slash(alice, "me", subcommand="back")
    text = (await fake.slash(bob, "game", subcommand="players")).all_text
    assert "Away:" not in text, text
    fake.assert_valid()
