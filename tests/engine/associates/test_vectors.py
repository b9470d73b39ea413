"""Test vectors of spec §19 that need play (rolls, windows, missions), and the rulebook's Amulet example."""

from __future__ import annotations

import json

import pytest

from engine.associates import GAME
from engine.associates.cards import card_type
from engine.associates.context import Ctx
from engine.associates.flow import after_keep, end_of_turn, gold_to_lairs, reinforcement_zones
from engine.associates.state import Ended, State, Trap, active_of, effective_terrain, resolving

from .helpers import (
    ALL4,
    act,
    activate,
    finish_turn_activations,
    give,
    make,
    park,
    place,
    rejects,
    rig,
    seat,
    set_gold,
    set_safe,
    settle,
    texts,
)


def board4() -> State:
    s = make(ALL4)
    park(s, list(s.figs), "millpond_green")
    return s


def test_tv01_troll_eliminates_goblin_highwaymen() -> None:
    s = board4()
    place(s, {"brigands_troll": "crows_knoll", "thieves_goblin": "crows_knoll"})
    set_gold(s, "brigands_troll", gold=0)
    activate(s, "brigands_troll")
    rig(s, [1, 4, 5, 6])
    s, ev = act(s, seat(s, "brigands"), "combat", "tgt:f:thieves_goblin")
    roll = next(e for e in ev if e.kind == "roll")
    assert roll.data == {"n": 4, "colour": "green", "faces": [1, 4, 5, 6], "successes": 2, "actor": "brigands_troll"}
    assert s.figs["thieves_goblin"].zone is None
    assert s.zones["crows_knoll"].loose["gold"] == 2
    assert s.figs["brigands_troll"].treasure["gold"] == 2  # Highwaymen
    assert "No reaction." in texts(ev)


def test_tv02_petit_malin_theft_light_fingers_pickpockets() -> None:
    s = board4()
    place(s, {"brigands_troll": "owlbough_forest", "thieves_goblin": "owlbough_forest"})
    set_gold(s, "brigands_troll", gold=3)
    [pm] = give(s, "thieves", "petit_malin")
    activate(s, "thieves_goblin")
    rig(s, [2, 2, 5, 6])
    th = seat(s, "thieves")
    s, ev = act(s, th, f"play:{pm}", "tgt:f:brigands_troll")
    assert [e.data["n"] for e in ev if e.kind == "roll"] == [4]
    assert resolving(s).allowance == 3
    s, _ = act(s, th, "steal:gold", "steal:gold", "steal:gold", "confirm")
    assert s.figs["thieves_goblin"].treasure["gold"] == 2 + 4
    assert s.figs["brigands_troll"].treasure["gold"] == 0
    assert active_of(s).actions == 2  # card-granted action is free (R-A14)


def test_tv09_amulet_example_two_combats() -> None:
    s = board4()
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_gnome": "goosefoot_meadow"})
    set_gold(s, "usurers_gnome", gold=2, amulet=1)
    activate(s, "brigands_troll")
    b = seat(s, "brigands")
    rig(s, [3, 5, 6])
    s, ev = act(s, b, "combat", "tgt:f:usurers_gnome")
    assert [e.data["faces"] for e in ev if e.kind == "roll"] == [[3, 5, 6]]
    s, _ = settle(s)  # Usurers pass W2 (Malin available)
    assert s.figs["usurers_gnome"].stuns == 0
    rig(s, [1, 4, 6])
    s, ev = act(s, b, "combat", "tgt:f:usurers_gnome")
    assert [e.data["n"] for e in ev if e.kind == "roll"] == [3]
    s, _ = settle(s)
    assert s.figs["usurers_gnome"].stuns == 1
    assert s.figs["usurers_gnome"].zone == "goosefoot_meadow"


