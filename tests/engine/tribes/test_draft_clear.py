"""A built Tribes order is not thrown away by one tap: pass, attack nobody and play no card wait for a clear."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core.actions import CLEAR_ID, Action
from engine.core.errors import IllegalAction
from engine.tribes import phases
from engine.tribes.state import TribesState
from tests.engine.draft_clear import apply_id, check_clear, offered_ids, take

GAME = registry.get("tribes")


def _investing() -> TribesState:
    state = GAME.new_game(2, 7)
    while state.phase == phases.TRIBE:
        player = GAME.pending(state)[0].player
        state = take(GAME, state, player, lambda i: i.startswith("tribe:"))
    assert state.phase == phases.INVESTMENT
    return state


def test_a_built_investment_order_offers_clear_instead_of_pass() -> None:
    state = _investing()
    state = take(GAME, state, 0, lambda i: i.startswith("inv:at:"))
    assert "pass" in offered_ids(GAME, state, 0)  # a half-chosen step holds no part of the order yet
    state = take(GAME, state, 0, lambda i: i.startswith("inv:n:"))
    assert state.drafts[0].investment.recruits
    cleared = check_clear(GAME, state, 0, "pass")
    assert not cleared.drafts[0].investment.recruits and not cleared.drafts[0].done
    passed = apply_id(GAME, cleared, 0, "pass")
    assert passed.drafts[0].done and not passed.drafts[0].investment.recruits


def test_a_stored_pass_over_a_built_order_drops_it_as_before() -> None:
    state = _investing()
    state = take(GAME, state, 0, lambda i: i.startswith("inv:post:"))
    state = take(GAME, state, 0, lambda i: i.startswith("inv:bill:"))
    passed = apply_id(GAME, state, 0, "pass")
    assert passed.drafts[0].done and not passed.drafts[0].investment.bills


def test_clear_is_refused_on_an_empty_order() -> None:
    state = _investing()
    assert CLEAR_ID not in offered_ids(GAME, state, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action(CLEAR_ID))


def test_the_timeout_still_passes_a_built_order() -> None:
    state = _investing()
    state = take(GAME, state, 0, lambda i: i.startswith("inv:post:"))
    state = take(GAME, state, 0, lambda i: i.startswith("inv:bill:"))
    timeout = GAME.timeout_action(state, 0)
    assert timeout.id == "pass"
    after, _ = GAME.apply(state, 0, timeout)
    assert after.drafts[0].done


def _planning(seed: int) -> tuple[TribesState, int]:
    """A turbo game played by passing until a player's plan has something to attack."""
    state = GAME.new_game(2, seed, {"turbo": True})
    for _ in range(400):
        pending = GAME.pending(state)
        assert pending, "the game ended before any attack could be planned"
        player = pending[0].player
        ids = offered_ids(GAME, state, player)
        if state.phase == phases.PLAN and any(i.startswith("plan:from:") for i in ids):
            return state, player
        if state.phase == phases.INVESTMENT and any(i.startswith("inv:at:") for i in ids):
            state = take(GAME, state, player, lambda i: i.startswith("inv:at:"))
            state = take(GAME, state, player, lambda i: i.startswith("inv:n:"))
            state = apply_id(GAME, state, player, "confirm")
            continue
        state = GAME.apply(state, player, GAME.timeout_action(state, player))[0]
    raise AssertionError("no plan with an attack was reached")


def test_a_built_plan_offers_clear_instead_of_attack_nobody() -> None:
    state, player = _planning(3)
    state = take(GAME, state, player, lambda i: i.startswith("plan:from:"))
    while state.war is not None and not state.war.attacks:
        state = take(GAME, state, player, lambda i: i not in ("undo", "plan:none"))
    cleared = check_clear(GAME, state, player, "plan:none")
    assert cleared.war is not None and not cleared.war.attacks and not cleared.war.plan_done
    after = apply_id(GAME, cleared, player, "plan:none")
    assert after.war is None or after.war.plan_done or after.phase != phases.PLAN


def test_a_launch_order_offers_clear_instead_of_pass() -> None:
    state = _investing()
    state.options.turbo = True
    state = take(GAME, state, 0, lambda i: i == "inv:post:espionage")
    state = take(GAME, state, 0, lambda i: i == "inv:bill:5")
    state = apply_id(GAME, state, 0, "confirm")
    state = apply_id(GAME, state, 1, "pass")
    assert state.phase == phases.LAUNCH and GAME.pending(state)[0].player == 0
    state = take(GAME, state, 0, lambda i: i == "launch:spy")
    state = take(GAME, state, 0, lambda i: i.startswith("launch:spy:"))
    cleared = check_clear(GAME, state, 0, "pass")
    assert cleared.drafts[0].launch.espionage is None
