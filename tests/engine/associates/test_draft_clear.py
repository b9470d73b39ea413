"""A built Associates draft is not thrown away by one tap: ending the activation waits for a clear."""

from __future__ import annotations

from engine import registry
from engine.associates.state import State
from engine.associates.table import ACT, CHOOSE, KEEP, phase_of
from tests.engine.draft_clear import apply_id, check_clear, offered_ids, take

GAME = registry.get("associates")


def _activating() -> tuple[State, int]:
    state = GAME.new_game(2, 7)
    for _ in range(20):
        player = GAME.pending(state)[0].player
        if phase_of(state) == ACT:
            return state, player
        if phase_of(state) == CHOOSE:
            state = take(GAME, state, player, lambda i: i.startswith("activate:"))
        else:
            state = GAME.apply(state, player, GAME.timeout_action(state, player))[0]
    raise AssertionError("no activation was reached")


def test_a_planned_movement_offers_clear_instead_of_ending_the_activation() -> None:
    state, player = _activating()
    state = take(GAME, state, player, lambda i: i == "move")
    assert "end" in offered_ids(GAME, state, player)  # an opened action with no step drops nothing
    state = take(GAME, state, player, lambda i: i.startswith("to:"))
    assert state.draft is not None and state.draft.steps
    cleared = check_clear(GAME, state, player, "end")
    assert cleared.draft is None and cleared.active is not None  # the activation stays open
    apply_id(GAME, cleared, player, "end")


def test_kept_cards_offer_clear_instead_of_the_default_five() -> None:
    state = GAME.new_game(2, 11)
    for _ in range(2000):
        pending = GAME.pending(state)
        assert pending, "the game ended before a keep-5 choice"
        player = pending[0].player
        if phase_of(state) == KEEP:
            state = take(GAME, state, player, lambda i: i.startswith("keep:"))
            check_clear(GAME, state, player, "keepdefault")
            return
        state = GAME.apply(state, player, GAME.timeout_action(state, player))[0]
    raise AssertionError("no keep-5 choice was reached")
