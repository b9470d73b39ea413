"""The simulator: plays full games, checks invariants, reports figures."""

from __future__ import annotations

import json

import pytest

from engine import registry, simulate
from engine.core import Action
from tests.engine.toygame import GAME as TOY
from tests.engine.toygame import ToyGame


def test_play_one_finishes_and_reports() -> None:
    report = simulate.play_one(TOY, 2, 5, {"target": 8})
    assert report.finished and not report.failures
    assert report.winners and report.decisions > 0
    assert report.winning_factions == [f"seat{p}" for p in report.winners]


class MutatingGame(ToyGame):
    """A deliberately broken game: apply changes its input."""

    def apply(self, state, player, action):
        state.round += 100
        return super().apply(state, player, action)


class BadTimeoutGame(ToyGame):
    """A deliberately broken game: its timeout default is not legal."""

    def timeout_action(self, state, player):
        return Action("bid:7")


@pytest.mark.parametrize(
    ("game", "needle"),
    [(MutatingGame(), "mutated its input"), (BadTimeoutGame(), "timeout action")],
)
def test_invariant_failures_are_caught(game: ToyGame, needle: str) -> None:
    report = simulate.play_one(game, 2, 1, {})
    assert any(needle in f for f in report.failures)


def test_summary_counts_wins() -> None:
    reports = [simulate.play_one(TOY, 2, s, {}) for s in range(20)]
    summary = simulate.summarise(reports)
    assert summary["finished"] == 20
    assert sum(summary["wins_by_player"].values()) >= 20
    assert summary["invariant_failures"] == []


def test_cli_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAMES, "toy", "tests.engine.toygame:GAME")
    registry.get.cache_clear()
    code = simulate.main(["--game", "toy", "--players", "3", "--games", "5", "--seed", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["finished"] == 5 and out["players"] == 3


def test_cli_busy_ai_reports_winner_shares(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry.GAMES, "toy", "tests.engine.toygame:GAME")
    registry.get.cache_clear()
    code = simulate.main(["--game", "toy", "--players", "2", "--games", "6", "--ai", "busy", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["ai"] == "busy"
    assert out["unique_winner_share"] + out["tie_share"] == pytest.approx(1.0)
    code = simulate.main(["--game", "toy", "--players", "2", "--games", "3"])
    text = capsys.readouterr().out
    assert code == 0 and "ai random" in text and "unique winner:" in text


def test_unknown_ai_is_refused() -> None:
    with pytest.raises(SystemExit):
        simulate.main(["--game", "associates", "--players", "2", "--ai", "clever"])
