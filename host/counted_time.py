"""How long a turn took in the player's own waking time: the seconds between two moments less their quiet hours
and their vacation.

Pure (the caller passes the moments and the player's settings, db.store.PlayerRow). Stats read turn times through
it, so a player who sleeps through the night a decision waited is not counted slow for it. Settings are today's:
quiet hours are read as they are set now, and of vacations only the current one is known (from when it was set
to its end); a vacation already over left no record.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from db.store import PlayerRow
from host.quiet import zone_of


def quiet_seconds(row: PlayerRow | None, start: float, end: float) -> float:
    """The seconds of [start, end] (epoch seconds) that fall in the player's daily quiet hours."""
    if row is None or row.quiet_from is None or row.quiet_to is None or row.quiet_from == row.quiet_to or end <= start:
        return 0.0
    zone = zone_of(row)
    day = datetime.fromtimestamp(start, zone).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=1)
    last = datetime.fromtimestamp(end, zone)
    length = (row.quiet_to - row.quiet_from) % (24 * 60)  # minutes; hours that wrap midnight are one stretch
    total = 0.0
    while day <= last:
        begin = day.replace(hour=row.quiet_from // 60, minute=row.quiet_from % 60)
        # Adding to an aware local time moves its wall clock: a stretch across a daylight-saving change keeps
        # its clock hours (23:00-08:00 stays that, however long the night).
        quiet_start = begin.timestamp()
        quiet_end = (begin + timedelta(minutes=length)).timestamp()
        total += max(0.0, min(end, quiet_end) - max(start, quiet_start))
        day += timedelta(days=1)
    return total


def away_span(row: PlayerRow | None, start: float, end: float) -> tuple[float, float] | None:
    """The part of [start, end] inside the player's current vacation (from when it was set to its end), if any."""
    if row is None or row.away_until is None:
        return None
    begin, finish = max(start, row.updated_at), min(end, row.away_until)
    return (begin, finish) if finish > begin else None


def counted_seconds(row: PlayerRow | None, start: float, end: float) -> float:
    """The seconds of [start, end] the player was neither in quiet hours nor on vacation."""
    if end <= start:
        return 0.0
    away = away_span(row, start, end)
    if away is None:
        return (end - start) - quiet_seconds(row, start, end)
    begin, finish = away
    awake_before = (begin - start) - quiet_seconds(row, start, begin)
    awake_after = (end - finish) - quiet_seconds(row, finish, end)
    return awake_before + awake_after
