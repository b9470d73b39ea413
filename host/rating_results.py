"""What the host reports about ratings, as plain values for any front end (present/records.py words them).

Numbers here are the displayed ones (host/ratings.py `display_of`: a newcomer has 1,000), never mu or sigma.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One seat's rating at a rated game's end: who held it, the number before and after, whether it counted.

    Exactly one of `user_id` (a person) and `ai_level` (an AI level's shared rating) is set. `rated` False:
    the seat was left out (the AI played most of its player's turns), and `after` equals `before`.
    """

    player: int
    user_id: int | None
    ai_level: str | None
    before: int
    after: int
    rated: bool

    @property
    def delta(self) -> int:
        """How far the displayed number moved (negative: down)."""
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A person's line on a server's leaderboard: their place (1 = best), displayed rating and rated games."""

    place: int
    user_id: int
    rating: int
    games: int


@dataclass(frozen=True, slots=True)
class AiStanding:
    """An AI level's rating on the server, for reference beside the people (never ranked among them)."""

    level: str
    rating: int
    games: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    """One page of a server's leaderboard for a game, the asking person's own place and the AI levels.

    Only people with at least `min_games` rated games are placed. `mine` None: the caller is not placed
    yet; `my_games` says how many rated games they have.
    """

    game_name: str
    min_games: int
    page: int
    pages: int
    entries: tuple[BoardEntry, ...]
    mine: BoardEntry | None
    my_games: int
    ai_levels: tuple[AiStanding, ...]
