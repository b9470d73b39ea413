"""The rating rows every store and host/ share: who holds a rating, the ratings, a rated game's write.

Plain data with no driver behind it (host/ imports it); the SQL is db/ratings.py's and db/postgres/ratings.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from db.errors import WriteConflict
from db.rows import SeatRow

# -- rows ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Subject:
    """Who holds a rating: a person (`user_id`) or an AI level (`ai_level`); exactly one is set."""

    user_id: int | None = None
    ai_level: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.ai_level is None):
            raise ValueError("a rated subject is a person or an AI level, exactly one of them")

    @property
    def is_ai(self) -> bool:
        """An AI level's rating, not a person's."""
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class SkillRow:
    """One stored rating: its subject on a server and game, the openskill mu and sigma, rated games so far."""

    guild_id: int
    game_name: str
    subject: Subject
    mu: float
    sigma: float
    games: int
    updated_at: float


@dataclass(frozen=True, slots=True)
class SeatRating:
    """One seat of a rated game: who held it, their rating before and after; `rated` False: left out."""

    player: int
    subject: Subject
    rated: bool
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float


@dataclass(frozen=True, slots=True)
class RatingWrite:
    """The ratings a finished game changes, stored with its last move.

    Each of `ratings` is written only if its subject's stored `games` is still `games - 1` (no row when
    `games` is 1): another game rated meanwhile makes the write a RatingConflict and nothing is written.
    """

    game_id: int
    guild_id: int
    game_name: str
    seats: tuple[SeatRating, ...]
    ratings: tuple[SkillRow, ...]
    now: float


@dataclass(frozen=True, slots=True)
class TurnCount:
    """How one player's moves of a game were made: by them, or for them by the AFK policy."""

    own: int = 0
    stood_in: int = 0


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """What rating a finished game needs: its server, game, outcome, seats and each player's turns."""

    game_id: int
    guild_id: int
    game_name: str
    outcome: dict[str, Any]
    seats: tuple[SeatRow, ...]
    turns: dict[int, TurnCount]
    finished_at: float


class RatingConflict(WriteConflict):
    """A rating was changed by another game's end since it was read: nothing was written, read it again."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"the ratings game {game_id} changes were changed meanwhile")
        self.game_id = game_id


# -- the encoding of a subject in the tables ------------------------------------------------------------------


def subject_columns(subject: Subject) -> tuple[int, str]:
    """(user_id, ai_level) as stored: 0 and '' stand for the unset one."""
    return (subject.user_id or 0, subject.ai_level or "")


def subject_of(user_id: int, ai_level: str) -> Subject:
    """The subject of stored columns."""
    return Subject(ai_level=ai_level) if ai_level else Subject(user_id=int(user_id))


def skill_of(row: Any) -> SkillRow:
    """A ratings row read by column name (sqlite3.Row, asyncpg.Record)."""
    return SkillRow(
        guild_id=int(row["guild_id"]),
        game_name=str(row["game_name"]),
        subject=subject_of(row["user_id"], row["ai_level"]),
        mu=float(row["mu"]),
        sigma=float(row["sigma"]),
        games=int(row["games"]),
        updated_at=float(row["updated_at"]),
    )


def seat_rating_of(row: Any) -> SeatRating:
    """A rated_seats row read by column name."""
    return SeatRating(
        player=int(row["player"]),
        subject=subject_of(row["user_id"], row["ai_level"]),
        rated=bool(row["rated"]),
        mu_before=float(row["mu_before"]),
        sigma_before=float(row["sigma_before"]),
        mu_after=float(row["mu_after"]),
        sigma_after=float(row["sigma_after"]),
    )


def turn_counts_of(rows: Sequence[Any]) -> dict[int, TurnCount]:
    """Rows of (player, stood_in, n) as each player's TurnCount."""
    counts: dict[int, TurnCount] = {}
    for player, stood_in, n in rows:
        had = counts.get(int(player), TurnCount())
        if stood_in:
            counts[int(player)] = TurnCount(had.own, had.stood_in + int(n))
        else:
            counts[int(player)] = TurnCount(had.own + int(n), had.stood_in)
    return counts


# Moves of human seats counted by who made them; undone moves and undo entries do not count. A move of a
# seat's player with source 'human' is theirs; 'ai' or 'timeout' is the AFK policy standing in (on an AI
# seat every move is the AI's own, and the caller knows which seats those are).
TURN_COUNTS = (
    "SELECT a.player, a.source <> 'human' AS stood_in, count(*) AS n FROM actions a "
    "WHERE a.game_id = {game} AND a.source <> 'undo' AND NOT EXISTS ("
    "SELECT 1 FROM actions u WHERE u.game_id = a.game_id AND u.source = 'undo' AND u.undoes = a.seq) "
    "GROUP BY a.player, a.source <> 'human'"
)

# Finished games of a server, in the order they ended (their last move), for the rebuild.
FINISHED = (
    "SELECT g.id, g.guild_id, g.game_name, g.outcome, "
    "(SELECT max(created_at) FROM actions a WHERE a.game_id = g.id) AS finished_at "
    "FROM games g WHERE g.status = 'finished' AND g.guild_id IS NOT NULL AND g.outcome IS NOT NULL "
    "ORDER BY finished_at, g.id"
)

SKILL_COLUMNS = "guild_id, game_name, user_id, ai_level, mu, sigma, games, updated_at"
SEAT_COLUMNS = "player, user_id, ai_level, rated, mu_before, sigma_before, mu_after, sigma_after"
