"""What a computer player is: the Player protocol, the Observation it receives and its Budget."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core.actions import Action
from engine.core.game import Game
from engine.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Budget:
    """How much thinking a decision may take: search iterations, and optionally a wall-clock cap."""

    iterations: int = 0
    seconds: float | None = None


class Observation:
    """Exactly what a human in `seat` knows: their view, and a way to imagine a state consistent with it.

    `view` is `game.view(state, seat)`. `sample(rng)` returns a full state drawn by the game's `determinize`:
    every public fact and the seat's own secrets kept, everything else re-dealt. Players read only these two;
    the true state stays inside the sampler, which is the game's responsibility to keep honest.
    """

    __slots__ = ("_sampler", "seat", "view")

    def __init__(self, seat: int, view: dict[str, Any], sampler: Callable[[Rng], Any]) -> None:
        self.seat = seat
        self.view = view
        self._sampler = sampler

    def sample(self, rng: Rng) -> Any:
        """One full state consistent with this observation, drawn with `rng`."""
        return self._sampler(rng)


class Player(Protocol):
    """A computer player: picks one action for the observing seat."""

    def choose(
        self, game: Game[Any], observation: Observation, legal: Sequence[Action], rng: Rng, budget: Budget
    ) -> Action:
        """The chosen action (one of `legal`, or a whole typed order the game accepts)."""
        ...
