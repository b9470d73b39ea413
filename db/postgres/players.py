"""The players table on PostgreSQL: each Discord user's own settings (zone, quiet hours, how told, vacation)."""

from __future__ import annotations

from collections.abc import Collection

import asyncpg

from db.store import PlayerRow

COLUMNS = "user_id, timezone, quiet_from, quiet_to, notify, away_until, updated_at, stats_hidden, locale"


def _player(record: asyncpg.Record) -> PlayerRow:
    return PlayerRow(
        user_id=record["user_id"],
        timezone=record["timezone"],
        quiet_from=record["quiet_from"],
        quiet_to=record["quiet_to"],
        notify=record["notify"],
        away_until=record["away_until"],
        updated_at=record["updated_at"],
        stats_hidden=bool(record["stats_hidden"]),
        locale=record["locale"],
    )


async def get_players(conn: asyncpg.Connection, user_ids: Collection[int]) -> dict[int, PlayerRow]:
    """The stored rows of these users, by user id."""
    records = await conn.fetch(
        f"SELECT {COLUMNS} FROM players WHERE user_id = ANY($1::bigint[])", sorted(set(user_ids))
    )
    return {r["user_id"]: _player(r) for r in records}


async def put_player(conn: asyncpg.Connection, row: PlayerRow) -> None:
    """Insert or replace the user's row."""
    await conn.execute(
        f"INSERT INTO players ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) "
        "ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone, quiet_from = excluded.quiet_from, "
        "quiet_to = excluded.quiet_to, notify = excluded.notify, away_until = excluded.away_until, "
        "updated_at = excluded.updated_at, stats_hidden = excluded.stats_hidden, locale = excluded.locale",
        row.user_id, row.timezone, row.quiet_from, row.quiet_to, row.notify, row.away_until, row.updated_at,
        int(row.stats_hidden), row.locale,
    )


async def set_locale(conn: asyncpg.Connection, user_id: int, locale: str, at: float) -> None:
    """Set the user's last seen language only, inserting a row of defaults when they have none."""
    await conn.execute(
        "INSERT INTO players (user_id, locale, updated_at) VALUES ($1, $2, $3) "
        "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at",
        user_id, locale, at,
    )
