"""The §8 dice pool: pure-function cases, test vectors TV-01..TV-08, TV-10, TV-23, rulebook Examples 1-8."""

from __future__ import annotations

from typing import Any

import pytest

from engine.associates.dice import darken, successes
from engine.associates.dicepool import PoolInput, dice_pool
from engine.associates.resolution import pool_of
from engine.associates.state import State

from .helpers import ALL4, make, park, place, set_gold


def P(**kw: Any) -> PoolInput:  # noqa: N802
    base: dict[str, Any] = {
        "action": "combat", "actor_kind": "gnome", "actor_terrain": "plain", "target_is_lair": False, **kw,
    }
    return PoolInput(**base)


def test_successes_thresholds() -> None:
    faces = [1, 2, 3, 4, 5, 6]
    assert successes(faces, "green") == 4
    assert successes(faces, "yellow") == 3
    assert successes(faces, "red") == 2


def test_darkening_steps_and_red_floor() -> None:
    assert darken(3, "green", 1) == (3, "yellow")
    assert darken(3, "green", 2) == (3, "red")
    assert darken(3, "yellow", 2) == (2, "red")
    assert darken(2, "red", 5) == (1, "red")


def test_pure_pool_terrain_effects() -> None:
    assert dice_pool(P(actor_kind="troll", actor_terrain="hill")) == (4, "green")
    assert dice_pool(P(action="theft", actor_kind="goblin", actor_terrain="forest")) == (3, "green")
    assert dice_pool(P(target_terrain="ruin")) == (2, "yellow")
    assert dice_pool(P(action="theft", target_terrain="stone_circle")) == (2, "yellow")
    assert dice_pool(P(action="theft", target_terrain="ruin")) == (2, "green")
    assert dice_pool(P(target_on_own_lair=True)) == (2, "yellow")
    assert dice_pool(P(actor_kind="fairy")) == (1, "green")


def test_pure_pool_lairs_cards_and_modes() -> None:
    assert dice_pool(P(actor_kind="troll", target_is_lair=True)) == (4, "yellow")
    assert dice_pool(P(actor_kind="troll", target_is_lair=True, lair_defended=True)) == (4, "red")
    assert dice_pool(P(target_is_lair=True, alarm=True)) == (2, "red")
    assert dice_pool(P(target_is_lair=True, lair_neutral=True, lair_defended=True)) == (2, "yellow")
    assert dice_pool(P(actor_kind="troll", target_is_lair=True, lair_defended=True, source="siege")) == (4, "yellow")
    assert dice_pool(P(action="theft", target_is_lair=True, lair_defended=True, source="burglary")) == (3, "yellow")
    assert dice_pool(P(source="aggressiveness", war_cries=2)) == (5, "green")
    assert dice_pool(P(action="theft", war_cries=2)) == (2, "green")  # War Cry is Combat only
    assert dice_pool(P(source="bailiff")) == (3, "green")
    assert dice_pool(P(storms=1, protections=1)) == (2, "red")
    even = {"mode": "even_simpler"}
    assert dice_pool(P(actor_terrain="hill", target_terrain="ruin", **even)) == (2, "green")
    assert dice_pool(P(target_on_own_lair=True, **even)) == (2, "green")
    assert dice_pool(P(target_is_lair=True, lair_defended=True, **even)) == (2, "yellow")
    assert dice_pool(P(protections=1, **even)) == (2, "yellow")  # Protection still darkens


@pytest.fixture
def four() -> State:
    s = make(ALL4)
    park(s, [f for f in s.figs], "millpond_green")
    return s


def test_tv01_example_1_troll_on_hill(four: State) -> None:
    place(four, {"brigands_troll": "crows_knoll", "thieves_goblin": "crows_knoll"})
    t = {"fig": "thieves_goblin"}
    assert pool_of(four, "combat", "brigands_troll", t) == (4, "green")
    assert pool_of(four, "combat", "brigands_troll", t, "aggressiveness") == (5, "green")


def test_tv02_example_2_goblin_theft_in_forest(four: State) -> None:
    place(four, {"brigands_troll": "owlbough_forest", "thieves_goblin": "owlbough_forest"})
    t = {"fig": "brigands_troll"}
    assert pool_of(four, "theft", "thieves_goblin", t) == (3, "green")
    assert pool_of(four, "theft", "thieves_goblin", t, "petit_malin") == (4, "green")


def test_tv03_example_3_ruins(four: State) -> None:
    place(four, {"brigands_troll": "old_watchtower", "thieves_goblin": "old_watchtower"})
    t = {"fig": "thieves_goblin"}
    assert pool_of(four, "combat", "brigands_troll", t) == (3, "yellow")
    assert pool_of(four, "combat", "brigands_troll", t, "aggressiveness") == (4, "yellow")
    assert pool_of(four, "combat", "brigands_troll", t, protections=1) == (3, "red")
    assert pool_of(four, "combat", "brigands_troll", t, "aggressiveness", protections=1) == (4, "red")


