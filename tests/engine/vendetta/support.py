"""Shared builders for the Vendetta tests: states with a given board, seats and first seat."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.errors import IllegalAction
from engine.core.outcome import Outcome
from engine.vendetta import GAME
from engine.vendetta.actions import default_choice
from engine.vendetta.clans import CLANS, TOKEN_TYPES
from engine.vendetta.setup import new_state
from engine.vendetta.state import VendettaState, on_board

# Spec §12 default: 4 players, home set {0,2,3,5} = index 1 of home_sets["4"].
TV_HOME_SET = 1
SIX_HOME_SET = 0


def make_state(
    board: dict[str, dict[str, int]] | None = None,
    *,
    players: int = 4,
    home_set_index: int = TV_HOME_SET,
    first_seat: str = "red",
    phase: str = "movement",
    moved: list[str] | None = None,
    tokens: dict[str, dict[str, int]] | None = None,
    chosen: dict[str, list[str]] | None = None,
    round_number: int = 1,
    options: dict[str, Any] | None = None,
    seed: int = 7,
) -> VendettaState:
    """A state in `phase` with this board; reserves are set so that every clan keeps its §2 total."""
    state = new_state(players, seed, options, home_set_index=home_set_index, first_seat=first_seat)
    if phase == "objectives":
        return state
    state.chosen = {c: default_choice(state, c) for c in state.seats}
    if chosen:
        state.chosen.update(chosen)
    state.phase = phase
    state.round = round_number
    state.board = {t: dict(here) for t, here in (board or {}).items()}
    state.moved = list(moved or [])
    for c in state.seats:
        state.reserve[c] = CLANS[c].gnomes - on_board(state.board, c)
        assert state.reserve[c] >= 0
    for c, counts in (tokens or {}).items():
        state.tokens[c] = {t: counts.get(t, 0) for t in TOKEN_TYPES}
    return state


def combat_of(state: VendettaState) -> dict[str, Any]:
    """The combat under way in `state`; fails the test when there is none."""
    assert state.combat is not None, "no combat is under way"
    return state.combat


def outcome_of(state: VendettaState) -> Outcome:
    """How the finished game `state` ended; fails the test when it is not over."""
    outcome = GAME.outcome(state)
    assert outcome is not None, "the game is not over"
    return outcome


def dump_text(state: VendettaState) -> str:
    """The state's dump as canonical JSON text."""
    return json.dumps(GAME.dump(state), sort_keys=True)


def assert_rejected(state: VendettaState, player: int, action_id: str, code: str) -> IllegalAction:
    """apply() raises IllegalAction with `code` and a message, and changes nothing."""
    from engine.core.actions import Action

    before = dump_text(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, player, Action(action_id))
    assert info.value.code == code, info.value.message
    assert info.value.message
    assert dump_text(state) == before
    return info.value


def owner_of(state: VendettaState, clan: str) -> int:
    """The player controlling `clan`."""
    return state.owner[clan]
