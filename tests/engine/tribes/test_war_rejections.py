"""Spec §16, Phase 4: every rejected input leaves the state unchanged and says in plain words what is allowed."""

from __future__ import annotations

import re

import pytest

from engine.core.errors import IllegalAction
from engine.tribes.phases import CARDS, DEFENCE, MOVE_IN, RETREAT
from engine.tribes.state import dump_state
from engine.tribes.war import WAR_PHASES
from engine.tribes.war_state import MOVING_IN, Attack
from tests.engine.tribes.builders import build, play, start, war_of, who

IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+\b|#\d|\b(plan|def|card|ret|dep|in|order|flak):\S")


def rejected(state, letter, action_id, *words):
    """The refusal of `action_id`: state unchanged, a plain message (no ids) containing `words`."""
    before = dump_state(state)
    with pytest.raises(IllegalAction) as info:
        play(state, letter, action_id)
    assert dump_state(state) == before
    message = info.value.message
    assert not IDENTIFIER.search(message), message
    assert info.value.code.startswith("E_")
    for word in words:
        assert word in message, message
    return info.value


# --- the plan ----------------------------------------------------------------------------------


def plan_state(**kwargs):
    armies = {"golden_fields": "P:4", "windy_meadows": "P:2", "wheatburg": "P:1", "forest": "K:2",
              "frog_hollow": "K:1", "high_pasture": "M:2", "cloud_crags": "M:1", "iron_hills": "M:1",
              **kwargs.pop("extra", {})}
    s = build(armies, **kwargs)
    s, _ = start(s, "P")
    return s


def test_plan_rejects_a_source_not_held():
    s = plan_state()
    rejected(s, "P", "plan:from:forest", "territory where you have armies")
    rejected(s, "P", "plan:from:clover_lea", "territory where you have armies")


def test_plan_rejects_more_armies_than_free_in_the_source():
    s = plan_state()
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest")
    rejected(s, "P", "plan:n:5", "between 1 and 4")
    rejected(s, "P", "plan:n:0", "between 1 and 4")


def test_plan_rejects_the_same_army_twice():
    s = plan_state()
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:4")
    rejected(s, "P", "plan:from:golden_fields", "already used")
    s, _ = play(s, "P", "plan:sup:1", "plan:by:windy_meadows", "plan:n:2")
    rejected(s, "P", "plan:from:windy_meadows", "already used")


def test_plan_rejects_own_free_and_neutral_targets():
    s = plan_state()
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground")
    rejected(s, "P", "plan:to:wheatburg", "your own")
    s2, _ = play(s, "P", "undo", "plan:portal")
    rejected(s2, "P", "plan:to:sunny_downs", "free", "deployment")
    # a neutral city nobody ever controlled (3 players: no Swamp Gnomes) is free
    three = build({"bogwater": "P:2", "golden_fields": "P:1", "grey_tors": "M:1"}, tribes="PMK")
    three, _ = start(three, "P")
    three, _ = play(three, "P", "plan:from:bogwater", "plan:ground")
    rejected(three, "P", "plan:to:mudburg", "free")


def test_plan_rejects_a_second_attack_on_one_target():
    s = plan_state(extra={"sunny_downs": "K:1"})
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:1",
                "plan:from:windy_meadows", "plan:ground")
    rejected(s, "P", "plan:to:forest", "already attacked")


def test_plan_rejects_a_ground_attack_without_a_border():
    s = plan_state()
    s, _ = play(s, "P", "plan:from:windy_meadows", "plan:ground")
    rejected(s, "P", "plan:to:frog_hollow", "border")


def test_plan_rejects_portals_outside_the_home_type():
    s = plan_state()
    rejected(s, "P", "plan:to:high_pasture", "Choose a territory to attack from")  # a step out of turn
    s, _ = play(s, "P", "plan:from:wheatburg")  # a city: no portal (black territory)
    rejected(s, "P", "plan:portal", "home type")
    s, _ = play(s, "P", "undo", "plan:from:golden_fields", "plan:portal")
    rejected(s, "P", "plan:to:cloud_crags", "home type")  # a mountain
    s, _ = play(s, "P", "plan:to:high_pasture", "plan:n:1")  # a plain anywhere on the map
    assert war_of(s).attacks[-1].mode == "portal"


