"""The stats' reads on PostgreSQL: the twin of db/stats.py (same SQL, same rows)."""

from __future__ import annotations

import asyncpg

from db.stat_rows import StatsFilter, StatsGame, TurnTime
from db.stats import GAMES, SEATS, TURNS, games_of, where


def _mark(n: int) -> str:
    return f"${n}"


async def finished_for_stats(conn: asyncpg.Connection, scope: StatsFilter) -> list[StatsGame]:
    """The finished games of `scope`, by id, each with every seat (the caller reads in one snapshot)."""
    clause, values = where(scope, _mark)
    games = await conn.fetch(GAMES.format(where=clause), *values)
    seats = await conn.fetch(SEATS.format(where=clause), *values)
    return games_of([tuple(r) for r in games], [tuple(r) for r in seats])


async def turn_times(conn: asyncpg.Connection, scope: StatsFilter) -> list[TurnTime]:
    """The turn times of people's own moves in the games of `scope` (any status: a running game's moves count)."""
    clause, values = where(scope, _mark, own_moves=True)
    rows = await conn.fetch(TURNS.format(where=clause), *values)
    return [TurnTime(int(r[0]), str(r[1]), float(r[2])) for r in rows]
