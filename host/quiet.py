"""A player's daily quiet hours: whether a moment falls in them, and when they end.

Pure (no clock of its own, no store): the caller passes the moment and the player's settings
(db.store.PlayerRow). Quiet hours are read in the player's own zone, so they follow daylight saving;
a player without a zone has them in UTC. Hours that wrap midnight (23:00-08:00) are one stretch.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from db.store import PlayerRow

log = logging.getLogger(__name__)

MINUTES_PER_DAY = 24 * 60
# Discord offers at most this many autocomplete choices.
MAX_CHOICES = 25


def zone_of(row: PlayerRow | None) -> tzinfo:
    """The player's zone; UTC when they chose none or the stored name is no longer known."""
    if row is None or row.timezone is None:
        return UTC
    try:
        return ZoneInfo(row.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        # A zone renamed or dropped by a later tzdata: the player is treated as in UTC until they choose again.
        log.warning("user %s has an unknown time zone %r; using UTC", row.user_id, row.timezone)
        return UTC


def is_zone(name: str) -> bool:
    """Whether `name` is an IANA zone this machine knows."""
    return name in available_timezones()


def matching_zones(typed: str) -> list[str]:
    """At most MAX_CHOICES known zone names containing what was typed (case ignored), shortest first."""
    needle = typed.strip().casefold().replace(" ", "_")
    found = sorted((z for z in available_timezones() if needle in z.casefold()), key=lambda z: (len(z), z))
    return found[:MAX_CHOICES]


def _minute_of_day(moment: datetime) -> int:
    return moment.hour * 60 + moment.minute


def in_quiet_hours(row: PlayerRow | None, now: float) -> bool:
    """Whether `now` (epoch seconds) falls in the player's quiet hours (False when they have none)."""
    if row is None or row.quiet_from is None or row.quiet_to is None or row.quiet_from == row.quiet_to:
        return False
    minute = _minute_of_day(datetime.fromtimestamp(now, zone_of(row)))
    start, end = row.quiet_from, row.quiet_to
    if start < end:
        return start <= minute < end
    return minute >= start or minute < end


def quiet_ends_at(row: PlayerRow | None, now: float) -> float:
    """When the quiet hours `now` falls in end (epoch seconds); `now` itself when it is not quiet."""
    if row is None or row.quiet_to is None or not in_quiet_hours(row, now):
        return now
    local = datetime.fromtimestamp(now, zone_of(row))
    end = local.replace(hour=row.quiet_to // 60, minute=row.quiet_to % 60, second=0, microsecond=0)
    if end <= local:
        end += timedelta(days=1)
    return end.timestamp()
