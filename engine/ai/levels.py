"""The levels a table offers (easy, normal, hard) and the one entry point the host calls to get an AI move."""

from __future__ import annotations

import logging
from typing import Any

from engine import registry
from engine.ai.basic import RandomPlayer
from engine.core.actions import Action
from engine.core.game import Game

log = logging.getLogger(__name__)

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")


def decide(
    game: Game[Any],
    state: Any,
    player: int,
    level: str,
    seed: int,
    *,
    budget_seconds: float | None = None,
) -> Action:
    """The move a computer player of `level` makes for `player` in `state`.

    Deterministic for the same observation, seed and level; pure (no I/O). ValueError for an unknown level
    or a player with nothing to decide.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    # Placeholder until the per-level players land: every level plays uniformly at random.
    return RandomPlayer(seed).choose(game, state, player)


def decide_by_name(
    game_name: str,
    state_dump: dict[str, Any],
    player: int,
    level: str,
    seed: int,
    budget_seconds: float | None = None,
) -> str:
    """`decide` on plain data (registered game name, `Game.dump` of the state): the chosen action id.

    Everything in and out pickles, so a process pool worker can run it.
    """
    game = registry.get(game_name)
    state = game.load(state_dump)
    return decide(game, state, player, level, seed, budget_seconds=budget_seconds).id
