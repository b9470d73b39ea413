"""The stats benchmark (`python -m benchmarks.stats`) runs and adds up real final states of every game."""

from __future__ import annotations

import pytest

from benchmarks import stats
from engine import registry


def test_a_tiny_run_prints_a_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert stats.main(["--games", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == registry.names()
    assert all("2 games in " in line and "mean rounds " in line and " 0 factions" not in line for line in lines)
