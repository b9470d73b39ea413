"""Vendetta's action ids are read once into typed steps, and typed orders are checked without being applied."""

from __future__ import annotations

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.vendetta import GAME
from engine.vendetta.ids import (
    AllDice,
    Attack,
    Choose,
    Confirm,
    Declare,
    Dice,
    From,
    Gnomes,
    Pass,
    Pick,
    Target,
    To,
    Undo,
    parse,
    phase_of,
)
from engine.vendetta.state import PHASE_COMBAT, PHASE_MOVEMENT, PHASE_OBJECTIVES

from .support import assert_rejected, dump_text, make_state

BOARD = {"home_dingleson": {"red": 3}, "home_odingle": {"green": 4}}


@pytest.mark.parametrize(("action_id", "step"), [
    ("undo", Undo()),
    ("confirm", Confirm()),
    ("pass", Pass()),
    ("pick:red_1", Pick("red_1")),
    ("choose:red:red_1, red_2,,red_3", Choose("red", ("red_1", "red_2", "red_3"))),
    ("from:oak_corner", From("oak_corner")),
    ("to:nowhere", To("nowhere")),
    ("n:3", Gnomes(3)),
    ("n:03", Gnomes("03")),  # a menu step's count is read as the menu spells it, else kept as text
    ("decl:red:a>b*1,>c*2, d>*x", Declare("red", (("a", "b", 1), ("a", "c", 2), ("d", "c", "x")))),
    ("target:green", Target("green")),
    ("dice:2", Dice(2)),
    ("all:blue", AllDice("blue")),
    ("atk:red:green*2,blue", Attack("red", (("green", 2), ("blue", None)))),
])
def test_an_id_is_parsed_into_its_typed_step(action_id: str, step: object) -> None:
    assert parse(action_id) == step


@pytest.mark.parametrize("action_id", ["jump:far", "pass:now", "undo:2", "pick", "nothing"])
def test_an_id_with_no_known_head_is_refused(action_id: str) -> None:
    with pytest.raises(IllegalAction) as refused:
        parse(action_id)
    assert refused.value.code == "E_UNKNOWN_ACTION"


def test_each_step_belongs_to_one_phase_and_undo_confirm_to_all() -> None:
    assert phase_of(parse("pick:x")) == phase_of(parse("choose:red:x")) == PHASE_OBJECTIVES
    assert phase_of(parse("pass")) == phase_of(parse("decl:red:")) == PHASE_MOVEMENT
    assert phase_of(parse("all:red")) == phase_of(parse("atk:red:")) == PHASE_COMBAT
    assert phase_of(parse("undo")) is None and phase_of(parse("confirm")) is None


def test_a_wrong_value_is_parsed_then_refused_in_the_rules_words() -> None:
    state = make_state(BOARD, first_seat="red")
    error = assert_rejected(state, state.owner["red"], "from:nowhere", "E_UNKNOWN_TERRITORY")
    assert "nowhere" in error.message


def test_a_typed_order_is_checked_without_being_applied(monkeypatch: pytest.MonkeyPatch) -> None:
    state = make_state(BOARD, first_seat="red")
    before = dump_text(state)

    def no_apply(*args: object) -> None:
        raise AssertionError("parse_action applied the order")

    monkeypatch.setattr(GAME, "apply", no_apply)
    player = state.owner["red"]
    assert GAME.parse_action(state, player, "decl:red:home_dingleson>oak_corner*2").id.startswith("decl:")
    with pytest.raises(IllegalAction) as refused:
        GAME.parse_action(state, player, "decl:red:home_dingleson>oak_corner*9")
    assert refused.value.code == "E_NOT_ENOUGH_GNOMES"
    assert dump_text(state) == before


def test_every_offered_id_parses_into_a_step_of_the_current_phase() -> None:
    state = GAME.new_game(3, 11)
    for move in range(300):
        pending = GAME.pending(state)
        if not pending:
            break
        player = pending[move % len(pending)].player
        legal = GAME.legal_actions(state, player)
        for action in legal + GAME.shortcuts(state, player):
            assert phase_of(parse(action.id)) in (None, state.phase), action.id
        state, _ = GAME.apply(state, player, legal[move % len(legal)] if move % 3 else legal[-1])
    assert move > 10


def test_apply_takes_an_action_whose_id_it_parses() -> None:
    state = make_state(BOARD, first_seat="red")
    after, _ = GAME.apply(state, state.owner["red"], Action("from:home_dingleson"))
    assert after.drafts["red"]["origin"] == "home_dingleson" and "red" not in state.drafts
