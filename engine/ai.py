"""Computer players. They see only what a human in their seat would: legal actions and their view."""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.game import Game
from engine.core.rng import Rng


class RandomPlayer:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any], state: Any, player: int) -> Action:
        """One legal action for `player`; ValueError if the player has none."""
        legal = game.legal_actions(state, player)
        if not legal:
            raise ValueError(f"player {player} has no legal action")
        return self._rng.choice(legal)


def choose_for(game: Game[Any], state: Any, player: int, seed: int) -> Action:
    """A deterministic random choice for `player` that depends only on the seed and the state.

    The table service uses this for AI seats, so that an AI move replays
    identically whatever process makes it.
    """
    return RandomPlayer(seed).choose(game, state, player)
