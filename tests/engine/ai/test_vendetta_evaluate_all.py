"""Vendetta's one-pass evaluation of every seat is the per-seat evaluation, to the last bit."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.vendetta import GAME, ai


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (2, 7)])
def test_evaluate_all_equals_evaluate_for_every_seat_along_random_games(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed)
    rng = Rng.from_seed(seed)
    judged = 0
    while GAME.pending(state) and judged < 150:
        assert ai.evaluate_all(GAME, state, players) == [ai.evaluate(GAME, state, p) for p in range(players)]
        judged += 1
        mover = GAME.pending(state)[0].player
        state, _ = GAME.apply(state, mover, rng.choice(ai.candidates(GAME, state, mover)))
    assert judged > 20
    assert ai.evaluate_all(GAME, state, players) == [ai.evaluate(GAME, state, p) for p in range(players)]
