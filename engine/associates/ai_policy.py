"""How the easy-to-hard levels choose which figurine to activate in Gnomes & Associates (and whether to idle).

Choosing a figurine changes nothing the evaluation can see: the figurine's two actions come after it. Judged one
ply deep, every `activate:<fig>` scores what `idle` (activate and end at once) scores, and the passive preference
then picks `idle`: the greedy level used to idle away most of its turns, which is why it lost to a player who just
never passes. Here each figurine is judged by its whole activation instead, played out by the one-ply greedy choice
of each of its steps, against ending at once; everywhere else the usual one-ply evaluation decides.

The hard level takes the figurine choice from here too and searches every other step of an activation: each
iteration plays the step on an imagined state, then every pending player's greedy step (`rollout_policy`: the
active player's next actions and cards, a rival's reaction) until the activation is over (`horizon`), and judges
the position there. The one-ply judgement both levels used before cannot see what a card like Improvisation (an
extra action) or a move towards loot is worth: the gain comes in the steps after it. The guild is chosen the
one-ply way too (see `search_point`).
"""

from __future__ import annotations

import logging
from typing import Any

from engine.ai.heuristic import finish_draft, greedy_action
from engine.ai.hooks import GameHooks, hooks_for, margin
from engine.associates.ids import IDLE_ID
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.game import Game

log = logging.getLogger(__name__)

# Steps of one activation played out at most (two actions, a few cards and the draft steps they open).
MAX_ACTIVATION_STEPS = 10


def _hooks() -> GameHooks:
    """This game's AI hooks (looked up when first needed: engine.associates.ai imports this module)."""
    hooks = hooks_for("associates")
    assert hooks is not None  # this module is part of the game's AI module
    return hooks


def activation_value(game: Game[Any], state: Any, player: int, action: Action) -> float:
    """`player`'s evaluation margin once the activation `action` opens is played out greedily (or it hands the
    move to someone else: a reaction window, the end of the game); IllegalAction if the game refuses `action`."""
    hooks = _hooks()
    players = game.num_players(state)
    after, _ = game.apply(state, player, action)
    for _ in range(MAX_ACTIVATION_STEPS):
        if game.outcome(after) is not None or not game.is_pending(after, player):
            break
        if any(a.id == IDLE_ID for a in game.legal_actions(after, player)):
            break  # the activation is over and the next figurine is to be chosen
        step = greedy_action(game, hooks, after, player, players)
        if step is None:
            break
        try:
            after, _ = game.apply(after, player, step)
        except IllegalAction:
            break
        after = finish_draft(game, after, player)
    values = [hooks.evaluate(game, after, p) for p in range(players)]
    return margin(values, player)


def policy(game: Game[Any], state: Any, player: int) -> Action | None:
    """At a figurine choice: the figurine whose greedy activation leaves `player` best placed (the first listed
    on a tie; idle only when it beats every activation); None at every other step (the one-ply evaluation
    decides there)."""
    legal = game.legal_actions(state, player)
    idle = next((a for a in legal if a.id == IDLE_ID), None)
    if idle is None:
        return None
    best: tuple[float, Action] | None = None
    for action in legal:
        try:
            value = activation_value(game, state, player, action)
        except IllegalAction:
            continue
        if best is None or value > best[0]:
            best = (value, action)
    return idle if best is None else best[1]


def rollout_policy(game: Game[Any], state: Any, player: int) -> Action | None:
    """The hard level's rollout step: the figurine choice above at a figurine choice, else the one-ply greedy
    step (what the normal level plays), or None when `player` has no candidate."""
    choice = policy(game, state, player)
    if choice is not None:
        return choice
    return greedy_action(game, _hooks(), state, player, game.num_players(state))


def horizon(game: Game[Any], start: Any, state: Any) -> bool:
    """Whether a hard-level rollout from `start` stops at `state`: once the activation open at `start` is over
    (from a step outside any activation, e.g. a figurine choice or keeping cards: once none is open)."""
    began = start.active
    now = state.active
    if now is None:
        return True
    return began is not None and (now.fig, now.player) != (began.fig, began.player)


def search_point(game: Game[Any], state: Any, player: int) -> bool:
    """Whether the hard level searches this step: every step but the choice of a guild and of a figurine (the
    one-ply level takes those: see the module docstring and below)."""
    if state.phase == "guild":
        # Every guild judges 0 before the figurines are on the board, so the search's visits tie and its pick
        # went by the order it happened to try them (9 of 40 first picks were not the Artisans, once the
        # Thieves, who win 4% of the balance games); the one-ply level takes the first listed on a tie.
        return False
    return not any(a.id == IDLE_ID for a in game.legal_actions(state, player))
