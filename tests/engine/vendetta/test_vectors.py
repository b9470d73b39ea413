"""The spec's test vectors TV-1 … TV-22 (the game's specification, §12), asserted literally."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.vendetta import GAME
from engine.vendetta.combat import declaration_order
from engine.vendetta.flow import end_check, loot, movement_order, reinforce
from engine.vendetta.objectives import NEUTRAL_IDS, feasible
from engine.vendetta.rules import best_subset, fixed_dice, reach, resolve_combat_round, validate_declaration
from engine.vendetta.setup import new_state
from engine.vendetta.state import VendettaState

from .support import SIX_HOME_SET, assert_rejected, make_state

TV3_BOARD = {
    "home_dingleson": {"red": 2},
    "berry_thicket": {"red": 2},
    "statue_fisher": {"red": 1},
    "home_odingle": {"green": 1},
    "apple_orchard": {"green": 2},
    "grand_gnome_isle": {"green": 2},
    "home_schnitzel": {"blue": 2},
    "acorn_grove": {"blue": 3},
    "home_mcdingle": {"yellow": 5},
}
TV7_BOARD = {
    "crabapple_hedge": {"yellow": 1, "red": 2},
    "berry_thicket": {"blue": 1},
    "home_mcdingle": {"yellow": 3},
    "statue_lantern": {"green": 2},
    "acorn_grove": {"green": 1},
}


def code_of(fn: Callable[..., object], *args: object) -> str:
    with pytest.raises(IllegalAction) as info:
        fn(*args)
    assert info.value.message
    return info.value.code


def test_tv01_setup() -> None:
    state = new_state(4, 11, home_set_index=1)
    assert state.seats == ["red", "green", "blue", "yellow"]
    assert movement_order(state)[0] == state.first_seat
    for clan in state.seats:
        offered = state.offered[clan]
        assert len(offered) == 8
        assert offered[:5] == [f"{clan}_{i}" for i in range(1, 6)]
        assert all(cid in NEUTRAL_IDS for cid in offered[5:])
    neutrals = [cid for c in state.seats for cid in state.offered[c][5:]]
    assert len(neutrals) == len(set(neutrals)) == 12
    assert state.objectives_kept == 3
    assert state.board == {}
    assert state.reserve == {"red": 8, "green": 9, "blue": 9, "yellow": 9}
    assert new_state(5, 11).objectives_kept == 2
    assert new_state(3, 11, home_set_index=0).seats == ["red", "green", "black"]


def test_tv02_reinforcement() -> None:
    state = make_state({}, players=6, home_set_index=SIX_HOME_SET, round_number=0)
    white_placed, white_reserve, black_placed = [], [], []
    for round_number in (1, 2, 3):
        before_w, before_b = state.reserve["white"], state.reserve["black"]
        reinforce(state, [])
        white_placed.append(before_w - state.reserve["white"])
        white_reserve.append(state.reserve["white"])
        black_placed.append(before_b - state.reserve["black"])
        if round_number == 3:  # two white gnomes die in round 3's combat
            state.board["home_westdingledongleson"]["white"] -= 2
            state.reserve["white"] += 2
    assert white_placed == [3, 3, 1]
    assert white_reserve == [4, 1, 0]
    assert black_placed[:2] == [7, 4]
    before = state.reserve["white"]
    reinforce(state, [])
    assert before - state.reserve["white"] == 2


def test_tv03_blocked_movement_reach() -> None:
    result = reach("yellow", "home_mcdingle", TV3_BOARD)
    assert result == {"crabapple_hedge", "home_vondingle", "statue_lantern", "berry_thicket", "acorn_grove",
                      "grand_gnome_isle"}
    grey = {"home_dingleson", "oak_corner", "statue_fisher", "home_westdingledongleson", "apple_orchard",
            "home_odingle", "bramble_bank", "statue_wheelbarrow", "home_schnitzel"}
    assert not result & grey


def test_tv04_yellow_declarations() -> None:
    state = make_state(TV3_BOARD, moved=["red", "green", "blue"])
    legal = [("home_mcdingle", "statue_lantern", 2), ("home_mcdingle", "home_vondingle", 1),
             ("home_mcdingle", "grand_gnome_isle", 2)]
    assert validate_declaration(state, "yellow", legal) == legal
    _, events = GAME.apply(state, state.owner["yellow"], Action(
        "decl:yellow:home_mcdingle>statue_lantern*2,>home_vondingle*1,>grand_gnome_isle*2"))
    moves = next(e for e in events if e.kind == "move").data["moves"]
    assert moves == [list(t) for t in legal]
    # the last seat moved, so the contest on grand_gnome_isle was fought at once
    assert any(e.kind == "roll" and e.data["territory"] == "grand_gnome_isle" for e in events)
    assert code_of(validate_declaration, state, "yellow", [("home_mcdingle", "oak_corner", 1)]) == "E_UNREACHABLE"
    too_many = [("home_mcdingle", "statue_lantern", 3), ("home_mcdingle", "crabapple_hedge", 3)]
    assert code_of(validate_declaration, state, "yellow", too_many) == "E_NOT_ENOUGH_GNOMES"


def test_tv04a_move_makes_contest_before_combat() -> None:
    # apply the legal declaration directly to the board to see the contest it creates
    from engine.vendetta.movement import apply_declaration

    board = {t: dict(h) for t, h in TV3_BOARD.items()}
    apply_declaration(board, "yellow", [("home_mcdingle", "statue_lantern", 2), ("home_mcdingle", "home_vondingle", 1),
                                        ("home_mcdingle", "grand_gnome_isle", 2)])
    assert board["grand_gnome_isle"] == {"green": 2, "yellow": 2}
    assert "home_mcdingle" not in board


def test_tv05_gather() -> None:
    state = make_state(TV3_BOARD)
    triples = [("home_dingleson", "statue_fisher", 2), ("berry_thicket", "statue_fisher", 2)]
    assert validate_declaration(state, "red", triples) == triples
    new, _ = GAME.apply(state, state.owner["red"], Action(
        "decl:red:home_dingleson>statue_fisher*2,berry_thicket>*2"))
    assert new.phase == "movement" and new.moved == ["red"]
    assert new.board["statue_fisher"] == {"red": 5}
    assert "home_dingleson" not in new.board and "berry_thicket" not in new.board


def test_tv06_single_focus() -> None:
    state = make_state(TV3_BOARD)
    bad = [("home_dingleson", "oak_corner", 1), ("berry_thicket", "statue_lantern", 1)]
    assert code_of(validate_declaration, state, "red", bad) == "E_FOCUS"
    twice = [("home_dingleson", "oak_corner", 1), ("home_dingleson", "oak_corner", 1)]
    assert validate_declaration(state, "red", twice) == [("home_dingleson", "oak_corner", 2)]


def test_tv07_contested_territories_and_snapshot() -> None:
    state = make_state(TV7_BOARD, first_seat="yellow")  # yellow moves first: no combat follows at once
    assert reach("yellow", "home_mcdingle", state.board) == {
        "crabapple_hedge", "berry_thicket", "home_vondingle", "statue_lantern", "acorn_grove"}
    triples = [("home_mcdingle", "home_vondingle", 3), ("crabapple_hedge", "home_vondingle", 1)]
    assert validate_declaration(state, "yellow", triples) == triples
    new, _ = GAME.apply(state, state.owner["yellow"], Action(
        "decl:yellow:home_mcdingle>home_vondingle*3,crabapple_hedge>home_vondingle*1"))
    assert new.board["home_vondingle"] == {"yellow": 4}
    assert "home_mcdingle" not in new.board
    assert new.board["crabapple_hedge"] == {"red": 2}
    assert code_of(validate_declaration, state, "green", [("statue_lantern", "home_mcdingle", 1)]) == "E_UNREACHABLE"
    assert validate_declaration(state, "green", [("statue_lantern", "crabapple_hedge", 2)]) == [
        ("statue_lantern", "crabapple_hedge", 2)]


def test_tv08_two_clan_combat() -> None:
    here = {"red": 2, "yellow": 3}
    order = declaration_order(here, ["red", "green", "blue", "yellow"], "red")
    declarations = [("red", [("yellow", 2)]), ("yellow", [("red", 3)])]
    assert order == ["red", "yellow"]
    result = resolve_combat_round(here, declarations, fixed_dice([5, 2, 5, 4, 6]))
    assert result.hits == {"yellow": 1, "red": 2}
    assert result.losses == {"yellow": 1, "red": 2}


def test_tv08_two_clan_combat_is_automatic() -> None:
    state = make_state({"berry_thicket": {"red": 2, "yellow": 3}}, moved=["red", "green", "blue"])
    new, events = GAME.apply(state, state.owner["yellow"], Action("pass"))
    assert new.phase == "movement" and new.round == 2
    assert len(new.board.get("berry_thicket", {})) <= 1
    assert any(e.kind == "roll" for e in events)


def test_tv09_white_bonus() -> None:
    here = {"white": 2, "red": 2}
    result = resolve_combat_round(here, [("white", [("red", 2)]), ("red", [("white", 2)])],
                                  fixed_dice([4, 1, 5, 6]))
    assert result.hits == {"red": 1, "white": 2}
    remaining = {c: here[c] - result.losses.get(c, 0) for c in here}
    assert remaining == {"white": 0, "red": 1}


def test_tv10_revive_cap_and_mutual_wipe_out() -> None:
    here = {"blue": 2, "black": 3}
    reserve_gain = {"blue": 0, "black": 0}
    script = [([6, 6], [3, 1, 2], {"blue": 2, "black": 1}),
              ([1, 2], [6], {"blue": 1, "black": 1}),
              ([4], [3], {"blue": 0, "black": 0})]
    for blue_dice, black_dice, expected in script:
        decl = [("blue", [("black", here["blue"])]), ("black", [("blue", here["black"])])]
        result = resolve_combat_round(here, decl, fixed_dice(blue_dice + black_dice))
        for c, n in result.losses.items():
            here[c] -= n
            reserve_gain[c] += n
        assert here == expected
    assert reserve_gain == {"blue": 2, "black": 3}


def test_tv10_first_round_sixes() -> None:
    result = resolve_combat_round({"blue": 2, "black": 3},
                                  [("blue", [("black", 2)]), ("black", [("blue", 3)])], fixed_dice([6, 6, 3, 1, 2]))
    assert result.hits == {"black": 2, "blue": 1}
    assert result.sixes == 2
    assert result.losses == {"black": 2}


def test_tv11_rulebook_combat_round_1() -> None:
    here = {"red": 3, "green": 3, "blue": 2}
    assert declaration_order(here, ["red", "green", "blue", "yellow"], "red") == ["red", "green", "blue"]
    decl = [("red", [("blue", 2), ("green", 1)]), ("green", [("red", 3)]), ("blue", [("red", 1), ("green", 1)])]
    result = resolve_combat_round(here, decl, fixed_dice([3, 2, 5, 5, 6, 1, 2, 4]))
    assert result.hits == {"blue": 1, "green": 2, "red": 2}
    assert result.sixes == 0
    assert result.losses == {"blue": 1, "green": 2, "red": 2}


def test_tv12_rulebook_combat_round_2() -> None:
    here = {"red": 1, "green": 1, "blue": 1}
    decl = [("red", [("blue", 1)]), ("green", [("red", 1)]), ("blue", [("green", 1)])]
    result = resolve_combat_round(here, decl, fixed_dice([4, 5, 6]))
    assert result.hits == {"blue": 1, "red": 1, "green": 1}
    assert result.sixes == 1
    assert result.losses == {"red": 1, "green": 1}
    assert {c: here[c] - result.losses.get(c, 0) for c in here} == {"red": 0, "green": 0, "blue": 1}


def test_tv13_declaration_order_without_first_seat() -> None:
    seats = ["red", "green", "blue", "yellow"]
    assert declaration_order({"red": 1, "green": 2, "blue": 1}, seats, "yellow") == ["red", "green", "blue"]
    assert declaration_order({"green": 1, "blue": 1, "yellow": 1}, seats, "red") == ["green", "blue", "yellow"]
    board = {"grand_gnome_isle": {"red": 1, "green": 2, "blue": 1}}
    state = make_state(board, first_seat="yellow", moved=["yellow", "red", "green"])
    state, _ = GAME.apply(state, state.owner["blue"], Action("pass"))
    assert state.phase == "combat"
    assert state.combat is not None and state.combat["order"] == ["red", "green", "blue"]
    assert_rejected(state, state.owner["blue"], "atk:blue:red*1", "E_NOT_YOUR_TURN")
    assert_rejected(state, state.owner["red"], "atk:red:white*1", "E_TARGET")
    assert_rejected(state, state.owner["red"], "atk:red:red*1", "E_TARGET")
    state, _ = GAME.apply(state, state.owner["red"], Action("atk:red:green*1"))
    assert_rejected(state, state.owner["green"], "atk:green:blue*1", "E_DICE_TOTAL")


def test_tv14_loot() -> None:
    board = {"home_dingleson": {"red": 2}, "statue_fisher": {"red": 1}, "apple_orchard": {"green": 2},
             "grand_gnome_isle": {"green": 1}, "home_schnitzel": {"blue": 2}, "home_vondingle": {"blue": 1},
             "home_mcdingle": {"yellow": 3}, "berry_thicket": {"yellow": 2}}
    state = make_state(board)
    loot(state, [])
    gains = {c: {t: n for t, n in state.tokens[c].items() if n} for c in state.seats}
    assert gains == {
        "red": {"gnome_red": 1, "acorn": 1},
        "green": {"apple": 1, "mushroom": 1},
        "blue": {"gnome_blue": 1, "gnome_black": 1},
        "yellow": {"gnome_yellow": 1, "berry": 1},
    }


def test_tv15_rulebook_food_example() -> None:
    cards = ["red_1", "red_2"]
    assert not feasible("red", cards, {"acorn": 5, "apple": 4, "berry": 2}, {})
    assert feasible("red", cards, {"acorn": 5, "apple": 4, "berry": 3}, {})


def test_tv16_gnome_tokens_and_own_colour() -> None:
    tokens = {"gnome_red": 3, "gnome_yellow": 2, "gnome_white": 3, "gnome_blue": 1}
    assert not feasible("red", ["n15", "red_4"], tokens, {})
    tokens["gnome_green"] = 2
    assert feasible("red", ["n15", "red_4"], tokens, {})


def test_tv17_statue_card() -> None:
    board = {"statue_fisher": {"red": 1}, "statue_lantern": {"yellow": 1}}
    assert not feasible("red", ["red_3"], {}, board)
    board["statue_lantern"] = {"red": 1}
    assert feasible("red", ["red_3"], {}, board)


def test_tv18_best_subset() -> None:
    tokens = {"acorn": 5, "apple": 4, "berry": 3, "mushroom": 1, "gnome_red": 2, "gnome_green": 1}
    result = best_subset("red", ["red_1", "red_2", "n09"], tokens, {})
    assert result.score == 51
    assert result.completed == ("red_1", "red_2")
    from engine.vendetta.scoring import subset_value

    assert subset_value(["n09"], tokens) == 43
    assert subset_value(["red_1"], tokens) == 43
    assert subset_value(["red_2"], tokens) == 43
    assert subset_value([], tokens) == 35
    assert not feasible("red", ["n09", "red_1"], tokens, {})
    assert not feasible("red", ["n09", "red_2"], tokens, {})


TV19_BOARD = {"statue_fisher": {"green": 1}, "statue_wheelbarrow": {"green": 1}, "statue_lantern": {"yellow": 1},
              "crabapple_hedge": {"yellow": 1}}
TV19_CHOSEN = {"green": ["green_3", "green_4", "n07"], "red": ["red_1", "red_2", "n09"],
               "yellow": ["yellow_1", "yellow_3", "n16"], "blue": ["blue_1", "blue_4", "blue_5"]}
TV19_TOKENS = {
    "green": {"gnome_white": 2, "gnome_blue": 3, "gnome_green": 4, "acorn": 2, "apple": 3, "berry": 2},
    "red": {"acorn": 5, "apple": 4, "berry": 3, "mushroom": 1, "gnome_red": 2, "gnome_green": 1},
    "yellow": {"berry": 3, "apple": 3, "acorn": 2, "gnome_black": 3, "gnome_red": 2, "gnome_yellow": 4},
    "blue": {"acorn": 4, "apple": 1, "berry": 3, "mushroom": 1, "gnome_green": 2, "gnome_black": 1,
             "gnome_red": 3, "gnome_blue": 2},
}


def _tv19_state(scoring: str) -> VendettaState:
    state = make_state(TV19_BOARD, phase="combat", tokens=TV19_TOKENS, options={"scoring": scoring},
                       round_number=5)
    for clan, cards in TV19_CHOSEN.items():
        offered = [c for c in state.offered[clan] if c not in cards]
        state.offered[clan] = cards + offered[: 8 - len(cards)]
        state.chosen[clan] = cards
    end_check(state, [])
    return state


def test_tv19_full_end_of_game_basic() -> None:
    state = _tv19_state("basic")
    assert state.phase == "finished" and state.triggered == ["green"]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == "objectives"
    assert outcome.winners == (state.owner["green"],)


def test_tv19_full_end_of_game_advanced() -> None:
    state = _tv19_state("advanced")
    outcome = GAME.outcome(state)
    assert outcome is not None
    by_clan = {c: outcome.scores[state.owner[c]] for c in state.seats}
    assert by_clan == {"green": 77, "red": 51, "yellow": 51, "blue": 50}
    assert outcome.winners == (state.owner["green"],)
    clans = outcome.details["clans"]
    assert clans["green"]["completed"] == ["green_3", "green_4", "n07"]
    assert clans["red"]["completed"] == ["red_1", "red_2"]
    assert clans["yellow"]["completed"] == ["yellow_1"]
    assert clans["blue"]["completed"] == ["blue_1"]


def test_tv20_turn_order_and_first_player_passing() -> None:
    state = make_state({}, first_seat="blue", phase="objectives")
    for player in range(4):
        state, _ = GAME.apply(state, player, GAME.timeout_action(state, player))
    assert state.round == 1
    assert movement_order(state) == ["blue", "yellow", "red", "green"]
    seen = []
    for _ in range(4):
        mover = GAME.view(state, None)["current_seat"]
        seen.append(mover)
        state, _ = GAME.apply(state, state.owner[mover], Action("pass"))
    assert seen == ["blue", "yellow", "red", "green"]
    assert state.round == 2 and state.first_seat == "yellow"
    assert movement_order(state) == ["yellow", "red", "green", "blue"]
    for _ in range(4):
        state, _ = GAME.apply(state, state.owner[GAME.view(state, None)["current_seat"]], Action("pass"))
    assert state.round == 3 and state.first_seat == "red"


def test_tv21_objective_choice_errors() -> None:
    state = make_state(phase="objectives")
    state.offered["yellow"] = ["yellow_1", "yellow_2", "yellow_3", "yellow_4", "yellow_5", "n04", "n09", "n16"]
    for clan in state.seats:  # keep the deal consistent: no neutral card twice
        if clan != "yellow":
            state.offered[clan] = [c for c in state.offered[clan] if c not in ("n04", "n09", "n16")]
            state.offered[clan] += [n for n in ("n01", "n02", "n03", "n05", "n06", "n07", "n08", "n10", "n11", "n12",
                                                "n13", "n14", "n15", "n17", "n18")
                                    if all(n not in state.offered[c] for c in state.seats)][: 8 - len(
                                        state.offered[clan])]
    yellow = state.owner["yellow"]
    assert_rejected(state, yellow, "choose:yellow:yellow_1,yellow_3", "E_OBJ_COUNT")
    assert_rejected(state, yellow, "choose:yellow:yellow_1,yellow_3,n01", "E_OBJ_NOT_OFFERED")
    assert_rejected(state, yellow, "choose:yellow:yellow_1,yellow_1,n16", "E_OBJ_NOT_OFFERED")
    state, _ = GAME.apply(state, yellow, Action("choose:yellow:yellow_1,yellow_3,n16"))
    assert state.chosen["yellow"] == ["yellow_1", "yellow_3", "n16"]
    assert state.phase == "objectives"
    assert_rejected(state, yellow, "choose:yellow:yellow_1,yellow_2,n16", "E_OBJ_ALREADY")
    fresh = make_state(phase="objectives")
    fresh.offered["yellow"] = state.offered["yellow"]
    assert GAME.timeout_action(fresh, yellow).id == "choose:yellow:yellow_1,yellow_2,yellow_3"
    assert GAME.check_invariants(state) == []


def test_tv22_round_limit() -> None:
    state = make_state({}, phase="objectives", options={"round_limit": 10, "scoring": "basic"})
    for player in range(4):
        state, _ = GAME.apply(state, player, GAME.timeout_action(state, player))
    # nobody moves: homes give only own tokens, which never complete an objective
    while GAME.outcome(state) is None:
        player = GAME.pending(state)[0].player
        state, _ = GAME.apply(state, player, Action("pass"))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason == "round_limit" and state.round == 10
    # §8.2 applies although the game was basic: 10 own tokens × 3 points each
    assert outcome.scores == {p: 30 for p in range(4)}
    assert outcome.winners == (0, 1, 2, 3)
