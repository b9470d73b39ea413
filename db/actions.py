"""The action log: append-only, one row per stored move (or undo marker), numbered 1, 2, 3 ... per game."""

from __future__ import annotations

import json
import sqlite3

import aiosqlite

from db.rows import ActionRow, effective_moves

__all__ = ["ActionRow", "effective_moves"]

_INSERT = (
    "INSERT INTO actions (game_id, seq, player, action_id, source, user_id, undoes, events, created_at, turn_seconds) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _values(row: ActionRow) -> tuple[object, ...]:
    return (
        row.game_id,
        row.seq,
        row.player,
        row.action_id,
        row.source,
        row.user_id,
        row.undoes,
        json.dumps(row.events),
        row.created_at,
        row.turn_seconds,
    )


def append(conn: sqlite3.Connection, row: ActionRow) -> None:
    """Store one entry; sqlite3.IntegrityError if (game, seq) already exists. A write step."""
    conn.execute(_INSERT, _values(row))


def append_many(conn: sqlite3.Connection, rows: list[ActionRow]) -> None:
    """Store several entries; sqlite3.IntegrityError on a taken seq. A write step (see Database.write)."""
    conn.executemany(_INSERT, [_values(r) for r in rows])


async def list_actions(conn: aiosqlite.Connection, game_id: int, after: int = 0) -> list[ActionRow]:
    """The entries of a game's log after seq `after` (all by default), in seq order."""
    async with conn.execute(
        "SELECT game_id, seq, player, action_id, source, user_id, undoes, events, created_at "
        "FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
        (game_id, after),
    ) as cursor:
        rows = await cursor.fetchall()
    return [ActionRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], json.loads(r[7]), r[8]) for r in rows]
