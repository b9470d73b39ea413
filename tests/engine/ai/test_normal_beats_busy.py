"""The normal level keeps beating the project's BusyPlayer (a player who just never passes) in every game.

Eight seat-rotated two-player games a game, and normal must win at least five. The games are fixed by their seeds,
so the test is not flaky: it changes only when the play changes. Five of eight is a wide margin on both sides: a
normal level that wins 95% of its games (the measured rate in every game) falls short of five with a chance of
about 1 in 2,700, while one that loses like the old Associates normal level (25%) reaches five with a chance of
about 3%. The whole test plays 24 short games (about 15 s on the project's machine).
"""

from __future__ import annotations

import pytest

from engine import arena, registry

GAMES = 8
WINS_NEEDED = 5


# One game in every run; the longer two in slow runs (the arena benchmarks measure them all).
@pytest.mark.parametrize(
    "game_name", [n if n == "vendetta" else pytest.param(n, marks=pytest.mark.slow) for n in registry.names()]
)
def test_normal_beats_busy_in_most_seat_rotated_games(game_name: str) -> None:
    specs = arena.specs_for(game_name, 2, ["normal", "busy"], GAMES, 1)
    results = arena.run_matches(specs)
    assert all(not r.failures for r in results), [r.failures for r in results if r.failures]
    wins = sum(1 for r in results if any(r.kinds[w] == "normal" for w in r.winners))
    assert wins >= WINS_NEEDED, f"{game_name}: normal beat busy in only {wins} of {GAMES} games"
