"""The printed rulebook's worked examples (seed 003), as the spec reads them."""

from __future__ import annotations

from engine.core.actions import Action
from engine.vendetta import GAME
from engine.vendetta.combat import declaration_order
from engine.vendetta.objectives import feasible
from engine.vendetta.rules import fixed_dice, reach, resolve_combat_round, validate_declaration
from engine.vendetta.setup import new_state

from .support import make_state


def test_rulebook_example_setup_four_players_choose_three_of_eight() -> None:
    # "a game of 4 players ... Rachel was chosen at random to have the 1st Player token"
    state = new_state(4, 3, home_set_index=1, first_seat="red")
    assert state.first_seat == "red"
    assert all(len(state.offered[c]) == 8 for c in state.seats)
    assert state.objectives_kept == 3
    # "Yasmin already chose her objectives" while the others are still thinking: the choice is simultaneous
    yasmin = state.owner["yellow"]
    state, _ = GAME.apply(state, yasmin, GAME.timeout_action(state, yasmin))
    pending = {d.player for d in GAME.pending(state)}
    assert pending == {state.owner[c] for c in ("red", "green", "blue")}


def test_rulebook_example_blocked_movement_grey_territories() -> None:
    # Rachel, Greg and Brian have moved; Yasmin can reach only the territories of the yellow arrows
    board = {"home_dingleson": {"red": 2}, "berry_thicket": {"red": 2}, "statue_fisher": {"red": 1},
             "home_odingle": {"green": 1}, "apple_orchard": {"green": 2}, "grand_gnome_isle": {"green": 2},
             "home_schnitzel": {"blue": 2}, "acorn_grove": {"blue": 3}, "home_mcdingle": {"yellow": 5}}
    reachable = reach("yellow", "home_mcdingle", board)
    assert "oak_corner" not in reachable and "statue_wheelbarrow" not in reachable
    assert {"berry_thicket", "acorn_grove", "grand_gnome_isle"} <= reachable  # enemies: entered, not crossed


def test_rulebook_example_gather_from_three_territories() -> None:
    # "Brian may move from 3 territories onto the same territory"
    board = {"home_schnitzel": {"blue": 2}, "bramble_bank": {"blue": 1}, "acorn_grove": {"blue": 1}}
    state = make_state(board, first_seat="blue")
    triples = [("home_schnitzel", "statue_wheelbarrow", 2), ("bramble_bank", "statue_wheelbarrow", 1),
               ("acorn_grove", "statue_wheelbarrow", 1)]
    assert validate_declaration(state, "blue", triples) == triples
    new, _ = GAME.apply(state, state.owner["blue"], Action(
        "decl:blue:home_schnitzel>statue_wheelbarrow*2,bramble_bank>*1,acorn_grove>*1"))
    assert new.board["statue_wheelbarrow"] == {"blue": 4}


def test_rulebook_example_spread_two_gnomes_onto_two_territories() -> None:
    # "Brian may move from the same territory onto 2 different territories (because he has 2 Gnomes)"
    state = make_state({"home_schnitzel": {"blue": 2}}, first_seat="blue")
    triples = [("home_schnitzel", "bramble_bank", 1), ("home_schnitzel", "acorn_grove", 1)]
    assert validate_declaration(state, "blue", triples) == triples
    new, _ = GAME.apply(state, state.owner["blue"], Action("decl:blue:home_schnitzel>bramble_bank*1,>acorn_grove*1"))
    assert new.board["bramble_bank"] == {"blue": 1} and new.board["acorn_grove"] == {"blue": 1}


