"""Ratings on PostgreSQL: the twin of db/ratings.py (same rows, same rules, same subject encoding)."""

from __future__ import annotations

import json
from collections.abc import Sequence

import asyncpg

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


async def write(conn: asyncpg.Connection, rating: RatingWrite) -> None:
    """Store a game's rating inside the caller's transaction. RatingConflict when a rating moved on since
    it was read, or the game was already rated; the caller's transaction then rolls it all back."""
    inserted = await conn.fetchval(
        "INSERT INTO rated_games (game_id, guild_id, game_name, rated_at) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (game_id) DO NOTHING RETURNING 1",
        rating.game_id, rating.guild_id, rating.game_name, rating.now,
    )
    if inserted is None:
        raise RatingConflict(rating.game_id)
    await conn.executemany(
        f"INSERT INTO rated_seats (game_id, {SEAT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        [(rating.game_id, *_seat_values(seat)) for seat in rating.seats],
    )
    for skill in rating.ratings:
        user_id, level = subject_columns(skill.subject)
        if skill.games == 1:
            done = await conn.fetchval(
                f"INSERT INTO ratings ({SKILL_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, 1, $7) "
                "ON CONFLICT DO NOTHING RETURNING 1",
                skill.guild_id, skill.game_name, user_id, level, skill.mu, skill.sigma, skill.updated_at,
            )
        else:
            # A single guarded UPDATE: a racing writer's commit is re-checked against `games`.
            done = await conn.fetchval(
                "UPDATE ratings SET mu = $1, sigma = $2, games = $3, updated_at = $4 WHERE guild_id = $5 "
                "AND game_name = $6 AND user_id = $7 AND ai_level = $8 AND games = $9 RETURNING 1",
                skill.mu, skill.sigma, skill.games, skill.updated_at, skill.guild_id, skill.game_name,
                user_id, level, skill.games - 1,
            )
        if done is None:
            raise RatingConflict(rating.game_id)


def _seat_values(seat: SeatRating) -> tuple[object, ...]:
    user_id, level = subject_columns(seat.subject)
    return (
        seat.player, user_id, level, int(seat.rated), seat.mu_before, seat.sigma_before, seat.mu_after,
        seat.sigma_after,
    )


async def replace_all(conn: asyncpg.Connection, ratings: Sequence[RatingWrite]) -> None:
    """Forget every stored rating and store these games' ratings instead, in order (in a transaction)."""
    await conn.execute("DELETE FROM rated_seats")
    await conn.execute("DELETE FROM rated_games")
    await conn.execute("DELETE FROM ratings")
    for rating in ratings:
        await write(conn, rating)


async def ratings_of(
    conn: asyncpg.Connection, guild_id: int, game_name: str, subjects: Sequence[Subject]
) -> list[SkillRow]:
    """The stored ratings of these subjects on a server and game (subjects never rated are left out)."""
    found: list[SkillRow] = []
    for subject in subjects:
        user_id, level = subject_columns(subject)
        row = await conn.fetchrow(
            f"SELECT {SKILL_COLUMNS} FROM ratings WHERE guild_id = $1 AND game_name = $2 AND user_id = $3 "
            "AND ai_level = $4",
            guild_id, game_name, user_id, level,
        )
        if row is not None:
            found.append(skill_of(row))
    return found


async def board(conn: asyncpg.Connection, guild_id: int, game_name: str) -> list[SkillRow]:
    """Every rating of a server's game (people and AI levels), in no particular order."""
    rows = await conn.fetch(
        f"SELECT {SKILL_COLUMNS} FROM ratings WHERE guild_id = $1 AND game_name = $2", guild_id, game_name
    )
    return [skill_of(row) for row in rows]


async def seat_ratings(conn: asyncpg.Connection, game_id: int) -> list[SeatRating]:
    """The rated seats of a game, by player (none when the game was not rated)."""
    rows = await conn.fetch(f"SELECT {SEAT_COLUMNS} FROM rated_seats WHERE game_id = $1 ORDER BY player", game_id)
    return [seat_rating_of(row) for row in rows]


async def turn_counts(conn: asyncpg.Connection, game_id: int) -> dict[int, TurnCount]:
    """Each player's moves so far, theirs and the AFK policy's (see db.rating_rows.TURN_COUNTS)."""
    rows = await conn.fetch(TURN_COUNTS.format(game="$1"), game_id)
    return turn_counts_of([(r["player"], r["stood_in"], r["n"]) for r in rows])


async def finished_games(conn: asyncpg.Connection) -> list[FinishedGame]:
    """Every finished game, in the order they ended, with what rating it needs (in one snapshot)."""
    found: list[FinishedGame] = []
    for game in await conn.fetch(FINISHED):
        game_id = int(game["id"])
        seats = await conn.fetch(
            "SELECT join_order, user_id, player, ai_level FROM seats WHERE game_id = $1 ORDER BY join_order",
            game_id,
        )
        found.append(
            FinishedGame(
                game_id=game_id,
                guild_id=int(game["guild_id"]),
                game_name=str(game["game_name"]),
                outcome=json.loads(game["outcome"]),
                seats=tuple(SeatRow(game_id, s[0], s[1], s[2], s[3]) for s in seats),
                turns=await turn_counts(conn, game_id),
                finished_at=float(game["finished_at"] or 0.0),
            )
        )
    return found
