"""A computer player decides from its seat's observation only: hidden information dealt differently, same move."""

from __future__ import annotations

import pytest

from engine import registry
from engine.ai import LEVELS, decide
from tests.engine.ai.positions import position, redeal

CASES = [("associates", 2, 3, 60), ("associates", 3, 4, 150), ("vendetta", 2, 5, 40), ("vendetta", 4, 6, 30),
         ("tribes", 2, 3, 80), ("tribes", 3, 5, 200)]


@pytest.mark.parametrize(("game_name", "players", "seed", "steps"), CASES)
@pytest.mark.parametrize("level", LEVELS)
def test_same_observation_gives_the_same_choice(game_name: str, players: int, seed: int, steps: int,
                                                level: str) -> None:
    game = registry.get(game_name)
    state, seat = position(game_name, players, seed, steps)
    other = redeal(game_name, state, seat, seed + 99)
    assert game.view(other, seat) == game.view(state, seat)  # the seat cannot tell them apart...
    assert game.dump(other) != game.dump(state)  # ...though they differ
    for decision_seed in (1, 2):
        first = decide(game, state, seat, level, decision_seed, iterations=30)
        second = decide(game, other, seat, level, decision_seed, iterations=30)
        assert first.id == second.id


def test_redeal_changes_what_an_opponent_holds() -> None:
    state, seat = position("associates", 2, 3, 60)
    other = redeal("associates", state, seat, 1)
    opponent = 1 - seat
    assert sorted(other.players[opponent].hand + other.players[opponent].deck) == sorted(
        state.players[opponent].hand + state.players[opponent].deck)
    assert other.players[seat].hand == state.players[seat].hand
