"""The normal level keeps beating the project's BusyPlayer (a player who just never passes) in every game.

Twelve seat-rotated two-player games a registered game, and normal must win at least nine. The games are fixed by
their seeds, so the test is not flaky: it changes only when the play changes. How the count and threshold were
chosen (two-player, seat-rotated arena runs of 60 games from seed 1, see docs/balance/ai_strength.md): normal beat
busy in 56 of 60 Associates games (93.3%, the lowest of the three games), 60 of 60 in Vendetta and in Tribes. At
93.3% a changed normal level that plays as well falls short of nine wins in twelve with a binomial chance of
about 1 in 150 (5% at 88%, the low end of Associates' interval), while a normal level that only draws even with
busy (50%) reaches nine with a chance of 7%, one at 35% with 0.6%, and one that loses like the old Associates
level (25%) with 0.04%. Twelve games a game is what fits the time: the three games take about 13 s of CPU on one
core of the project's machine (Associates and Tribes about 5.5 s each, Vendetta under 2 s).
"""

from __future__ import annotations

import pytest

from engine import arena, registry

GAMES = 12
WINS_NEEDED = 9


@pytest.mark.parametrize("game_name", registry.names())
def test_normal_beats_busy_in_most_seat_rotated_games(game_name: str) -> None:
    specs = arena.specs_for(game_name, 2, ["normal", "busy"], GAMES, 1)
    results = arena.run_matches(specs)
    assert all(not r.failures for r in results), [r.failures for r in results if r.failures]
    wins = sum(1 for r in results if any(r.kinds[w] == "normal" for w in r.winners))
    assert wins >= WINS_NEEDED, f"{game_name}: normal beat busy in only {wins} of {GAMES} games"
