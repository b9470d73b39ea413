"""Every level finishes games of every registered game and player count, with no broken invariant.

By default one game at each game's smallest and largest player count, shortened to the lowest turn cap or
round limit the game's options allow (still complete games, ended by their own rules); GNOMEHOST_SLOW=1 plays
50 games at every player count with the default options. Each game seats all three levels (rotated), so every
level plays every game. Every move goes through `parse_action` and `check_invariants` runs after each one
(engine.arena.play_match).
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from engine import registry
from engine.ai import LEVELS
from engine.arena import MatchSpec, play_match, seat_kinds

SLOW = os.environ.get("GNOMEHOST_SLOW") == "1"
GAMES = 50 if SLOW else 1
# Hard-level iterations: small in CI (the search itself is what is exercised, not its strength).
ITERATIONS = 40 if SLOW else 6



def short_options(game_name: str) -> dict[str, Any]:
    """Each integer cap or limit option of the game at its minimum (empty in slow runs)."""
    if SLOW:
        return {}
    return {o.name: o.minimum for o in registry.get(game_name).options()
            if o.type == "int" and o.name.endswith(("cap", "limit")) and o.minimum is not None}




def player_counts(game_name: str) -> list[int]:
    """Every player count in slow runs; the smallest and the largest otherwise."""
    low, high = registry.get(game_name).player_range
    return list(range(low, high + 1)) if SLOW else sorted({low, high})


CASES = [(name, n) for name in registry.names() for n in player_counts(name)]


@pytest.mark.parametrize(("game_name", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_every_level_finishes_with_sound_states(game_name: str, players: int) -> None:
    for index in range(GAMES):
        kinds = tuple(seat_kinds(LEVELS, players, index + players))
        options = tuple(sorted(short_options(game_name).items()))
        result = play_match(MatchSpec(game_name, players, kinds, 1000 + 17 * index + players, index, options,
                                      iterations=ITERATIONS))
        assert result.failures == [], (kinds, result.failures)
        assert result.ranking, kinds
        assert set(result.times) == set(kinds)
