"""The stats' reads on SQLite: finished games with their seats, and the turn times of people's moves.

The rows are db/stat_rows.py's; what they add up to is host/stats.py's. The SQL is shared with the PostgreSQL
twin (db/postgres/stats.py) through `where`, which writes the filter in either dialect's placeholders.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import aiosqlite

from db.rows import SeatRow
from db.stat_rows import StatsFilter, StatsGame, TurnTime

__all__ = ["StatsFilter", "StatsGame", "TurnTime"]

GAMES = (
    "SELECT g.id, g.guild_id, g.game_name, g.outcome, g.snapshot, "
    "(SELECT min(created_at) FROM actions a WHERE a.game_id = g.id) AS started_at, "
    "(SELECT max(created_at) FROM actions a WHERE a.game_id = g.id) AS finished_at "
    "FROM games g WHERE g.status = 'finished' AND g.outcome IS NOT NULL{where} ORDER BY g.id"
)
SEATS = (
    "SELECT s.game_id, s.join_order, s.user_id, s.player, s.ai_level FROM seats s JOIN games g ON g.id = s.game_id "
    "WHERE g.status = 'finished' AND g.outcome IS NOT NULL{where} ORDER BY s.game_id, s.join_order"
)
# A person's own moves (an AFK stand-in's time is not theirs); NULL turn times (moves stored before schema 6,
# undo entries) are left out.
TURNS = (
    "SELECT a.user_id, g.game_name, a.turn_seconds FROM actions a JOIN games g ON g.id = a.game_id "
    "WHERE a.source = 'human' AND a.user_id IS NOT NULL AND a.turn_seconds IS NOT NULL{where}"
)


def where(scope: StatsFilter, mark: Callable[[int], str], *, own_moves: bool = False) -> tuple[str, list[Any]]:
    """The filter of `scope` as " AND ..." clauses over games `g` (and actions `a` with `own_moves`: the
    user's own moves rather than the games they sat in), with its values; `mark(n)` is the n-th placeholder."""
    clauses: list[str] = []
    values: list[Any] = []

    def add(clause: str, value: Any) -> None:
        values.append(value)
        clauses.append(clause.format(mark(len(values))))

    if scope.guild_id is not None:
        add("g.guild_id = {}", scope.guild_id)
    if scope.game_name is not None:
        add("g.game_name = {}", scope.game_name)
    if scope.user_id is not None:
        if own_moves:
            add("a.user_id = {}", scope.user_id)
        else:
            add("EXISTS (SELECT 1 FROM seats m WHERE m.game_id = g.id AND m.user_id = {})", scope.user_id)
    return "".join(f" AND {c}" for c in clauses), values


def games_of(game_rows: list[Any], seat_rows: list[Any]) -> list[StatsGame]:
    """StatsGames from rows of GAMES and SEATS (by position; both stores read the same columns)."""
    seats: dict[int, list[SeatRow]] = {}
    for game_id, join_order, user_id, player, ai_level in seat_rows:
        seats.setdefault(int(game_id), []).append(
            SeatRow(int(game_id), int(join_order), None if user_id is None else int(user_id),
                    None if player is None else int(player), str(ai_level)))
    return [
        StatsGame(
            game_id=int(game_id),
            guild_id=None if guild_id is None else int(guild_id),
            game_name=str(game_name),
            outcome=json.loads(outcome),
            snapshot=None if snapshot is None else json.loads(snapshot),
            seats=tuple(seats.get(int(game_id), ())),
            started_at=None if started is None else float(started),
            finished_at=None if finished is None else float(finished),
        )
        for game_id, guild_id, game_name, outcome, snapshot, started, finished in game_rows
    ]


def _mark(n: int) -> str:
    return "?"


async def finished_for_stats(conn: aiosqlite.Connection, scope: StatsFilter) -> list[StatsGame]:
    """The finished games of `scope`, by id, each with every seat."""
    clause, values = where(scope, _mark)
    async with conn.execute(GAMES.format(where=clause), values) as cursor:
        games = list(await cursor.fetchall())
    async with conn.execute(SEATS.format(where=clause), values) as cursor:
        seats = list(await cursor.fetchall())
    return games_of(games, seats)


async def turn_times(conn: aiosqlite.Connection, scope: StatsFilter) -> list[TurnTime]:
    """The turn times of people's own moves in the games of `scope` (any status: a running game's moves count)."""
    clause, values = where(scope, _mark, own_moves=True)
    async with conn.execute(TURNS.format(where=clause), values) as cursor:
        return [TurnTime(int(u), str(g), float(s)) for u, g, s in await cursor.fetchall()]
