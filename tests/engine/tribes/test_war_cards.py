"""One test per battle-card kind (§8.3-8.6), Gnomicide (§8.7) and the §9.1 portal consequences."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.tribes.phases import CARDS, FLAK
from engine.tribes.war import WAR_PHASES
from tests.engine.tribes.builders import (
    armies_at,
    battle_of,
    build,
    flak_choice,
    legal_ids,
    play,
    public_war,
    start,
    war_of,
    who,
)


def result(state, target):
    attack = next(a for a in state.war.attacks if a.target == target)
    return attack.att, attack.dfn


def test_weapon_card_counts_for_the_defender_on_its_terrain():
    base = build({"golden_fields": "P:3", "forest": "K:1"}, hands={"K": ["mire_pump#1"]})
    s, _ = start(base, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:3", "confirm")
    unarmed, _ = play(s, "K", "card:pass")
    assert result(unarmed, "forest") == (3, 2)  # 1 army + home (marsh)
    armed, _ = play(s, "K", "card:play:mire_pump#1", "confirm")
    assert result(armed, "forest") == (3, 5)  # + Mire Pump's 3 on a marsh
    assert armies_at(armed, "forest") == ("K", 1)


def test_siege_card_helps_the_attacker_on_black_territories_only():
    lab = build({"sunny_downs": "P:2", "gnomlab": "K:1"}, hands={"P": ["great_gnomcatapult#1"]})
    s, _ = start(lab, "P")
    s, _ = play(s, "P", "plan:from:sunny_downs", "plan:ground", "plan:to:gnomlab", "plan:n:2", "confirm",
                "card:play:great_gnomcatapult#1", "confirm")
    assert (battle_of(s).att, battle_of(s).dfn) == (5, 2)  # 2 + 3 against 1 + fortification
    land = build({"golden_fields": "P:2", "forest": "K:1"}, hands={"P": ["great_gnomcatapult#1"]})
    s, _ = start(land, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:2", "confirm",
                "card:play:great_gnomcatapult#1", "confirm")
    assert result(s, "forest") == (2, 2)
    city = build({"golden_fields": "M:2", "wheatburg": "P:1"}, hands={"P": ["battering_gnomram#1"]})
    s, _ = start(city, "M")
    s, _ = play(s, "M", "plan:from:golden_fields", "plan:ground", "plan:to:wheatburg", "plan:n:2", "confirm")
    s, _ = play(s, "P", "card:play:battering_gnomram#1", "confirm")
    assert result(s, "wheatburg") == (2, 2)  # a defender's siege card adds nothing


def test_air_card_airlift_joins_the_battle_as_support():
    s = build({"cloud_crags": "M:3", "heron_fen": "M:4", "golden_fields": "P:2"}, hands={"M": ["gnomcopter#1"]})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:cloud_crags", "plan:ground", "plan:to:golden_fields", "plan:n:3", "confirm",
                "card:play:gnomcopter#1", "card:lift:heron_fen", "card:n:4", "card:for:1", "confirm")
    assert (battle_of(s).att, battle_of(s).dfn) == (7, 3)
    assert battle_of(s).airlifts == ["heron_fen"]
    assert armies_at(s, "heron_fen") == ("M", 4)  # airlifted armies stay home and cannot move in


def test_air_card_airborne_attack_from_anywhere_counts_towards_the_two_cards():
    s = build({"heron_fen": "M:3", "windy_meadows": "P:1"},
              hands={"M": ["gnomballoon#1", "gnom_crossbow#1", "gnom_crossbow#2"]})
    s, _ = start(s, "M")
    s, events = play(s, "M", "plan:from:heron_fen", "plan:card:gnomballoon#1", "plan:to:windy_meadows",
                     "plan:n:2", "confirm")
    assert any("Gnomballoon" in e.text and e.public for e in events)  # shown with the plan (§8.1)
    assert public_war(s)["attacks"][0]["mode"] == "card" and public_war(s)["attacks"][0]["card_name"] == "Gnomballoon"
    assert s.phase == CARDS
    s, _ = play(s, "M", "card:play:gnom_crossbow#1")
    assert war_of(s).cards[who(s, "M")].closed  # balloon + crossbow = 2 battle cards
    s, _ = play(s, "M", "confirm")
    assert (battle_of(s).att, battle_of(s).dfn) == (3, 2)  # 2 + crossbow 1 against 1 + home 1


def test_air_cards_give_one_air_move_each_in_deployment():
    s = build({"golden_fields": "P:4"}, hands={"P": ["gnomballoon#1", "gnomglider#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none", "dep:from:golden_fields", "dep:fly:swamp", "dep:air:toad_swamp", "dep:n:1",
                "dep:from:golden_fields", "dep:fly:mountain", "dep:air:eagle_cliffs", "dep:n:1",
                "dep:from:golden_fields")
    assert not any(i.startswith(("dep:air:", "dep:fly:")) for i in legal_ids(s, who(s, "P")))
    assert s.players[who(s, "P")].vp == 4


def test_gnomsub_airborne_attack_is_coastal_and_immune_to_flak():
    s = build({"windy_meadows": "P:3", "reedy_shallows": "K:1"}, hands={"P": ["gnomsub#1"], "K": ["gnomflak#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:windy_meadows", "plan:card:gnomsub#1", "plan:to:reedy_shallows", "plan:n:3",
                "confirm")
    s, _ = play(s, "K", "card:play:gnomflak#1", "confirm")
    assert not war_of(s).attacks[0].void
    assert (battle_of(s).att, battle_of(s).dfn) == (3, 2)
    s, _ = play(s, "P", "in:2")
    assert armies_at(s, "reedy_shallows") == ("P", 2)


def test_gnomflak_voids_an_airborne_attack_whose_target_may_then_take_retreats():
    s = build({"golden_fields": "P:4", "windy_meadows": "P:2", "forest": "K:2", "frog_hollow": "K:1"},
              hands={"P": ["gnomcopter#1"], "K": ["gnomflak#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:4",
                "plan:from:windy_meadows", "plan:card:gnomcopter#1", "plan:to:frog_hollow", "plan:n:2", "confirm")
    s, events = play(s, "K", "card:play:gnomflak#1", "confirm")
    void = war_of(s).attacks[1]
    assert void.void and void.att == 0 and "void" in void.result
    assert any("void" in e.text for e in events)
    # the Forest: 4 against 2 + home 1, margin 1; Frog Hollow is no longer under attack: the retreat goes there
    assert armies_at(s, "frog_hollow") == ("K", 3)
    assert armies_at(s, "windy_meadows") == ("P", 2)  # the void attack's armies stayed home
    assert s.players[who(s, "P")].vp == 0  # no loss; the move-in of 3 (not 4) keeps Golden Fields held




def test_gnomflak_choice_when_capacity_does_not_cover_all():
    s = flak_choice()
    assert s.phase == FLAK
    assert WAR_PHASES[FLAK].waiting(s) == [who(s, "P")]
    offered = legal_ids(s, who(s, "P"))
    assert {"flak:gnomglider#1", "flak:gnomcopter#1", "flak:gnomballoon#1"} <= set(offered)
    s, _ = play(s, "P", "flak:gnomballoon#1", "flak:gnomcopter#1")
    assert legal_ids(s, who(s, "P"))[0] == "confirm"
    s, events = play(s, "P", "confirm")
    assert s.war is None or sorted(s.war.cancelled) == ["gnomballoon#1", "gnomcopter#1"]
    assert any("shoots down" in e.text for e in events)


def test_gnomflak_default_shoots_defenders_in_turn_order_cards_in_chosen_order():
    s = flak_choice()
    s, _ = play(s, "P", "flak:auto")
    cancelled = s.war.cancelled if s.war else []
    assert cancelled == ["gnomglider#1", "gnomcopter#1"]  # the Mountain Gnomes come before the Marsh Gnomes


def test_gnomfog_of_the_defender_zeroes_the_attackers_support():
    s = build({"golden_fields": "P:3", "windy_meadows": "P:3", "forest": "K:2"}, hands={"K": ["gnomfog#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:3",
                "plan:sup:1", "plan:by:windy_meadows", "plan:n:3", "confirm")
    s, _ = play(s, "K", "card:play:gnomfog#1", "confirm")
    assert result(s, "forest") == (3, 3)


def test_gnomicide_multiplies_bonuses_per_army_but_not_fortification():
    s = build({"golden_fields": "M:3", "wheatburg": "P:2"}, hands={"M": ["great_gnomcatapult#1"]}, gnomicide=True)
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:golden_fields", "plan:ground", "plan:to:wheatburg", "plan:n:3", "confirm",
                "card:play:great_gnomcatapult#1", "confirm")
    assert (battle_of(s).att, battle_of(s).dfn) == (12, 3)  # 3 × (1 + 3); 2 × 1 + 1
    h = build({"golden_fields": "P:3", "cloud_crags": "M:2", "rocky_ridge": "M:1"}, gnomicide=True)
    h, _ = start(h, "P")
    h, _ = play(h, "P", "plan:from:golden_fields", "plan:ground", "plan:to:cloud_crags", "plan:n:3", "confirm")
    assert (battle_of(h).att, battle_of(h).dfn) == (3, 5)  # 2 × (1 + home 1) + 1 support


def test_portal_attack_reaches_any_plain_holding_an_enemy():
    s = build({"golden_fields": "P:2", "high_pasture": "M:1", "turnip_plain": "K:1", "clover_lea": "S:1",
               "iron_hills": "M:1"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:portal")
    targets = {i.removeprefix("plan:to:") for i in legal_ids(s, who(s, "P")) if i.startswith("plan:to:")}
    assert targets == {"high_pasture", "turnip_plain", "clover_lea"}


def test_portal_support_for_a_plains_source_or_a_plains_target_anywhere():
    s = build({"golden_fields": "P:2", "turnip_plain": "P:2", "high_pasture": "P:1", "forest": "K:1",
               "eelwater": "K:1"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:2", "plan:sup:1")
    helpers = {i.removeprefix("plan:by:") for i in legal_ids(s, who(s, "P")) if i.startswith("plan:by:")}
    assert helpers == {"turnip_plain", "high_pasture"}  # the source is a plain
    marsh = build({"turnip_plain": "P:2", "high_pasture": "P:1", "eelwater": "K:1"})
    marsh, _ = start(marsh, "P")
    marsh, _ = play(marsh, "P", "plan:from:turnip_plain", "plan:ground", "plan:to:eelwater", "plan:n:2",
                    "plan:sup:1")
    # High Pasture is a plain like the source Turnip Plain: it supports the attack on a marsh far away
    assert "plan:by:high_pasture" in legal_ids(marsh, who(marsh, "P"))


def test_defender_home_territories_must_all_support_an_attacked_home_territory():
    s = build({"golden_fields": "P:4", "forest": "K:1", "lily_fen": "K:2", "heron_fen": "K:1",
               "eelwater": "K:3", "reedy_shallows": "K:1", "toad_swamp": "K:2"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:4", "confirm")
    # 4 against 9: the Plains Gnomes lose their only armies and their step ends
    assert sorted(battle_of(s).defence_supports) == ["eelwater", "heron_fen", "lily_fen", "reedy_shallows"]
    assert battle_of(s).dfn == 1 + 7 + 1  # Toad Swamp is a swamp: no portal for the Marsh Gnomes


def test_flak_choice_as_one_pick_of_exactly_the_capacity():
    s = flak_choice()
    p = who(s, "P")
    multi_pick, pick_action = WAR_PHASES[FLAK].multi_pick, WAR_PHASES[FLAK].pick_action
    assert multi_pick is not None and pick_action is not None, "Gnomflak is not offered as one pick"
    menu = multi_pick(s, p)
    assert menu is not None
    assert (menu.min, menu.max) == (2, 2) and menu.suggested == ("gnomglider#1", "gnomcopter#1")
    assert [o.label for o in menu.options] == ["the Mountain Gnomes' Gnomglider", "the Mountain Gnomes' Gnomcopter",
                                              "the Marsh Gnomes' Gnomballoon"]
    with pytest.raises(IllegalAction, match="exactly 2"):
        pick_action(s, p, ["gnomballoon#1"])
    action = pick_action(s, p, ["gnomballoon#1", "gnomglider#1"])
    s, _ = play(s, "P", action.id)
    assert s.war is None or sorted(s.war.cancelled) == ["gnomballoon#1", "gnomglider#1"]


def test_battle_cards_as_one_pick_then_the_airlift_steps():
    s = build({"cloud_crags": "M:3", "heron_fen": "M:4", "golden_fields": "P:2"},
              hands={"M": ["gnomcopter#1", "gnom_crossbow#1", "gnom_crossbow#2", "gnombut#1"]})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:cloud_crags", "plan:ground", "plan:to:golden_fields", "plan:n:3", "confirm")
    m = who(s, "M")
    multi_pick, pick_action = WAR_PHASES[CARDS].multi_pick, WAR_PHASES[CARDS].pick_action
    assert multi_pick is not None and pick_action is not None, "battle cards are not offered as one pick"
    menu = multi_pick(s, m)
    assert menu is not None
    assert (menu.min, menu.max) == (0, 2)
    assert menu.option_ids() == ("gnomcopter#1", "gnom_crossbow#1", "gnom_crossbow#2")  # never Gnom'But
    with pytest.raises(IllegalAction, match="cannot be played"):
        pick_action(s, m, ["gnombut#1"])
    with pytest.raises(IllegalAction, match="at most 2"):
        pick_action(s, m, ["gnomcopter#1", "gnom_crossbow#1", "gnom_crossbow#2"])
    action = pick_action(s, m, ["gnom_crossbow#1", "gnomcopter#1"])
    s, _ = play(s, "M", action.id)
    assert multi_pick(s, m) is None
    assert "card:lift:heron_fen" in legal_ids(s, m)  # the Gnomcopter's airlift comes next
    s, _ = play(s, "M", "card:lift:heron_fen", "card:n:4", "card:for:1", "confirm")
    assert (battle_of(s).att, battle_of(s).dfn) == (3 + 4 + 1, 3)


def test_an_empty_card_pick_plays_no_card():
    s = build({"golden_fields": "P:2", "forest": "K:1"}, hands={"P": ["gnomfog#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:2", "confirm")
    pick_action = WAR_PHASES[CARDS].pick_action
    assert pick_action is not None, "battle cards are not offered as one pick"
    action = pick_action(s, who(s, "P"), [])
    assert action.id == "card:pick:none"
    s, _ = play(s, "P", action.id)  # sealed at once, like the timeout default
    assert s.war is None or s.war.played[who(s, "P")] == []