def test_tv11_malin_then_shield() -> None:
    s = board4()
    place(s, {"brigands_troll": "shepherds_rest", "usurers_troll": "shepherds_rest",
              "usurers_gnome": "fernshade_grove"})
    shields = give(s, "usurers", "shield", 2)
    [ag] = give(s, "brigands", "aggressiveness")
    activate(s, "brigands_troll")
    b, u = seat(s, "brigands"), seat(s, "usurers")
    rig(s, [1, 2, 3, 4, 5, 6])
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    assert GAME.pending(s)[0].player == u and resolving(s).stage == "w2"
    ids = {a.id for a in GAME.legal_actions(s, u)}
    assert "malin:usurers_gnome" in ids and "pass" in ids
    s, ev = act(s, u, "malin:usurers_gnome")
    assert [e.data["faces"] for e in ev if e.kind == "roll"] == [[4, 5, 6]]
    assert resolving(s).stage == "w2"
    ids = {a.id for a in GAME.legal_actions(s, u)}
    assert "malin:usurers_gnome" not in ids
    s, _ = act(s, u, f"r:{shields[0]}", "confirm")
    assert s.figs["usurers_troll"].stuns == 0
    assert s.figs["usurers_gnome"].malin_used
    # later the same turn: W2 offers Shield only
    rig(s, [6, 6, 6])
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    assert {a.id for a in GAME.legal_actions(s, u)} == {"pass", f"r:{shields[1]}"}
    s, _ = act(s, u, "pass")
    # without a Shield in hand, W2 is skipped
    s.players[u].deck.append(shields[1])
    s.players[u].hand.remove(shields[1])
    rig(s, [6, 6, 6, 6])
    s, ev = act(s, b, f"play:{ag}", "tgt:f:usurers_troll")
    assert GAME.pending(s)[0].player == b and s.res is None
    assert texts(ev).count("No reaction.") == 2


def test_tv12_theft_on_a_lair_with_safe() -> None:
    s = board4()
    place(s, {"thieves_goblin": "usurers_counting_house"})
    [safe] = give(s, "usurers", "safe")
    s.players[seat(s, "usurers")].hand.remove(safe)
    s.violet.append(safe)
    s.lairs["usurers"].safe_token = safe
    s.supply["safe_bank"] -= 1
    set_safe(s, "usurers", gold=7, moonstone=1)
    th = seat(s, "thieves")
    s.players[th].last_objective_lair = "artisans_workshop"
    activate(s, "thieves_goblin")
    rig(s, [1, 3])
    s, ev = act(s, th, "theft", "tgt:l:usurers")
    assert [(e.data["n"], e.data["colour"]) for e in ev if e.kind == "roll"] == [(2, "yellow")]
    s, _ = settle(s)
    assert resolving(s).allowance == 1
    s, _ = act(s, th, "steal:gold")
    rejects(s, th, "steal:moonstone", "E_THEFT_ALLOWANCE")
    s, ev = act(s, th, "confirm")
    assert s.players[th].objectives == 1
    assert s.players[th].last_objective_lair == "usurers_counting_house"
    assert s.figs["thieves_goblin"].treasure["gold"] == 2 + 4
    assert s.lairs["usurers"].safe["gold"] == 6 and s.lairs["usurers"].safe["moonstone"] == 1
    assert not any("Pickpockets" in t for t in texts(ev))


def test_tv13_lair_destruction() -> None:
    s = board4()
    place(s, {"brigands_troll": "artisans_workshop"})
    set_gold(s, "brigands_troll", gold=0)
    s.lairs["artisans"].stuns = 1
    set_safe(s, "artisans", gold=9, sacred_wood=1, tromblon=1)
    set_gold(s, "artisans_fairy", gold=3)
    activate(s, "brigands_troll")
    b = seat(s, "brigands")
    rig(s, [1, 2, 6, 4])
    s, ev = act(s, b, "combat", "tgt:l:artisans")
    assert [(e.data["n"], e.data["colour"]) for e in ev if e.kind == "roll"] == [(4, "yellow")]
    s, _ = settle(s)  # Artisans' Gnome could Malin: they pass
    lair = s.lairs["artisans"]
    assert lair.state == "destroyed" and lair.stuns == 0
    loose = s.zones["artisans_workshop"].loose
    assert (loose["gold"], loose["sacred_wood"], loose["tromblon"]) == (9, 1, 1)
    assert s.players[b].objectives == 1
    assert s.figs["brigands_troll"].treasure["gold"] == 5
    s, _ = act(s, b, "transfer", "mode:take", "t:loose:gold:all", "t:loose:tromblon", "confirm")
    t = s.figs["brigands_troll"].treasure
    assert (t["gold"], t["tromblon"]) == (14, 1)
    assert s.zones["artisans_workshop"].loose["sacred_wood"] == 1
    assert effective_terrain(s, "artisans_workshop") == "plain"
    ctx = Ctx(s)
    safe_before = s.lairs["brigands"].safe["gold"]
    gold_to_lairs(ctx)
    assert s.lairs["brigands"].safe["gold"] == safe_before + 14 + 2  # the goblin's 2 GP too
    assert s.figs["artisans_fairy"].treasure["gold"] == 3
    assert reinforcement_zones(s, "artisans")[0] == "goosefoot_meadow"


