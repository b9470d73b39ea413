"""The balance report: a tiny real run writes the Markdown report and its four plots."""

from __future__ import annotations

from pathlib import Path

from engine import balance


def test_balance_writes_report_and_plots(tmp_path: Path) -> None:
    code = balance.main(["--game", "vendetta", "--players", "3", "--games", "2", "--level", "normal",
                         "--variant", "", "--variant", "scoring=advanced", "--out", str(tmp_path)])
    assert code == 0
    text = (tmp_path / "vendetta.md").read_text(encoding="utf-8")
    assert "## All games pooled" in text and "## 3 players, scoring=advanced" in text
    assert "First player" in text and "Invariant failures: 0." in text
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == ["vendetta_end_reasons.png", "vendetta_factions.png", "vendetta_first_player.png",
                    "vendetta_length.png"]
    assert all((tmp_path / name).stat().st_size > 1000 for name in pngs)
    for name in pngs:
        assert f"]({name})" in text


def test_verdict_flags_only_rates_outside_five_points() -> None:
    inside = {"rate": 0.52, "fair": 0.5, "low": 0.4, "high": 0.6}
    outside_sure = {"rate": 0.8, "fair": 0.5, "low": 0.7, "high": 0.9}
    outside_unsure = {"rate": 0.7, "fair": 0.5, "low": 0.3, "high": 0.9}
    assert balance._verdict(inside) == "within ±5 points"
    assert balance._verdict(outside_sure) == "⚠ +30%"
    assert "CI still contains" in balance._verdict(outside_unsure)


def test_a_logged_run_resumes_where_it_stopped_and_reports_every_game(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    args = ["--game", "tribes", "--players", "2", "--level", "normal", "--out", str(tmp_path), "--log-dir",
            str(logs)]
    notes = tmp_path / "notes.md"
    notes.write_text("## What the figures say\n\nthe marsh tribe is fine\n", encoding="utf-8")
    assert balance.main([*args, "--games", "2", "--notes", str(notes)]) == 0
    text = (tmp_path / "tribes.md").read_text(encoding="utf-8")
    assert text.index("Small samples") < text.index("the marsh tribe is fine") < text.index("## All games pooled")
    log_file = logs / "2p_defaults.jsonl"
    first = log_file.read_text(encoding="utf-8").splitlines()
    assert len(first) == 2
    # a longer run plays only the games the log lacks, and its report counts all of them
    assert balance.main([*args, "--games", "3"]) == 0
    lines = log_file.read_text(encoding="utf-8").splitlines()
    assert lines[:2] == first and len(lines) == 3
    assert "## 2 players, defaults\n\n3 games, 3 finished" in (tmp_path / "tribes.md").read_text(encoding="utf-8")
    # with every game logged, nothing is played again
    assert balance.main([*args, "--games", "3"]) == 0
    assert log_file.read_text(encoding="utf-8").splitlines() == lines


def test_each_cell_has_its_own_log() -> None:
    a = balance.log_path(Path("d"), 3, balance.parse_variant("scoring=advanced"))
    b = balance.log_path(Path("d"), 3, balance.parse_variant(""))
    assert a != b and a.name == "3p_scoring=advanced.jsonl" and b.name == "3p_defaults.jsonl"
