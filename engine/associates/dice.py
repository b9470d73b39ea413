"""Dice faces, success counting and darkening (§2, R-A3, R-A4)."""

from __future__ import annotations

from typing import Final

from engine.core.rng import Rng

THRESHOLD: Final[dict[str, int]] = {"green": 4, "yellow": 3, "red": 2}
NEXT: Final[dict[str, str]] = {"green": "yellow", "yellow": "red"}
COLOURS: Final[tuple[str, ...]] = ("green", "yellow", "red")


def roll(rng: Rng, n: int) -> list[int]:
    """n faces 1-6 drawn in order from the seeded generator."""
    return [rng.die(6) for _ in range(n)]


def successes(faces: list[int], colour: str) -> int:
    """Number of success faces for dice of `colour` (R-A3)."""
    return sum(1 for f in faces if f <= THRESHOLD[colour])


def darken(n: int, colour: str, steps: int) -> tuple[int, str]:
    """Apply `steps` darkening steps (R-A4): colour moves up; at red a die is lost, never below 1."""
    for _ in range(steps):
        if colour != "red":
            colour = NEXT[colour]
        else:
            n = max(1, n - 1)
    return n, colour
