"""host.quiet: quiet hours in the player's own zone, across midnight and daylight saving, with a fixed clock."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from db.store import PlayerRow
from host.quiet import in_quiet_hours, is_zone, matching_zones, quiet_ends_at, zone_of

PARIS = ZoneInfo("Europe/Paris")
NIGHTS = PlayerRow(7, timezone="Europe/Paris", quiet_from=23 * 60, quiet_to=8 * 60)


def at(year: int, month: int, day: int, hour: int, minute: int = 0, zone=PARIS) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=zone).timestamp()


def test_hours_that_wrap_midnight_are_one_stretch_in_the_players_zone():
    assert in_quiet_hours(NIGHTS, at(2026, 12, 2, 23, 0))
    assert in_quiet_hours(NIGHTS, at(2026, 12, 3, 3, 0))
    assert not in_quiet_hours(NIGHTS, at(2026, 12, 3, 8, 0))
    assert not in_quiet_hours(NIGHTS, at(2026, 12, 2, 22, 59))
    # 22:30 UTC is 23:30 in Paris: quiet for the Paris player, not for a player with the same hours in UTC.
    moment = datetime(2026, 12, 2, 22, 30, tzinfo=UTC).timestamp()
    assert in_quiet_hours(NIGHTS, moment)
    assert not in_quiet_hours(PlayerRow(7, quiet_from=23 * 60, quiet_to=8 * 60), moment)


def test_the_end_is_the_next_local_end_time_and_follows_daylight_saving():
    assert quiet_ends_at(NIGHTS, at(2026, 12, 2, 23, 30)) == at(2026, 12, 3, 8, 0)
    assert quiet_ends_at(NIGHTS, at(2026, 12, 3, 2, 0)) == at(2026, 12, 3, 8, 0)
    # The night the clocks go forward (29 March 2026) the quiet hours still end at 08:00 local time.
    assert quiet_ends_at(NIGHTS, at(2026, 3, 28, 23, 30)) == at(2026, 3, 29, 8, 0)
    awake = at(2026, 12, 3, 12, 0)
    assert quiet_ends_at(NIGHTS, awake) == awake


def test_hours_within_one_day_and_no_hours_at_all():
    lunch = PlayerRow(8, timezone="Europe/Paris", quiet_from=12 * 60, quiet_to=13 * 60 + 30)
    assert in_quiet_hours(lunch, at(2026, 12, 2, 13, 29))
    assert not in_quiet_hours(lunch, at(2026, 12, 2, 13, 30))
    assert not in_quiet_hours(PlayerRow(9), at(2026, 12, 2, 3, 0))
    assert not in_quiet_hours(None, at(2026, 12, 2, 3, 0))


def test_zones_are_checked_and_offered_for_autocomplete():
    assert is_zone("Europe/Paris") and not is_zone("Mars/Olympus")
    assert zone_of(PlayerRow(1, timezone="Mars/Olympus")) is UTC and zone_of(None) is UTC
    offered = matching_zones("paris")
    assert offered == ["Europe/Paris"]
    assert len(matching_zones("a")) == 25 and all("a" in z.casefold() for z in matching_zones("a"))
    assert "America/New_York" in matching_zones("new york")
