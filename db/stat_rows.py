"""The rows the stats read (/game stats): finished games with their seats, and the stored turn times.

Plain data with no driver behind it (host/ imports it); the SQL is db/stats.py's and db/postgres/stats.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from db.rows import SeatRow


@dataclass(frozen=True, slots=True)
class StatsFilter:
    """Which stored games a stats read covers: one server (None: every server), one game (None: every
    game), the games one user sat in (None: everyone's)."""

    guild_id: int | None = None
    game_name: str | None = None
    user_id: int | None = None


@dataclass(frozen=True, slots=True)
class StatsGame:
    """One finished game as the stats see it: its outcome and final state (JSON, as stored), its seats,
    and when its first and last moves were stored (epoch seconds; None when it has no move)."""

    game_id: int
    guild_id: int | None
    game_name: str
    outcome: dict[str, Any]
    snapshot: dict[str, Any] | None
    seats: tuple[SeatRow, ...]
    started_at: float | None
    finished_at: float | None


@dataclass(frozen=True, slots=True)
class TurnTime:
    """One stored move of a person with its turn time: seconds from the decision becoming theirs to the move."""

    user_id: int
    game_name: str
    seconds: float
