"""The replay benchmark (`python -m benchmarks.replay --quick`): it runs for every game and prints its figures."""

from __future__ import annotations

import pytest

from benchmarks import replay as bench
from engine import registry


def test_a_quick_run_prints_a_line_of_figures_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert set(rows) == set(registry.names())
    for cells in rows.values():
        moves, frames = int(cells[1]), int(cells[2])
        fps, gif_kb = float(cells[5]), float(cells[6])
        # Six rounds (and a set-up round where the rules have one): one frame each.
        assert moves > 0 and 6 <= frames <= 7 and fps > 0 and 0 < gif_kb <= 8 * 1024


def test_the_log_is_cut_where_the_rules_round_counter_passes_the_rounds_asked() -> None:
    game = registry.get("vendetta")
    rows = bench.game_log(game, 3)
    rounds = bench.replay.replay_rounds(game, bench.PLAYERS, bench.SEED, {}, rows)
    assert rounds[-1].round == 3 and len(bench.game_log(game, 4)) > len(rows)
