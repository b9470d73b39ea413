"""The search's trusted apply gives exactly what `apply` gives, on the orders the computer players build and more."""

from __future__ import annotations

import pytest

from engine.core.actions import UNDO_ID, Action
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.vendetta import GAME, ai
from engine.vendetta.state import VendettaState, dump_state

STEPS = 60
# Ids that are not a whole order of the player to move: menu steps, other phases' orders, nonsense.
OTHER_IDS = ["undo", "confirm", "pass", "from:home_dingleson", "all:red", "choose:red:x,y", "decl:red:a>b*1", "zap"]


def _result(state: VendettaState, player: int, action: Action, trusted: bool) -> object:
    """The state and events after the action, or the refusal's code."""
    try:
        after, events = (GAME.apply_trusted if trusted else GAME.apply)(state, player, action)
    except IllegalAction as exc:
        return exc.code
    return dump_state(after), [e.to_json() for e in events]


def _tried(state: VendettaState) -> list[tuple[int, Action]]:
    """Every player's candidates, legal steps and the other ids, each for every player."""
    actions: dict[str, Action] = {}
    for player in range(state.players):
        for action in [*ai.candidates(GAME, state, player), *GAME.legal_actions(state, player)]:
            actions.setdefault(action.id, action)
    for text in OTHER_IDS:
        actions.setdefault(text, Action(text))
    return [(p, a) for p in range(state.players) for a in actions.values()]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (2, 9)])
def test_trusted_apply_equals_apply_along_random_games(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed)
    rng = Rng.from_seed(seed)
    compared = 0
    for _ in range(STEPS):
        pending = GAME.pending(state)
        if not pending:
            break
        for player, action in _tried(state):
            assert _result(state, player, action, True) == _result(state, player, action, False), action.id
            compared += 1
        mover = pending[0].player
        state, _ = GAME.apply(state, mover, rng.choice(ai.candidates(GAME, state, mover)))
    assert compared > 500


@pytest.mark.parametrize("seed", [5, 6])
def test_no_candidate_leaves_a_draft_open(seed: int) -> None:
    """What lets the search skip finishing drafts (ai.OPENS_DRAFTS): after any candidate nobody can undo."""
    assert ai.OPENS_DRAFTS is False
    state = GAME.new_game(2, seed)
    rng = Rng.from_seed(seed)
    for _ in range(STEPS):
        pending = GAME.pending(state)
        if not pending:
            break
        mover = pending[0].player
        found = ai.candidates(GAME, state, mover)
        for action in found:
            after, _ = GAME.apply(state, mover, action)
            assert all(a.id != UNDO_ID for a in GAME.legal_actions(after, mover)), action.id
        state, _ = GAME.apply(state, mover, rng.choice(found))
