"""Computer players: RandomPlayer, BusyPlayer and the passive-action classification."""

from __future__ import annotations

from typing import Any

import pytest

from engine import simulate
from engine.ai import BusyPlayer, RandomPlayer, is_passive, make_player
from engine.associates import GAME as ASSOCIATES
from engine.associates.state import AssociatesState
from engine.core import UNDO_ID, Action
from engine.core.events import Event
from engine.vendetta import GAME as VENDETTA
from tests.engine.associates.helpers import ALL4, activate, make


def _open_activation() -> AssociatesState:
    """An associates state whose pending player may move, transfer, fight... or end."""
    s = make(ALL4[:2])
    activate(s, next(f for f, d in s.figs.items() if d.guild == ALL4[0]))
    return s


def _play(game: Any, players: int, seed: int, options: dict[str, Any], kind: str) -> tuple[Any, list[Event]]:
    """A whole game where every seat is a computer player of `kind`; the final state and all events."""
    s = game.new_game(players, seed, options)
    bots = [make_player(kind, seed * 1000 + p) for p in range(players)]
    events: list[Event] = []
    for _ in range(simulate.MAX_DECISIONS):
        pending = game.pending(s)
        if not pending:
            break
        p = pending[0].player
        action = bots[p].choose(game, s, p)
        assert action in game.legal_actions(s, p)
        s, ev = game.apply(s, p, action)
        events += ev
    assert game.outcome(s) is not None
    return s, events


@pytest.mark.parametrize(
    ("action_id", "passive"),
    [(UNDO_ID, True), ("end", True), ("pass", True), ("skip", True), ("decline", True), ("idle", True),
     ("end_turn", True), ("passing", True), ("endgame:x", True), ("confirm", False), ("move", False),
     ("to:plain", False), ("r:card", False), ("keepdefault", False), ("takemax", False), ("all:red", False)],
)
def test_passive_classification(action_id: str, passive: bool) -> None:
    assert is_passive(Action(action_id)) is passive


def test_busy_player_is_deterministic_per_seed() -> None:
    first = [a.id for a in _choices(BusyPlayer(42), 60)]
    again = [a.id for a in _choices(BusyPlayer(42), 60)]
    other = [a.id for a in _choices(BusyPlayer(43), 60)]
    assert first == again
    assert first != other


def _choices(bot: BusyPlayer | RandomPlayer, k: int) -> list[Action]:
    """`k` choices of one bot on the same open-activation state."""
    s = _open_activation()
    p = ASSOCIATES.pending(s)[0].player
    return [bot.choose(ASSOCIATES, s, p) for _ in range(k)]


def test_busy_player_prefers_doing_actions() -> None:
    s = _open_activation()
    p = ASSOCIATES.pending(s)[0].player
    legal = ASSOCIATES.legal_actions(s, p)
    assert any(is_passive(a) for a in legal) and any(not is_passive(a) for a in legal)
    bot = BusyPlayer(7)
    picks = [bot.choose(ASSOCIATES, s, p) for _ in range(2000)]
    passive_share = sum(is_passive(a) for a in picks) / len(picks)
    assert 0.01 < passive_share < 0.10  # about 5%: rare, but it happens
    rnd = RandomPlayer(7)
    random_share = sum(is_passive(rnd.choose(ASSOCIATES, s, p)) for _ in range(2000)) / 2000
    assert random_share > 2 * passive_share  # uniform play ends far more often
    doing = {a.id for a in legal if not is_passive(a)}
    assert {a.id for a in picks if not is_passive(a)} == doing  # uniform among doing: each one appears


def test_busy_player_with_only_one_kind_and_no_choice() -> None:
    s = make(ALL4[:2])
    p = ASSOCIATES.pending(s)[0].player
    legal = ASSOCIATES.legal_actions(s, p)
    bot = BusyPlayer(3)
    assert all(bot.choose(ASSOCIATES, s, p) in legal for _ in range(50))
    other = 1 - p
    with pytest.raises(ValueError):
        bot.choose(ASSOCIATES, s, other)
    with pytest.raises(ValueError):
        BusyPlayer(1, passive_per_mille=1001)
    with pytest.raises(ValueError):
        make_player("clever", 1)


@pytest.mark.parametrize(("game", "players"), [(ASSOCIATES, 3), (VENDETTA, 4)], ids=["associates", "vendetta"])
def test_busy_player_always_chooses_a_legal_action(game: Any, players: int) -> None:
    final, events = _play(game, players, 11, {}, "busy")
    assert game.outcome(final) is not None and events


def test_busy_associates_games_fight_and_can_end_by_mission() -> None:
    reasons: list[str] = []
    for seed in range(6):
        final, events = _play(ASSOCIATES, 2, seed, {}, "busy")
        assert any(e.kind == "roll" for e in events), seed
        outcome = ASSOCIATES.outcome(final)
        assert outcome is not None, seed
        reasons.append(outcome.reason)
    assert "mission" in reasons, reasons  # seeds 0 and 5 reach a main mission before the turn cap


def test_simulate_with_busy_players_reports_unique_winners() -> None:
    reports = [simulate.play_one(ASSOCIATES, 2, s, {}, deep_checks=False, ai="busy") for s in (0, 5)]
    summary = simulate.summarise(reports)
    assert summary["end_reasons"].get("mission", 0) >= 1
    assert summary["unique_winner_share"] + summary["tie_share"] == pytest.approx(1.0)
    assert summary["invariant_failures"] == []
