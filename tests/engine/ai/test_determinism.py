"""The same observation, seed and level always give the same move; the move is one the game accepts."""

from __future__ import annotations

import pytest

from engine import registry
from engine.ai import LEVELS, decide, decide_by_name
from tests.engine.ai.positions import position


@pytest.mark.parametrize(("game_name", "players", "seed", "steps"),
                         [("associates", 2, 8, 80), ("vendetta", 3, 9, 25), ("vendetta", 2, 2, 0)])
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_move_and_the_game_accepts_it(game_name: str, players: int, seed: int, steps: int,
                                                     level: str) -> None:
    game = registry.get(game_name)
    state, seat = position(game_name, players, seed, steps)
    moves = {decide(game, state, seat, level, 5, iterations=40).id for _ in range(3)}
    assert len(moves) == 1
    move = moves.pop()
    game.apply(state, seat, game.parse_action(state, seat, move))  # accepted as a player's move
    assert decide_by_name(game_name, game.dump(state), seat, level, 5) == decide(game, state, seat, level, 5).id


def test_hard_level_follows_its_iteration_budget_not_the_clock() -> None:
    game = registry.get("vendetta")
    state, seat = position("vendetta", 2, 3, 30)
    generous = decide(game, state, seat, "hard", 11, budget_seconds=60.0, iterations=60)
    plain = decide(game, state, seat, "hard", 11, iterations=60)
    assert generous == plain


def test_unknown_level_and_idle_player_are_refused() -> None:
    game = registry.get("vendetta")
    state, seat = position("vendetta", 3, 4, 20)
    with pytest.raises(ValueError):
        decide(game, state, seat, "grandmaster", 1)
    idle = next(p for p in range(3) if not game.is_pending(state, p))
    with pytest.raises(ValueError):
        decide(game, state, idle, "normal", 1)