def test_plan_rejects_airborne_cards_not_allowed():
    s = plan_state(hands={"P": ["gnomflak#1", "gnomsub#1", "gnomcopter#1", "gnomglider#1"]})
    s, _ = play(s, "P", "plan:from:windy_meadows")
    rejected(s, "P", "plan:card:gnomcopter#2", "not in your hand")
    rejected(s, "P", "plan:card:gnomflak#1", "air card or a Gnomsub")
    sub, _ = play(s, "P", "undo", "plan:from:golden_fields", "plan:card:gnomsub#1")
    rejected(sub, "P", "plan:to:iron_hills", "coastal")  # Iron Hills is inland
    inland = build({"forest": "P:2", "cloud_crags": "M:1", "frog_hollow": "M:1"}, hands={"P": ["gnomsub#1"]})
    inland, _ = start(inland, "P")
    inland, _ = play(inland, "P", "plan:from:forest")
    rejected(inland, "P", "plan:card:gnomsub#1", "coastal")
    # more than 2 battle cards, counting the airborne ones
    two, _ = play(s, "P", "plan:card:gnomcopter#1", "plan:to:high_pasture", "plan:n:1",
                  "plan:from:golden_fields", "plan:card:gnomsub#1", "plan:to:cloud_crags", "plan:n:1",
                  "plan:from:golden_fields")
    rejected(two, "P", "plan:card:gnomglider#1", "at most 2")
    rejected(two, "P", "plan:card:gnomcopter#1", "already carries")


def test_plan_rejects_supports_not_allowed():
    s = plan_state(extra={"clover_lea": "P:2", "toad_swamp": "P:1", "sunny_downs": "K:1"})
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:3", "plan:sup:1")
    rejected(s, "P", "plan:by:golden_fields", "source cannot support")
    rejected(s, "P", "plan:by:sunny_downs", "territory you hold")
    rejected(s, "P", "plan:by:toad_swamp", "border")
    s, _ = play(s, "P", "plan:by:clover_lea", "plan:n:2")  # a plain: portal to the plains source (§9.1)
    assert war_of(s).supports[-1].territory == "clover_lea"


def test_plan_rejects_support_of_an_airborne_attack_away_from_the_target():
    # Clover Lea reaches the plains source by a portal, but an airborne attack counts only the target
    s = build({"clover_lea": "P:2", "high_pasture": "P:2", "windy_meadows": "P:1", "iron_hills": "M:1"},
              hands={"P": ["gnomcopter#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:windy_meadows", "plan:card:gnomcopter#1", "plan:to:iron_hills", "plan:n:1",
                "plan:sup:1")
    rejected(s, "P", "plan:by:clover_lea", "airborne", "target")
    s, _ = play(s, "P", "plan:by:high_pasture", "plan:n:2")  # High Pasture borders Iron Hills
    assert war_of(s).supports[-1].territory == "high_pasture"


def test_plan_confirm_needs_a_finished_step_and_an_attack():
    s = plan_state()
    rejected(s, "P", "confirm", "Attack nobody")
    s, _ = play(s, "P", "plan:from:golden_fields")
    rejected(s, "P", "confirm", "Finish or undo")


# --- the defence -------------------------------------------------------------------------------


def defence_state():
    """Mountain attacks Wheatburg, Sunny Downs and Golden Fields; Clover Lea (plains) must choose."""
    s = build({"forest": "M:3", "wheatburg": "P:1", "sunny_downs": "P:1", "golden_fields": "P:1",
               "clover_lea": "P:2", "gnomlab": "P:1"})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:forest", "plan:ground", "plan:to:wheatburg", "plan:n:1",
                "plan:from:forest", "plan:ground", "plan:to:sunny_downs", "plan:n:1",
                "plan:from:forest", "plan:ground", "plan:to:golden_fields", "plan:n:1", "confirm")
    assert s.phase == DEFENCE
    return s


def test_defence_assigns_single_choices_itself():
    s = defence_state()
    draft = s.war.defence[who(s, "P")]
    assert [(x.territory, x.count, x.attack) for x in draft.supports] == [("gnomlab", 1, 2)]
    assert draft.required["clover_lea"] == [2, 3]  # Sunny Downs by a border, Golden Fields by a portal


def test_defence_rejects_an_unassigned_army():
    s = defence_state()
    rejected(s, "P", "confirm", "still unassigned")
    s, _ = play(s, "P", "def:from:clover_lea", "def:to:2", "def:n:1")
    rejected(s, "P", "confirm", "1 army still unassigned")


def test_defence_rejects_an_army_assigned_twice():
    s = defence_state()
    s, _ = play(s, "P", "def:from:clover_lea", "def:to:2")
    rejected(s, "P", "def:n:3", "between 1 and 2")
    s, _ = play(s, "P", "def:n:2")
    rejected(s, "P", "def:from:clover_lea", "already assigned")


def test_defence_rejects_support_from_an_attacked_territory():
    s = defence_state()
    rejected(s, "P", "def:from:sunny_downs", "attacked itself")


def test_defence_rejects_portal_and_gnomlab_support_to_a_city():
    s = defence_state()
    s, _ = play(s, "P", "def:from:clover_lea")
    rejected(s, "P", "def:to:1", "city", "no portal", "Gnomlab")


def test_defence_rejects_a_territory_that_reaches_nothing():
    s = build({"forest": "M:2", "sunny_downs": "P:1", "golden_fields": "P:1", "windy_meadows": "P:1",
               "high_pasture": "P:2"})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:forest", "plan:ground", "plan:to:sunny_downs", "plan:n:1",
                "plan:from:forest", "plan:ground", "plan:to:golden_fields", "plan:n:1", "confirm")
    rejected(s, "P", "def:from:eagle_cliffs", "no armies")
    s, _ = play(s, "P", "def:auto")
    assert s.phase != DEFENCE


