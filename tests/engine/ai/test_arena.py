"""The arena's figures: seat rotation, confidence intervals, a short real run (CI smoke test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import arena


def test_seat_rotation_puts_every_kind_in_every_seat_equally() -> None:
    seats = ["hard", "normal", "random"]
    counts: dict[tuple[int, str], int] = {}
    for index in range(6):
        for p, kind in enumerate(arena.seat_kinds(seats, 3, index)):
            counts[(p, kind)] = counts.get((p, kind), 0) + 1
    assert set(counts.values()) == {2} and len(counts) == 9


def test_wilson_interval_brackets_the_rate_and_narrows_with_games() -> None:
    low, high = arena.wilson(8, 10)
    assert low < 0.8 < high
    low_many, high_many = arena.wilson(800, 1000)
    assert low < low_many < 0.8 < high_many < high
    assert arena.wilson(10, 10)[1] == pytest.approx(1.0)
    assert arena.wilson(0, 10)[0] == 0.0


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert arena.percentile(values, 0.95) == 95.0
    assert arena.percentile(values, 0.5) == 50.0


def test_short_arena_run_reports_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--game", "vendetta", "--players", "2", "--seats", "normal,random", "--games", "2",
                       "--seed", "3", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["kinds"]) == {"normal", "random"}
    assert out["finished"] == 2 and out["failures"] == []
    normal = out["kinds"]["normal"]
    assert normal["games"] == 2 and 0 <= normal["ci95"][0] <= normal["win_rate"] <= normal["ci95"][1] <= 1
    assert set(out["ratings"]) == {"normal", "random"}
    assert len(out["matches"]) == 2 and out["matches"][0]["kinds"] != out["matches"][1]["kinds"]


def test_arena_text_table_and_hard_seats(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--game", "vendetta", "--players", "3", "--seats", "hard,easy", "--games", "2",
                       "--seed", "5", "--iterations", "4"])
    assert code == 0
    text = capsys.readouterr().out
    assert "| hard |" in text and "| easy |" in text and "invariant failures: 0" in text


def test_unknown_seat_kind_is_refused() -> None:
    with pytest.raises(SystemExit):
        arena.main(["--game", "vendetta", "--players", "2", "--seats", "genius"])


def test_a_logged_run_summarises_the_same_from_its_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = f"{tmp_path}/games.jsonl"
    common = ["--game", "tribes", "--players", "2", "--seats", "normal,random", "--games", "2", "--seed", "6",
              "--json"]
    assert arena.main([*common, "--log", log]) == 0
    played = json.loads(capsys.readouterr().out)
    with open(log, encoding="utf-8") as handle:
        assert len(handle.readlines()) == 2
    assert arena.main([*common, "--from-log", log]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["kinds"] == played["kinds"] and again["matches"] == played["matches"]


def test_a_kind_that_takes_a_faction_plays_it_in_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--game", "associates", "--players", "2", "--seats", "random,busy", "--games", "2",
                       "--seed", "2", "--take", "busy=guild:thieves", "--option", "turn_cap=10", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["takes"] == ["busy=guild:thieves"]
    for match in out["matches"]:
        busy = match["kinds"].index("busy")
        assert match["factions"][str(busy)] == ["thieves"]
        assert match["factions"][str(1 - busy)] != ["thieves"]


def test_a_take_must_name_a_seat_kind_and_an_action() -> None:
    with pytest.raises(SystemExit):
        arena.main(["--game", "associates", "--players", "2", "--seats", "random,busy", "--take", "hard=guild:x"])
    with pytest.raises(SystemExit):
        arena.main(["--game", "associates", "--players", "2", "--seats", "random,busy", "--take", "busy"])
