"""The seats table: who sits at a table, in join order, and which player index each seat plays."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping

import aiosqlite

from db.rows import SeatRow

__all__ = ["SeatRow"]


async def list_seats(conn: aiosqlite.Connection, game_id: int) -> list[SeatRow]:
    """The seats of a game in join order."""
    async with conn.execute(
        "SELECT game_id, join_order, user_id, player, ai_level FROM seats WHERE game_id = ? ORDER BY join_order",
        (game_id,),
    ) as cursor:
        return [SeatRow(r[0], r[1], r[2], r[3], r[4]) for r in await cursor.fetchall()]


async def add_seat(
    conn: aiosqlite.Connection, game_id: int, user_id: int | None, ai_level: str = "normal"
) -> int:
    """Append a seat (user, or AI for None, playing at `ai_level`); returns its join order."""
    async with conn.execute("SELECT COALESCE(MAX(join_order), -1) + 1 FROM seats WHERE game_id = ?", (game_id,)) as c:
        row = await c.fetchone()
    join_order = int(row[0]) if row else 0
    await conn.execute(
        "INSERT INTO seats (game_id, join_order, user_id, player, ai_level) VALUES (?, ?, ?, NULL, ?)",
        (game_id, join_order, user_id, ai_level),
    )
    return join_order


async def remove_seat(conn: aiosqlite.Connection, game_id: int, join_order: int) -> None:
    """Remove a lobby seat."""
    await conn.execute("DELETE FROM seats WHERE game_id = ? AND join_order = ?", (game_id, join_order))


def assign_players(conn: sqlite3.Connection, game_id: int, players: Mapping[int, int]) -> None:
    """Give each seat (by join order) its player index. A write step (see Database.write)."""
    conn.executemany(
        "UPDATE seats SET player = ? WHERE game_id = ? AND join_order = ?",
        [(player, game_id, join_order) for join_order, player in players.items()],
    )


async def set_user(
    conn: aiosqlite.Connection, game_id: int, join_order: int, user_id: int | None, ai_level: str | None = None
) -> None:
    """Hand a seat to another user (or to the AI with None; `ai_level`, when given, is how it plays)."""
    if ai_level is None:
        await conn.execute(
            "UPDATE seats SET user_id = ? WHERE game_id = ? AND join_order = ?", (user_id, game_id, join_order)
        )
        return
    await conn.execute(
        "UPDATE seats SET user_id = ?, ai_level = ? WHERE game_id = ? AND join_order = ?",
        (user_id, ai_level, game_id, join_order),
    )


async def open_game_ids_for_user(conn: aiosqlite.Connection, user_id: int) -> list[int]:
    """Ids of lobby or running games where this user holds a seat, newest first."""
    async with conn.execute(
        "SELECT DISTINCT g.id FROM seats s JOIN games g ON g.id = s.game_id "
        "WHERE s.user_id = ? AND g.status IN ('lobby', 'active') ORDER BY g.id DESC",
        (user_id,),
    ) as cursor:
        return [r[0] for r in await cursor.fetchall()]
