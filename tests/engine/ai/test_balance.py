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
