"""Drafts, menus, timeouts (R-V34), reinforcement, first-player passing, loot and setup."""

from __future__ import annotations

import json

import pytest

from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.vendetta import GAME
from engine.vendetta.board import DATA_FILE, load_board, raw_board
from engine.vendetta.combat import default_target
from engine.vendetta.flow import loot, reinforce
from engine.vendetta.setup import new_state

from .support import SIX_HOME_SET, assert_rejected, combat_of, make_state


def ids(state, player: int) -> list[str]:
    return [a.id for a in GAME.legal_actions(state, player)]


def test_board_data_is_the_shared_spec_board() -> None:
    assert raw_board() == json.loads(DATA_FILE.read_text(encoding="utf-8"))
    board = load_board()
    assert len(board.order) == 16
    for t in board.order:
        for n in board.adjacent(t):
            assert t in board.adjacent(n)  # two-way links
    assert sum(len(board.adjacent(t)) for t in board.order) == 2 * 24


def test_objective_draft_pick_undo_confirm() -> None:
    state = make_state(phase="objectives")
    player = state.owner["green"]
    assert {d.kind for d in GAME.pending(state)} == {DecisionKind.SIMULTANEOUS}
    menu = ids(state, player)
    assert "confirm" not in menu and "undo" not in menu
    assert menu[:5] == [f"pick:green_{i}" for i in range(1, 6)]
    for step in ("pick:green_2", "pick:green_5", "undo", "pick:green_1", "pick:green_4"):
        state, events = GAME.apply(state, player, Action(step))
        assert events == []
    assert state.drafts["green"]["cards"] == ["green_2", "green_1", "green_4"]
    assert GAME.view(state, player)["me"]["draft"]["cards"] == ["green_2", "green_1", "green_4"]
    assert "drafts" not in json.dumps(GAME.view(state, None)) and "green_4" not in json.dumps(GAME.view(state, None))
    menu = ids(state, player)
    assert "confirm" in menu and not any(i.startswith("pick:") for i in menu)
    state, events = GAME.apply(state, player, Action("confirm"))
    assert state.chosen["green"] == ["green_1", "green_2", "green_4"]
    private = [e for e in events if not e.public]
    assert private and all(e.visible_to == frozenset({player}) for e in private)
    assert all("green_" not in json.dumps(e.to_json()) for e in events if e.public)
    assert GAME.legal_actions(state, player) == []


def test_two_player_variant_chooses_for_each_clan_in_turn() -> None:
    state = new_state(2, 5, {"clans_per_player": 3})
    assert len(state.seats) == 6 and state.objectives_kept == 2 and state.scoring == "advanced"
    player = 0
    mine = [c for c in state.seats if state.owner[c] == player]
    assert len(mine) == 3
    # every second home belongs to the same user (R-V31)
    assert [state.owner[c] for c in state.seats] in ([0, 1] * 3, [1, 0] * 3)
    for clan in mine:
        assert GAME.timeout_action(state, player).id.startswith(f"choose:{clan}:")
        state, _ = GAME.apply(state, player, GAME.timeout_action(state, player))
    assert GAME.legal_actions(state, player) == []
    assert GAME.factions(state)[player] == mine


def test_two_player_default_has_four_clans_on_opposite_homes() -> None:
    state = new_state(2, 9)
    assert len(state.seats) == 4 and state.objectives_kept == 3
    assert [state.owner[c] for c in state.seats] in ([0, 1, 0, 1], [1, 0, 1, 0])


def test_movement_draft_steps_and_confirm() -> None:
    state = make_state({"home_dingleson": {"red": 4}, "oak_corner": {"red": 1}}, first_seat="red")
    red = state.owner["red"]
    assert [d.kind for d in GAME.pending(state)] == [DecisionKind.TURN]
    menu = ids(state, red)
    assert menu == ["from:home_dingleson", "from:oak_corner", "pass"]
    state, _ = GAME.apply(state, red, Action("from:home_dingleson"))
    assert "to:statue_fisher" in ids(state, red) and "to:home_dingleson" not in ids(state, red)
    state, _ = GAME.apply(state, red, Action("to:statue_fisher"))
    assert ids(state, red) == ["n:1", "n:2", "n:3", "n:4", "undo", "pass"]
    state, _ = GAME.apply(state, red, Action("n:2"))
    # now a gather onto statue_fisher or a spread from home_dingleson are both open
    state, _ = GAME.apply(state, red, Action("from:oak_corner"))
    assert ids(state, red) == ["to:statue_fisher", "undo", "clear"]  # a built move is cleared, not passed away
    state, _ = GAME.apply(state, red, Action("to:statue_fisher"))
    state, _ = GAME.apply(state, red, Action("n:1"))
    assert "from:home_dingleson" in ids(state, red) and "confirm" in ids(state, red)
    assert GAME.view(state, red)["me"]["draft"]["triples"] == [["home_dingleson", "statue_fisher", 2],
                                                                ["oak_corner", "statue_fisher", 1]]
    state, events = GAME.apply(state, red, Action("confirm"))
    assert state.board["statue_fisher"] == {"red": 3}
    assert state.last_move == {"kind": "move", "clan": "red",
                               "moves": [["home_dingleson", "statue_fisher", 2], ["oak_corner", "statue_fisher", 1]]}
    assert events[0].kind == "move"
    assert "red" not in state.drafts