def _rob(s: State, thief: str, lair: str, faces: list[int], picks: list[str]) -> State:
    th = seat(s, "thieves")
    place(s, {thief: s.lairs[lair].zone})
    activate(s, thief)
    rig(s, faces)
    s, _ = act(s, th, "theft", f"tgt:l:{lair}")
    s, _ = settle(s)
    if s.res is not None:
        s, _ = act(s, th, *[f"steal:{p}" for p in picks], "confirm")
    return s


def test_tv14_thieves_counting_three_players() -> None:
    s = make(["thieves", "artisans", "usurers"])
    park(s, list(s.figs), "millpond_green")
    set_safe(s, "artisans", gold=10)
    set_safe(s, "usurers", gold=10, amulet=1)
    th = seat(s, "thieves")
    obj = lambda st: st.players[th].objectives  # noqa: E731
    s = _rob(s, "thieves_goblin", "artisans", [1, 6], ["gold"])
    assert obj(s) == 1 and s.players[th].last_objective_lair == "artisans_workshop"
    s = _rob(s, "thieves_fairy", "artisans", [1, 2], ["gold", "gold"])
    assert obj(s) == 1
    s = _rob(s, "thieves_goblin", "usurers", [5, 6], [])
    assert obj(s) == 1 and s.players[th].last_objective_lair == "artisans_workshop"
    s = _rob(s, "thieves_goblin", "usurers", [1, 6], ["amulet"])
    assert obj(s) == 2 and s.players[th].last_objective_lair == "usurers_counting_house"
    s = _rob(s, "thieves_fairy", "artisans", [1, 6], ["gold"])
    assert obj(s) == 3
    before = sum(s.figs[f].treasure["gold"] for f in ("thieves_goblin", "thieves_fairy"))
    s = _rob(s, "thieves_goblin", "usurers", [1, 6], ["gold"])
    assert obj(s) == 4
    gold = sum(s.figs[f].treasure["gold"] for f in ("thieves_goblin", "thieves_fairy"))
    assert gold - before == 1 + 3
    assert s.phase == "activation"  # the game ends only after this turn's activations
    s = finish_turn_activations(s)
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.reason == "mission"


def test_tv15_usurers_debts() -> None:
    s = board4()
    u, b = seat(s, "usurers"), seat(s, "brigands")
    assert s.players[u].designated == "brigands"
    zone = "shepherds_rest"
    place(s, {"brigands_goblin": zone, "brigands_troll": zone, "usurers_gnome": zone, "usurers_troll": zone,
              "thieves_fairy": zone})
    set_gold(s, "brigands_goblin", gold=2, amulet=1)
    set_gold(s, "usurers_troll", gold=0)
    [ag] = give(s, "usurers", "aggressiveness")
    activate(s, "usurers_gnome")
    rig(s, [1, 5])
    s, _ = act(s, u, "combat", "tgt:f:brigands_troll")
    assert s.figs["brigands_troll"].stuns == 0 and s.players[u].objectives == 0
    activate(s, "usurers_troll")
    rig(s, [1, 2, 6])
    s, _ = act(s, u, "combat", "tgt:f:brigands_goblin")
    assert s.figs["brigands_goblin"].stuns == 1 and s.players[u].objectives == 1
    rig(s, [1, 2, 6])
    s, _ = act(s, u, "combat", "tgt:f:brigands_goblin")
    assert s.figs["brigands_goblin"].zone is None and s.players[u].objectives == 1
    rig(s, [1, 5, 5, 5])
    s, _ = act(s, u, f"play:{ag}", "tgt:f:thieves_fairy")
    assert s.figs["thieves_fairy"].stuns == 1 and s.players[u].objectives == 1
    assert s.figs["usurers_troll"].treasure["gold"] == 2
    [trap] = give(s, "usurers", "trap")
    s.players[u].hand.remove(trap)
    s.violet.append(trap)
    s.zones["dusk_ring"].trap = Trap(kind="trap", card=trap)
    s.supply["trap"] -= 1
    safe_before = s.lairs["usurers"].safe["gold"]
    activate(s, "brigands_troll")
    s, _ = act(s, b, "move", "to:dusk_ring", "confirm")
    assert s.figs["brigands_troll"].stuns == 1
    assert s.players[u].objectives == 2
    assert s.lairs["usurers"].safe["gold"] == safe_before + 2  # no acting Usurers figurine: the safe
    # next turn, Brigands designated again: the returned Goblin counts again
    s = finish_turn_activations(s)
    while s.phase == "keep":
        s, _ = act(s, GAME.pending(s)[0].player, "keepdefault")
    assert s.turn == 2 and s.phase == "designate"
    s, _ = act(s, u, "designate:brigands")
    assert s.figs["brigands_goblin"].zone == "brigands_hideout"
    place(s, {"usurers_troll": "brigands_hideout", "brigands_goblin": "brigands_hideout"})
    activate(s, "usurers_troll")
    rig(s, [1, 6, 6])
    s, _ = act(s, u, "combat", "tgt:f:brigands_goblin")
    s, _ = settle(s)
    assert s.players[u].objectives == 3


