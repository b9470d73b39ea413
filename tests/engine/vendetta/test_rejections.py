"""Every rejection code of spec §10: IllegalAction with that code, a message, and no change to the state."""

from __future__ import annotations

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.vendetta import GAME
from engine.vendetta.flow import end_check
from engine.vendetta.setup import new_state

from .support import assert_rejected, combat_of, make_state

BOARD = {
    "home_dingleson": {"red": 3},
    "oak_corner": {"green": 1},
    "statue_wheelbarrow": {"red": 1},
    "home_odingle": {"green": 4},
    "home_schnitzel": {"blue": 4},
    "berry_thicket": {"yellow": 2},
    "home_mcdingle": {"yellow": 3},
}


@pytest.fixture
def moving():
    """Red's movement turn on BOARD."""
    return make_state(BOARD, first_seat="red")


def red(state) -> int:
    return state.owner["red"]


def test_e_phase(moving) -> None:
    assert_rejected(moving, red(moving), "atk:red:green*1", "E_PHASE")
    assert_rejected(moving, red(moving), "choose:red:red_1,red_2,red_3", "E_PHASE")
    setup = make_state(phase="objectives")
    assert_rejected(setup, 0, "pass", "E_PHASE")
    assert_rejected(setup, 0, "from:home_dingleson", "E_PHASE")


def test_e_game_over() -> None:
    state = make_state({"home_dingleson": {"red": 1}}, phase="combat", options={"objectives_kept": 2},
                       chosen={"red": ["red_1", "red_2"]}, tokens={"red": {"acorn": 5, "apple": 4, "berry": 3}})
    end_check(state, [])
    assert state.phase == "finished" and state.triggered == ["red"]
    for action_id in ("pass", "choose:red:red_1,red_2", "undo", "atk:red:blue*1", "fly:away"):
        assert_rejected(state, red(state), action_id, "E_GAME_OVER")
    assert GAME.legal_actions(state, red(state)) == []
    assert GAME.pending(state) == []


def test_e_not_your_turn(moving) -> None:
    assert_rejected(moving, moving.owner["green"], "pass", "E_NOT_YOUR_TURN")
    assert_rejected(moving, moving.owner["green"], "decl:green:home_odingle>apple_orchard*1", "E_NOT_YOUR_TURN")
    assert_rejected(moving, moving.owner["green"], "undo", "E_NOT_YOUR_TURN")


def test_e_not_your_clan(moving) -> None:
    assert_rejected(moving, moving.owner["green"], "decl:red:home_dingleson>berry_thicket*1", "E_NOT_YOUR_CLAN")
    assert_rejected(moving, red(moving), "decl:purple:home_dingleson>berry_thicket*1", "E_NOT_YOUR_CLAN")
    setup = make_state(phase="objectives")
    assert_rejected(setup, setup.owner["green"], "choose:red:red_1,red_2,red_3", "E_NOT_YOUR_CLAN")


def test_e_not_your_clan_two_player_variant() -> None:
    state = make_state({}, players=2, home_set_index=1, first_seat="red")
    other = 1 - state.owner["red"]
    assert_rejected(state, other, "decl:red:home_dingleson>oak_corner*1", "E_NOT_YOUR_CLAN")


def test_e_unknown_territory(moving) -> None:
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>narnia*1", "E_UNKNOWN_TERRITORY")
    assert_rejected(moving, red(moving), "from:narnia", "E_UNKNOWN_TERRITORY")


def test_e_count(moving) -> None:
    for bad in ("0", "-1", "x", "1.5"):
        assert_rejected(moving, red(moving), f"decl:red:home_dingleson>oak_corner*{bad}", "E_COUNT")
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>oak_corner", "E_COUNT")
    state, _ = GAME.apply(moving, red(moving), Action("from:home_dingleson"))
    state, _ = GAME.apply(state, red(state), Action("to:oak_corner"))
    assert_rejected(state, red(state), "n:0", "E_COUNT")


def test_e_count_checked_triple_by_triple() -> None:
    state = make_state(BOARD, first_seat="red")
    # the first triple's bad count is reported before the second triple's unknown id
    assert_rejected(state, red(state), "decl:red:home_dingleson>oak_corner*0,>narnia*1", "E_COUNT")
    assert_rejected(state, red(state), "decl:red:home_dingleson>narnia*1,>oak_corner*0", "E_UNKNOWN_TERRITORY")


