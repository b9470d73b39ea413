"""Interplay of rules the vectors do not cover: W3 on a Trap, Malin on a Theft, Amulet reach, Storm counting."""

from __future__ import annotations

from engine.associates import GAME
from engine.associates.resolution import pool_of
from engine.associates.state import State, resolving
from engine.core.decisions import DecisionKind

from .helpers import ALL4, act, activate, give, make, park, place, rig, seat, set_gold, settle


def board4() -> State:
    s = make(ALL4)
    park(s, list(s.figs), "millpond_green")
    return s


def test_mined_terrain_eliminates_the_active_figurine_with_tomb() -> None:
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    place(s, {"brigands_goblin": "goosefoot_meadow", "usurers_gnome": "thieves_den"})
    set_gold(s, "usurers_gnome", gold=3)
    [mine] = give(s, "brigands", "mined_terrain")
    [tomb] = give(s, "usurers", "tomb")
    activate(s, "brigands_goblin")
    s, _ = act(s, b, f"play:{mine}", "z:goosefoot_meadow")
    activate(s, "usurers_gnome")
    s, _ = act(s, u, "move", "to:goosefoot_meadow", "confirm")
    d = GAME.pending(s)[0]
    assert d.player == u and d.kind == DecisionKind.REACTION and resolving(s).stage == "w3"
    s, _ = act(s, u, f"r:{tomb}")
    assert s.figs["usurers_gnome"].zone is None
    assert s.zones["goosefoot_meadow"].tombs["usurers"]["gold"] == 3
    assert s.active is None and s.figs["usurers_gnome"].activated


def test_trap_on_leaving_the_start_zone_then_path_continues() -> None:
    s = board4()
    th, u = seat(s, "thieves"), seat(s, "usurers")
    place(s, {"usurers_troll": "goosefoot_meadow", "thieves_goblin": "goosefoot_meadow"})
    [trap] = give(s, "usurers", "trap")
    activate(s, "usurers_troll")
    s, _ = act(s, u, f"play:{trap}", "z:goosefoot_meadow")
    set_gold(s, "thieves_goblin", gold=2, broom=1)
    activate(s, "thieves_goblin")
    s, _ = act(s, th, "move", "to:northern_henge", "to:crows_knoll", "confirm")
    g = s.figs["thieves_goblin"]
    assert g.stuns == 1 and g.zone == "crows_knoll"


def test_malin_on_a_theft_against_the_lair() -> None:
    s = board4()
    th, a = seat(s, "thieves"), seat(s, "artisans")
    place(s, {"thieves_goblin": "artisans_workshop"})
    s.lairs["artisans"].safe["gold"] = 3
    s.gold_minted += 3
    activate(s, "thieves_goblin")
    rig(s, [1, 1, 6, 6])
    s, _ = act(s, th, "theft", "tgt:l:artisans")
    assert {x.id for x in GAME.legal_actions(s, a)} == {"pass", "malin:artisans_gnome"}  # no Shield vs Theft
    s, _ = act(s, a, "malin:artisans_gnome")
    assert s.res is None  # re-rolled [6, 6]: nothing taken, window closed (no Shield on a Theft)
    assert s.players[th].objectives == 0


def test_amulet_protects_only_the_bearers_zone_and_guild() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"usurers_gnome": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow",
              "thieves_fairy": "goosefoot_meadow", "brigands_troll": "goosefoot_meadow"})
    set_gold(s, "usurers_gnome", gold=0, amulet=2)
    activate(s, "brigands_troll")
    rig(s, [1, 6, 6])
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    s, _ = settle(s)
    assert s.figs["usurers_troll"].stuns == 0  # same guild, same zone; two Amulets cancel once
    rig(s, [1, 6, 6])
    s, _ = act(s, b, "combat", "tgt:f:thieves_fairy")
    assert s.figs["thieves_fairy"].stuns == 1  # another guild: no protection


def test_storm_counts_once_and_war_cries_add_up() -> None:
    s = board4()
    place(s, {"brigands_goblin": "goosefoot_meadow", "thieves_goblin": "goosefoot_meadow"})
    s.zones["goosefoot_meadow"].storm = 1
    s.supply["storm"] -= 1
    s.effects.war_cry["brigands"] = 2
    assert pool_of(s, "combat", "brigands_goblin", {"fig": "thieves_goblin"}) == (4, "yellow")
    assert pool_of(s, "theft", "brigands_goblin", {"fig": "thieves_goblin"}) == (2, "yellow")


def test_light_fingers_needs_a_success() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow", "brigands_troll": "goosefoot_meadow"})
    activate(s, "thieves_goblin")
    rig(s, [6, 6])
    s, ev = act(s, th, "theft", "tgt:f:brigands_troll")
    assert s.res is None and any(e.kind == "theft" for e in ev)
    assert s.figs["brigands_troll"].treasure["gold"] == 2


def test_pickpockets_and_interest() -> None:
    s = board4()
    th, u = seat(s, "thieves"), seat(s, "usurers")
    place(s, {"thieves_fairy": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow",
              "brigands_goblin": "goosefoot_meadow"})
    set_gold(s, "thieves_fairy", gold=0)
    activate(s, "thieves_fairy")
    rig(s, [1, 6])
    s, _ = act(s, th, "theft", "tgt:f:usurers_troll")
    s, _ = settle(s)
    s, _ = act(s, th, "steal:gold", "confirm")
    assert s.figs["thieves_fairy"].treasure["gold"] == 1 + 1  # Pickpockets
    set_gold(s, "usurers_troll", gold=0)
    activate(s, "usurers_troll")
    rig(s, [1])
    s, _ = act(s, u, "theft", "tgt:f:brigands_goblin")
    s, _ = act(s, u, "steal:gold", "confirm")
    assert s.figs["usurers_troll"].treasure["gold"] == 1 + 1  # Interest (Brigands designated)


def test_bribe_pays_from_safe_then_figurines() -> None:
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    s.lairs["usurers"].safe["gold"] = 1
    s.gold_minted += 1
    set_gold(s, "brigands_troll", gold=0)
    [bribe] = give(s, "usurers", "bribe")
    activate(s, "brigands_troll")
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    s, _ = act(s, u, f"r:{bribe}", "confirm")
    assert s.lairs["usurers"].safe["gold"] == 0
    assert s.figs["usurers_gnome"].treasure["gold"] == 1  # roster order: the Gnome pays next
    assert s.figs["brigands_troll"].treasure["gold"] == 2
