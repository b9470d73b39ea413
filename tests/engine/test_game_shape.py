"""Every registered game has the one shape docs/writing_a_game.md describes.

A game is an engine.core.phases.PhasedGame; its package holds the modules named in SHAPE; every phase
in which somebody decides has a row of its phase table, with an id grammar that turns every offered
id, typed order and timeout default into a typed value (a frozen dataclass) read from its own package.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import pytest

from engine import registry
from engine.ai.levels import decide
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.phases import PhasedGame

# The modules every game package has (their jobs: docs/writing_a_game.md).
SHAPE = ("game", "phases", "state", "view", "describe", "ai")
MOVES = 600
SEEDS = (1, 2)


def _package(name: str) -> str:
    return registry.GAMES[name].split(":")[0]


def _phased(name: str) -> PhasedGame[Any]:
    game = registry.get(name)
    assert isinstance(game, PhasedGame), f"{name} is not written on engine.core.phases.PhasedGame"
    return game


def _is_typed_value(value: object) -> bool:
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return False
    params = vars(type(value)).get("__dataclass_params__")
    return params is not None and bool(params.frozen)


@pytest.mark.parametrize("name", registry.names())
def test_the_game_is_a_phased_game(name: str) -> None:
    _phased(name)


@pytest.mark.parametrize("name", registry.names())
def test_the_package_has_the_modules_of_a_game(name: str) -> None:
    package = _package(name)
    missing = []
    for module in SHAPE:
        try:
            importlib.import_module(f"{package}.{module}")
        except ModuleNotFoundError:
            missing.append(module)
    assert missing == []


@pytest.mark.parametrize("name", registry.names())
def test_every_row_reads_ids_with_a_grammar_of_its_own_package(name: str) -> None:
    game = _phased(name)
    assert game.phase_table, f"{name} has an empty phase table"
    for phase, rules in game.phase_table.items():
        assert rules.parse is not None, f"phase {phase!r} of {name} names no id grammar"
        assert rules.parse.__module__.startswith(_package(name) + "."), (phase, rules.parse.__module__)


def _walk(game: PhasedGame[Any], players: int, seed: int) -> list[tuple[Any, int, Action]]:
    """A game of easy computer players: every (state, player, action) offered along the way, timeouts included."""
    state = game.new_game(players, seed, {})
    seen: list[tuple[Any, int, Action]] = []
    for move in range(MOVES):
        pending = game.pending(state)
        rules = game.rules(state)
        if not pending:
            assert rules is None or not rules.waiting(state)
            break
        assert rules is not None, f"phase {game.phase_of(state)!r} has pending players but no table row"
        assert [d.player for d in pending] == rules.waiting(state)
        for decision in pending:
            offered = game.legal_actions(state, decision.player) + game.shortcuts(state, decision.player)
            seen += [(state, decision.player, a) for a in offered]
            seen.append((state, decision.player, game.timeout_action(state, decision.player)))
        player = pending[move % len(pending)].player
        state, _events = game.apply(state, player, decide(game, state, player, "easy", seed * 1000 + move))
    return seen


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("seed", SEEDS)
def test_every_offered_id_and_timeout_parses_to_a_typed_value(name: str, seed: int) -> None:
    game = _phased(name)
    players = game.player_range[0] + seed - 1
    checked = 0
    for state, _player, action in _walk(game, players, seed):
        value = game.parse_step(state, action.id)
        assert _is_typed_value(value), f"{action.id!r} parses to {value!r}, not a frozen dataclass"
        checked += 1
    assert checked > 0


@pytest.mark.parametrize("name", registry.names())
def test_the_grammar_refuses_an_id_of_no_phase(name: str) -> None:
    game = _phased(name)
    state = game.new_game(game.player_range[0], 3, {})
    with pytest.raises(IllegalAction) as refused:
        game.parse_step(state, "no-such-head:at-all")
    assert refused.value.code == "E_UNKNOWN_ACTION"