def test_tv16_end_of_turn_gold_and_bank() -> None:
    s = make(ALL4)
    [bank] = give(s, "usurers", "bank")
    s.players[seat(s, "usurers")].hand.remove(bank)
    s.violet.append(bank)
    s.lairs["usurers"].bank_token = bank
    s.supply["safe_bank"] -= 1
    set_safe(s, "usurers", gold=8)
    set_gold(s, "usurers_gnome", gold=3, moonstone=1)
    set_gold(s, "usurers_troll", gold=0)
    s.lairs["artisans"].state = "destroyed"
    set_gold(s, "artisans_fairy", gold=4)
    ctx = Ctx(s)
    gold_to_lairs(ctx)
    assert s.lairs["usurers"].safe["gold"] == 13
    assert s.figs["usurers_gnome"].treasure["gold"] == 0
    assert s.figs["usurers_gnome"].treasure["moonstone"] == 1
    assert s.figs["artisans_fairy"].treasure["gold"] == 4
    set_safe(s, "usurers", gold=4)
    gold_to_lairs(Ctx(s))
    assert s.lairs["usurers"].safe["gold"] == 4


def _tv17(options: dict) -> State:
    s = make(["thieves", "artisans"], options)
    p = s.players[seat(s, "thieves")]
    deck = p.deck
    def take(t: str) -> str:
        c = next(c for c in deck if card_type(c) == t)
        deck.remove(c)
        return c
    p.hand = [take("burglary"), take("shield")]
    top = [take("sprint"), take("trap"), take("storm")]
    played = [take("petit_malin"), take("pumpkin")]
    p.discard = list(deck)
    p.deck = top
    s.played = played
    assert len(p.discard) == 18
    ctx = Ctx(s)
    end_of_turn(ctx)
    ctx.close()
    return s


def test_tv17_refill_and_reshuffle() -> None:
    s = _tv17({})
    th = seat(s, "thieves")
    p = s.players[th]
    assert len(p.hand) == 7 and len(p.deck) == 18 and len(p.discard) == 0
    assert s.phase == "keep"
    rejects(s, th, "confirm", "E_KEEP_COUNT")
    names = [card_type(c) for c in p.hand[:5]]
    s, _ = act(s, th, "keepdefault")
    p = s.players[th]
    assert [card_type(c) for c in p.hand] == names == ["burglary", "shield", "sprint", "trap", "storm"]
    assert len(p.deck) == 18 and len(p.discard) == 2
    s4 = _tv17({"figurines": 4})
    p = s4.players[th]
    assert len(p.hand) == 8
    s4, _ = act(s4, th, "keepdefault")
    assert GAME.pending(s4)[0].player == seat(s4, "artisans")  # simultaneous: the Artisans hold 6 too
    assert len(s4.players[th].hand) == 8
    s4, _ = act(s4, seat(s4, "artisans"), "keepdefault")
    p = s4.players[th]
    assert len(p.hand) == 5 and len(p.deck) == 17 and len(p.discard) == 3


