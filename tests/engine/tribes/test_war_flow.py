"""The Phase 4 step as a whole (§15.1): skips, defaults, auto steps, descriptions, the public view, the game."""

from __future__ import annotations

import pytest

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.tribes import GAME
from engine.tribes.phases import CARDS, DEFENCE, DEPLOY, MOVE_IN, ORDER, PLAN, RETREAT, WAR_STEP_DONE
from engine.tribes.war import WAR_PHASES
from engine.tribes.war.view import war_view
from tests.engine.tribes.builders import (
    armies_at,
    battle_of,
    build,
    finish,
    flak_choice,
    legal_ids,
    play,
    public_war,
    start,
    waiting,
    war_of,
    who,
)
from tests.engine.tribes.test_war_rejections import defence_state, retreat_state


def public_texts(events):
    return [e.text for e in events if e.public]


def test_a_player_without_armies_plans_nothing_and_deploys_nothing():
    s = build({"forest": "K:2"})
    s, events = start(s, "P")
    assert s.phase == WAR_STEP_DONE and s.war is None
    answered = build({"golden_fields": "P:1", "forest": "K:2"})
    answered, _ = start(answered, "P")
    answered, more = play(answered, "P", "plan:none")
    # a skipped decision and an answered one give the same public message (§15.1)
    assert public_texts(events)[0] == public_texts(more)[0] == "The Plains Gnomes attack nobody this turn."


