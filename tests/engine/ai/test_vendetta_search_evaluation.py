"""Vendetta's hard level judges its own search with what self-play measured: a kept statue is hard to come by.

The one-ply levels (and the rivals the search imagines) keep the plain evaluation, so only the hard level's
choice of objectives changes.
"""

from __future__ import annotations

import pytest

from engine.ai.hooks import hooks_for
from engine.ai.ismcts import IsmctsPlayer
from engine.ai.levels import decide, make_level_player
from engine.core.rng import Rng
from engine.vendetta import GAME, ai
from engine.vendetta.objectives import CARDS
from engine.vendetta.state import PHASE_OBJECTIVES, VendettaState


def kept_statues(state: VendettaState, clan: str) -> int:
    """How many distinct statues the objectives `clan` kept name."""
    return len({s for cid in state.chosen[clan] for s in CARDS[cid].statues})


def test_the_hard_level_searches_with_the_search_evaluation_and_normal_does_not() -> None:
    hooks = hooks_for("vendetta")
    assert hooks is not None and hooks.search_evaluate is ai.search_evaluate
    hard = make_level_player("hard", hooks)
    normal = make_level_player("normal", hooks)
    assert isinstance(hard, IsmctsPlayer)
    assert hard.hooks.evaluate is ai.search_evaluate and hard.hooks.evaluate_all is ai.search_evaluate_all
    assert normal.hooks.evaluate is ai.evaluate  # type: ignore[attr-defined]  # a GreedyPlayer has hooks too


def test_a_game_without_a_search_evaluation_searches_with_its_own() -> None:
    hooks = hooks_for("tribes")
    assert hooks is not None and hooks.search_evaluate is None
    assert hooks.for_search() is hooks


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3), (5, 2)])
def test_each_kept_statue_costs_the_same_all_game_long(players: int, seed: int) -> None:
    state = GAME.new_game(players, seed)
    rng = Rng.from_seed(seed)
    judged = 0
    while GAME.pending(state) and judged < 120:
        plain = ai.evaluate_all(GAME, state, players)
        searched = ai.search_evaluate_all(GAME, state, players)
        assert searched == [ai.search_evaluate(GAME, state, p) for p in range(players)]
        for p in range(players):
            statues = sum(kept_statues(state, c) for c in state.seats if state.owner[c] == p and c in state.chosen)
            assert plain[p] - searched[p] == pytest.approx(ai.KEPT_STATUE_POINTS * statues)
        judged += 1
        mover = GAME.pending(state)[0].player
        state, _ = GAME.apply(state, mover, rng.choice(ai.candidates(GAME, state, mover)))
    assert judged > 20 and any(state.chosen.values())


def choose_objectives(level: str, seed: int) -> int:
    """The statues named by the objectives the first deciding seat of a four-player game keeps at `level`."""
    state = GAME.new_game(4, seed)
    assert state.phase == PHASE_OBJECTIVES
    seat = GAME.pending(state)[0].player
    clan = next(c for c in state.seats if state.owner[c] == seat)
    while not state.chosen.get(clan):
        action = decide(GAME, state, seat, level, seed)
        state, _ = GAME.apply(state, seat, GAME.parse_action(state, seat, action.id))
    return kept_statues(state, clan)


def test_the_hard_level_keeps_fewer_statues_than_normal() -> None:
    seeds = range(1, 7)
    hard = [choose_objectives("hard", s) for s in seeds]
    normal = [choose_objectives("normal", s) for s in seeds]
    # normal takes the cards that look closest to done, and a statue card looks cheap: it keeps one every time
    assert all(n >= 2 for n in normal)
    assert all(h <= n for h, n in zip(hard, normal, strict=True)) and sum(hard) < sum(normal)