def test_movement_undo_walks_back_one_step_at_a_time() -> None:
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    red = state.owner["red"]
    for step in ("from:home_dingleson", "to:oak_corner", "n:1"):
        state, _ = GAME.apply(state, red, Action(step))
    state, _ = GAME.apply(state, red, Action("from:home_dingleson"))
    state, _ = GAME.apply(state, red, Action("to:berry_thicket"))
    draft = state.drafts["red"]
    assert draft["dest"] == "berry_thicket"
    state, _ = GAME.apply(state, red, Action("undo"))
    assert state.drafts["red"]["dest"] is None and state.drafts["red"]["origin"] == "home_dingleson"
    state, _ = GAME.apply(state, red, Action("undo"))
    assert state.drafts["red"]["origin"] is None and len(state.drafts["red"]["triples"]) == 1
    state, _ = GAME.apply(state, red, Action("undo"))
    assert state.drafts["red"]["triples"] == []


def test_pass_always_offered_and_is_the_movement_timeout() -> None:
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    red = state.owner["red"]
    assert GAME.timeout_action(state, red).id == "pass"
    state, _ = GAME.apply(state, red, Action("from:home_dingleson"))
    assert "pass" in ids(state, red)
    state, events = GAME.apply(state, red, Action("pass"))
    assert state.moved == ["red"] and state.board == {"home_dingleson": {"red": 4}}
    assert events[0].data["moves"] == []


def test_timeout_for_a_non_pending_player_is_rejected() -> None:
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    with pytest.raises(IllegalAction) as info:
        GAME.timeout_action(state, state.owner["green"])
    assert info.value.code == "E_NOT_YOUR_TURN"


def test_combat_timeout_targets_biggest_opponent_tie_clockwise() -> None:
    seats = ["red", "green", "blue", "yellow"]
    assert default_target({"red": 1, "green": 2, "blue": 3}, "red", seats) == "blue"
    # tie between green and yellow: first clockwise after blue is yellow
    assert default_target({"green": 2, "blue": 1, "yellow": 2}, "blue", seats) == "yellow"
    assert default_target({"green": 2, "blue": 1, "yellow": 2}, "red", seats) == "green"


def three_way_fight():
    board = {"statue_lantern": {"green": 2, "blue": 1, "yellow": 2}}
    state = make_state(board, first_seat="red", moved=["red", "green", "blue"])
    state, _ = GAME.apply(state, state.owner["yellow"], Action("pass"))
    return state


def test_combat_draft_steps() -> None:
    state = three_way_fight()
    green = state.owner["green"]
    assert GAME.pending(state)[0].player == green
    menu = ids(state, green)
    assert menu[:2] == ["target:blue", "target:yellow"]
    assert GAME.timeout_action(state, green).id == "all:yellow"
    assert "all:yellow" in menu and "confirm" not in menu
    state, _ = GAME.apply(state, green, Action("target:blue"))
    assert ids(state, green)[:3] == ["dice:1", "dice:2", "undo"]
    state, _ = GAME.apply(state, green, Action("dice:1"))
    state, _ = GAME.apply(state, green, Action("target:yellow"))
    assert ids(state, green)[:2] == ["dice:1", "undo"]  # the last target takes the remaining dice
    state, _ = GAME.apply(state, green, Action("dice:1"))
    assert ids(state, green)[0] == "confirm"
    assert GAME.view(state, green)["me"]["draft"]["assign"] == [["blue", 1], ["yellow", 1]]
    assert GAME.view(state, None)["combat"]["declarations"] == []
    state, events = GAME.apply(state, green, Action("confirm"))
    assert combat_of(state)["declarations"] == [["green", [["blue", 1], ["yellow", 1]]]]
    assert GAME.view(state, None)["current_seat"] == "blue"
    assert events[0].kind == "declare"