def test_e_same_territory(moving) -> None:
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>home_dingleson*1", "E_SAME_TERRITORY")
    state, _ = GAME.apply(moving, red(moving), Action("from:home_dingleson"))
    assert_rejected(state, red(state), "to:home_dingleson", "E_SAME_TERRITORY")


def test_e_not_enough_gnomes(moving) -> None:
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>oak_corner*4", "E_NOT_ENOUGH_GNOMES")
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>oak_corner*2,>berry_thicket*2",
                    "E_NOT_ENOUGH_GNOMES")
    assert_rejected(moving, red(moving), "from:statue_fisher", "E_NOT_ENOUGH_GNOMES")
    state, _ = GAME.apply(moving, red(moving), Action("from:home_dingleson"))
    state, _ = GAME.apply(state, red(state), Action("to:berry_thicket"))
    assert_rejected(state, red(state), "n:4", "E_NOT_ENOUGH_GNOMES")


def test_e_focus(moving) -> None:
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>oak_corner*1,statue_wheelbarrow>apple_orchard*1",
                    "E_FOCUS")
    state = moving
    for action_id in ("from:home_dingleson", "to:oak_corner", "n:1", "from:home_dingleson",
                      "to:berry_thicket", "n:1"):
        state, _ = GAME.apply(state, red(state), Action(action_id))
    assert_rejected(state, red(state), "from:statue_wheelbarrow", "E_FOCUS")


def test_e_unreachable(moving) -> None:
    # green holds oak_corner and yellow berry_thicket: red's home is boxed in
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>statue_fisher*1", "E_UNREACHABLE")
    state, _ = GAME.apply(moving, red(moving), Action("from:home_dingleson"))
    assert_rejected(state, red(state), "to:statue_fisher", "E_UNREACHABLE")


def test_e_already_moved(moving) -> None:
    state, _ = GAME.apply(moving, red(moving), Action("pass"))
    assert_rejected(state, red(state), "decl:red:home_dingleson>oak_corner*1", "E_ALREADY_MOVED")
    assert_rejected(state, red(state), "pass", "E_ALREADY_MOVED")


def fight_state():
    board = {"statue_lantern": {"green": 1, "blue": 1, "yellow": 2}, "home_dingleson": {"red": 1}}
    state = make_state(board, first_seat="red", moved=["red", "green", "blue"])
    state, _ = GAME.apply(state, state.owner["yellow"], Action("pass"))
    assert state.phase == "combat" and combat_of(state)["order"] == ["green", "blue", "yellow"]
    return state


def test_e_not_in_combat() -> None:
    state = fight_state()
    assert_rejected(state, state.owner["red"], "atk:red:green*1", "E_NOT_IN_COMBAT")
    assert_rejected(state, state.owner["red"], "all:green", "E_NOT_IN_COMBAT")


def test_e_not_your_turn_in_combat() -> None:
    state = fight_state()
    assert_rejected(state, state.owner["yellow"], "atk:yellow:green*2", "E_NOT_YOUR_TURN")
    assert_rejected(state, state.owner["yellow"], "all:green", "E_NOT_YOUR_TURN")


def test_e_target() -> None:
    state = fight_state()
    green = state.owner["green"]
    assert_rejected(state, green, "atk:green:green*1", "E_TARGET")
    assert_rejected(state, green, "atk:green:red*1", "E_TARGET")
    assert_rejected(state, green, "atk:green:blue*1,blue*0", "E_TARGET")  # listed twice beats the 0 entry
    assert_rejected(state, green, "target:red", "E_TARGET")


def test_e_dice_total() -> None:
    state = fight_state()
    yellow_state, _ = GAME.apply(state, state.owner["green"], Action("atk:green:yellow*1"))
    yellow_state, _ = GAME.apply(yellow_state, state.owner["blue"], Action("atk:blue:yellow*1"))
    player = state.owner["yellow"]
    assert_rejected(yellow_state, player, "atk:yellow:green*1", "E_DICE_TOTAL")
    assert_rejected(yellow_state, player, "atk:yellow:green*3", "E_DICE_TOTAL")
    assert_rejected(yellow_state, player, "atk:yellow:green*2,blue*0", "E_DICE_TOTAL")
    step, _ = GAME.apply(yellow_state, player, Action("target:green"))
    assert_rejected(step, player, "dice:3", "E_DICE_TOTAL")