# --- battle cards ------------------------------------------------------------------------------


def cards_state(p_hand, m_hand=(), k_hand=(), extra=None):
    """Plains attack Cloud Crags (Mountain) from Golden Fields and The Forest (Marsh) from Windy Meadows."""
    s = build({"golden_fields": "P:4", "windy_meadows": "P:3", "wheatburg": "P:2", "cloud_crags": "M:1",
               "eagle_cliffs": "M:2", "forest": "K:1", "eelwater": "K:2", **(extra or {})},
              hands={"P": list(p_hand), "M": list(m_hand), "K": list(k_hand)})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:cloud_crags", "plan:n:1",
                "plan:from:windy_meadows", "plan:ground", "plan:to:forest", "plan:n:2",
                "plan:sup:2", "plan:by:golden_fields", "plan:n:3", "confirm")
    if s.phase == DEFENCE:
        s, _ = play(s, "K", "def:auto")
    assert s.phase == CARDS
    return s


def test_cards_reject_a_third_card():
    s = cards_state(["gnom_crossbow#1", "gnom_crossbow#2", "gnom_crossbow#3"], ["gnomflak#1"])
    s, _ = play(s, "P", "card:play:gnom_crossbow#1", "card:play:gnom_crossbow#2")
    rejected(s, "P", "card:play:gnom_crossbow#3", "at most 2")


def test_cards_reject_a_card_not_in_hand_or_chosen_twice():
    s = cards_state(["gnom_crossbow#1", "gnomfog#1"], ["gnomflak#1"])
    rejected(s, "P", "card:play:gnomfog#2", "not in your hand")
    s, _ = play(s, "P", "card:play:gnom_crossbow#1")
    rejected(s, "P", "card:play:gnom_crossbow#1", "already chose")


def test_cards_reject_gnomgag_and_gnompax():
    s = cards_state(["gnombut#1", "super_bingo#1", "gnom_crossbow#1"], ["gnomflak#1"])
    rejected(s, "P", "card:play:gnombut#1", "cannot be played")
    rejected(s, "P", "card:play:super_bingo#1", "cannot be played")
    assert all(a.id != "card:play:gnombut#1" for a in WAR_PHASES[CARDS].legal(s, who(s, "P")))


