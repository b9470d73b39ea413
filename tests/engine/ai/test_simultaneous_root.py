"""The search answers for the seat it was asked about, also when a simultaneous decision lists others first."""

from __future__ import annotations

import pytest

import engine.ai as ai
from engine import registry


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_pending_seat_gets_a_move_of_its_own(name: str, level: str) -> None:
    game = registry.get(name)
    low, high = game.player_range
    for players in sorted({low, min(high, 3)}):
        state = game.new_game(players, 7, {})
        pending = [d.player for d in game.pending(state)]
        assert pending, f"{name} starts with nobody to act"
        for player in pending:
            action = ai.decide(game, state, player, level, 3, iterations=40)
            # the engine accepts it for that seat (another seat's move is refused: E_NOT_YOUR_CLAN and the like)
            game.apply(state, player, game.parse_action(state, player, action.id))
