"""The open activation answers every draft through one row per kind (activation.DRAFT_KINDS)."""

from __future__ import annotations

import random

from engine.associates import GAME
from engine.associates.activation import DRAFT_KINDS


def test_every_draft_a_game_opens_has_its_row() -> None:
    seen: set[str] = set()
    for seed in range(6):
        rnd = random.Random(seed)
        state = GAME.new_game(3, seed, {})
        for _ in range(400):
            pending = GAME.pending(state)
            if not pending:
                break
            player = rnd.choice(pending).player
            legal = GAME.legal_actions(state, player)
            state, _ = GAME.apply(state, player, rnd.choice(legal))
            if state.draft is not None:
                kind = state.draft.kind
                assert kind in DRAFT_KINDS, kind
                seen.add(kind)
    assert {"move", "transfer"} <= seen


def test_undo_of_an_empty_draft_drops_it_for_every_kind() -> None:
    state = GAME.new_game(2, 4, {})
    rnd = random.Random(4)
    dropped = 0
    for _ in range(600):
        pending = GAME.pending(state)
        if not pending or dropped >= 3:
            break
        player = pending[0].player
        if state.draft is not None and not state.draft.steps:
            undone, _ = GAME.apply(state, player, GAME.parse_action(state, player, "undo"))
            assert undone.draft is None
            dropped += 1
        legal = GAME.legal_actions(state, player)
        state, _ = GAME.apply(state, player, rnd.choice(legal))
    assert dropped >= 1
