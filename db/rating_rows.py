"""The rating rows every store and host/ share: who holds a rating, the ratings, a rated game's write.

Plain data with no driver behind it (host/ imports it); the SQL is db/ratings.py's and db/postgres/ratings.py's.
"""

from __future__ import annotations

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
