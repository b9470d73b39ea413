"""The deadline plan of a game written inside a PostgreSQL transaction (same rule as db/deadlines.replan)."""

from __future__ import annotations

import asyncpg

from db.rows import TURN
from db.store import DeadlinePlan


async def replan(conn: asyncpg.Connection, game_id: int, plan: DeadlinePlan) -> None:
    """Keep the deadlines of players still pending, drop the others, add new ones (see DeadlinePlan).

    Runs inside the caller's transaction; the rows it keeps are left untouched, so a running reminder
    count or rules timer goes on.
    """
    pending = set(plan.pending)
    planned = {(p, kind): due for p, (kind, due) in plan.timers.items() if p in pending}
    if plan.due_at is not None:
        planned.update({(p, TURN): plan.due_at for p in pending})
    reset = set(plan.reset)
    existing = await conn.fetch("SELECT player, kind FROM deadlines WHERE game_id = $1", game_id)
    stale = [
        (game_id, r["player"], r["kind"])
        for r in existing
        if (r["player"], r["kind"]) not in planned
        or (r["player"] in reset and (r["kind"] == TURN or not plan.keep_timers))
    ]
    if stale:
        await conn.executemany("DELETE FROM deadlines WHERE game_id = $1 AND player = $2 AND kind = $3", stale)
    if planned:
        await conn.executemany(
            "INSERT INTO deadlines (game_id, player, kind, due_at, reminders, version) VALUES ($1, $2, $3, $4, 0, $5) "
            "ON CONFLICT (game_id, player, kind) DO NOTHING",
            [(game_id, p, kind, float(due), plan.version) for (p, kind), due in sorted(planned.items())],
        )
