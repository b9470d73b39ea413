"""The players table on SQLite: each Discord user's own settings (zone, quiet hours, how told, vacation)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import aiosqlite

from db.store import PlayerRow

COLUMNS = "user_id, timezone, quiet_from, quiet_to, notify, away_until, updated_at, stats_hidden, locale"
# SQLite's default limit on bound parameters is 999 (older builds): large look-ups are split.
_CHUNK = 500


def player_from_columns(row: Sequence[Any]) -> PlayerRow:
    """A PlayerRow from the COLUMNS of one row (the PostgreSQL store reads the same columns)."""
    return PlayerRow(
        user_id=int(row[0]),
        timezone=row[1],
        quiet_from=row[2],
        quiet_to=row[3],
        notify=str(row[4]),
        away_until=None if row[5] is None else float(row[5]),
        updated_at=float(row[6]),
        stats_hidden=bool(row[7]),
        locale=row[8],
    )


def player_values(row: PlayerRow) -> tuple[Any, ...]:
    """The COLUMNS values of `row`, in order."""
    return (row.user_id, row.timezone, row.quiet_from, row.quiet_to, row.notify, row.away_until, row.updated_at,
            int(row.stats_hidden), row.locale)


async def get_players(conn: aiosqlite.Connection, user_ids: Collection[int]) -> dict[int, PlayerRow]:
    """The stored rows of these users, by user id."""
    ids = sorted(set(user_ids))
    found: dict[int, PlayerRow] = {}
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start:start + _CHUNK]
        marks = ", ".join("?" for _ in chunk)
        async with conn.execute(f"SELECT {COLUMNS} FROM players WHERE user_id IN ({marks})", chunk) as cursor:
            for r in await cursor.fetchall():
                row = player_from_columns(r)
                found[row.user_id] = row
    return found


async def put_player(conn: aiosqlite.Connection, row: PlayerRow) -> None:
    """Insert or replace the user's row."""
    await conn.execute(
        f"INSERT INTO players ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone, quiet_from = excluded.quiet_from, "
        "quiet_to = excluded.quiet_to, notify = excluded.notify, away_until = excluded.away_until, "
        "updated_at = excluded.updated_at, stats_hidden = excluded.stats_hidden, locale = excluded.locale",
        player_values(row),
    )


async def set_locale(conn: aiosqlite.Connection, user_id: int, locale: str, at: float) -> None:
    """Set the user's last seen language only, inserting a row of defaults when they have none."""
    await conn.execute(
        "INSERT INTO players (user_id, locale, updated_at) VALUES (?, ?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at",
        (user_id, locale, at),
    )
