"""host.players through the service: each user's own settings are checked, stored and read back (both stores)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from host.players import PlayerSettingRefused, is_off, parse_clock_time, parse_date
from host.service import TableService
from tests.host.conftest import ALICE, BOB, FakeClock


def test_clock_times_dates_and_off_are_read_as_typed():
    assert parse_clock_time("22:30") == 22 * 60 + 30
    assert parse_clock_time(" 7:05 ") == 7 * 60 + 5
    assert parse_date("2027-01-05").isoformat() == "2027-01-05"
    assert is_off("Off") and not is_off("08:00")
    for bad in ("24:00", "7", "12:60", "noon"):
        with pytest.raises(PlayerSettingRefused, match="time"):
            parse_clock_time(bad)
    for bad in ("2027-02-30", "5 Jan", ""):
        with pytest.raises(PlayerSettingRefused, match="not a date"):
            parse_date(bad)


async def test_defaults_then_each_setting_round_trips(service: TableService, clock: FakeClock):
    players = service.players
    fresh = await players.settings(ALICE)
    assert (fresh.timezone, fresh.quiet_from, fresh.notify, fresh.away_until) == (None, None, "channel", None)
    await players.set_timezone(ALICE, "Europe/Paris")
    await players.set_quiet(ALICE, "23:00", "08:00")
    await players.set_notify(ALICE, "dm")
    row = await players.settings(ALICE)
    assert (row.timezone, row.quiet_from, row.quiet_to, row.notify) == ("Europe/Paris", 23 * 60, 8 * 60, "dm")
    assert row.updated_at == clock.now
    # Another user's settings are untouched.
    assert (await players.settings(BOB)).timezone is None
    await players.set_quiet(ALICE, "off", "")
    assert (await players.settings(ALICE)).quiet_from is None


async def test_away_ends_at_the_start_of_the_date_in_the_players_zone(service: TableService, clock: FakeClock):
    clock.now = datetime(2027, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    players = service.players
    await players.set_timezone(ALICE, "America/New_York")
    row = await players.set_away(ALICE, "2027-01-10")
    assert row.away_until == datetime(2027, 1, 10, tzinfo=ZoneInfo("America/New_York")).timestamp()
    assert (await players.settings(ALICE)).away_until == row.away_until
    assert (await players.set_back(ALICE)).away_until is None
    assert (await players.settings(ALICE)).away_until is None


async def test_bad_settings_are_refused_and_nothing_is_stored(service: TableService, clock: FakeClock):
    players = service.players
    clock.now = datetime(2027, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    with pytest.raises(PlayerSettingRefused, match="not a time zone"):
        await players.set_timezone(ALICE, "Mars/Olympus")
    with pytest.raises(PlayerSettingRefused, match="different times"):
        await players.set_quiet(ALICE, "08:00", "08:00")
    with pytest.raises(PlayerSettingRefused, match="Choose one of"):
        await players.set_notify(ALICE, "pigeon")
    with pytest.raises(PlayerSettingRefused, match="already begun"):
        await players.set_away(ALICE, "2027-01-01")
    with pytest.raises(PlayerSettingRefused, match="at most 90 days"):
        await players.set_away(ALICE, "2027-06-01")
    assert await service.store.get_player(ALICE) is None


async def test_away_until_names_only_players_away_now(service: TableService, clock: FakeClock):
    clock.now = datetime(2027, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    players = service.players
    row = await players.set_away(ALICE, "2027-01-05")
    await players.set_away(BOB, "2027-01-02")
    await players.set_notify(9, "dm")
    bob_back = datetime(2027, 1, 2, tzinfo=ZoneInfo("UTC")).timestamp()
    assert await players.away_until([ALICE, BOB, 9, 10]) == {ALICE: row.away_until, BOB: bob_back}
    clock.now = datetime(2027, 1, 3, tzinfo=ZoneInfo("UTC")).timestamp()  # Bob's vacation is over
    assert await players.away_until([ALICE, BOB]) == {ALICE: row.away_until}


async def test_the_table_message_names_its_players_who_are_away(service: TableService, clock: FakeClock):
    from tests.host.conftest import HOST, started

    result = await started(service, [HOST, ALICE])
    assert (await service.table_message(result.game_id)).away == {}
    clock.now = datetime(2027, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()
    row = await service.players.set_away(ALICE, "2027-01-10")
    assert (await service.table_message(result.game_id)).away == {ALICE: row.away_until}
