"""The one-ply greedy player (levels easy and normal).

Drafts (a move built step by step) make one "move" several actions. The greedy player scores a step by what it
leads to: it applies the step to a sampled state, then finishes the open draft the plain way (confirm when it can,
else the first forward step) and evaluates the result. Games whose candidates are whole typed orders (Vendetta's
`decl:`) need no finishing at all; the finishing only matters for games that offer steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.ai.basic import is_passive
from engine.ai.hooks import GameHooks, margin, seat_values
from engine.ai.player import Budget, Observation
from engine.core.actions import CONFIRM_ID, UNDO_ID, Action
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.rng import Rng

# Steps taken at most to finish an open draft before evaluating it.
MAX_FINISH_STEPS = 8
# Points a passive choice (end, pass, none…) is preferred by over a doing one that gains nothing: a sensible
# player stops shuffling pieces around when no move improves the position.
PASSIVE_PREFERENCE = 0.01
PASSIVE_TAILS = frozenset({"end", "none", "pass", "decline", "skip", "idle"})


def looks_passive(action: Action) -> bool:
    """Whether an action ends, passes or declines (also as the last part of a phase's id, `dep:end`)."""
    return is_passive(action) or action.id.rsplit(":", 1)[-1] in PASSIVE_TAILS


def finish_draft(game: Game[Any], state: Any, player: int, limit: int = MAX_FINISH_STEPS) -> Any:
    """`state` with `player`'s open draft (a menu offering undo) finished: confirm if possible, else step on."""
    for _ in range(limit):
        legal = game.legal_actions(state, player)  # empty once the game is over or the player not pending
        ids = {a.id for a in legal}
        if UNDO_ID not in ids:
            return state
        if CONFIRM_ID in ids:
            step = next(a for a in legal if a.id == CONFIRM_ID)
        else:
            forward = [a for a in legal if a.id != UNDO_ID and not is_passive(a)]
            if not forward:
                return state
            step = forward[0]
        state, _ = game.apply(state, player, step)
    return state


def step_value(game: Game[Any], hooks: GameHooks, state: Any, player: int, action: Action, players: int) -> float:
    """The evaluation margin of `player` after `action` (and its draft finished); IllegalAction if refused."""
    after, _ = game.apply_trusted(state, player, action)
    if hooks.drafts:
        after = finish_draft(game, after, player)
    values = seat_values(game, hooks, after, players)
    return margin(values, player)


def greedy_action(game: Game[Any], hooks: GameHooks, state: Any, player: int, players: int) -> Action | None:
    """The best candidate on this very state by one-ply evaluation (first listed wins ties); None if none."""
    best: tuple[float, Action] | None = None
    for action in hooks.candidates(game, state, player):
        try:
            value = step_value(game, hooks, state, player, action, players)
        except IllegalAction:
            continue
        if looks_passive(action):
            value += PASSIVE_PREFERENCE
        if best is None or value > best[0]:
            best = (value, action)
    return None if best is None else best[1]


class GreedyPlayer:
    """One-ply greedy on the game's evaluation, averaged over `samples` imagined states; `noise` adds mistakes.

    Noise is a uniform perturbation of each candidate's score in points (the "easy" level); ties go to the
    candidate the game lists first (its own preference order: e.g. doing before passing).
    """

    def __init__(self, hooks: GameHooks, samples: int = 1, noise: float = 0.0) -> None:
        self.hooks = hooks
        self.samples = max(1, samples)
        self.noise = noise

    def choose(
        self, game: Game[Any], observation: Observation, legal: Sequence[Action], rng: Rng, budget: Budget
    ) -> Action:
        """The game's policy step when it has one (without noise), else the candidate with the best mean
        evaluation margin for the observing seat."""
        seat = observation.seat
        players = int(observation.view.get("players", 0)) or 2
        if self.hooks.policy is not None and not self.noise:
            action = self.hooks.policy(game, observation.sample(rng), seat)
            if action is not None:
                return action
        totals: dict[str, float] = {}
        order: dict[str, Action] = {}
        for _ in range(self.samples):
            state = observation.sample(rng)
            for action in self.hooks.candidates(game, state, seat):
                try:
                    value = step_value(game, self.hooks, state, seat, action, players)
                except IllegalAction:
                    continue
                order.setdefault(action.id, action)
                totals[action.id] = totals.get(action.id, 0.0) + value
        if not totals:
            return legal[0] if legal else _no_choice(seat)
        best_id = ""
        best_score = float("-inf")
        for action_id in order:
            score = totals[action_id] / self.samples
            if looks_passive(order[action_id]):
                score += PASSIVE_PREFERENCE
            if self.noise:
                score += (rng.randbelow(2001) - 1000) / 1000 * self.noise
            if score > best_score:
                best_id, best_score = action_id, score
        return order[best_id]


def _no_choice(seat: int) -> Action:
    raise ValueError(f"player {seat} has no legal action")
