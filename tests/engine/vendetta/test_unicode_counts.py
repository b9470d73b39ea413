"""Counts typed with non-ASCII digits are refused cleanly in every order form, changing nothing.

'²' and '①' pass str.isdigit() but make int() raise; '١' and '１' pass both and would silently
count as 1. Either way the order is not one the menus offer: IllegalAction, state unchanged.
"""

from __future__ import annotations

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.vendetta import GAME

from .support import assert_rejected, dump_text, make_state

# Each of these would read as a legal "1" (or crash) through isdigit()/int().
UNICODE_ONES = ["¹", "①", "١", "１", "𝟏", "۱", "१", "²", "1²", "①1"]
HUGE = ["9" * 7, "9" * 20, "0" * 20 + "1"]
BOARD = {"home_dingleson": {"red": 3}, "oak_corner": {"green": 1}, "berry_thicket": {"yellow": 2}}


def moving():
    """Red moves; home_dingleson > oak_corner * 1 is legal."""
    return make_state(BOARD, first_seat="red")


def counting():
    """Red's movement draft waits for the count of home_dingleson > oak_corner (n:1 is offered)."""
    state = moving()
    for step in ("from:home_dingleson", "to:oak_corner"):
        state, _ = GAME.apply(state, state.owner["red"], Action(step))
    assert "n:1" in {a.id for a in GAME.legal_actions(state, state.owner["red"])}
    return state


def fighting():
    """Green declares first on statue_lantern with 1 die; atk:green:yellow*1 is legal."""
    board = {"statue_lantern": {"green": 1, "blue": 1, "yellow": 2}, "home_dingleson": {"red": 1}}
    state = make_state(board, first_seat="red", moved=["red", "green", "blue"])
    state, _ = GAME.apply(state, state.owner["yellow"], Action("pass"))
    assert state.combat is not None and state.combat["order"][0] == "green"
    return state


def aiming():
    """Green aims at yellow and must say how many dice (dice:1 is offered)."""
    state = fighting()
    state, _ = GAME.apply(state, state.owner["green"], Action("target:yellow"))
    assert "dice:1" in {a.id for a in GAME.legal_actions(state, state.owner["green"])}
    return state


FORMS = [
    ("decl", moving, "red", "decl:red:home_dingleson>oak_corner*{}", "E_COUNT"),
    ("decl-second-triple", moving, "red", "decl:red:home_dingleson>oak_corner*1,>berry_thicket*{}", "E_COUNT"),
    ("n", counting, "red", "n:{}", "E_COUNT"),
    ("atk", fighting, "green", "atk:green:yellow*{}", "E_DICE_TOTAL"),
    ("dice", aiming, "green", "dice:{}", "E_DICE_TOTAL"),
]


@pytest.mark.parametrize(("form", "build", "clan", "template", "code"), FORMS, ids=[f[0] for f in FORMS])
@pytest.mark.parametrize("count", UNICODE_ONES + HUGE)
def test_non_ascii_or_huge_count_is_refused_without_change(form, build, clan, template, code, count) -> None:
    state = build()
    player = state.owner[clan]
    action_id = template.format(count)
    assert_rejected(state, player, action_id, code)
    before = dump_text(state)
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(state, player, action_id)
    assert err.value.code == code
    assert dump_text(state) == before


@pytest.mark.parametrize(("form", "build", "clan", "template", "code"), FORMS, ids=[f[0] for f in FORMS])
def test_the_same_order_with_an_ascii_count_is_taken(form, build, clan, template, code) -> None:
    """The refusals above are about the digits only: with '1' each order is legal."""
    state = build()
    action_id = template.format("1")
    new, _ = GAME.apply(state, state.owner[clan], GAME.parse_action(state, state.owner[clan], action_id))
    assert GAME.check_invariants(new) == []


@pytest.mark.parametrize("step", ["n:01", "n:+1", "n: 1", "n:1 ", "dice:01", "dice:+1"])
def test_step_counts_must_be_spelled_as_offered(step: str) -> None:
    state = counting() if step.startswith("n:") else aiming()
    clan = "red" if step.startswith("n:") else "green"
    code = "E_COUNT" if step.startswith("n:") else "E_DICE_TOTAL"
    assert_rejected(state, state.owner[clan], step, code)
