"""The levels a table offers (easy, normal, hard) and the one entry point the host calls to get an AI move."""

from __future__ import annotations

import logging
from typing import Any

from engine import registry
from engine.ai.basic import RandomPlayer
from engine.ai.heuristic import GreedyPlayer
from engine.ai.hooks import GameHooks, hooks_for
from engine.ai.ismcts import IsmctsPlayer
from engine.ai.player import Budget, Observation, Player
from engine.core.actions import Action
from engine.core.game import Game
from engine.core.rng import Rng

log = logging.getLogger(__name__)

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")

# Search iterations of the hard level: 0.3-0.7 s of CPU a decision on the project's 2-core machine (measured on
# every game), and a fixed count (not a clock) so that the same observation and seed always give the same move.
HARD_ITERATIONS = 1000
# Points of uniform noise on each candidate's score at the easy level (games scale evaluations in points).
EASY_NOISE_SCALES = 1.5


def make_level_player(level: str, hooks: GameHooks) -> Player:
    """The player behind a level for a game with AI hooks; ValueError for an unknown level."""
    if level == "easy":
        return GreedyPlayer(hooks, samples=1, noise=EASY_NOISE_SCALES * hooks.scale)
    if level == "normal":
        return GreedyPlayer(hooks, samples=1)
    if level == "hard":
        return IsmctsPlayer(hooks.for_search())
    raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")


def observe(game: Game[Any], state: Any, seat: int, hooks: GameHooks) -> Observation:
    """What `seat` knows of `state`, with the game's determinisation as the only way to imagine the rest."""
    return Observation(seat, game.view(state, seat), lambda rng: hooks.determinize(game, state, seat, rng))


def decide(
    game: Game[Any],
    state: Any,
    player: int,
    level: str,
    seed: int,
    *,
    budget_seconds: float | None = None,
    iterations: int | None = None,
) -> Action:
    """The move a computer player of `level` makes for `player` in `state`.

    Deterministic for the same observation, seed and level (the hard level counts iterations: the game's own
    HARD_ITERATIONS when it sets one, else HARD_ITERATIONS here; `budget_seconds` only adds a wall-clock cap);
    pure (no I/O). A game without an `engine.<name>.ai` module plays at random at
    every level. ValueError for an unknown level or a player with nothing to decide.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}; choose one of {', '.join(LEVELS)}")
    legal = game.legal_actions(state, player)
    if not legal:
        raise ValueError(f"player {player} has no legal action")
    hooks = hooks_for(game.name)
    if hooks is None:
        return RandomPlayer(seed).choose(game, state, player)
    if len(legal) == 1 and not game.shortcuts(state, player):
        return legal[0]
    chooser = make_level_player(level, hooks)
    if iterations is None:
        iterations = hooks.hard_iterations or HARD_ITERATIONS
    budget = Budget(iterations=iterations, seconds=budget_seconds)
    return chooser.choose(game, observe(game, state, player, hooks), legal, Rng.from_seed(seed), budget)


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