def test_tv18_movement_broom_sprint_trap() -> None:
    s = board4()
    th, u = seat(s, "thieves"), seat(s, "usurers")
    place(s, {"thieves_goblin": "thieves_den", "thieves_fairy": "thieves_den"})
    set_gold(s, "thieves_goblin", gold=2, broom=1)
    sprints = give(s, "thieves", "sprint", 2)
    activate(s, "thieves_goblin")
    s, _ = act(s, th, "move", "to:goosefoot_meadow", "to:northern_henge", "confirm")
    s, _ = act(s, th, "move", "to:crows_knoll", "to:fallen_chapel")
    rejects(s, th, "to:lantern_fields", "E_PATH_TOO_LONG")
    s, _ = act(s, th, f"sprint:{sprints[0]}", "to:lantern_fields", "confirm")
    assert s.figs["thieves_goblin"].zone == "lantern_fields"
    # without the Broom, a 2-zone path is rejected
    place(s, {"thieves_goblin": "thieves_den"})
    set_gold(s, "thieves_goblin", gold=2)
    activate(s, "thieves_goblin")
    s, _ = act(s, th, "move", "to:goosefoot_meadow")
    rejects(s, th, "to:northern_henge", "E_PATH_TOO_LONG")
    # Fairy with Broom + Sprint: 4 zones
    set_gold(s, "thieves_fairy", gold=2, broom=1)
    activate(s, "thieves_fairy")
    s, _ = act(s, th, "move", f"sprint:{sprints[1]}", "to:owlbough_forest", "to:old_watchtower", "to:crows_knoll",
               "to:abandoned_keep", "confirm")
    assert s.figs["thieves_fairy"].zone == "abandoned_keep"
    # Usurers Trap on goosefoot_meadow
    [trap] = give(s, "usurers", "trap")
    s.players[u].hand.remove(trap)
    s.violet.append(trap)
    s.zones["goosefoot_meadow"].trap = Trap(kind="trap", card=trap)
    s.supply["trap"] -= 1
    place(s, {"usurers_troll": "thieves_den"})
    activate(s, "usurers_troll")
    s, _ = act(s, u, "move", "to:goosefoot_meadow", "confirm")
    assert s.figs["usurers_troll"].stuns == 0 and s.zones["goosefoot_meadow"].trap is not None
    place(s, {"thieves_goblin": "thieves_den"})
    set_gold(s, "thieves_goblin", gold=2, broom=1)
    activate(s, "thieves_goblin")
    s, ev = act(s, th, "move", "to:goosefoot_meadow", "to:northern_henge", "confirm")
    assert s.figs["thieves_goblin"].stuns == 1
    assert s.figs["thieves_goblin"].zone == "northern_henge"
    assert s.zones["goosefoot_meadow"].trap is None and trap in s.players[u].discard
    assert sum(1 for e in ev if e.kind == "trap") == 1


def test_tv19_elimination_tomb_ransom_highwaymen() -> None:
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    place(s, {"usurers_gnome": "shepherds_rest", "brigands_troll": "shepherds_rest"})
    s.figs["usurers_gnome"].stuns = 1
    set_gold(s, "usurers_gnome", gold=4, sacred_wood=1)
    set_gold(s, "brigands_troll", gold=0)
    set_safe(s, "usurers", gold=5)
    [tomb] = give(s, "usurers", "tomb")
    [ransom] = give(s, "brigands", "ransom")
    base = s
    activate(s, "brigands_troll")
    rig(s, [1, 2, 5])
    s, _ = act(s, b, "combat", "tgt:f:usurers_gnome", )
    s, _ = act(s, u, "pass")  # W2 (Malin available)
    assert resolving(s).stage == "w3" and GAME.pending(s)[0].player == u
    s, _ = act(s, u, f"r:{tomb}")
    tombs = s.zones["shepherds_rest"].tombs
    assert tombs["usurers"]["gold"] == 4 and tombs["usurers"]["sacred_wood"] == 1
    assert s.zones["shepherds_rest"].loose["gold"] == 0
    assert s.figs["brigands_troll"].treasure["gold"] == 2
    s, _ = act(s, b, f"play:{ransom}")
    assert s.lairs["usurers"].safe["gold"] == 3
    assert s.figs["brigands_troll"].treasure["gold"] == 4
    s = finish_turn_activations(s)
    while s.phase == "keep":
        s, _ = act(s, GAME.pending(s)[0].player, "keepdefault")
    g = s.figs["usurers_gnome"]
    assert g.zone == "usurers_counting_house" and g.stuns == 0 and g.treasure["gold"] == 0
    # variant: Ambush in effect, no Tomb
    s = base
    s.players[u].hand.remove(tomb)
    s.players[u].deck.append(tomb)
    s.effects.ambush.append("brigands")
    activate(s, "brigands_troll")
    rig(s, [1, 2, 5])
    s, _ = act(s, b, "combat", "tgt:f:usurers_gnome")
    s, _ = settle(s)
    t = s.figs["brigands_troll"].treasure
    assert (t["gold"], t["sacred_wood"]) == (4 + 2, 1)
    assert sum(s.zones["shepherds_rest"].loose.values()) == 0


