"""Whom a "your turn" or reminder reaches, and how, by each player's own settings (/me quiet, notify, away).

Pure: the caller passes the players' stored rows, the moment and which users' DMs are known to be closed.
A player on vacation is not told at all (every table shows them away instead); a player in their quiet
hours is told once, when those hours end (the sender's catch-up); otherwise `notify` decides: the game's
channel (the default), a DM, or both. A player whose DMs are closed is told in the channel.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from enum import StrEnum

from db.store import PlayerRow
from host import quiet

log = logging.getLogger(__name__)


class Way(StrEnum):
    """How one player is told."""

    CHANNEL = "channel"  # mentioned in the game's channel
    DM = "dm"  # told by direct message
    BOTH = "both"
    HOLD = "hold"  # quiet hours: told once when they end
    SKIP = "skip"  # away: not told


def is_away(row: PlayerRow | None, now: float) -> bool:
    """Whether the player's vacation runs at `now`."""
    return row is not None and row.away_until is not None and row.away_until > now


def way_of(row: PlayerRow | None, now: float, dm_closed: bool) -> Way:
    """How a player with these settings is told at `now`."""
    if is_away(row, now):
        return Way.SKIP
    if quiet.in_quiet_hours(row, now):
        return Way.HOLD
    notify = "channel" if row is None else row.notify
    if dm_closed or notify == "channel":
        return Way.CHANNEL
    return Way.DM if notify == "dm" else Way.BOTH


def ways(
    users: Iterable[int], rows: Mapping[int, PlayerRow], now: float, dm_closed: Callable[[int], bool]
) -> dict[int, Way]:
    """How each of these users is told at `now`, by user id."""
    return {user: way_of(rows.get(user), now, dm_closed(user)) for user in users}


def in_channel(way: Way) -> bool:
    """Whether a player told this way is mentioned in the game's channel."""
    return way in (Way.CHANNEL, Way.BOTH)


def by_dm(way: Way) -> bool:
    """Whether a player told this way gets a DM."""
    return way in (Way.DM, Way.BOTH)