def test_combat_with_two_survivors_becomes_automatic() -> None:
    state = three_way_fight()
    while state.phase == "combat":
        seat = GAME.view(state, None)["current_seat"]
        state, _ = GAME.apply(state, state.owner[seat], GAME.timeout_action(state, state.owner[seat]))
    assert len(state.board.get("statue_lantern", {})) <= 1
    assert GAME.check_invariants(state) == []


def test_reinforcement_onto_an_enemy_home_makes_it_contested() -> None:
    # R-V9: reinforcements always land at home, even on enemies
    state = make_state({"home_odingle": {"red": 2}}, round_number=1)
    reinforce(state, [])
    assert state.board["home_odingle"] == {"red": 2, "green": 5}


def test_reinforcement_places_min_of_rate_and_reserve() -> None:
    state = make_state({"oak_corner": {"red": 6}}, round_number=1)
    reinforce(state, [])
    assert state.board["home_dingleson"] == {"red": 2}
    assert state.reserve["red"] == 0


def test_first_round_starts_with_reinforcement_after_the_choice() -> None:
    state = new_state(4, 2)
    for p in range(4):
        state, events = GAME.apply(state, p, GAME.timeout_action(state, p))
    assert state.round == 1 and state.phase == "movement"
    assert any(e.kind == "reinforce" for e in events)
    from engine.vendetta.clans import CLANS

    assert state.board == {CLANS[c].home: {c: CLANS[c].reinforcements} for c in state.seats}


def test_first_player_passes_clockwise_skipping_absent_clans() -> None:
    state = make_state({}, players=3, home_set_index=0, first_seat="black")
    assert state.seats == ["red", "green", "black"]
    for _ in range(3):
        state, _ = GAME.apply(state, GAME.pending(state)[0].player, Action("pass"))
    assert state.first_seat == "red" and state.round == 2


def test_loot_own_home_and_unplayed_home() -> None:
    # R-V22 own token, R-V23 an unplayed clan's home still yields its colour
    state = make_state({"home_dingleson": {"red": 1}, "home_westdingledongleson": {"green": 1},
                        "grand_gnome_isle": {"blue": 1}, "oak_corner": {"yellow": 1, "red": 1}})
    events: list = []
    loot(state, events)
    assert state.tokens["red"]["gnome_red"] == 1 and state.tokens["red"]["acorn"] == 0  # contested: no loot
    assert state.tokens["green"]["gnome_white"] == 1
    assert state.tokens["blue"]["mushroom"] == 1
    assert events[0].kind == "loot"


def test_setup_events_reveal_randomness_and_keep_the_deal_private() -> None:
    state = new_state(4, 12)
    events = GAME.setup_events(state)
    kinds = [e.kind for e in events]
    assert kinds.count("reveal") == 3 and "deal" in kinds
    private = [e for e in events if not e.public]
    assert len(private) == 4 and all(e.kind == "deal" for e in private)
    for e in private:
        assert e.visible_to is not None
        (player,) = e.visible_to
        assert state.owner[e.data["clan"]] == player
    offered = {cid for c in state.seats for cid in state.offered[c]}
    for e in events:
        if e.public:
            assert not any(f'"{cid}"' in json.dumps(e.to_json()) for cid in offered)


def test_new_game_is_deterministic_per_seed_and_uses_valid_home_sets() -> None:
    assert GAME.dump(GAME.new_game(5, 42)) == GAME.dump(GAME.new_game(5, 42))
    board = load_board()
    seen = set()
    for seed in range(40):
        state = GAME.new_game(4, seed)
        seen.add(tuple(state.seats))
        assert any(set(state.seats) == {board.territories[t].clan for t in s} for s in board.home_sets[4])
        assert state.first_seat in state.seats
    assert len(seen) == 3


def test_dump_load_roundtrip_and_schema() -> None:
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    data = json.loads(json.dumps(GAME.dump(state)))
    assert data["schema"] == 1
    assert GAME.load(data) == state
    data["schema"] = 99
    with pytest.raises(IllegalAction):
        GAME.load(data)


def test_check_invariants_reports_broken_states() -> None:
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    assert GAME.check_invariants(state) == []
    state.reserve["red"] += 1
    assert any("red" in p for p in GAME.check_invariants(state))
    state = make_state({"oak_corner": {"red": 1, "green": 1}}, phase="movement")
    state.phase = "finished"
    state.end_reason = "round_limit"
    assert any("contested" in p for p in GAME.check_invariants(state))