def test_e_obj_count_and_not_offered() -> None:
    state = make_state(phase="objectives")
    player = state.owner["red"]
    assert_rejected(state, player, "choose:red:red_1,red_2", "E_OBJ_COUNT")
    assert_rejected(state, player, "choose:red:red_1,red_2,red_3,red_4", "E_OBJ_COUNT")
    assert_rejected(state, player, "choose:red:red_1,red_2,blue_1", "E_OBJ_NOT_OFFERED")
    assert_rejected(state, player, "choose:red:red_1,red_1,red_2", "E_OBJ_NOT_OFFERED")
    assert_rejected(state, player, "confirm", "E_OBJ_COUNT")
    assert_rejected(state, player, "pick:blue_1", "E_OBJ_NOT_OFFERED")


def test_e_obj_already() -> None:
    state = make_state(phase="objectives")
    player = state.owner["red"]
    state, _ = GAME.apply(state, player, Action("choose:red:red_1,red_2,red_3"))
    assert_rejected(state, player, "choose:red:red_1,red_2,red_4", "E_OBJ_ALREADY")
    assert_rejected(state, player, "pick:red_4", "E_OBJ_ALREADY")


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, None),
        (7, None),
        (3, {"clans_per_player": 2}),
        (2, {"clans_per_player": 4}),
        (4, {"objectives_kept": 1}),
        (4, {"objectives_kept": 6}),
        (4, {"round_limit": 9}),
        (4, {"round_limit": 61}),
        (4, {"scoring": "expert"}),
        (4, {"turn_timer": 60}),
    ],
)
def test_e_setup(players: int, options: dict | None) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.new_game(players, 1, options)
    assert info.value.code == "E_SETUP"
    assert info.value.message


def test_e_setup_user_joining_twice_is_a_host_concern() -> None:
    # The engine numbers players 0..N-1, so a duplicate user cannot reach it; N itself is validated.
    state = new_state(3, 1)
    assert sorted(state.owner.values()) == [0, 1, 2]


def test_priority_game_over_before_phase() -> None:
    state = make_state({}, phase="objectives")
    state.phase = "finished"
    state.end_reason = "round_limit"
    assert_rejected(state, 0, "atk:red:blue*1", "E_GAME_OVER")


def test_priority_clan_before_already_moved(moving) -> None:
    state, _ = GAME.apply(moving, red(moving), Action("pass"))
    assert_rejected(state, state.owner["green"], "decl:red:home_dingleson>oak_corner*1", "E_NOT_YOUR_CLAN")


def test_priority_already_moved_before_turn() -> None:
    state = make_state(BOARD, first_seat="red", moved=["red"])
    assert_rejected(state, state.owner["red"], "decl:red:home_dingleson>oak_corner*1", "E_ALREADY_MOVED")


def test_priority_content_checks_in_spec_order(moving) -> None:
    # E_FOCUS (step 3) before E_NOT_ENOUGH_GNOMES (step 4) before E_UNREACHABLE (step 5)
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>oak_corner*9,statue_wheelbarrow>apple_orchard*9",
                    "E_FOCUS")
    assert_rejected(moving, red(moving), "decl:red:home_dingleson>home_mcdingle*9", "E_NOT_ENOUGH_GNOMES")


def test_unknown_action_and_draft_misuse(moving) -> None:
    assert_rejected(moving, red(moving), "fly:away", "E_UNKNOWN_ACTION")
    assert_rejected(moving, red(moving), "undo", "E_DRAFT")
    assert_rejected(moving, red(moving), "to:oak_corner", "E_DRAFT")
    assert_rejected(moving, red(moving), "confirm", "E_DRAFT")


def test_parse_action_reports_the_precise_code(moving) -> None:
    with pytest.raises(IllegalAction) as info:
        GAME.parse_action(moving, red(moving), "decl:red:home_dingleson>statue_fisher*1")
    assert info.value.code == "E_UNREACHABLE"
    action = GAME.parse_action(moving, red(moving), "decl:red:home_dingleson>oak_corner*1")
    assert action.id == "decl:red:home_dingleson>oak_corner*1"
