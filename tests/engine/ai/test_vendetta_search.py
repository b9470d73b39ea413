"""Vendetta's hard level: it searches its best few moves and plays every iteration out to the end of the round."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import registry
from engine.ai.heuristic import step_value
from engine.ai.hooks import hooks_for
from engine.ai.ismcts import IsmctsPlayer
from engine.ai.levels import observe
from engine.ai.player import Budget
from engine.core.rng import Rng
from engine.vendetta import ai
from engine.vendetta.ids import PASS_ID
from engine.vendetta.state import PHASE_MOVEMENT, VendettaState
from tests.engine.ai.positions import position

GAME = registry.get("vendetta")


def movement_position(seed: int) -> tuple[VendettaState, int]:
    """A mid-game movement decision with more candidates than the search's width."""
    for steps in range(20, 80, 7):
        state, seat = position("vendetta", 2, seed, steps)
        if state.phase == PHASE_MOVEMENT and len(ai.candidates(GAME, state, seat)) > ai.ROOT_WIDTH:
            return state, seat
    raise AssertionError("no movement decision found")


@pytest.mark.parametrize("seed", [2, 5, 8])
def test_the_search_chooses_among_the_best_few_moves_by_one_ply_value(seed: int) -> None:
    hooks = hooks_for("vendetta")
    assert hooks is not None and hooks.root_width == ai.ROOT_WIDTH
    state, seat = movement_position(seed)
    player = IsmctsPlayer(hooks)
    observation = observe(GAME, state, seat, hooks)
    rng = Rng.from_seed(11)
    choice = player.choose(GAME, observation, GAME.legal_actions(state, seat), rng, Budget(iterations=12))
    # the root is ranked on the first imagined state, which the same seed imagines again here
    first = observation.sample(Rng.from_seed(11))
    values = sorted(((-step_value(GAME, hooks, first, seat, a, 2), i, a.id)
                     for i, a in enumerate(ai.candidates(GAME, first, seat))))
    top = [action_id for _v, _i, action_id in values[: ai.ROOT_WIDTH]]
    assert choice.id in top
    assert [a.id for a in player._root_candidates(GAME, first, seat, 2)] == top
    unlimited = IsmctsPlayer(replace(hooks, root_width=None))._root_candidates(GAME, first, seat, 2)
    assert len(unlimited) > ai.ROOT_WIDTH  # without the hook the search would weigh every candidate


def test_a_rollout_plays_the_round_out_and_stops_at_the_next_movement() -> None:
    hooks = hooks_for("vendetta")
    assert hooks is not None
    state, _seat = movement_position(3)
    start_round = state.round
    played: list[Any] = []

    def counting(game: Any, s: VendettaState, player: int) -> Any:
        played.append(s.phase)
        return ai.rollout_policy(game, s, player)

    searcher = IsmctsPlayer(replace(hooks, rollout_policy=counting))
    end = searcher._policy_rollout(GAME, state, state)
    assert end.round == start_round + 1 or GAME.outcome(end) is not None
    assert ai.horizon(GAME, state, end) and not ai.horizon(GAME, state, state)
    assert PHASE_MOVEMENT in played  # the other clans' movements were imagined
    assert not end.moved or GAME.outcome(end) is not None  # nobody has moved yet in the new round


def test_a_rollout_reply_weighs_the_most_appealing_movements_and_the_pass() -> None:
    state, seat = movement_position(4)
    every = ai.candidates(GAME, state, seat)
    assert len(every) > ai.REPLY_WIDTH + 1  # the position has more movements than a reply weighs
    weighed = ai._reply_candidates(GAME, state, seat)
    assert [a.id for a in weighed] == [a.id for a in every[: ai.REPLY_WIDTH]] + [PASS_ID]


def test_rollout_movement_is_the_best_reply_by_the_search_evaluation() -> None:
    plain = hooks_for("vendetta")
    assert plain is not None
    hooks = plain.for_search()  # a reply is judged as the search judges its own moves
    state, seat = movement_position(4)
    weighed = ai._reply_candidates(GAME, state, seat)
    best = max(weighed, key=lambda a: step_value(GAME, hooks, state, seat, a, 2))
    chosen = ai.rollout_policy(GAME, state, seat)
    assert chosen is not None and chosen.id in {a.id for a in weighed}
    assert step_value(GAME, hooks, state, seat, chosen, 2) == step_value(GAME, hooks, state, seat, best, 2)
