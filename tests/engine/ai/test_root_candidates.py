"""The search lists the searching seat's own moves once per decision: they follow from what the seat knows."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine import registry
from engine.ai.hooks import hooks_for
from engine.ai.ismcts import IsmctsPlayer
from engine.ai.levels import observe
from engine.ai.player import Budget
from engine.core.actions import Action
from engine.core.game import Game
from engine.core.rng import Rng
from tests.engine.ai.positions import position


@pytest.mark.parametrize(("game_name", "players", "seed", "steps"), [("vendetta", 2, 3, 30), ("associates", 3, 2, 60)])
def test_root_candidates_are_listed_once_per_decision(game_name: str, players: int, seed: int, steps: int) -> None:
    game = registry.get(game_name)
    hooks = hooks_for(game_name)
    assert hooks is not None
    state, seat = position(game_name, players, seed, steps)
    calls: list[int] = []

    def counted(g: Game[Any], s: Any, player: int) -> list[Action]:
        calls.append(player)
        return hooks.candidates(g, s, player)

    player = IsmctsPlayer(replace(hooks, candidates=counted))
    legal = game.legal_actions(state, seat)
    choice = player.choose(game, observe(game, state, seat, hooks), legal, Rng.from_seed(4), Budget(iterations=80))
    assert calls.count(seat) == 1
    game.apply(state, seat, game.parse_action(state, seat, choice.id))  # still a move the game accepts
