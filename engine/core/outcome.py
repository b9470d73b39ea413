"""The result of a finished game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final ranking (groups of tied players, best first), scores and why the game ended."""

    ranking: tuple[tuple[int, ...], ...]
    scores: dict[int, float]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players sharing first place."""
        return self.ranking[0] if self.ranking else ()

    def to_json(self) -> dict[str, Any]:
        """The outcome as a JSON-safe dict."""
        return {
            "ranking": [list(group) for group in self.ranking],
            "scores": {str(p): s for p, s in self.scores.items()},
            "reason": self.reason,
            "details": self.details,
        }


def rank_by_score(
    scores: dict[int, float], tiebreak: dict[int, tuple[Any, ...]] | None = None
) -> tuple[tuple[int, ...], ...]:
    """Players grouped by (score, tiebreak) descending; equal keys share a place."""
    tiebreak = tiebreak or {}

    def key(p: int) -> tuple[Any, ...]:
        return (scores[p], *tiebreak.get(p, ()))

    ordered = sorted(scores, key=key, reverse=True)
    groups: list[list[int]] = []
    for p in ordered:
        if groups and key(groups[-1][0]) == key(p):
            groups[-1].append(p)
        else:
            groups.append([p])
    return tuple(tuple(sorted(g)) for g in groups)