def test_rulebook_example_combat_two_rounds() -> None:
    # Rachel attacks Brian with 2 and Greg with 1; Greg attacks Rachel with 3; Brian splits 1 and 1.
    here = {"red": 3, "green": 3, "blue": 2}
    order = declaration_order(here, ["red", "green", "blue", "yellow"], "red")
    assert order == ["red", "green", "blue"]
    first = resolve_combat_round(
        here, [("red", [("blue", 2), ("green", 1)]), ("green", [("red", 3)]), ("blue", [("red", 1), ("green", 1)])],
        fixed_dice([3, 2, 5, 5, 6, 1, 2, 4]))
    assert first.losses == {"blue": 1, "green": 2, "red": 2}  # Brian −1, Greg −2, Rachel −2
    here = {c: n - first.losses.get(c, 0) for c, n in here.items()}
    second = resolve_combat_round(
        here, [("red", [("blue", 1)]), ("green", [("red", 1)]), ("blue", [("green", 1)])], fixed_dice([4, 5, 6]))
    here = {c: n - second.losses.get(c, 0) for c, n in here.items()}
    assert here == {"red": 0, "green": 0, "blue": 1}  # "the territory is held by one blue Gnome"


def test_rulebook_example_combat_played_through_the_engine() -> None:
    # the same fight, declared step by step through apply(); dice come from the seeded generator
    board = {"statue_fisher": {"red": 3, "green": 3, "blue": 2}}
    state = make_state(board, first_seat="red", moved=["red", "green", "blue"])
    state, _ = GAME.apply(state, state.owner["yellow"], Action("pass"))
    assert state.combat is not None and state.combat["order"] == ["red", "green", "blue"]
    red = state.owner["red"]
    for step in ("target:blue", "dice:2", "target:green", "dice:1"):
        state, _ = GAME.apply(state, red, Action(step))
    state, events = GAME.apply(state, red, Action("confirm"))
    assert events[0].kind == "declare" and events[0].data["assignment"] == [["blue", 2], ["green", 1]]
    state, _ = GAME.apply(state, state.owner["green"], Action("atk:green:red*3"))
    state, events = GAME.apply(state, state.owner["blue"], Action("atk:blue:red*1,green*1"))
    roll = next(e for e in events if e.kind == "roll")
    assert [r[:2] for r in roll.data["rolls"]] == [["red", "blue"], ["red", "green"], ["green", "red"],
                                                   ["blue", "red"], ["blue", "green"]]
    assert sum(len(r[2]) for r in roll.data["rolls"]) == 8
    assert GAME.check_invariants(state) == []


def test_rulebook_example_food_objectives() -> None:
    # 3 acorns + 3 berries and 4 apples + 2 acorns need 5 acorns, 4 apples and 3 berries in total
    assert feasible("red", ["red_1", "red_2"], {"acorn": 5, "apple": 4, "berry": 3}, {})
    assert not feasible("red", ["red_1", "red_2"], {"acorn": 4, "apple": 4, "berry": 3}, {})


def test_rulebook_loot_one_token_per_territory_whatever_the_gnome_count() -> None:
    from engine.vendetta.flow import loot

    state = make_state({"oak_corner": {"red": 5}, "acorn_grove": {"green": 1}})
    loot(state, [])
    assert state.tokens["red"]["acorn"] == 1 and state.tokens["green"]["acorn"] == 1


def test_rulebook_gnome_objectives_any_colour_but_your_own() -> None:
    # "you can always collect Gnomes of all colors, except your own" — black is not in play here
    assert feasible("red", ["n15"], {"gnome_black": 4}, {})
    assert not feasible("red", ["n15"], {"gnome_red": 4}, {})


def test_rulebook_statue_objective_only_when_the_game_ends() -> None:
    tokens = {"acorn": 9}
    assert not feasible("red", ["red_3"], tokens, {"statue_fisher": {"red": 1}})
    assert feasible("red", ["red_3"], tokens, {"statue_fisher": {"red": 1}, "statue_lantern": {"red": 2}})


def test_rulebook_long_game_variant_more_objectives() -> None:
    state = new_state(4, 1, {"objectives_kept": 5})
    assert state.objectives_kept == 5
    assert new_state(3, 1).objectives_kept == 3
    assert new_state(6, 1).objectives_kept == 2
