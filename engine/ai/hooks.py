"""The per-game AI knowledge (engine/<game>/ai.py), found by module path, and the shared value helpers.

A game module offers:
  determinize(game, state, seat, rng) -> state   a state consistent with `seat`'s observation;
  evaluate(game, state, seat) -> float            how well `seat` stands, in the game's points;
  candidates(game, state, player) -> [Action]     the moves worth considering, best guesses first;
  SCALE: float                                    the evaluation margin that counts as "clearly ahead".
and optionally, for games of many small steps (an order built menu step by menu step):
  policy(game, state, player) -> Action | None     the game's own cheap next step (None: judge by evaluation);
  rollout_policy(game, state, player)              the same step without checking it is offered (search only);
  search_point(game, state, player) -> bool        whether the hard level searches this step (else: policy);
  horizon(game, start, state) -> bool              where a policy rollout from `start` stops to be evaluated;
  HARD_ITERATIONS: int                             the hard level's iterations at a search point.
A game whose whole orders are judged best by what follows them (Vendetta: the fights and loot after everyone moved)
may offer `horizon` and `rollout_policy` without `policy`: every search iteration then plays on to the horizon,
and optionally
  ROOT_WIDTH: int                                  the hard level searches only the seat's best few moves (by
                                                   one-ply evaluation), so that its costly rollouts go to them;
  evaluate_all(game, state, players) -> [float]   every seat's `evaluate` at once (cheaper when the seats share
                                                   work, e.g. one pass over the board);
  OPENS_DRAFTS: bool                               False when no candidate leaves a draft open (every one is a
                                                   whole order): the search then never lists a menu to finish one.
Any game may also offer what only the hard level knows (its search judges with it, and a game's `rollout_policy`
may judge the replies it imagines with it too; the one-ply levels never do):
  search_evaluate(game, state, seat) -> float     the search's `evaluate` (e.g. plus what self-play measured);
  search_evaluate_all(game, state, players)       the same for every seat at once.
A fourth game adds only its own file: nothing here names a game.
"""

from __future__ import annotations

import importlib
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engine.core.actions import CLEAR_ID, UNDO_ID, Action
from engine.core.game import Game
from engine.core.rng import Rng

log = logging.getLogger(__name__)

# Points a sole winner and each of several tied winners earn in search; losers earn 0.
SOLE_WIN = 1.0
SHARED_WIN = 0.7


@dataclass(frozen=True, slots=True)
class GameHooks:
    """One game's AI functions (see the module docstring)."""

    determinize: Callable[[Game[Any], Any, int, Rng], Any]
    evaluate: Callable[[Game[Any], Any, int], float]
    candidates: Callable[[Game[Any], Any, int], list[Action]]
    scale: float
    policy: Callable[[Game[Any], Any, int], Action | None] | None = None
    rollout_policy: Callable[[Game[Any], Any, int], Action | None] | None = None
    search_point: Callable[[Game[Any], Any, int], bool] | None = None
    horizon: Callable[[Game[Any], Any, Any], bool] | None = None
    hard_iterations: int | None = None
    root_width: int | None = None
    drafts: bool = True
    evaluate_all: Callable[[Game[Any], Any, int], list[float]] | None = None
    search_evaluate: Callable[[Game[Any], Any, int], float] | None = None
    search_evaluate_all: Callable[[Game[Any], Any, int], list[float]] | None = None

    def for_search(self) -> GameHooks:
        """These hooks with the search's own evaluation in place of the one-ply one, when the game has one."""
        if self.search_evaluate is None:
            return self
        return replace(self, evaluate=self.search_evaluate, evaluate_all=self.search_evaluate_all,
                       search_evaluate=None, search_evaluate_all=None)


def default_candidates(game: Game[Any], state: Any, player: int) -> list[Action]:
    """The legal steps and the game's shortcuts, without undo and without clearing a draft while anything else
    is open (a computer never takes back)."""
    seen: set[str] = set()
    out: list[Action] = []
    for a in [*game.shortcuts(state, player), *game.legal_actions(state, player)]:
        if a.id != UNDO_ID and a.id not in seen:
            seen.add(a.id)
            out.append(a)
    # A search that may clear can open a draft, clear it and open it again without end (seen at an Associates
    # table: thousands of steps in one turn); clearing only takes back what the computer chose itself.
    forward = [a for a in out if a.id != CLEAR_ID]
    return forward or out


@cache
def hooks_for(game_name: str) -> GameHooks | None:
    """The AI hooks of a registered game, from `engine.<name>.ai`; None when the game has none."""
    try:
        module = importlib.import_module(f"engine.{game_name}.ai")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"engine.{game_name}", f"engine.{game_name}.ai"):
            raise  # the module exists but something it imports is missing: a real error
        log.info("game %s has no AI module; its computer players play at random", game_name)
        return None
    return GameHooks(
        determinize=module.determinize,
        evaluate=module.evaluate,
        candidates=getattr(module, "candidates", default_candidates),
        scale=float(getattr(module, "SCALE", 10.0)),
        policy=getattr(module, "policy", None),
        rollout_policy=getattr(module, "rollout_policy", None),
        search_point=getattr(module, "search_point", None),
        horizon=getattr(module, "horizon", None),
        hard_iterations=getattr(module, "HARD_ITERATIONS", None),
        root_width=getattr(module, "ROOT_WIDTH", None),
        drafts=bool(getattr(module, "OPENS_DRAFTS", True)),
        evaluate_all=getattr(module, "evaluate_all", None),
        search_evaluate=getattr(module, "search_evaluate", None),
        search_evaluate_all=getattr(module, "search_evaluate_all", None),
    )


def margins(game: Game[Any], hooks: GameHooks, state: Any, players: int) -> list[float]:
    """Each seat's evaluation margin over the best other seat."""
    values = seat_values(game, hooks, state, players)
    return [margin(values, p) for p in range(players)]


def seat_values(game: Game[Any], hooks: GameHooks, state: Any, players: int) -> list[float]:
    """Each seat's evaluation, in seat order."""
    if hooks.evaluate_all is not None:
        return hooks.evaluate_all(game, state, players)
    return [hooks.evaluate(game, state, p) for p in range(players)]


def rewards(
    game: Game[Any], hooks: GameHooks, state: Any, players: int, baseline: list[float] | None = None
) -> list[float]:
    """Each seat's result in [0, 1]: the real one when the game is over, else a sigmoid of its evaluation margin.

    `baseline` (the margins where the search started) is subtracted first: a game far from even would otherwise
    saturate the sigmoid and make every move look alike to the player behind (or ahead).
    """
    outcome = game.outcome(state)
    if outcome is not None:
        winners = outcome.winners
        share = SOLE_WIN if len(winners) == 1 else SHARED_WIN
        return [share if p in winners else 0.0 for p in range(players)]
    now = margins(game, hooks, state, players)
    base = baseline or [0.0] * players
    return [_sigmoid((now[p] - base[p]) / hooks.scale) for p in range(players)]


def margin(values: list[float], player: int) -> float:
    """How far `player`'s value is above the best of the others (negative when behind)."""
    others = [v for q, v in enumerate(values) if q != player]
    return values[player] - (max(others) if others else 0.0)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
