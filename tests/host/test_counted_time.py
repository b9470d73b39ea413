"""host.counted_time: turn times less the player's quiet hours and vacation."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from db.stat_rows import TurnTime
from db.store import PlayerRow
from host.counted_time import counted_seconds, quiet_seconds
from host.stats import awake_times

HOUR = 3600.0
NIGHT = PlayerRow(user_id=1, timezone="Europe/Paris", quiet_from=23 * 60, quiet_to=8 * 60)


def at(text: str, zone: str = "Europe/Paris") -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp()


def test_a_night_between_two_evenings_is_not_counted() -> None:
    # 20:00 to 20:00 the next day, quiet 23:00-08:00 Paris time: 24 h less 9 h of night.
    assert counted_seconds(NIGHT, at("2026-12-01T20:00"), at("2026-12-02T20:00")) == 15 * HOUR


def test_a_turn_inside_the_night_counts_nothing_and_one_without_hours_counts_all() -> None:
    assert counted_seconds(NIGHT, at("2026-12-02T01:00"), at("2026-12-02T03:00")) == 0.0
    assert counted_seconds(None, at("2026-12-02T01:00"), at("2026-12-02T03:00")) == 2 * HOUR
    assert counted_seconds(PlayerRow(user_id=2), 0.0, 5 * HOUR) == 5 * HOUR


def test_quiet_hours_keep_their_clock_hours_across_a_daylight_saving_change() -> None:
    # The night of 24-25 October 2026 in Paris is an hour longer: 23:00-08:00 is ten hours of real time.
    assert quiet_seconds(NIGHT, at("2026-10-24T12:00"), at("2026-10-25T12:00")) == 10 * HOUR


def test_a_vacation_is_left_out_and_its_nights_are_not_taken_twice() -> None:
    set_at = at("2026-12-01T12:00")
    away = PlayerRow(user_id=1, timezone="Europe/Paris", quiet_from=23 * 60, quiet_to=8 * 60,
                     away_until=at("2026-12-03T12:00"), updated_at=set_at)
    # From 10:00 on the first to 12:00 on the fourth: awake 2 h before the vacation, then 12:00-23:00 on the
    # third and 08:00-12:00 on the fourth after it (11 h + 4 h).
    assert counted_seconds(away, at("2026-12-01T10:00"), at("2026-12-04T12:00")) == 17 * HOUR


@given(start=st.floats(0, 2e9), length=st.floats(0, 30 * 24 * HOUR),
       quiet_from=st.integers(0, 1439), quiet_to=st.integers(0, 1439))
def test_counted_time_is_never_negative_nor_more_than_the_turn(start: float, length: float, quiet_from: int,
                                                              quiet_to: int) -> None:
    row = PlayerRow(user_id=1, timezone="America/New_York", quiet_from=quiet_from, quiet_to=quiet_to)
    counted = counted_seconds(row, start, start + length)
    assert -1e-6 <= counted <= length + 1e-6


def test_stats_read_turn_times_without_the_players_nights() -> None:
    moved = at("2026-12-02T20:00")
    times = [TurnTime(1, "dash", 24 * HOUR, moved), TurnTime(2, "dash", 24 * HOUR, moved)]
    assert [t.seconds for t in awake_times(times, {1: NIGHT})] == [15 * HOUR, 24 * HOUR]
    assert datetime.fromtimestamp(moved, UTC).hour == 19  # Paris is UTC+1 in December
