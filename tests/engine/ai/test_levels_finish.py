"""Every level finishes games of every registered game and player count, with no broken invariant.

A few games by default; GNOMEHOST_SLOW=1 plays 50 of each. Every move goes through `parse_action` and
`check_invariants` runs after each one (engine.arena.play_match).
"""

from __future__ import annotations

import os

import pytest

from engine import registry
from engine.ai import LEVELS
from engine.arena import MatchSpec, play_match, seat_kinds

SLOW = os.environ.get("GNOMEHOST_SLOW") == "1"
GAMES = 50 if SLOW else 1
# Hard-level iterations: small in CI (the search itself is what is exercised, not its strength).
ITERATIONS = 40 if SLOW else 6

CASES = [(name, n) for name in registry.names()
         for n in range(registry.get(name).player_range[0], registry.get(name).player_range[1] + 1)]


@pytest.mark.parametrize(("game_name", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_every_level_finishes_with_sound_states(game_name: str, players: int) -> None:
    for index in range(GAMES):
        kinds = tuple(seat_kinds(LEVELS, players, index + players))
        result = play_match(MatchSpec(game_name, players, kinds, 1000 + 17 * index + players, index,
                                      iterations=ITERATIONS))
        assert result.failures == [], (kinds, result.failures)
        assert result.ranking, kinds
        assert set(result.times) == set(kinds)
