"""The recap benchmark (`python -m benchmarks.recap --quick`): it runs for every game and prints its figures."""

from __future__ import annotations

import pytest

from benchmarks import recap as bench
from engine import registry
from host.recap import MAX_FRAMES


def test_a_quick_run_prints_a_line_of_figures_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = {line.split()[0]: line.split() for line in lines[2:]}
    assert set(rows) == set(registry.names())
    for cells in rows.values():
        frames, cold_ms, board_ms, gif_kb = int(cells[2]), float(cells[5]), float(cells[7]), float(cells[10])
        assert frames == MAX_FRAMES and cold_ms > 0 and board_ms > 0 and 0 < gif_kb <= 2 * 1024


def test_the_twelve_frames_are_the_last_public_changes_of_the_log() -> None:
    game = registry.get("tribes")
    rows = bench.game_log(game, 3)
    recap = bench.twelve_frames("tribes", rows)
    assert len(recap.frames) == MAX_FRAMES and recap.frames[0].seq == recap.since_seq
    assert [f.seq for f in recap.frames] == sorted({f.seq for f in recap.frames})
    assert all(e.public for f in recap.frames for e in f.events)
