"""The deadlines table: when each pending human is next reminded, played for by the AFK policy, or by the rules."""

from __future__ import annotations

import sqlite3

import aiosqlite

from db.rows import REACTION, RULES, RULES_KINDS, TURN, DeadlineRow
from db.store import DeadlinePlan

__all__ = ["REACTION", "RULES", "RULES_KINDS", "TURN", "DeadlineRow"]


def replan(conn: sqlite3.Connection, game_id: int, plan: DeadlinePlan) -> None:
    """Keep the deadlines of players still pending, drop the others, add new ones (see DeadlinePlan).

    Players in `reset` (the one who just moved) start afresh; with `keep_timers` only their turn rows
    (a settings change that leaves the rules' timers alone must not give anyone more time).
    A write step (see Database.write).
    """
    planned = plan.planned()
    reset = set(plan.reset)
    existing = conn.execute("SELECT player, kind FROM deadlines WHERE game_id = ?", (game_id,)).fetchall()
    stale = [
        (game_id, p, kind)
        for p, kind in existing
        if (p, kind) not in planned or (p in reset and (kind == TURN or not plan.keep_timers))
    ]
    conn.executemany("DELETE FROM deadlines WHERE game_id = ? AND player = ? AND kind = ?", stale)
    conn.executemany(
        "INSERT OR IGNORE INTO deadlines (game_id, player, kind, due_at, reminders, version) VALUES (?, ?, ?, ?, 0, ?)",
        [(game_id, p, kind, due, plan.version) for (p, kind), due in sorted(planned.items())],
    )


async def due(conn: aiosqlite.Connection, now: float, limit: int = 200) -> list[DeadlineRow]:
    """Deadlines due at `now`, earliest first."""
    async with conn.execute(
        "SELECT game_id, player, kind, due_at, reminders, version FROM deadlines WHERE due_at <= ? "
        "ORDER BY due_at, game_id, player LIMIT ?",
        (now, limit),
    ) as cursor:
        return [DeadlineRow(*r) for r in await cursor.fetchall()]


async def for_game(conn: aiosqlite.Connection, game_id: int) -> list[DeadlineRow]:
    """Every deadline of a game."""
    async with conn.execute(
        "SELECT game_id, player, kind, due_at, reminders, version FROM deadlines WHERE game_id = ? "
        "ORDER BY player, kind",
        (game_id,),
    ) as cursor:
        return [DeadlineRow(*r) for r in await cursor.fetchall()]


async def next_due_at(conn: aiosqlite.Connection) -> float | None:
    """When the earliest deadline falls, or None when there is none."""
    async with conn.execute("SELECT MIN(due_at) FROM deadlines") as cursor:
        row = await cursor.fetchone()
    return None if row is None or row[0] is None else float(row[0])


async def reminded(conn: aiosqlite.Connection, row: DeadlineRow, next_due: float) -> bool:
    """Count one more reminder and set the next due time, only if the stored deadline still has the reminder
    count and due time of `row`; False (nothing changed) when it was re-planned or reminded meanwhile."""
    cursor = await conn.execute(
        "UPDATE deadlines SET reminders = reminders + 1, due_at = ? "
        "WHERE game_id = ? AND player = ? AND kind = ? AND reminders = ? AND due_at = ?",
        (next_due, row.game_id, row.player, row.kind, row.reminders, row.due_at),
    )
    await cursor.close()
    return cursor.rowcount == 1


async def postponed(conn: aiosqlite.Connection, row: DeadlineRow, due_at: float) -> bool:
    """Move the deadline to `due_at` without counting a reminder, only if the stored deadline still has the
    reminder count and due time of `row`; False (nothing changed) when it was re-planned meanwhile."""
    cursor = await conn.execute(
        "UPDATE deadlines SET due_at = ? "
        "WHERE game_id = ? AND player = ? AND kind = ? AND reminders = ? AND due_at = ?",
        (due_at, row.game_id, row.player, row.kind, row.reminders, row.due_at),
    )
    await cursor.close()
    return cursor.rowcount == 1


async def delete(conn: aiosqlite.Connection, game_id: int, player: int | None = None) -> None:
    """Drop the deadlines of a game (or of one of its players)."""
    if player is None:
        await conn.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
    else:
        await conn.execute("DELETE FROM deadlines WHERE game_id = ? AND player = ?", (game_id, player))


async def delete_row(conn: aiosqlite.Connection, row: DeadlineRow) -> None:
    """Drop one deadline (one kind of one player), leaving the player's other clocks alone."""
    await conn.execute(
        "DELETE FROM deadlines WHERE game_id = ? AND player = ? AND kind = ?", (row.game_id, row.player, row.kind)
    )
