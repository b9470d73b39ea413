"""Replay identity: a random game replayed from its seed and moves reaches the same state, every state
round-trips through dump/load, and apply never changes its input (each variant, 2-4 players)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.ai import RandomPlayer
from engine.core.game import replay
from engine.tribes import GAME
from engine.tribes.state import TribesState

VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"turbo": True, "gnomicide": True, "gnompax_cap": 20}),
    (4, {"escargnom": True, "tribe_pick": "random", "gnompax_cap": 20}),
]
CHECK_EVERY = 7


def _dump(state: TribesState) -> str:
    return json.dumps(GAME.dump(state), sort_keys=True)


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_random_game_replays_and_round_trips(players: int, options: dict[str, Any]) -> None:
    seed = 40 + players
    state = GAME.new_game(players, seed, options)
    bots = [RandomPlayer(seed + p) for p in range(players)]
    moves: list[tuple[int, str]] = []
    while GAME.pending(state):
        d = GAME.pending(state)[len(moves) % len(GAME.pending(state))]
        action = bots[d.player].choose(GAME, state, d.player)
        deep = len(moves) % CHECK_EVERY == 0  # the JSON checks cost more than the game: one move in CHECK_EVERY
        before = _dump(state) if deep else ""
        new, _ = GAME.apply(state, d.player, action)
        if deep:
            assert _dump(state) == before, "apply changed its input"
            assert GAME.load(json.loads(_dump(new))) == new
        assert GAME.check_invariants(new) == []
        moves.append((d.player, action.id))
        state = new
    assert GAME.outcome(state) is not None
    again, _ = replay(GAME, players, seed, options, moves)
    assert again == state and _dump(again) == _dump(state)


def test_a_saved_game_of_another_schema_is_refused() -> None:
    from engine.core.errors import IllegalAction

    data = GAME.dump(GAME.new_game(2, 1, {}))
    data["schema"] = 99
    with pytest.raises(IllegalAction):
        GAME.load(data)
    data["schema"] = GAME.dump(GAME.new_game(2, 1, {}))["schema"]
    del data["deck"]
    with pytest.raises(IllegalAction):
        GAME.load(data)