def test_view_shape() -> None:
    state = make_state({"oak_corner": {"red": 1}, "home_odingle": {"green": 3}}, first_seat="green")
    view = GAME.view(state, None)
    for key in ("game", "players", "round", "round_limit", "phase", "scoring", "seats", "seat_order", "first_seat",
                "current_seat", "board", "combat", "pending", "last_move", "outcome"):
        assert key in view
    assert view["game"] == "vendetta" and view["current_seat"] == "green"
    assert view["board"] == {"oak_corner": {"red": 1}, "home_odingle": {"green": 3}}
    seat = view["seats"][0]
    assert seat["clan"] == "red" and seat["name"] == "Dingleson" and seat["colour"] == "#C62828"
    assert seat["reserve"] == 7 and seat["on_board"] == 1 and seat["has_chosen"] is True
    me = GAME.view(state, state.owner["red"])["me"]
    assert me["clans"] == ["red"] and len(me["offered"]["red"]) == 8
    assert {"id", "name", "requirement"} <= set(me["offered"]["red"][0])
    assert [c["id"] for c in me["chosen"]["red"]] == state.chosen["red"]
    assert GAME.num_players(state) == 4 and GAME.round_number(state) == 1
    assert GAME.factions(state) == {state.owner[c]: [c] for c in state.seats}
    json.dumps(view)


def test_options_contract() -> None:
    names = {o.name for o in GAME.options()}
    assert names == {"scoring", "clans_per_player", "objectives_kept", "round_limit"}
    assert GAME.name == "vendetta" and GAME.player_range == (2, 6)
    from engine import registry

    assert registry.get("vendetta") is GAME


def test_rejected_step_is_reported_and_changes_nothing() -> None:
    state = make_state({"home_dingleson": {"red": 4}}, first_seat="red")
    assert_rejected(state, state.owner["red"], "n:2", "E_DRAFT")


def test_six_player_setup() -> None:
    state = make_state({}, players=6, home_set_index=SIX_HOME_SET)
    assert state.seats == ["red", "white", "green", "blue", "black", "yellow"]
    assert state.objectives_kept == 2


def test_combat_events_and_last_move_shape() -> None:
    state = make_state({"berry_thicket": {"red": 2, "yellow": 3}}, moved=["red", "green", "blue"])
    state, events = GAME.apply(state, state.owner["yellow"], Action("pass"))
    rolls = [e for e in events if e.kind == "roll"]
    assert rolls and all(e.public for e in rolls)
    first = rolls[0].data
    assert first["territory"] == "berry_thicket" and first["round"] == 1
    assert first["declarations"] == [["red", [["yellow", 2]]], ["yellow", [["red", 3]]]]
    assert [r[:2] for r in first["rolls"]] == [["red", "yellow"], ["yellow", "red"]]
    assert all(1 <= f <= 6 for r in first["rolls"] for f in r[2])
    # after combat the round ended; last_move still tells the renderer what the last fight did
    last_move = state.last_move
    assert last_move is not None and last_move["kind"] == "combat" and last_move["territory"] == "berry_thicket"


def test_two_player_clans_of_one_user_fight_each_other() -> None:
    # R-V31: a user's own clans block and fight each other like enemies
    state = make_state({"statue_lantern": {"red": 1, "blue": 1, "green": 1}}, players=2, first_seat="red",
                       moved=["red", "green", "blue"])
    assert state.owner["red"] == state.owner["blue"]
    state, _ = GAME.apply(state, state.owner["yellow"], Action("pass"))
    assert state.phase == "combat" and combat_of(state)["order"] == ["red", "green", "blue"]
    menu = ids(state, state.owner["red"])
    assert "target:blue" in menu and "target:green" in menu


def test_private_checklist_tracks_single_cards() -> None:
    state = make_state({"statue_fisher": {"red": 1}, "statue_lantern": {"red": 1}},
                       chosen={"red": ["red_1", "red_2", "red_3"]}, tokens={"red": {"acorn": 3, "berry": 3}})
    checklist = GAME.view(state, state.owner["red"])["me"]["checklist"]["red"]
    assert [(c["id"], c["complete"]) for c in checklist] == [("red_1", True), ("red_2", False), ("red_3", True)]
    assert "checklist" not in json.dumps(GAME.view(state, None))
