"""An Associates AI never learns another player's half-built activation (its draft is private to them)."""

from __future__ import annotations

import copy
import random

from engine import registry
from engine.associates import ai as associates_ai
from engine.associates.state import AssociatesState, active_of
from engine.core.rng import Rng


def a_state_with_an_open_activation() -> AssociatesState:
    game = registry.get("associates")
    rng = random.Random(3)
    for seed in range(20):
        state = game.new_game(3, seed, {})
        for _ in range(600):
            if game.is_over(state):
                break
            if state.draft is not None and state.draft.steps:
                return state
            player = rng.choice([d.player for d in game.pending(state)])
            legal = [a for a in game.legal_actions(state, player) if a.id != "undo"]
            state, _ = game.apply(state, player, rng.choice(legal))
    raise AssertionError("no random game reached an activation with steps chosen")


def test_determinize_drops_another_players_open_draft_and_keeps_ones_own() -> None:
    game = registry.get("associates")
    state = a_state_with_an_open_activation()
    active = active_of(state).player
    other = next(p for p in range(3) if p != active)
    blank = copy.deepcopy(state)
    blank.draft = None
    seen = associates_ai.determinize(game, state, other, Rng.from_seed(5))
    assert seen.draft is None
    assert seen == associates_ai.determinize(game, blank, other, Rng.from_seed(5))
    own = associates_ai.determinize(game, state, active, Rng.from_seed(5))
    assert own.draft == state.draft
