"""A built Vendetta draft is not thrown away by one tap: pass, the suggested set and all dice wait for a clear."""

from __future__ import annotations

from engine import registry
from engine.vendetta.flow import current_declarer, current_mover
from engine.vendetta.state import PHASE_COMBAT, PHASE_MOVEMENT, PHASE_OBJECTIVES, VendettaState
from tests.engine.draft_clear import apply_id, check_clear, offered_ids, take

GAME = registry.get("vendetta")


def _suggested(state: VendettaState, player: int) -> str:
    return next(i for i in offered_ids(GAME, state, player) if i.startswith("choose:"))


def test_picked_objectives_offer_clear_instead_of_the_suggested_set() -> None:
    state = GAME.new_game(2, 7)
    assert state.phase == PHASE_OBJECTIVES
    suggested = _suggested(state, 0)
    state = take(GAME, state, 0, lambda i: i.startswith("pick:"))
    cleared = check_clear(GAME, state, 0, suggested)
    assert not (cleared.drafts.get(next(iter(cleared.drafts))) or {}).get("cards")
    apply_id(GAME, cleared, 0, suggested)


def _moving(seed: int) -> tuple[VendettaState, int]:
    state = GAME.new_game(2, seed)
    while state.phase == PHASE_OBJECTIVES:
        player = GAME.pending(state)[0].player
        state = apply_id(GAME, state, player, _suggested(state, player))
    assert state.phase == PHASE_MOVEMENT
    clan = current_mover(state)
    assert clan is not None
    return state, state.owner[clan]


def test_a_started_move_offers_clear_instead_of_pass() -> None:
    state, player = _moving(7)
    assert "pass" in offered_ids(GAME, state, player)
    state = take(GAME, state, player, lambda i: i.startswith("from:"))
    state = take(GAME, state, player, lambda i: i.startswith("to:"))
    if state.phase == PHASE_MOVEMENT and "pass" in offered_ids(GAME, state, player):
        state = take(GAME, state, player, lambda i: i.startswith("n:"))
    cleared = check_clear(GAME, state, player, "pass")
    after = apply_id(GAME, cleared, player, "pass")
    assert current_mover(after) != current_mover(cleared) or after.phase != PHASE_MOVEMENT


def test_aimed_dice_offer_clear_instead_of_all_dice() -> None:
    # moves at random until a fight where the declarer faces two clans (one target first, then the rest)
    for seed in range(40):
        state = GAME.new_game(3, seed)
        for _ in range(300):
            pending = GAME.pending(state)
            if not pending:
                break
            player = pending[0].player
            ids = offered_ids(GAME, state, player)
            if state.phase == PHASE_COMBAT and sum(i.startswith("target:") for i in ids) >= 2:
                everything = next(i for i in ids if i.startswith("all:"))
                state = take(GAME, state, player, lambda i: i.startswith("target:"))
                state = take(GAME, state, player, lambda i: i.startswith("dice:"))
                assert current_declarer(state) is not None
                check_clear(GAME, state, player, everything)
                return
            if state.phase == PHASE_OBJECTIVES:
                state = apply_id(GAME, state, player, _suggested(state, player))
            elif state.phase == PHASE_MOVEMENT:
                quick = GAME.shortcuts(state, player)
                state = GAME.apply(state, player, quick[-1])[0] if quick else take(
                    GAME, state, player, lambda i: i.startswith("from:") or i == "pass")
            else:
                state = GAME.apply(state, player, GAME.timeout_action(state, player))[0]
    raise AssertionError("no fight with two opponents was reached")
