"""A game's deadline plan written by set-based SQL (the same rule as db/deadlines.replan on SQLite).

The rule, in rows: deadlines not in the plan are deleted; planned rows that do not exist are added;
existing planned rows are kept as they are (a reminder count or a rules timer goes on), except the
rows of players in `reset` (the one who just moved), which start afresh — with `keep_timers`, only
their turn rows. On SQLite the fresh start is a delete and an insert; here it is an upsert whose
update fires only for those rows, so the whole plan is two statements that `commit_move` can also
run as parts of its one statement (`DELETE_UNPLANNED`, `UPSERT_PLANNED` with a guard).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import asyncpg

from db.rows import TURN
from db.store import DeadlinePlan

# {game}, {players}, {kinds}: parameter placeholders; {guard}: an extra condition ("" or "AND ...").
DELETE_UNPLANNED = (
    "DELETE FROM deadlines x WHERE x.game_id = {game} {guard} AND NOT EXISTS ("
    "SELECT 1 FROM unnest({players}::int[], {kinds}::text[]) AS p(player, kind) "
    "WHERE p.player = x.player AND p.kind = x.kind)"
)
UPSERT_PLANNED = (
    "INSERT INTO deadlines (game_id, player, kind, due_at, reminders, version) "
    "SELECT {game}, p.player, p.kind, p.due, 0, {version} "
    "FROM unnest({players}::int[], {kinds}::text[], {dues}::float8[]) AS p(player, kind, due) WHERE TRUE {guard} "
    "ON CONFLICT (game_id, player, kind) DO UPDATE SET due_at = excluded.due_at, reminders = 0, "
    "version = excluded.version "
    f"WHERE deadlines.player = ANY({{reset}}::int[]) AND (deadlines.kind = '{TURN}' OR NOT {{keep}}::bool)"
)


@dataclass(frozen=True, slots=True)
class PlanRows:
    """A DeadlinePlan as the parameter arrays of the SQL above (one entry per planned row)."""

    players: list[int]
    kinds: list[str]
    dues: list[float]
    reset: list[int]
    keep_timers: bool
    version: int

    @classmethod
    def of(cls, plan: DeadlinePlan) -> PlanRows:
        """The rows `plan` asks for: each pending player's rules timer, and its turn row when turns have one."""
        rows = sorted(plan.planned().items())
        return cls(
            players=[p for (p, _), _ in rows],
            kinds=[kind for (_, kind), _ in rows],
            dues=[float(due) for _, due in rows],
            reset=sorted(plan.reset),
            keep_timers=plan.keep_timers,
            version=plan.version,
        )


async def replan(conn: asyncpg.Connection, game_id: int, plan: DeadlinePlan) -> None:
    """Apply `plan` to a game's deadlines inside the caller's transaction (two statements)."""
    rows = PlanRows.of(plan)
    args: list[Any] = [game_id, rows.players, rows.kinds]
    await conn.execute(DELETE_UNPLANNED.format(game="$1", players="$2", kinds="$3", guard=""), *args)
    if rows.players:
        await conn.execute(
            UPSERT_PLANNED.format(
                game="$1", players="$2", kinds="$3", dues="$4", version="$5", reset="$6", keep="$7", guard=""
            ),
            *args,
            rows.dues,
            rows.version,
            rows.reset,
            rows.keep_timers,
        )
