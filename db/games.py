"""The games table: one row per table (lobby, running or over), with its snapshot cache and version.

Functions taking a sqlite3.Connection are write steps run by Database.write on
the writer thread; the others take the main aiosqlite connection.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import aiosqlite

from db.rows import GAME_COLUMNS as _COLUMNS
from db.rows import OPEN_STATUSES, GameRow, game_from_columns

__all__ = ["OPEN_STATUSES", "GameRow"]


def _row(row: sqlite3.Row) -> GameRow:
    return game_from_columns(row)


async def insert_game(
    conn: aiosqlite.Connection,
    *,
    guild_id: int | None,
    channel_id: int,
    game_name: str,
    options: dict[str, Any],
    seed: int,
    host_user_id: int,
    settings: dict[str, Any],
    now: float,
) -> int:
    """A new lobby row; sqlite3.IntegrityError when the channel already has an open game."""
    cursor = await conn.execute(
        "INSERT INTO games (guild_id, channel_id, game_name, options, seed, status, host_user_id, settings, "
        "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
        (guild_id, channel_id, game_name, json.dumps(options), seed, host_user_id, json.dumps(settings), now, now),
    )
    await cursor.close()
    assert cursor.lastrowid is not None
    return cursor.lastrowid


async def get_game(conn: aiosqlite.Connection, game_id: int) -> GameRow | None:
    """The game with this id, or None."""
    async with conn.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)) as cursor:
        row = await cursor.fetchone()
    return _row(row) if row else None


async def open_game_in_channel(conn: aiosqlite.Connection, channel_id: int) -> GameRow | None:
    """The lobby or running game in this channel, or None."""
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
    ) as cursor:
        row = await cursor.fetchone()
    return _row(row) if row else None


async def ids_with_status(conn: aiosqlite.Connection, status: str) -> list[int]:
    """Ids of every game with this status, oldest first."""
    async with conn.execute("SELECT id FROM games WHERE status = ? ORDER BY id", (status,)) as cursor:
        return [r[0] for r in await cursor.fetchall()]


async def ids_with_ai_pending(conn: aiosqlite.Connection) -> list[int]:
    """Running games where an AI seat must move (an AI turn interrupted by a crash)."""
    async with conn.execute(
        "SELECT id FROM games WHERE status = 'active' AND ai_pending = 1 ORDER BY id"
    ) as cursor:
        return [r[0] for r in await cursor.fetchall()]


async def total_version(conn: aiosqlite.Connection, status: str) -> int:
    """The summed versions (log lengths) of the games with this status."""
    async with conn.execute("SELECT COALESCE(SUM(version), 0) FROM games WHERE status = ?", (status,)) as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


def start_game(
    conn: sqlite3.Connection,
    game_id: int,
    *,
    players: int,
    snapshot: str,
    pending: list[dict[str, Any]],
    ai_pending: bool,
    now: float,
) -> bool:
    """Lobby -> active with the initial snapshot at version 0; False if the game is no longer a lobby.

    Its announcement is stored in the outbox by the same transaction. A write step (see Database.write).
    """
    cursor = conn.execute(
        "UPDATE games SET status = 'active', players = ?, version = 0, snapshot = ?, pending = ?, ai_pending = ?, "
        "updated_at = ?, announced_version = 0, revision = revision + 1 WHERE id = ? AND status = 'lobby'",
        (players, snapshot, json.dumps(pending), int(ai_pending), now, game_id),
    )
    return cursor.rowcount == 1


def advance(
    conn: sqlite3.Connection,
    game_id: int,
    *,
    expected_version: int,
    new_version: int,
    snapshot: str,
    pending: list[dict[str, Any]],
    ai_pending: bool,
    finished: bool,
    outcome: dict[str, Any] | None,
    now: float,
    announced_version: int,
) -> bool:
    """Move the game to `new_version` with its snapshot, only if it is running at `expected_version`.

    False means another writer changed the game first: the caller must roll back.
    A write step (see Database.write).
    """
    if new_version <= expected_version:
        raise ValueError("a game only moves forward")
    cursor = conn.execute(
        "UPDATE games SET version = ?, snapshot = ?, pending = ?, ai_pending = ?, status = ?, "
        "outcome = ?, updated_at = ?, announced_version = MAX(announced_version, ?), revision = revision + 1 "
        "WHERE id = ? AND version = ? AND status = 'active'",
        (
            new_version,
            snapshot,
            json.dumps(pending),
            int(ai_pending),
            "finished" if finished else "active",
            json.dumps(outcome) if outcome is not None else None,
            now,
            announced_version,
            game_id,
            expected_version,
        ),
    )
    return cursor.rowcount == 1


async def set_status(
    conn: aiosqlite.Connection,
    game_id: int,
    status: str,
    *,
    reason: str | None,
    now: float,
    only_from: tuple[str, ...] = OPEN_STATUSES,
) -> bool:
    """Change the status (cancel, quarantine) if the current one is in `only_from`; False otherwise."""
    marks = ", ".join("?" for _ in only_from)
    cursor = await conn.execute(
        f"UPDATE games SET status = ?, status_reason = ?, ai_pending = 0, updated_at = ?, revision = revision + 1 "
        f"WHERE id = ? AND status IN ({marks})",
        (status, reason, now, game_id, *only_from),
    )
    await cursor.close()
    return cursor.rowcount == 1


def set_settings(
    conn: sqlite3.Connection, game_id: int, settings: dict[str, Any], now: float, *, revision: int
) -> bool:
    """Store new table settings if the row is still at `revision`; False if someone changed it first.

    A write step (see Database.write)."""
    cursor = conn.execute(
        "UPDATE games SET settings = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND revision = ?",
        (json.dumps(settings), now, game_id, revision),
    )
    return cursor.rowcount == 1


async def set_ai_pending(conn: aiosqlite.Connection, game_id: int, ai_pending: bool, now: float) -> None:
    """Mark whether an AI seat must move (after a seat changed hands)."""
    await conn.execute(
        "UPDATE games SET ai_pending = ?, updated_at = ? WHERE id = ?",
        (int(ai_pending), now, game_id),
    )


async def ids_unannounced(conn: aiosqlite.Connection) -> list[int]:
    """Running or finished games whose last moves were stored but maybe never posted (a crash came between)."""
    async with conn.execute(
        "SELECT id FROM games WHERE status IN ('active', 'finished') AND announced_version < version ORDER BY id"
    ) as cursor:
        return [r[0] for r in await cursor.fetchall()]


def set_announced(conn: sqlite3.Connection, versions: dict[int, int]) -> None:
    """Record that these games were posted up to these versions (never moves backwards). A write step."""
    conn.executemany(
        "UPDATE games SET announced_version = ? WHERE id = ? AND announced_version < ?",
        [(version, game_id, version) for game_id, version in versions.items()],
    )


async def claim(conn: aiosqlite.Connection, game_id: int, revision: int, now: float, status: str) -> bool:
    """Move the row to the next revision if it is still at `revision` with `status`; False if it changed.

    Taken first inside a transaction that changes seats: a copy of the table that is out of date (another
    process, a cancelled lobby) can never add or move a seat."""
    cursor = await conn.execute(
        "UPDATE games SET updated_at = ?, revision = revision + 1 WHERE id = ? AND revision = ? AND status = ?",
        (now, game_id, revision, status),
    )
    await cursor.close()
    return cursor.rowcount == 1


async def last_game_in_channel(conn: aiosqlite.Connection, channel_id: int) -> GameRow | None:
    """The newest game of this channel or thread, whatever its status (open, over, cancelled), or None."""
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
    ) as cursor:
        row = await cursor.fetchone()
    return _row(row) if row else None


async def recent_in_channel(conn: aiosqlite.Connection, channel_id: int, limit: int) -> list[GameRow]:
    """The `limit` newest games of this channel or thread and of its threads, newest first (for /game history)."""
    async with conn.execute(
        f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? "
        "OR channel_id IN (SELECT thread_id FROM thread_parents WHERE parent_id = ?) ORDER BY id DESC LIMIT ?",
        (channel_id, channel_id, max(limit, 0)),
    ) as cursor:
        return [_row(r) for r in await cursor.fetchall()]


async def set_thread_parent(conn: aiosqlite.Connection, thread_id: int, parent_id: int) -> None:
    """Insert or replace the thread's parent channel."""
    await conn.execute(
        "INSERT INTO thread_parents (thread_id, parent_id) VALUES (?, ?) "
        "ON CONFLICT (thread_id) DO UPDATE SET parent_id = excluded.parent_id",
        (thread_id, parent_id),
    )
