"""Per-game AI modules are found by path; a game without one plays at random; decide runs in another process."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

from engine import registry
from engine.ai import decide_by_name
from engine.ai.hooks import default_candidates, hooks_for, rewards
from engine.core.actions import CLEAR_ID, CONFIRM_ID, UNDO_ID, Action
from engine.core.rng import Rng
from tests.engine.ai.positions import position


def test_registered_games_have_hooks_and_unknown_games_none() -> None:
    for name in ("associates", "vendetta", "tribes"):
        hooks = hooks_for(name)
        assert hooks is not None and hooks.scale > 0
    assert hooks_for("no_such_game") is None


def test_determinize_keeps_the_seat_view_and_the_game_sound() -> None:
    for name, players, seed, steps in (("associates", 3, 2, 120), ("vendetta", 5, 3, 30), ("tribes", 3, 4, 150),
                                       ("tribes", 4, 2, 400)):
        game = registry.get(name)
        hooks = hooks_for(name)
        assert hooks is not None
        state, seat = position(name, players, seed, steps)
        for k in range(5):
            sample = hooks.determinize(game, state, seat, Rng.from_seed(k))
            assert game.view(sample, seat) == game.view(state, seat)
            assert game.check_invariants(sample) == []


def test_rewards_lie_between_zero_and_one() -> None:
    game = registry.get("vendetta")
    hooks = hooks_for("vendetta")
    assert hooks is not None
    state, _seat = position("vendetta", 4, 3, 40)
    values = rewards(game, hooks, state, 4)
    assert len(values) == 4 and all(0.0 <= v <= 1.0 for v in values)


def test_decide_by_name_runs_in_a_worker_process() -> None:
    game = registry.get("vendetta")
    state, seat = position("vendetta", 3, 7, 10)
    dump = game.dump(state)
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        remote = pool.submit(decide_by_name, "vendetta", dump, seat, "hard", 3).result(timeout=120)
    assert remote == decide_by_name("vendetta", dump, seat, "hard", 3)


class _DraftGame:
    """Just what default_candidates asks of a game: its shortcuts and legal steps."""

    def __init__(self, *ids: str) -> None:
        self.ids = ids

    def shortcuts(self, state: object, player: int) -> list[Action]:
        return []

    def legal_actions(self, state: object, player: int) -> list[Action]:
        return [Action(i, i) for i in self.ids]


def test_a_computer_clears_a_draft_only_when_nothing_else_is_open() -> None:
    """Clearing takes back the computer's own steps: a search free to clear reopened one Movement for thousands of
    steps in one turn."""
    open_draft = _DraftGame(CLEAR_ID, "step:moor", CONFIRM_ID, UNDO_ID)
    assert [a.id for a in default_candidates(open_draft, None, 0)] == ["step:moor", CONFIRM_ID]  # type: ignore[arg-type]  # a stand-in game
    stuck = _DraftGame(UNDO_ID, CLEAR_ID)
    assert [a.id for a in default_candidates(stuck, None, 0)] == [CLEAR_ID]  # type: ignore[arg-type]  # a stand-in game
