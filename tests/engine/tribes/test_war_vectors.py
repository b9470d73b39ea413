"""Spec §19 test vectors TV7-TV18 and TV23 (Phase 4), played through the war phases."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.tribes.phases import DEPLOY, MOVE_IN, WAR_STEP_DONE
from engine.tribes.state import dump_state
from tests.engine.tribes.builders import armies_at, battle_of, build, finish, play, start, war_of, who


def battle(state, target):
    """(ATT, DEF, margin) of the resolved attack on `target`."""
    attack = next(a for a in state.war.attacks if a.target == target) if state.war else None
    if attack is not None:
        return attack.att, attack.dfn, attack.att - attack.dfn
    record = state.last_battle
    assert record is not None and record.target == target
    return record.att, record.dfn, record.margin


def vp(state, letter):
    return state.players[who(state, letter)].vp


def rejected(state, letter, action_id):
    before = dump_state(state)
    with pytest.raises(IllegalAction) as info:
        play(state, letter, action_id)
    assert dump_state(state) == before
    assert action_id not in info.value.message
    return info.value


def attack_wheatburg_tv7():
    s = build({"golden_fields": "M:4", "forest": "M:2", "wheatburg": "P:2", "windy_meadows": "P:1"},
              hands={"M": ["battering_gnomram#1"], "P": ["rock_hammer#1"]})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:golden_fields", "plan:ground", "plan:to:wheatburg", "plan:n:4",
                "plan:sup:1", "plan:by:forest", "plan:n:2", "confirm")
    return s


def test_tv7_city_attack_support_fortification_crushing_win():
    s = attack_wheatburg_tv7()
    # P's compulsory support from Windy Meadows had a single choice: assigned by the bot
    assert [(x.territory, x.count) for x in s.war.defence[who(s, "P")].supports] == [("windy_meadows", 1)]
    s, _ = play(s, "M", "card:play:battering_gnomram#1", "confirm")
    s, _ = play(s, "P", "card:play:rock_hammer#1", "confirm")
    assert s.phase == MOVE_IN
    assert battle(s, "wheatburg") == (8, 4, 4)
    s, _ = play(s, "M", "in:3")
    assert s.phase == DEPLOY
    assert armies_at(s, "wheatburg") == ("M", 3) and s.areas["wheatburg"].moved == 3
    assert armies_at(s, "golden_fields") == ("M", 1)
    assert vp(s, "M") == 6  # −2×2 + 10
    assert battle_of(s).supports == ["forest"] and battle_of(s).defence_supports == ["windy_meadows"]


def test_tv8_tie_changes_nothing():
    s = build({"frog_hollow": "S:2", "sunny_downs": "P:2"}, hands={"S": ["spring_boots#1"]})
    s, _ = start(s, "S")
    s, _ = play(s, "S", "plan:from:frog_hollow", "plan:ground", "plan:to:sunny_downs", "plan:n:2", "confirm")
    s, _ = play(s, "S", "card:play:spring_boots#1", "confirm")
    assert battle(s, "sunny_downs") == (3, 3, 0)
    assert armies_at(s, "sunny_downs") == ("P", 2) and armies_at(s, "frog_hollow") == ("S", 2)
    assert vp(s, "S") == 0


def test_tv9_defender_wins_by_more_than_two():
    s = build({"lily_fen": "K:1", "clover_lea": "P:2", "windy_meadows": "P:2"})
    s, _ = start(s, "K")
    s, _ = play(s, "K", "plan:from:lily_fen", "plan:ground", "plan:to:clover_lea", "plan:n:1", "confirm")
    assert battle(s, "clover_lea") == (1, 5, -4)
    assert armies_at(s, "lily_fen") == (None, 0)  # free, no abandonment penalty
    assert armies_at(s, "clover_lea") == ("P", 2)
    assert vp(s, "K") == -2
    assert s.phase == WAR_STEP_DONE  # no army left: nothing to deploy


def tv10(move_in):
    s = build({"golden_fields": "P:5", "windy_meadows": "P:3", "forest": "K:4", "sunny_downs": "K:4",
               "frog_hollow": "K:5"}, hands={"P": ["gnomfog#1", "gnomsnake#1"], "K": ["mire_pump#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:5",
                "plan:sup:1", "plan:by:windy_meadows", "plan:n:3", "confirm")
    s, _ = play(s, "P", "card:play:gnomfog#1", "card:play:gnomsnake#1", "confirm")
    s, events = play(s, "K", "card:play:mire_pump#1", "confirm")
    assert battle(s, "forest") == (10, 8, 2)
    s, more = play(s, "P", f"in:{move_in}")
    return s, events + more


def test_tv10_retreat_with_stacking_losses():
    s, events = tv10(4)
    assert armies_at(s, "sunny_downs") == ("K", 5) and armies_at(s, "frog_hollow") == ("K", 5)
    assert armies_at(s, "forest") == ("P", 4) and armies_at(s, "golden_fields") == ("P", 1)
    assert vp(s, "P") == -4  # −2×3 + 2
    assert any("3 armies destroyed" in e.text for e in events)
    s5, _ = tv10(5)
    assert vp(s5, "P") == -6
    assert armies_at(s5, "golden_fields") == (None, 0)


def tv11(gnomicide):
    s = build({"golden_fields": "P:5", "windy_meadows": "P:2", "forest": "K:3"},
              hands={"P": ["gnomsnake#1"]}, gnomicide=gnomicide)
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:5",
                "plan:sup:1", "plan:by:windy_meadows", "plan:n:2", "confirm",
                "card:play:gnomsnake#1", "confirm")
    return s


def test_tv11_gnomicide_the_sheets_example():
    s = tv11(True)
    assert battle(s, "forest") == (17, 6, 11)
    s, _ = play(s, "P", "in:5")
    assert armies_at(s, "forest") == ("P", 5) and armies_at(s, "golden_fields") == (None, 0)
    assert vp(s, "P") == -6  # −6 + 2 − 2


def test_tv11_same_inputs_standard_rules():
    s = tv11(False)
    assert battle(s, "forest") == (9, 4, 5)
    s, _ = play(s, "P", "in:5")
    assert vp(s, "P") == -6


def test_tv12_vacant_enemy_city():
    base = build({"eelwater": "S:2", "turnip_plain": "S:1", "reedy_shallows": "K:2"})
    assert base.areas["reedburg"].controller == who(base, "K") and base.areas["reedburg"].armies == 0
    s, _ = start(base, "S")
    s, _ = play(s, "S", "plan:none", "dep:from:eelwater")
    error = rejected(s, "S", "dep:to:reedburg")
    assert "vacant enemy city" in error.message
    s, _ = start(base, "S")
    s, _ = play(s, "S", "plan:from:eelwater", "plan:ground", "plan:to:reedburg", "plan:n:2",
                "plan:sup:1", "plan:by:turnip_plain", "plan:n:1", "confirm")
    assert battle(s, "reedburg") == (3, 2, 1)
    s, _ = play(s, "S", "in:1")
    assert armies_at(s, "reedburg") == ("S", 1) and armies_at(s, "eelwater") == ("S", 1)
    assert vp(s, "S") == 10


def tv13(card, extra=None):
    listed = {"cloud_crags": "M:3", "heron_fen": "M:4", "golden_fields": "P:2", **(extra or {})}
    s = build(listed, hands={"M": [card], "P": ["gnomflak#1"]})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:cloud_crags", "plan:ground", "plan:to:golden_fields", "plan:n:3", "confirm",
                f"card:play:{card}")
    return s


def test_tv13a_flak_cancels_the_airlift():
    s = tv13("gnomcopter#1")
    s, _ = play(s, "M", "card:lift:heron_fen", "card:n:4", "card:for:1", "confirm")
    s, events = play(s, "P", "card:play:gnomflak#1", "confirm")
    assert battle(s, "golden_fields") == (3, 3, 0)
    assert any("shoots down" in e.text and "Gnomcopter" in e.text for e in events)
    assert armies_at(s, "golden_fields") == ("P", 2) and vp(s, "M") == 0


def test_tv13b_gnomsub_is_immune_to_flak():
    s = tv13("gnomsub#1")
    s, _ = play(s, "M", "card:lift:heron_fen", "card:n:4", "card:for:1", "confirm")
    s, _ = play(s, "P", "card:play:gnomflak#1", "confirm")
    assert battle(s, "golden_fields") == (7, 3, 4)
    s, _ = play(s, "M", "in:2")
    assert armies_at(s, "golden_fields") == ("M", 2) and armies_at(s, "cloud_crags") == ("M", 1)
    assert vp(s, "M") == -2


def test_tv13c_gnomsub_airlift_from_inland_is_rejected():
    s = tv13("gnomsub#1", {"iron_hills": "M:2"})
    error = rejected(s, "M", "card:lift:iron_hills")
    assert "coastal" in error.message


def tv14(cards):
    s = build({"golden_fields": "P:3", "sunny_downs": "P:2", "turnip_plain": "K:2", "reedburg": "K:3",
               "willow_mire": "K:1"}, hands={"P": cards})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:portal", "plan:to:turnip_plain", "plan:n:3",
                "plan:sup:1", "plan:by:sunny_downs", "plan:n:2", "confirm")
    return s


def test_tv14_portal_attack_and_portal_support():
    s = tv14([])
    defence = s.war.defence[who(s, "K")].supports if s.war else []
    assert sorted((x.territory, x.count) for x in defence) == [("reedburg", 3), ("willow_mire", 1)]
    assert battle(s, "turnip_plain") == (5, 6, -1)
    assert armies_at(s, "turnip_plain") == ("K", 2) and vp(s, "P") == 0


def test_tv14_portal_attack_with_gnomfog():
    s = tv14(["gnomfog#1"])
    s, _ = play(s, "P", "card:play:gnomfog#1", "confirm")
    assert battle(s, "turnip_plain") == (5, 2, 3)
    s, _ = play(s, "P", "in:2")
    assert armies_at(s, "turnip_plain") == ("P", 2) and vp(s, "P") == -2


def test_tv15a_citadel_gets_no_portal_or_gnomlab_support():
    s = build({"forest": "M:4", "wheatburg": "P:1", "golden_fields": "P:2", "clover_lea": "P:3", "gnomlab": "P:1"})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:forest", "plan:ground", "plan:to:wheatburg", "plan:n:4", "confirm")
    assert battle(s, "wheatburg") == (4, 4, 0)
    assert battle_of(s).defence_supports == ["golden_fields"]


def test_tv15b_home_territory_gets_portal_support():
    s = build({"forest": "M:4", "wheatburg": "P:1", "golden_fields": "P:2", "clover_lea": "P:3", "gnomlab": "P:1"})
    s, _ = start(s, "M")
    s, _ = play(s, "M", "plan:from:forest", "plan:ground", "plan:to:golden_fields", "plan:n:4", "confirm")
    assert battle(s, "golden_fields") == (4, 7, -3)
    assert sorted(battle_of(s).defence_supports) == ["clover_lea", "wheatburg"]
    assert armies_at(s, "forest") == (None, 0) and vp(s, "M") == -8


def tv16(order):
    s = build({"golden_fields": "P:1", "windy_meadows": "P:4", "forest": "K:3", "sunny_downs": "K:2"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:1",
                "plan:from:windy_meadows", "plan:ground", "plan:to:sunny_downs", "plan:n:4", "confirm")
    # The Forest is attacked itself: its 3 armies defend it and support nothing (diversion)
    assert war_of(s).defence[who(s, "K")].supports == []
    s, _ = play(s, "P", *[f"order:{i}" for i in order], "confirm")
    if s.phase == MOVE_IN:
        s, _ = play(s, "P", "in:3")
    s, _ = finish(s)
    return s


def test_tv16_diversion_and_resolution_order():
    s = tv16([2, 1])
    assert (s.last_battle.att, s.last_battle.dfn, s.last_battle.margin) == (1, 4, -3)
    assert armies_at(s, "sunny_downs") == ("P", 3) and armies_at(s, "windy_meadows") == ("P", 1)
    assert armies_at(s, "forest") == ("K", 3) and armies_at(s, "golden_fields") == (None, 0)
    assert vp(s, "P") == -4
    s = tv16([1, 2])
    assert (s.last_battle.att, s.last_battle.dfn, s.last_battle.margin) == (4, 2, 2)
    assert armies_at(s, "forest") == ("K", 5) and armies_at(s, "sunny_downs") == ("P", 3)
    assert vp(s, "P") == 0


def test_tv17_deployment_vp_move_by_move():
    s = build({"windy_meadows": "P:1", "wheatburg": "P:2", "golden_fields": "P:1"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none", "dep:from:windy_meadows", "dep:to:clover_lea", "dep:n:1")
    assert vp(s, "P") == 0 and armies_at(s, "clover_lea") == ("P", 1) and armies_at(s, "windy_meadows") == (None, 0)
    s, _ = play(s, "P", "dep:from:wheatburg", "dep:to:golden_fields", "dep:n:2")
    assert armies_at(s, "golden_fields") == ("P", 3)
    assert armies_at(s, "wheatburg") == ("P", 0)  # vacant, still the Plains Gnomes'
    assert vp(s, "P") == 0
    error = rejected(s, "P", "dep:from:clover_lea")
    assert "already moved" in error.message
    s, _ = play(s, "P", "dep:end")
    assert s.phase == WAR_STEP_DONE and all(a.moved == 0 for a in s.areas.values())


def test_tv18_air_deployment_one_per_air_card():
    s = build({"golden_fields": "P:4"}, hands={"P": ["gnomballoon#1", "gnomsub#1"]})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none", "dep:from:golden_fields", "dep:fly:swamp", "dep:air:toad_swamp", "dep:n:3")
    assert armies_at(s, "toad_swamp") == ("P", 3) and vp(s, "P") == 2
    s, _ = play(s, "P", "dep:from:golden_fields")
    error = rejected(s, "P", "dep:fly:swamp")
    assert "air move" in error.message


def test_tv23_stacking_on_the_gnomlab():
    s = build({"sunny_downs": "P:5"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none", "dep:from:sunny_downs", "dep:to:gnomlab")
    rejected(s, "P", "dep:n:2")
    s, _ = play(s, "P", "dep:n:1")
    assert armies_at(s, "gnomlab") == ("P", 1) and vp(s, "P") == 2
    s, _ = play(s, "P", "dep:from:sunny_downs")
    error = rejected(s, "P", "dep:to:gnomlab")
    assert "full" in error.message


def test_tv17_with_the_one_tap_shortcut_gives_the_same_state():
    from engine.tribes.phases import DEPLOY as DEPLOY_PHASE
    from engine.tribes.war import WAR_PHASES

    s = build({"windy_meadows": "P:1", "wheatburg": "P:2", "golden_fields": "P:1"})
    s, _ = start(s, "P")
    s, _ = play(s, "P", "plan:none", "dep:from:wheatburg")
    shortcuts = WAR_PHASES[DEPLOY_PHASE].shortcuts
    assert shortcuts is not None, "the deployment phase offers no shortcuts"
    shortcut = next(a for a in shortcuts(s, who(s, "P")) if a.id == "dep:all:golden_fields")
    assert shortcut.label == "All 2 armies step to Golden Fields"
    by_tap, _ = play(s, "P", shortcut.id)
    by_steps, _ = play(s, "P", "dep:to:golden_fields", "dep:n:2")
    assert dump_state(by_tap) == dump_state(by_steps)