def test_no_attack_goes_straight_to_deployment_and_ends_when_nothing_is_left_to_move():
    s = build({"golden_fields": "P:2"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none")
    assert s.phase == DEPLOY
    s, events = play(s, "P", "dep:from:golden_fields", "dep:to:cloud_crags", "dep:n:2")
    assert s.phase == WAR_STEP_DONE  # every army has moved: nothing left to ask
    assert armies_at(s, "cloud_crags") == ("P", 2) and s.areas["cloud_crags"].moved == 0
    assert "end their war and deployment" in public_texts(events)[-1]


def test_battle_cards_skip_empty_hands_and_the_order_skips_a_single_attack():
    s = build({"lily_fen": "K:1", "clover_lea": "P:2"})
    s, _ = start(s, "K")
    s, events = play(s, "K", "plan:from:lily_fen", "plan:ground", "plan:to:clover_lea", "plan:n:1", "confirm")
    assert s.phase == DEPLOY  # no card to choose, one attack: resolved at once (1 against 2 + 1: nothing)
    assert any("no card" in t for t in public_texts(events))
    assert battle_of(s).result == "Nothing happens"


def test_cards_are_asked_of_every_belligerent_with_a_hand_even_without_battle_cards():
    s = build({"lily_fen": "K:1", "clover_lea": "P:2"}, hands={"P": ["gnombut#1"]})
    s, _ = start(s, "K")
    s, _ = play(s, "K", "plan:from:lily_fen", "plan:ground", "plan:to:clover_lea", "plan:n:1", "confirm")
    assert s.phase == CARDS and waiting(s) == [who(s, "P")]  # asking only real card holders would leak
    assert legal_ids(s, who(s, "P")) == ["card:pass"]


def test_order_is_asked_with_two_live_attacks_and_defaults_to_plan_order():
    s = build({"golden_fields": "P:1", "windy_meadows": "P:4", "forest": "K:3", "sunny_downs": "K:2"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:1",
                "plan:from:windy_meadows", "plan:ground", "plan:to:sunny_downs", "plan:n:4", "confirm")
    assert s.phase == ORDER
    s, _ = play(s, "P", "order:2")
    auto_step = WAR_PHASES[ORDER].auto_step
    assert auto_step is not None, "the order phase has no auto step"
    assert auto_step(s, who(s, "P")) == Action("order:1")
    s, _ = play(s, "P", "undo", "order:plan")
    assert war_of(s).order == [1, 2]


def test_retreat_default_fills_destinations_in_board_order():
    s = retreat_state()
    assert waiting(s) == [who(s, "K")]
    assert WAR_PHASES[RETREAT].timeout(s, who(s, "K")).id == "ret:auto"
    s, events = play(s, "K", "ret:auto")
    assert armies_at(s, "forest") == ("K", 3) and armies_at(s, "lily_fen") == ("K", 4)  # The Forest comes first
    assert any("retreat from Sunny Downs: 2 armies to The Forest" in t for t in public_texts(events))


def test_move_in_default_keeps_one_army_in_a_land_source():
    s = retreat_state()
    s, _ = play(s, "K", "ret:auto")
    assert s.phase == MOVE_IN
    assert WAR_PHASES[MOVE_IN].timeout(s, who(s, "P")).id == "in:4"  # 5 attackers, Windy Meadows keeps 1
    s, _ = finish(s)
    assert armies_at(s, "sunny_downs") == ("P", 4) and armies_at(s, "windy_meadows") == ("P", 1)


def test_defence_default_sends_each_army_to_the_first_attack_in_plan_order():
    s = defence_state()
    auto_step = WAR_PHASES[DEFENCE].auto_step
    assert auto_step is not None, "the defence phase has no auto step"
    assert auto_step(s, who(s, "P")) == Action("def:from:clover_lea")
    s, _ = play(s, "P", "def:auto")
    clover = [x for x in war_of(s).defence[who(s, "P")].supports if x.territory == "clover_lea"]
    assert [(x.count, x.attack) for x in clover] == [(2, 2)]


def test_plan_auto_step_takes_a_single_forward_choice_only():
    s = build({"golden_fields": "P:1", "forest": "K:1"})
    s, _ = start(s, "P")
    auto_step = WAR_PHASES[PLAN].auto_step
    assert auto_step is not None, "the plan phase has no auto step"
    assert auto_step(s, who(s, "P")) is None  # the top of the plan is a real choice
    s, _ = play(s, "P", "plan:from:golden_fields")
    assert auto_step(s, who(s, "P")) == Action("plan:ground")
    s, _ = play(s, "P", "plan:ground")
    assert auto_step(s, who(s, "P")) == Action("plan:to:forest")
    s, _ = play(s, "P", "plan:to:forest")
    assert auto_step(s, who(s, "P")) == Action("plan:n:1")


def test_descriptions_say_the_draft_in_words():
    s = build({"golden_fields": "M:4", "forest": "M:2", "wheatburg": "P:2", "windy_meadows": "P:1"},
              hands={"M": ["gnomcopter#1"]})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:golden_fields", "plan:ground", "plan:to:wheatburg", "plan:n:4",
                "plan:sup:1", "plan:by:forest")
    lines = WAR_PHASES[PLAN].describe(s, who(s, "M"))
    assert lines[0] == "Your plan: attack Wheatburg (the Plains Gnomes) from Golden Fields with 4 armies on foot."
    assert lines[1] == "Now choosing support from The Forest for the attack on Wheatburg."
    assert WAR_PHASES[PLAN].describe(s, who(s, "P")) == []
    s, _ = play(s, "M", "plan:n:2", "confirm", "card:play:gnomcopter#1")
    assert WAR_PHASES[CARDS].describe(s, who(s, "M"))[0] == "You play Gnomcopter in this battle."


def test_public_war_view_shows_the_plan_once_confirmed_and_cards_only_after_the_reveal():
    s = build({"golden_fields": "M:4", "wheatburg": "P:2"}, hands={"M": ["gnom_crossbow#1"], "P": ["gnomfog#1"]})
    s, _ = start(s, "M")
    s, events = play(s, "M", "plan:from:golden_fields", "plan:ground", "plan:to:wheatburg", "plan:n:4")
    assert war_view(s) == {"active": who(s, "M"), "attacks": [], "supports": []} and events == []
    s, events = play(s, "M", "confirm")
    view = public_war(s)
    assert view["attacks"][0]["target"] == "wheatburg" and view["attacks"][0]["armies"] == 4
    assert "cards_played" not in view
    s, events = play(s, "M", "card:play:gnom_crossbow#1", "confirm")
    assert events == [] and "cards_played" not in public_war(s)
    s, events = play(s, "P", "card:play:gnomfog#1", "confirm")
    reveal = next(e for e in events if e.kind == "reveal")
    assert "Gnom-Crossbow" in reveal.text and "Gnomfog" in reveal.text
    assert s.phase == MOVE_IN
    lost = "The 2 armies defending Wheatburg found no room to retreat and are destroyed"
    assert (battle_of(s).att, battle_of(s).dfn) == (4, 3) and battle_of(s).result == lost
    s, _ = play(s, "M", "in:3")
    assert battle_of(s).result == (f"{lost}; "
                                    "Wheatburg taken by the Mountain Gnomes with 3 armies")


def test_through_the_game_a_turbo_table_reaches_phase_4_and_plays_it():
    state = GAME.new_game(4, 7, {"turbo": True, "tribe_pick": "random"})
    for _ in range(200):
        if state.phase == PLAN:
            break
        decision = GAME.pending(state)[0]
        state, _ = GAME.apply(state, decision.player, GAME.timeout_action(state, decision.player))
    assert state.phase == PLAN
    active = war_of(state).active
    assert GAME.view(state, None)["war"] == {"active": active, "attacks": [], "supports": []}
    sources = [a for a in GAME.legal_actions(state, active) if a.id.startswith("plan:from:")]
    assert sources, "a turbo start always has armies that can attack something"
    state, _ = GAME.apply(state, active, sources[0])
    while (step := GAME.auto_step(state, active)) is not None and war_of(state).path:
        state, _ = GAME.apply(state, active, step)
    while state.phase == PLAN:
        state, _ = GAME.apply(state, active, GAME.legal_actions(state, active)[0])
    for _ in range(100):
        if state.war is None or state.war.active != active:
            break
        decision = GAME.pending(state)[0]
        state, _ = GAME.apply(state, decision.player, GAME.timeout_action(state, decision.player))
        assert GAME.check_invariants(state) == []
    assert state.war is None or state.war.active != active  # the next player's step (or the turn end) began


def test_flak_choice_must_use_the_whole_capacity_g_t20():
    s = flak_choice()
    s, _ = play(s, "P", "flak:gnomcopter#1")
    assert "confirm" not in legal_ids(s, who(s, "P"))
    with pytest.raises(IllegalAction, match="Choose 2 cards"):
        play(s, "P", "confirm")
    assert war_of(s).cancelled == []


def test_a_city_source_emptied_by_destroyed_attackers_stays_held_g_t23():
    s = build({"wheatburg": "P:2", "forest": "K:3", "sunny_downs": "K:2"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:wheatburg", "plan:ground", "plan:to:forest", "plan:n:2", "confirm")
    assert (battle_of(s).att, battle_of(s).dfn) == (2, 6)
    assert armies_at(s, "wheatburg") == ("P", 0) and s.players[who(s, "P")].vp == -4


def test_an_air_move_is_not_spent_on_a_neighbour_g_t26():
    s = build({"golden_fields": "P:2"}, hands={"P": ["gnomglider#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none", "dep:from:golden_fields")
    offered = legal_ids(s, who(s, "P"))
    assert "dep:to:forest" in offered and "dep:fly:swamp" in offered  # 4 neighbours, 24 far: by terrain first
    s, _ = play(s, "P", "dep:fly:marsh")
    offered = legal_ids(s, who(s, "P"))
    assert "dep:air:forest" not in offered and "dep:air:lily_fen" in offered
    with pytest.raises(IllegalAction, match="step there and keep your air move"):
        play(s, "P", "dep:air:forest")


def test_long_lists_are_split_by_terrain_so_no_step_exceeds_25_choices():
    # an airborne attack may reach 24 enemy territories: the terrain is chosen first
    enemies = {t: "M:1" for t in ("wheatburg", "golden_fields", "windy_meadows", "forest", "cloud_crags",
                                  "sunny_downs", "frog_hollow", "cragburg", "eagle_cliffs", "rocky_ridge",
                                  "misty_bog", "heron_fen", "iron_hills", "high_pasture", "reedburg",
                                  "reedy_shallows", "turnip_plain", "toad_swamp", "willow_mire", "flint_knoll",
                                  "mudburg", "bogwater", "sludge_flats", "grey_tors")}
    s = build({**enemies, "eelwater": "P:3"}, hands={"P": ["gnomcopter#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:eelwater", "plan:card:gnomcopter#1")
    offered = legal_ids(s, who(s, "P"))
    assert len(offered) <= 25 and "plan:zone:mountain" in offered and "plan:to:iron_hills" not in offered
    s, _ = play(s, "P", "plan:zone:mountain")
    offered = legal_ids(s, who(s, "P"))
    assert "plan:to:iron_hills" in offered and "plan:to:golden_fields" not in offered
    s, _ = play(s, "P", "plan:to:iron_hills", "plan:n:3")
    assert war_of(s).attacks[0].target == "iron_hills" and war_of(s).path == []


def test_a_hand_of_every_battle_card_puts_the_weapons_behind_one_entry():
    from engine.tribes.cards import CARDS

    hand = [f"{c.id}#1" for c in CARDS.values() if c.battle]
    s = build({"golden_fields": "P:2", "forest": "K:1"}, hands={"P": hand})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:2", "confirm")
    offered = legal_ids(s, who(s, "P"))
    assert len(offered) <= 25 and "card:weapon" in offered and "card:play:gnomsnake#1" not in offered
    s, _ = play(s, "P", "card:weapon")
    assert "card:play:gnomsnake#1" in legal_ids(s, who(s, "P"))
    s, _ = play(s, "P", "card:play:gnomsnake#1")
    assert len(legal_ids(s, who(s, "P"))) <= 25