def test_cards_reject_airlifts_too_big():
    s = cards_state(["gnomcopter#1"], ["gnomflak#1"], extra={"clover_lea": "P:3"})
    s, _ = play(s, "P", "card:play:gnomcopter#1", "card:lift:clover_lea")
    rejected(s, "P", "card:n:4", "between 1 and 3")
    rejected(s, "P", "card:n:6", "between 1 and 3")


def test_cards_reject_airlifts_from_armies_in_the_battle():
    s = cards_state(["gnomcopter#1"], ["gnomflak#1"])
    s, _ = play(s, "P", "card:play:gnomcopter#1")
    rejected(s, "P", "card:lift:golden_fields", "already take part")  # 1 attacks, 3 support
    s, _ = play(s, "P", "card:lift:windy_meadows", "card:n:1")  # its one army left out of its own attack
    rejected(s, "P", "card:for:2", "source")
    s, _ = play(s, "P", "card:for:1", "confirm")
    assert war_of(s).cards[who(s, "P")].lifts[0].attack == 1


def test_cards_reject_defender_airlifts_from_attacked_territories_and_foreign_battles():
    s = cards_state(["gnom_crossbow#1"], ["gnomglider#1"], ["gnomballoon#1"], extra={"misty_bog": "M:3"})
    rejected(s, "M", "card:play:gnomballoon#1", "not in your hand")
    s, _ = play(s, "M", "card:play:gnomglider#1")
    rejected(s, "M", "card:lift:cloud_crags", "attacked")
    s, _ = play(s, "M", "card:lift:misty_bog", "card:n:3")
    rejected(s, "M", "card:for:2", "do not fight")
    s, _ = play(s, "M", "card:for:1", "confirm")
    assert war_of(s).cards[who(s, "M")].lifts[0].source == "misty_bog"


def test_cards_reject_gnomsub_airlift_into_an_inland_battle():
    s = cards_state(["gnomsub#1"], ["gnomflak#1"], extra={"clover_lea": "P:3"})
    s, _ = play(s, "P", "card:play:gnomsub#1", "card:lift:clover_lea", "card:n:2")
    rejected(s, "P", "card:for:2", "coastal")  # The Forest is inland
    s, _ = play(s, "P", "card:for:1", "confirm")  # Cloud Crags is coastal


def test_cards_reject_an_out_of_step_choice():
    s = cards_state(["gnomsub#1"], ["gnomflak#1"], extra={"clover_lea": "P:3"})
    rejected(s, "P", "confirm", "battle card")
    rejected(s, "P", "card:n:2", "battle card")


# --- resolution --------------------------------------------------------------------------------


