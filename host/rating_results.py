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