def test_tv20_reinforcement_without_lair() -> None:
    s = make(["artisans", "brigands", "thieves"])
    s.lairs["artisans"].state = "destroyed"
    place(s, {"artisans_fairy": None, "artisans_gnome": "whisperwood"})
    s.figs["artisans_fairy"].treasure["gold"] = 0
    s.gold_minted -= 2
    expected = {"goosefoot_meadow", "lantern_fields", "millpond_green", "shepherds_rest", "artisans_workshop",
                "usurers_counting_house", "abandoned_keep", "whisperwood"}
    assert set(reinforcement_zones(s, "artisans")) == expected
    ctx = Ctx(s)
    after_keep(ctx)
    ctx.close()
    a = seat(s, "artisans")
    assert s.phase == "reinforce" and GAME.pending(s)[0].player == a
    s, _ = act(s, a, "rfig:artisans_fairy")
    rejects(s, a, "rzone:crows_knoll", "E_BAD_REINFORCEMENT")
    assert GAME.timeout_action(s, a).id == "auto"
    s, _ = act(s, a, "auto")
    assert s.figs["artisans_fairy"].zone == "goosefoot_meadow"


def test_tv21_neutral_lair_two_players() -> None:
    s = make(["thieves", "usurers"])
    u = seat(s, "usurers")
    assert s.players[u].designated == "thieves" and s.phase == "activation"
    assert "neutral" in s.lairs
    th = seat(s, "thieves")
    place(s, {"thieves_fairy": "abandoned_keep"})
    set_gold(s, "thieves_fairy", gold=0)
    activate(s, "thieves_fairy")
    rig(s, [3, 4])
    s, ev = act(s, th, "theft", "tgt:l:neutral")
    assert [(e.data["n"], e.data["colour"]) for e in ev if e.kind == "roll"] == [(2, "yellow")]
    assert not any(e.kind == "reaction" for e in ev)
    assert s.players[th].objectives == 1
    assert s.figs["thieves_fairy"].treasure["gold"] == 3
    rig(s, [1, 2])
    s, _ = act(s, th, "theft", "tgt:l:neutral")
    assert s.players[th].objectives == 1


def test_tv22_sow_terror_from_others() -> None:
    s = board4()
    place(s, {"usurers_troll": "thieves_den"})
    s.lairs["thieves"].stuns = 2
    b = seat(s, "brigands")
    safe = s.lairs["brigands"].safe["gold"]
    activate(s, "usurers_troll")
    rig(s, [1, 6, 6, 6])
    s, _ = act(s, seat(s, "usurers"), "combat", "tgt:l:thieves")
    s, _ = settle(s)
    assert s.lairs["thieves"].state == "destroyed"
    assert s.players[b].objectives == 1
    assert s.lairs["brigands"].safe["gold"] == safe + 5
    # the Brigands' own lair gives them nothing
    place(s, {"usurers_troll": "brigands_hideout"})
    s.lairs["brigands"].stuns = 2
    activate(s, "usurers_troll")
    rig(s, [1, 6, 6, 6])
    s, _ = act(s, seat(s, "usurers"), "combat", "tgt:l:brigands")
    s, _ = settle(s)
    assert s.lairs["brigands"].state == "destroyed" and s.players[b].objectives == 1


def test_tv23_storm_card_darkens_rolls() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "old_watchtower", "brigands_troll": "crows_knoll", "artisans_gnome": "crows_knoll"})
    [storm] = give(s, "thieves", "storm")
    activate(s, "thieves_goblin")
    s, _ = act(s, th, f"play:{storm}", "z:crows_knoll")
    assert s.zones["crows_knoll"].storm == th
    activate(s, "brigands_troll")
    rig(s, [6, 6, 6, 6])
    s, ev = act(s, seat(s, "brigands"), "combat", "tgt:f:artisans_gnome")
    assert [(e.data["n"], e.data["colour"]) for e in ev if e.kind == "roll"] == [(4, "yellow")]