def resolution_state():
    """Plains beat Sunny Downs by 2; Frog Hollow is still under attack; the Marsh Gnomes must retreat."""
    s = build({"windy_meadows": "P:5", "clover_lea": "P:5", "golden_fields": "P:1", "sunny_downs": "K:2",
               "gnomlab": "K:1", "forest": "K:1", "lily_fen": "K:4", "frog_hollow": "K:1", "toad_swamp": "K:1"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:windy_meadows", "plan:ground", "plan:to:sunny_downs", "plan:n:5",
                "plan:sup:1", "plan:by:clover_lea", "plan:n:5",
                "plan:from:golden_fields", "plan:ground", "plan:to:frog_hollow", "plan:n:1", "confirm")
    s, _ = play(s, "K", "def:auto")
    return s


def test_order_rejects_a_repeated_or_missing_attack():
    s = resolution_state()
    s, _ = play(s, "P", "order:1")
    rejected(s, "P", "order:1", "already in the order")
    rejected(s, "P", "confirm", "every live attack")
    rejected(s, "P", "order:7", "still to resolve")


def retreat_state():
    s = resolution_state()
    s, _ = play(s, "P", "order:1", "order:2", "confirm")
    assert s.phase == RETREAT
    assert (war_of(s).attacks[0].att, war_of(s).attacks[0].dfn) == (10, 8)
    return s


def test_retreat_rejects_bad_destinations():
    s = retreat_state()
    rejected(s, "K", "ret:to:toad_swamp", "does not border")
    rejected(s, "K", "ret:to:windy_meadows", "already have armies")
    rejected(s, "K", "ret:to:clover_lea", "already have armies")
    rejected(s, "K", "ret:to:gnomlab", "Gnomlab")
    rejected(s, "K", "ret:to:frog_hollow", "not resolved yet")


def test_retreat_rejects_more_than_five_and_needless_losses():
    s = retreat_state()
    s, _ = play(s, "K", "ret:to:lily_fen")
    rejected(s, "K", "ret:n:2", "between 1 and 1")
    s, _ = play(s, "K", "ret:n:1")
    rejected(s, "K", "ret:to:lily_fen", "full")
    rejected(s, "K", "confirm", "only be lost when no room remains")
    s, _ = play(s, "K", "ret:to:forest", "ret:n:1", "confirm")
    assert s.areas["lily_fen"].armies == 5 and s.areas["forest"].armies == 2
    assert s.phase == MOVE_IN


def test_move_in_rejects_zero_and_too_many():
    s = retreat_state()
    s, _ = play(s, "K", "ret:auto")
    rejected(s, "P", "in:0", "between 1 and 5")
    rejected(s, "P", "in:6", "between 1 and 5")


def test_move_in_rejects_more_than_one_into_the_gnomlab():
    s = build({"sunny_downs": "P:3", "gnomlab": "K:1", "frog_hollow": "P:1"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:sunny_downs", "plan:ground", "plan:to:gnomlab", "plan:n:3", "confirm")
    # 3 against 1 + fortification: margin 1, no room to retreat; exactly one army enters, unasked
    assert s.areas["gnomlab"].armies == 1 and s.areas["gnomlab"].controller == who(s, "P")
    assert s.players[who(s, "P")].vp == -2 + 5
    # a Gnomlab move-in is never asked; were it asked, more than one army would be refused
    paused = build({"sunny_downs": "P:3", "gnomlab": "K:1"})
    paused, _ = start(paused, "P")
    paused, _ = play(paused, "P", "plan:none")
    war = war_of(paused)
    war.attacks = [Attack(1, "sunny_downs", "gnomlab", 3, "ground", defender=who(paused, "K"), stage=MOVING_IN)]
    war.order, war.order_done, war.cursor = [1], True, 0
    paused.areas["gnomlab"].armies = 0
    paused.phase = MOVE_IN
    rejected(paused, "P", "in:2", "Exactly 1")


# --- deployment --------------------------------------------------------------------------------


def deploy_state(hands=None):
    s = build({"golden_fields": "P:3", "windy_meadows": "P:5", "forest": "K:1", "wheatburg": "P:1"}, hands=hands)
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none")
    return s


def test_deployment_rejects_a_turned_army():
    s = deploy_state()
    s, _ = play(s, "P", "dep:from:golden_fields", "dep:to:wheatburg", "dep:n:2", "dep:from:wheatburg",
                "dep:to:golden_fields")
    rejected(s, "P", "dep:n:3", "between 1 and")  # only the one unturned army may move
    s, _ = play(s, "P", "undo", "undo")
    assert war_of(s).path == []


def test_deployment_rejects_more_than_one_step():
    s = deploy_state()
    s, _ = play(s, "P", "dep:from:golden_fields")
    rejected(s, "P", "dep:to:sunny_downs", "does not border")


def test_deployment_rejects_enemy_territory_and_overfull_stacks():
    s = deploy_state()
    s, _ = play(s, "P", "dep:from:golden_fields")
    rejected(s, "P", "dep:to:forest", "attack it in your plan")
    s, _ = play(s, "P", "undo", "dep:from:wheatburg")
    rejected(s, "P", "dep:to:windy_meadows", "full")


def test_deployment_rejects_air_moves_without_air_cards():
    s = deploy_state(hands={"P": ["gnomsub#1", "gnomflak#1"]})
    s, _ = play(s, "P", "dep:from:golden_fields")
    rejected(s, "P", "dep:air:toad_swamp", "no air move left")


def test_deployment_rejects_undo_of_a_made_move():
    s = deploy_state()
    s, _ = play(s, "P", "dep:from:golden_fields", "dep:to:cloud_crags", "dep:n:1")
    rejected(s, "P", "undo", "already made")
