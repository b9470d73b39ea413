"""The AI strength page (benchmarks.ai_strength) is built from real arena output, figures unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import ai_strength
from engine import arena, registry


def test_page_reports_the_first_kind_of_each_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["--game", "tribes", "--players", "2", "--seats", "normal,random", "--games", "2",
                       "--seed", "4", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    (tmp_path / "tribes_nr.json").write_text(json.dumps(summary), encoding="utf-8")
    (tmp_path / "notes.txt.json").write_text("not an arena run", encoding="utf-8")
    out = tmp_path / "page.md"
    notes = tmp_path / "notes.md"
    notes.write_text("## Notes\n\nwhat the figures say\n", encoding="utf-8")
    assert ai_strength.main([str(tmp_path), "--out", str(out), "--notes", str(notes)]) == 0
    page = out.read_text(encoding="utf-8")
    normal = summary["kinds"]["normal"]
    low, high = normal["ci95"]
    cells = f"| 2 | normal vs random | 2 | {normal['wins']} | {normal['win_rate']:.1%} | {low:.1%}–{high:.1%} | ≥ 90%"
    assert cells in page
    assert "python -m engine.arena --game tribes --players 2 --seats normal,random --games 2 --seed 4" in page
    assert page.index("## tribes") < page.index("what the figures say") < page.index("## Commands")


def test_matchup_names_one_against_several() -> None:
    assert ai_strength.matchup(["hard", "random", "random", "random"]) == "hard + 3 random"
    assert ai_strength.matchup(["hard", "normal"]) == "hard vs normal"


def row(seats: list[str], players: int, wins: int, games: int, ci: tuple[float, float]) -> ai_strength.Row:
    """A row with these results and harmless times."""
    return ai_strength.Row("tribes", players, seats, games, wins, wins / games, ci, 1.0, 1.0, 1.0, 1.0, "", 0)


def test_a_target_without_a_low_end_is_shown_only_when_the_interval_reaches_it() -> None:
    assert ai_strength.verdict(row(["hard", "busy"], 2, 50, 60, (0.82, 0.9))) == "≥ 80%: shown"
    assert ai_strength.verdict(row(["hard", "busy"], 2, 20, 24, (0.65, 0.93))).endswith("interval cannot tell")
    assert ai_strength.verdict(row(["hard", "busy"], 2, 10, 24, (0.24, 0.6))).endswith("missed")
    assert ai_strength.verdict(row(["hard", "random", "random", "random"], 4, 4, 4, (0.51, 1.0))).startswith("≥ 80%")
    assert ai_strength.verdict(row(["hard", "normal", "random"], 3, 4, 4, (0.51, 1.0))) == "—"


def test_a_target_with_a_low_end_needs_both_the_rate_and_the_low_end() -> None:
    assert ai_strength.verdict(row(["hard", "normal"], 2, 75, 100, (0.66, 0.82))) == "≥ 70%, low end ≥ 60%: met"
    assert ai_strength.verdict(row(["hard", "normal"], 2, 69, 100, (0.594, 0.772))).endswith("missed (rate)")
    assert ai_strength.verdict(row(["hard", "normal"], 2, 14, 20, (0.48, 0.85))).endswith("missed (low end)")
    assert ai_strength.verdict(row(["normal", "busy"], 2, 37, 40, (0.80, 0.97))) == "≥ 65%, low end ≥ 55%: met"


def test_four_player_hard_among_normal_players_has_the_first_place_target() -> None:
    assert ai_strength.verdict(row(["hard", "normal", "normal", "normal"], 4, 15, 20, (0.53, 0.89))) == "≥ 45%: shown"


def test_hard_time_targets_are_the_cpu_median_and_p95() -> None:
    fast = ai_strength.Row("tribes", 2, ["hard", "normal"], 1, 1, 1.0, (0.2, 1.0), 900.0, 1500.0, 550.0, 990.0,
                           "", 0)
    assert ai_strength.time_verdict(fast, cpu=True) == "ok"
    assert ai_strength.time_verdict(fast, cpu=False) == "over"


def test_the_committed_page_is_what_its_committed_runs_and_notes_give() -> None:
    root = Path(__file__).resolve().parents[3]
    balance = root / "docs" / "balance"
    rows = ai_strength.collect(balance / "strength_runs")
    assert {r.game for r in rows} == set(registry.names())
    notes = (balance / "ai_strength_notes.md").read_text(encoding="utf-8")
    assert ai_strength.render(rows, notes) == (balance / "ai_strength.md").read_text(encoding="utf-8")