def test_tv24_prospectors_and_forge() -> None:
    s = board4()
    a = seat(s, "artisans")
    place(s, {"artisans_fairy": "whisperwood", "artisans_gnome": "whisperwood"})
    set_gold(s, "artisans_fairy", gold=0)
    set_gold(s, "artisans_gnome", gold=0, moonstone=1)
    assert s.zones["whisperwood"].loose["sacred_wood"] == 1
    activate(s, "artisans_fairy")
    s, _ = act(s, a, "transfer", "mode:take", "t:loose:sacred_wood", "confirm")
    assert s.figs["artisans_fairy"].treasure == {**s.figs["artisans_fairy"].treasure, "gold": 1,
                                                       "sacred_wood": 1}
    activate(s, "artisans_gnome")
    rejects(s, a, "craft:tromblon", "E_MISSING_COMPONENTS")
    [forge] = give(s, "artisans", "forge")
    s, _ = act(s, a, f"play:{forge}", "recipe:tromblon")
    g = s.figs["artisans_gnome"].treasure
    assert (g["tromblon"], g["moonstone"], g["gold"]) == (1, 0, 2)
    assert s.figs["artisans_fairy"].treasure["sacred_wood"] == 0
    assert s.players[a].objectives == 1


def test_tv25_full_scoring_and_tiebreak() -> None:
    s = make(["thieves", "usurers", "brigands"])
    th, u, b = seat(s, "thieves"), seat(s, "usurers"), seat(s, "brigands")
    set_safe(s, "thieves", gold=19)
    set_gold(s, "thieves_goblin", gold=3, tromblon=1)
    set_gold(s, "thieves_fairy", gold=0, moonstone=1)
    s.players[th].objectives = 4
    set_safe(s, "usurers", gold=12)
    set_gold(s, "usurers_gnome", gold=2)
    set_gold(s, "usurers_troll", gold=0)
    s.zones["shepherds_rest"].tombs["usurers"] = {"gold": 3, "sacred_wood": 0, "moonstone": 0, "amulet": 0,
                                                        "broom": 1, "tromblon": 0}
    s.players[u].objectives = 3
    s.first_objective_guild = "usurers"
    s.lairs["brigands"].state = "destroyed"
    set_safe(s, "brigands", gold=0)
    set_gold(s, "brigands_troll", gold=6, amulet=1)
    set_gold(s, "brigands_goblin", gold=0)
    place(s, {"brigands_goblin": None})
    s.zones["goosefoot_meadow"].loose["gold"] = 4
    s.phase = "over"
    s.ended = Ended(reason="mission", guilds=["thieves"])
    out = GAME.outcome(s)
    assert out is not None
    assert out.scores == {th: 25.0, u: 25.0, b: 9.0}
    assert out.ranking == ((th,), (u,), (b,))


