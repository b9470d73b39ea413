"""Ratings on SQLite: each server's openskill ratings, the games they count, and what the rebuild reads.

The rows (db/rating_rows.py) are plain data; the rating math is host/ratings.py's. A person's row has `user_id` and an
AI level's row `ai_level`; in the tables the other column holds 0 or '' (a primary key cannot hold NULL),
and that encoding never leaves this module and its PostgreSQL twin (db/postgres/ratings.py).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

import aiosqlite

from db.rating_rows import (
    FINISHED,
    SEAT_COLUMNS,
    SKILL_COLUMNS,
    TURN_COUNTS,
    FinishedGame,
    RatingConflict,
    RatingWrite,
    SeatRating,
    SkillRow,
    Subject,
    TurnCount,
    seat_rating_of,
    skill_of,
    subject_columns,
    turn_counts_of,
)
from db.rows import SeatRow

__all__ = ["FinishedGame", "RatingConflict", "RatingWrite", "SeatRating", "SkillRow", "Subject", "TurnCount"]

# -- SQLite ----------------------------------------------------------------------------------------------------


def write(conn: sqlite3.Connection, rating: RatingWrite) -> None:
    """Store a game's rating inside a write step (the one of its last move). RatingConflict when a rating
    moved on since it was read, or the game was already rated; the caller's savepoint then undoes it all."""
    try:
        conn.execute(
            "INSERT INTO rated_games (game_id, guild_id, game_name, rated_at) VALUES (?, ?, ?, ?)",
            (rating.game_id, rating.guild_id, rating.game_name, rating.now),
        )
    except sqlite3.IntegrityError:
        raise RatingConflict(rating.game_id) from None
    conn.executemany(
        f"INSERT INTO rated_seats (game_id, {SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(rating.game_id, *_seat_values(seat)) for seat in rating.seats],
    )
    for skill in rating.ratings:
        user_id, level = subject_columns(skill.subject)
        if skill.games == 1:
            cursor = conn.execute(
                f"INSERT INTO ratings ({SKILL_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT DO NOTHING",
                (skill.guild_id, skill.game_name, user_id, level, skill.mu, skill.sigma, skill.updated_at),
            )
        else:
            cursor = conn.execute(
                "UPDATE ratings SET mu = ?, sigma = ?, games = ?, updated_at = ? "
                "WHERE guild_id = ? AND game_name = ? AND user_id = ? AND ai_level = ? AND games = ?",
                (
                    skill.mu,
                    skill.sigma,
                    skill.games,
                    skill.updated_at,
                    skill.guild_id,
                    skill.game_name,
                    user_id,
                    level,
                    skill.games - 1,
                ),
            )
        if cursor.rowcount != 1:
            raise RatingConflict(rating.game_id)


def _seat_values(seat: SeatRating) -> tuple[object, ...]:
    user_id, level = subject_columns(seat.subject)
    return (
        seat.player,
        user_id,
        level,
        int(seat.rated),
        seat.mu_before,
        seat.sigma_before,
        seat.mu_after,
        seat.sigma_after,
    )


def replace_all(conn: sqlite3.Connection, ratings: Sequence[RatingWrite]) -> None:
    """Forget every stored rating and store these games' ratings instead, in order (a write step)."""
    conn.execute("DELETE FROM rated_seats")
    conn.execute("DELETE FROM rated_games")
    conn.execute("DELETE FROM ratings")
    for rating in ratings:
        write(conn, rating)


async def ratings_of(
    conn: aiosqlite.Connection, guild_id: int, game_name: str, subjects: Sequence[Subject]
) -> list[SkillRow]:
    """The stored ratings of these subjects on a server and game (subjects never rated are left out)."""
    found: list[SkillRow] = []
    for subject in subjects:
        user_id, level = subject_columns(subject)
        async with conn.execute(
            f"SELECT {SKILL_COLUMNS} FROM ratings WHERE guild_id = ? AND game_name = ? AND user_id = ? "
            "AND ai_level = ?",
            (guild_id, game_name, user_id, level),
        ) as cursor:
            row = await cursor.fetchone()
        if row is not None:
            found.append(skill_of(_named(cursor, row)))
    return found


async def board(conn: aiosqlite.Connection, guild_id: int, game_name: str) -> list[SkillRow]:
    """Every rating of a server's game (people and AI levels), in no particular order."""
    async with conn.execute(
        f"SELECT {SKILL_COLUMNS} FROM ratings WHERE guild_id = ? AND game_name = ?", (guild_id, game_name)
    ) as cursor:
        rows = await cursor.fetchall()
        return [skill_of(_named(cursor, row)) for row in rows]


async def seat_ratings(conn: aiosqlite.Connection, game_id: int) -> list[SeatRating]:
    """The rated seats of a game, by player (none when the game was not rated)."""
    async with conn.execute(
        f"SELECT {SEAT_COLUMNS} FROM rated_seats WHERE game_id = ? ORDER BY player", (game_id,)
    ) as cursor:
        rows = await cursor.fetchall()
        return [seat_rating_of(_named(cursor, row)) for row in rows]


async def turn_counts(conn: aiosqlite.Connection, game_id: int) -> dict[int, TurnCount]:
    """Each player's moves so far, theirs and the AFK policy's (see TURN_COUNTS)."""
    async with conn.execute(TURN_COUNTS.format(game="?"), (game_id,)) as cursor:
        return turn_counts_of(list(await cursor.fetchall()))


async def finished_games(conn: aiosqlite.Connection) -> list[FinishedGame]:
    """Every finished game of a server, in the order they ended, with what rating it needs."""
    async with conn.execute(FINISHED) as cursor:
        games = list(await cursor.fetchall())
    found: list[FinishedGame] = []
    for game_id, guild_id, game_name, outcome, finished_at in games:
        async with conn.execute(
            "SELECT join_order, user_id, player, ai_level FROM seats WHERE game_id = ? ORDER BY join_order",
            (game_id,),
        ) as cursor:
            seats = tuple(SeatRow(game_id, r[0], r[1], r[2], r[3]) for r in await cursor.fetchall())
        found.append(
            FinishedGame(
                game_id=int(game_id),
                guild_id=int(guild_id),
                game_name=str(game_name),
                outcome=json.loads(outcome),
                seats=seats,
                turns=await turn_counts(conn, game_id),
                finished_at=float(finished_at or 0.0),
            )
        )
    return found


def _named(cursor: aiosqlite.Cursor, row: Any) -> dict[str, Any]:
    """A fetched tuple as a mapping of column name to value (the connection keeps plain tuples)."""
    return {column[0]: value for column, value in zip(cursor.description, row, strict=True)}