def test_tv04_example_4_stone_circle(four: State) -> None:
    place(four, {"brigands_troll": "northern_henge", "thieves_goblin": "northern_henge"})
    t = {"fig": "brigands_troll"}
    assert pool_of(four, "theft", "thieves_goblin", t) == (2, "yellow")
    assert pool_of(four, "theft", "thieves_goblin", t, "petit_malin") == (3, "yellow")
    assert pool_of(four, "theft", "thieves_goblin", t, "petit_malin", protections=1) == (3, "red")
    assert pool_of(four, "theft", "thieves_goblin", t, protections=1) == (2, "red")


def test_tv05_example_5_undefended_lair(four: State) -> None:
    place(four, {"usurers_gnome": "artisans_workshop"})
    assert pool_of(four, "theft", "usurers_gnome", {"lair": "artisans"}) == (2, "yellow")


def test_tv06_example_6_defended_lair(four: State) -> None:
    place(four, {"usurers_gnome": "artisans_workshop", "artisans_fairy": "artisans_workshop"})
    assert pool_of(four, "theft", "usurers_gnome", {"lair": "artisans"}) == (2, "red")
    assert pool_of(four, "combat", "usurers_gnome", {"lair": "artisans"}) == (2, "red")
    assert pool_of(four, "combat", "usurers_gnome", {"fig": "artisans_fairy"}) == (2, "yellow")
    assert pool_of(four, "theft", "usurers_gnome", {"fig": "artisans_fairy"}) == (2, "yellow")


def test_r_a9_other_guilds_on_a_lair_are_on_a_plain(four: State) -> None:
    place(four, {"usurers_gnome": "artisans_workshop", "brigands_goblin": "artisans_workshop"})
    assert pool_of(four, "combat", "usurers_gnome", {"fig": "brigands_goblin"}) == (2, "green")


def test_tv07_example_7_tromblon_from_hill(four: State) -> None:
    place(four, {"artisans_gnome": "crows_knoll", "brigands_goblin": "old_watchtower"})
    set_gold(four, "artisans_gnome", tromblon=1)
    t = {"fig": "brigands_goblin"}
    assert pool_of(four, "combat", "artisans_gnome", t) == (3, "yellow")
    assert pool_of(four, "combat", "artisans_gnome", t, "aggressiveness") == (4, "yellow")


def test_tv08_example_8_tromblon_from_ruin(four: State) -> None:
    # R-A7: Example 8's target is a Troll (the printed "Goblin" changes nothing: no target stat is used)
    place(four, {"artisans_gnome": "old_watchtower", "brigands_troll": "owlbough_forest"})
    set_gold(four, "artisans_gnome", tromblon=1)
    assert pool_of(four, "combat", "artisans_gnome", {"fig": "brigands_troll"}) == (2, "green")


def test_tv10_protection_on_red_siege_alarm(four: State) -> None:
    place(four, {"brigands_troll": "artisans_workshop", "artisans_fairy": "artisans_workshop"})
    lair = {"lair": "artisans"}
    assert pool_of(four, "combat", "brigands_troll", lair) == (4, "red")
    assert pool_of(four, "combat", "brigands_troll", lair, protections=1) == (3, "red")
    assert pool_of(four, "combat", "brigands_troll", lair, protections=2) == (2, "red")
    assert dice_pool(P(actor_kind="troll", target_is_lair=True, lair_defended=True, protections=5)) == (1, "red")
    assert pool_of(four, "combat", "brigands_troll", lair, "siege") == (4, "yellow")
    assert pool_of(four, "combat", "brigands_troll", lair, "siege", protections=1) == (4, "red")
    even = make(ALL4, {"mode": "even_simpler"})
    park(even, list(even.figs), "millpond_green")
    place(even, {"brigands_troll": "artisans_workshop", "artisans_fairy": "artisans_workshop"})
    assert pool_of(even, "combat", "brigands_troll", lair) == (4, "yellow")
    place(four, {"artisans_fairy": "millpond_green"})
    assert pool_of(four, "combat", "brigands_troll", lair) == (4, "yellow")
    assert pool_of(four, "combat", "brigands_troll", lair, alarm=True) == (4, "red")


def test_tv23_storm_pools(four: State) -> None:
    place(four, {"brigands_troll": "crows_knoll", "artisans_gnome": "crows_knoll"})
    four.zones["crows_knoll"].storm = 1
    four.supply["storm"] -= 1
    assert pool_of(four, "combat", "brigands_troll", {"fig": "artisans_gnome"}) == (4, "yellow")
    place(four, {"artisans_gnome": "old_watchtower"})
    set_gold(four, "artisans_gnome", tromblon=1)
    assert pool_of(four, "combat", "artisans_gnome", {"fig": "brigands_troll"}) == (2, "yellow")