def test_tv26_bad_inputs() -> None:
    s = board4()
    b, u, th = seat(s, "brigands"), seat(s, "usurers"), seat(s, "thieves")
    # Tromblon Combat vs the lair on an adjacent zone; Theft by a Tromblon bearer at range
    place(s, {"artisans_gnome": "bramble_thicket", "brigands_goblin": "bramble_thicket"})
    set_gold(s, "artisans_gnome", gold=2, tromblon=1)
    activate(s, "artisans_gnome")
    a = seat(s, "artisans")
    s2, _ = act(s, a, "combat")
    rejects(s2, a, "tgt:l:brigands", "E_TROMBLON_LAIR")
    s2, _ = act(s, a, "theft")
    place(s2, {"brigands_goblin": "dawn_stones"})
    rejects(s2, a, "tgt:f:brigands_goblin", "E_OUT_OF_REACH")
    # Shield against a Theft
    s3 = board4()
    place(s3, {"brigands_goblin": "goosefoot_meadow", "artisans_fairy": "goosefoot_meadow"})
    [shield] = give(s3, "artisans", "shield")
    activate(s3, "brigands_goblin")
    rig(s3, [1, 1])
    s3, _ = act(s3, b, "theft", "tgt:f:artisans_fairy")
    assert resolving(s3).stage == "w2"  # Artisans' Gnome may Malin
    rejects(s3, a, f"r:{shield}", "E_SHIELD_THEFT")
    # Trap on an intact lair
    s4 = board4()
    [trap] = give(s4, "thieves", "trap")
    activate(s4, "thieves_goblin")
    s4, _ = act(s4, th, f"play:{trap}")
    rejects(s4, th, "z:brigands_hideout", "E_TOKEN_ZONE")
    # a third normal action
    s5 = board4()
    place(s5, {"thieves_goblin": "goosefoot_meadow"})
    activate(s5, "thieves_goblin", actions=0)
    rejects(s5, th, "move", "E_NO_ACTIONS_LEFT")
    # Bribe with 1 GP in total
    s6 = board4()
    place(s6, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    for f in ("usurers_gnome", "usurers_troll"):
        set_gold(s6, f, gold=0)
    set_safe(s6, "usurers", gold=1)
    [bribe] = give(s6, "usurers", "bribe")
    [prot] = give(s6, "usurers", "protection")
    activate(s6, "brigands_troll")
    s6, _ = act(s6, b, "combat", "tgt:f:usurers_troll")
    assert resolving(s6).stage == "w1"
    rejects(s6, u, f"r:{bribe}", "E_NOT_ENOUGH_GOLD")
    assert prot


def test_tv26_more_bad_inputs() -> None:
    s = make(ALL4, seed=3)
    # a fresh game: Usurers designate at turn start; designating themselves is rejected
    s2 = GAME.new_game(4, 3, {"first_player": 0})
    for i, g in enumerate(ALL4):
        s2, _ = act(s2, i, f"guild:{g}")
    u = seat(s2, "usurers")
    rejects(s2, u, "designate:usurers", "E_BAD_DESIGNATION")
    rejects(s2, u, "designate:neutral", "E_BAD_DESIGNATION")
    # activating a figurine under a Pumpkin
    s.figs["brigands_troll"].pumpkin = True
    s.figs["brigands_troll"].activated = True
    s.supply["pumpkin"] -= 1
    s.active = None
    s.visit = 0
    b = seat(s, "brigands")
    assert b == 0
    rejects(s, b, "activate:brigands_troll", "E_PUMPKIN")
    # keeping 4 cards out of 7
    k = _tv17({})
    th = seat(k, "thieves")
    hand = k.players[th].hand
    assert len(hand) == 7
    k, _ = act(k, th, *[f"keep:{c}" for c in hand[:4]])
    rejects(k, th, "confirm", "E_KEEP_COUNT")


# -- §12.3: the public message is the same whether or not a window opened ---------------------------

# (attacker, defender's figurine, action, target id, defender guild, reaction card type, dice faces)
NarrationCase = tuple[str, str | None, str, str, str, str, list[int]]

NARRATION_CASES: list[NarrationCase] = [
    ("brigands_troll", "thieves_goblin", "combat", "tgt:f:thieves_goblin", "thieves", "protection", [6, 5, 1]),
    ("brigands_troll", "thieves_goblin", "theft", "tgt:f:thieves_goblin", "thieves", "protection", [6, 6]),
    ("brigands_troll", "thieves_goblin", "combat", "tgt:f:thieves_goblin", "thieves", "shield", [6, 6, 6]),
    ("brigands_troll", None, "combat", "tgt:l:thieves", "thieves", "alarm", [6, 4, 2, 1]),
]


def _narrated(attacker: str, defender_fig: str | None, action: str, target: str, guild: str, card: str,
              faces: list[int], holds_card: bool) -> tuple[list[tuple[str, str, str]], dict]:
    """Declare the action and let the defender pass every window; what the attacker's seat was told.

    The defender holds either the matching reaction card (the window opens) or a Sprint (it cannot,
    so no window): hand sizes, board and dice are the same either way."""
    s = board4()
    lair = s.lairs[guild].zone
    place(s, {attacker: lair if defender_fig is None else "goosefoot_meadow"})
    if defender_fig is not None:
        place(s, {defender_fig: "goosefoot_meadow"})
    give(s, guild, card if holds_card else "sprint")
    actor_seat = seat(s, attacker.split("_")[0])
    activate(s, attacker)
    rig(s, faces)
    s, events = act(s, actor_seat, action, target)
    opened = s.res is not None and s.res.stage in ("w1", "w2")
    assert opened is holds_card  # the window opens exactly when the defender holds the card
    s, more = settle(s)
    told = [(e.text, e.kind, json.dumps(e.data, sort_keys=True)) for e in events + more if e.visible_for(actor_seat)]
    public = GAME.view(s, None)
    return told, {k: v for k, v in public.items() if k not in ("last", "last_roll")}


@pytest.mark.parametrize("case", NARRATION_CASES, ids=[f"{c[2]}-{c[5]}" for c in NARRATION_CASES])
def test_same_public_narration_whether_or_not_a_window_opened(case: NarrationCase) -> None:
    with_window, view_with = _narrated(*case, holds_card=True)
    without, view_without = _narrated(*case, holds_card=False)
    assert with_window == without
    assert any(text == "No reaction." for text, _kind, _data in without)
    assert any(kind == "roll" for _text, kind, _data in without)
    assert view_with == view_without  # and the board reads the same once the action is over
