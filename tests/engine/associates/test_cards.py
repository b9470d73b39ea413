"""One test per card type (§11.3): effect, banner duration, illegal uses."""

from __future__ import annotations

from engine.associates import GAME
from engine.associates.context import Ctx
from engine.associates.flow import discard_played
from engine.associates.state import State, active_of, resolving

from .helpers import ALL4, act, activate, give, make, park, place, rejects, rig, seat, set_gold, set_safe, settle


def board4() -> State:
    s = make(ALL4)
    park(s, list(s.figs), "millpond_green")
    return s


def rolls(ev: list) -> list[tuple[int, str]]:
    return [(e.data["n"], e.data["colour"]) for e in ev if e.kind == "roll"]


def end_step1(s: State) -> None:
    ctx = Ctx(s)
    discard_played(ctx)
    ctx.close()


def test_aggressiveness() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"brigands_goblin": "goosefoot_meadow", "thieves_fairy": "goosefoot_meadow"})
    [c] = give(s, "brigands", "aggressiveness")
    activate(s, "brigands_goblin", actions=0)
    rig(s, [6, 6, 6])
    s, ev = act(s, b, f"play:{c}", "tgt:f:thieves_fairy")
    assert rolls(ev) == [(3, "green")] and c in s.played
    active_of(s).actions = 1
    rig(s, [6, 6])
    s, ev = act(s, b, "combat", "tgt:f:thieves_fairy")
    assert rolls(ev) == [(2, "green")]  # white banner: the bonus lasted one action
    end_step1(s)
    assert c in s.players[b].discard and not s.played
    s2 = board4()
    [c2] = give(s2, "brigands", "aggressiveness")
    place(s2, {"brigands_goblin": "goosefoot_meadow"})
    activate(s2, "brigands_goblin")
    rejects(s2, b, f"play:{c2}", "E_CARD_CONDITION")


def test_petit_malin() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_fairy": "goosefoot_meadow", "brigands_troll": "goosefoot_meadow"})
    [c] = give(s, "thieves", "petit_malin")
    activate(s, "thieves_fairy")
    rig(s, [6, 6, 6])
    s, ev = act(s, th, f"play:{c}", "tgt:f:brigands_troll")
    assert rolls(ev) == [(3, "green")] and active_of(s).actions == 2
    s2 = board4()
    [c2] = give(s2, "thieves", "petit_malin")
    place(s2, {"thieves_fairy": "goosefoot_meadow"})
    activate(s2, "thieves_fairy")
    rejects(s2, th, f"play:{c2}", "E_CARD_CONDITION")


def test_improvisation() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow", "brigands_troll": "goosefoot_meadow"})
    [c] = give(s, "thieves", "improvisation")
    activate(s, "thieves_goblin", actions=0)
    kinds = {a.id for a in GAME.legal_actions(act(s, th, f"play:{c}")[0], th)}
    assert {"do:move", "do:transfer", "do:combat", "do:theft"} <= kinds
    rig(s, [6, 6])
    s, ev = act(s, th, f"play:{c}", "do:combat", "tgt:f:brigands_troll")
    assert rolls(ev) == [(2, "green")]  # no bonus die
    assert c in s.played
    # nothing possible: rooted, empty-handed, alone on a plain without loose items
    s2 = board4()
    place(s2, {"thieves_goblin": "goosefoot_meadow"})
    set_gold(s2, "thieves_goblin", gold=0)
    s2.figs["thieves_goblin"].rooted = True
    s2.supply["root"] -= 1
    [c2] = give(s2, "thieves", "improvisation")
    activate(s2, "thieves_goblin")
    rejects(s2, th, f"play:{c2}", "E_CARD_CONDITION")


def test_sprint() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow"})
    [c] = give(s, "thieves", "sprint")
    activate(s, "thieves_goblin")
    assert f"play:{c}" not in {a.id for a in GAME.legal_actions(s, th)}
    s, _ = act(s, th, "move", f"sprint:{c}", "to:northern_henge", "to:crows_knoll", "confirm")
    assert s.figs["thieves_goblin"].zone == "crows_knoll" and c in s.played
    assert active_of(s).actions == 1  # Sprint grants no action (R-A12)


def test_protection() -> None:
    s = board4()
    b, th = seat(s, "brigands"), seat(s, "thieves")
    place(s, {"brigands_troll": "goosefoot_meadow", "thieves_goblin": "goosefoot_meadow"})
    prots = give(s, "thieves", "protection", 2)
    activate(s, "brigands_troll")
    rig(s, [6, 6, 6])
    s, _ = act(s, b, "combat", "tgt:f:thieves_goblin")
    assert resolving(s).stage == "w1" and GAME.pending(s)[0].kind.value == "reaction"
    s, ev = act(s, th, f"r:{prots[0]}", f"r:{prots[1]}", "confirm")
    assert rolls(ev) == [(3, "red")]
    assert all(p in s.played for p in prots)


def test_shield() -> None:
    s = board4()
    b, th = seat(s, "brigands"), seat(s, "thieves")
    place(s, {"brigands_troll": "goosefoot_meadow", "thieves_goblin": "goosefoot_meadow"})
    [sh] = give(s, "thieves", "shield")
    activate(s, "brigands_troll")
    rig(s, [1, 1, 1])
    s, _ = act(s, b, "combat", "tgt:f:thieves_goblin")
    assert resolving(s).stage == "w2"
    s, _ = act(s, th, f"r:{sh}", "confirm")
    assert s.figs["thieves_goblin"].stuns == 1  # 3 - 2


def test_trap_and_violet_duration() -> None:
    s = board4()
    th, b = seat(s, "thieves"), seat(s, "brigands")
    place(s, {"thieves_goblin": "goosefoot_meadow", "brigands_troll": "northern_henge"})
    [c] = give(s, "thieves", "trap")
    activate(s, "thieves_goblin")
    s, _ = act(s, th, f"play:{c}")
    zones = [a.id for a in GAME.legal_actions(s, th)]
    assert len(zones) == 21 + 2 and "z:brigands_hideout" not in zones  # 25 zones - 4 intact lairs
    s, _ = act(s, th, "z:goosefoot_meadow")
    trap = s.zones["goosefoot_meadow"].trap
    assert trap is not None and trap.card == c and c in s.violet
    end_step1(s)
    assert c in s.violet  # violet stays in play until resolved
    s, _ = act(s, th, "move", "to:northern_henge", "confirm")  # own figurine: no trigger
    assert s.figs["thieves_goblin"].stuns == 0
    activate(s, "brigands_troll")
    s, _ = act(s, b, "move", "to:goosefoot_meadow", "confirm")
    assert s.figs["brigands_troll"].stuns == 1
    assert c in s.players[th].discard and s.supply["trap"] == 4


def test_ambush_red_duration() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    set_gold(s, "usurers_troll", gold=3, moonstone=1)
    set_gold(s, "brigands_troll", gold=0)
    [c] = give(s, "brigands", "ambush")
    activate(s, "brigands_troll")
    s, _ = act(s, b, f"play:{c}")
    assert "brigands" in s.effects.ambush
    rig(s, [1, 6, 6])
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    s, _ = settle(s)
    t = s.figs["brigands_troll"].treasure
    assert (t["gold"], t["moonstone"]) == (3, 1) and s.figs["usurers_troll"].stuns == 1
    end_step1(s)
    assert s.effects.ambush == []


def test_second_wind() -> None:
    s = board4()
    th = seat(s, "thieves")
    [c] = give(s, "thieves", "second_wind")
    activate(s, "thieves_goblin")
    rejects(s, th, f"play:{c}", "E_CARD_CONDITION")
    s.figs["thieves_goblin"].stuns = 1
    s, _ = act(s, th, f"play:{c}")
    assert s.figs["thieves_goblin"].stuns == 0 and active_of(s).actions == 2


def test_quick_hands() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "whisperwood"})
    [c] = give(s, "thieves", "quick_hands")
    activate(s, "thieves_goblin", actions=0)
    s, _ = act(s, th, f"play:{c}", "mode:take", "t:loose:sacred_wood", "confirm")
    assert s.figs["thieves_goblin"].treasure["sacred_wood"] == 1


def test_alarm() -> None:
    s = board4()
    b, a = seat(s, "brigands"), seat(s, "artisans")
    place(s, {"brigands_troll": "artisans_workshop"})
    [al] = give(s, "artisans", "alarm")
    activate(s, "brigands_troll")
    rig(s, [6, 6, 6, 6])
    s1, _ = act(s, b, "combat", "tgt:l:artisans")
    s1, ev = act(s1, a, f"r:{al}", "confirm")
    assert rolls(ev) == [(4, "red")]
    [siege] = give(s, "brigands", "siege")
    s2, _ = act(s, b, f"play:{siege}", "tgt:l:artisans")
    assert resolving(s2).stage == "w2" or s2.res is None  # W1 skipped: Alarm illegal against Siege
    place(s, {"artisans_fairy": "artisans_workshop"})
    s3, _ = act(s, b, "combat", "tgt:l:artisans")
    assert resolving(s3).stage != "w1"  # Defended: Alarm illegal, no other W1 card


def test_pumpkin() -> None:
    s = board4()
    a = seat(s, "artisans")
    place(s, {"artisans_fairy": "goosefoot_meadow", "thieves_goblin": "goosefoot_meadow",
              "artisans_gnome": "goosefoot_meadow"})
    [c, c2] = give(s, "artisans", "pumpkin", 2)
    activate(s, "artisans_gnome")
    rejects(s, a, f"play:{c}", "E_CARD_CONDITION")  # not a Fairy
    activate(s, "artisans_fairy")
    s, _ = act(s, a, f"play:{c}", "f:thieves_goblin")
    g = s.figs["thieves_goblin"]
    assert g.pumpkin and g.activated and s.supply["pumpkin"] == 4
    rejects(s, a, f"play:{c2}", "E_CARD_CONDITION")  # the only adverse figurine already has one
    end_step1(s)
    assert not s.figs["thieves_goblin"].pumpkin and s.supply["pumpkin"] == 5


def test_pumpkin_stops_powers() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow", "brigands_troll": "goosefoot_meadow"})
    s.figs["thieves_goblin"].pumpkin = True
    s.supply["pumpkin"] -= 1
    activate(s, "thieves_goblin")
    rig(s, [1, 6])
    s, _ = act(s, th, "theft", "tgt:f:brigands_troll")
    assert resolving(s).allowance == 1  # no Light Fingers under a Pumpkin


def test_root() -> None:
    s = board4()
    a, th = seat(s, "artisans"), seat(s, "thieves")
    place(s, {"artisans_gnome": "goosefoot_meadow", "thieves_goblin": "northern_henge"})
    [c] = give(s, "artisans", "root")
    activate(s, "artisans_gnome")
    s, _ = act(s, a, f"play:{c}", "f:thieves_goblin")
    assert s.figs["thieves_goblin"].rooted
    activate(s, "thieves_goblin")
    rejects(s, th, "move", "E_ROOTED")
    end_step1(s)
    assert not s.figs["thieves_goblin"].rooted and s.supply["root"] == 2


def test_forge_and_craft() -> None:
    s = board4()
    a = seat(s, "artisans")
    place(s, {"artisans_gnome": "goosefoot_meadow", "artisans_fairy": "goosefoot_meadow"})
    set_gold(s, "artisans_gnome", gold=0, sacred_wood=1)
    set_gold(s, "artisans_fairy", gold=0, sacred_wood=1)
    [c] = give(s, "artisans", "forge")
    activate(s, "artisans_gnome", actions=0)
    s, _ = act(s, a, f"play:{c}", "recipe:broom")
    assert s.figs["artisans_gnome"].treasure["broom"] == 1 and s.players[a].objectives == 1
    assert s.supply["sacred_wood"] == 8 and s.supply["broom"] == 7  # spent components return


def test_scavenge() -> None:
    s = board4()
    a = seat(s, "artisans")
    [c, c2] = give(s, "artisans", "scavenge", 2)
    place(s, {"artisans_gnome": "goosefoot_meadow"})
    activate(s, "artisans_gnome")
    rejects(s, a, f"play:{c}", "E_CARD_CONDITION")
    place(s, {"artisans_gnome": "crows_knoll"})
    s, ev = act(s, a, f"play:{c}")
    assert s.figs["artisans_gnome"].treasure["sacred_wood"] == 1
    assert not any("Prospectors" in e.text for e in ev)
    place(s, {"artisans_gnome": "old_watchtower"})
    s, _ = act(s, a, f"play:{c2}")
    assert s.figs["artisans_gnome"].treasure["moonstone"] == 1


def test_siege() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"brigands_troll": "artisans_workshop", "artisans_fairy": "artisans_workshop"})
    [c] = give(s, "brigands", "siege")
    activate(s, "brigands_troll", actions=0)
    s2, _ = act(s, b, f"play:{c}")
    assert {x.id for x in GAME.legal_actions(s2, b)} == {"tgt:l:artisans", "undo", "end"}
    rig(s, [6, 6, 6, 6])
    s, ev = act(s, b, f"play:{c}", "tgt:l:artisans")
    assert rolls(ev) == [(4, "yellow")]
    s3 = board4()
    [c3] = give(s3, "brigands", "siege")
    activate(s3, "brigands_troll")
    rejects(s3, b, f"play:{c3}", "E_CARD_CONDITION")


def test_mined_terrain() -> None:
    s = board4()
    b, th = seat(s, "brigands"), seat(s, "thieves")
    place(s, {"brigands_goblin": "goosefoot_meadow", "thieves_goblin": "thieves_den"})
    [c] = give(s, "brigands", "mined_terrain")
    activate(s, "brigands_goblin")
    s, _ = act(s, b, f"play:{c}")
    zones = {x.id for x in GAME.legal_actions(s, b)}
    assert zones == {"z:goosefoot_meadow", "z:northern_henge", "z:old_watchtower", "undo", "end"}
    rejects(s, b, "z:thieves_den", "E_TOKEN_ZONE")
    rejects(s, b, "z:crows_knoll", "E_TOKEN_ZONE")
    s, _ = act(s, b, "z:goosefoot_meadow")
    activate(s, "thieves_goblin")
    s, _ = act(s, th, "move", "to:goosefoot_meadow", "confirm")
    assert s.figs["thieves_goblin"].zone is None  # 2 stuns = eliminated
    assert c in s.players[b].discard


def test_war_cry() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"brigands_goblin": "goosefoot_meadow", "thieves_goblin": "goosefoot_meadow"})
    [c] = give(s, "brigands", "war_cry")
    activate(s, "brigands_goblin")
    s, _ = act(s, b, f"play:{c}")
    rig(s, [6, 6, 6])
    s, ev = act(s, b, "combat", "tgt:f:thieves_goblin")
    assert rolls(ev) == [(3, "green")]
    end_step1(s)
    assert s.effects.war_cry == {}


def test_ransom() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"brigands_troll": "goosefoot_meadow", "thieves_fairy": "goosefoot_meadow"})
    set_gold(s, "brigands_troll", gold=0)
    [c] = give(s, "brigands", "ransom")
    activate(s, "brigands_troll")
    rejects(s, b, f"play:{c}", "E_CARD_CONDITION")
    rig(s, [1, 1, 6])
    s, _ = act(s, b, "combat", "tgt:f:thieves_fairy")
    assert s.figs["thieves_fairy"].zone is None
    s2, _ = act(s, b, "move")  # any other command closes the Ransom chance
    s2, _ = act(s2, b, "undo")
    rejects(s2, b, f"play:{c}", "E_CARD_CONDITION")
    assert s.lairs["thieves"].safe["gold"] == 0
    s, _ = act(s, b, f"play:{c}")
    assert s.figs["brigands_troll"].treasure["gold"] == 2 + 2  # Highwaymen + Ransom
    assert s.figs["thieves_goblin"].treasure["gold"] == 0  # empty safe: the figurines pay


def test_burglary() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_fairy": "usurers_counting_house", "usurers_troll": "usurers_counting_house"})
    set_safe(s, "usurers", gold=4)
    [c] = give(s, "thieves", "burglary")
    activate(s, "thieves_fairy")
    rig(s, [6, 6, 6])
    s, ev = act(s, th, f"play:{c}", "tgt:l:usurers")
    assert rolls(ev) == [(3, "yellow")]  # Defended lair counts as undefended
    s2 = board4()
    [c2] = give(s2, "thieves", "burglary")
    activate(s2, "thieves_fairy")
    rejects(s2, th, f"play:{c2}", "E_CARD_CONDITION")


def test_storm() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow"})
    [c, c2] = give(s, "thieves", "storm", 2)
    activate(s, "thieves_goblin")
    s, _ = act(s, th, f"play:{c}", "z:goosefoot_meadow")
    s, _ = act(s, th, f"play:{c2}")
    assert "z:goosefoot_meadow" not in {x.id for x in GAME.legal_actions(s, th)}
    rejects(s, th, "z:goosefoot_meadow", "E_TOKEN_ZONE")
    end_step1(s)
    assert s.zones["goosefoot_meadow"].storm is None and s.supply["storm"] == 2


def test_safe_and_bank() -> None:
    s = board4()
    u = seat(s, "usurers")
    [safe] = give(s, "usurers", "safe")
    [bank] = give(s, "usurers", "bank")
    activate(s, "usurers_gnome")
    s, _ = act(s, u, f"play:{safe}", f"play:{bank}")
    lair = s.lairs["usurers"]
    assert lair.safe_token == safe and lair.bank_token == bank and s.supply["safe_bank"] == 0
    end_step1(s)
    assert safe in s.violet and bank in s.violet
    # destroyed: tokens to the supply, cards to the discard pile
    place(s, {"brigands_troll": "usurers_counting_house"})
    s.lairs["usurers"].stuns = 2
    activate(s, "brigands_troll")
    rig(s, [1, 6, 6, 6])
    s, _ = act(s, seat(s, "brigands"), "combat", "tgt:l:usurers")
    s, _ = settle(s)
    assert s.lairs["usurers"].state == "destroyed" and s.supply["safe_bank"] == 2
    assert safe in s.players[u].discard and bank in s.players[u].discard
    s2 = board4()
    s2.lairs["usurers"].state = "destroyed"
    [safe2] = give(s2, "usurers", "safe")
    activate(s2, "usurers_gnome")
    rejects(s2, u, f"play:{safe2}", "E_CARD_CONDITION")


def test_tomb_not_offered_with_empty_treasure() -> None:
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    set_gold(s, "usurers_troll", gold=0)
    give(s, "usurers", "tomb")
    activate(s, "brigands_troll")
    rig(s, [1, 1, 1])
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    s, _ = act(s, u, "pass")  # W2 (Malin)
    assert s.figs["usurers_troll"].zone is None and s.res is None  # W3 skipped


def test_bailiff() -> None:
    s = board4()
    u = seat(s, "usurers")
    assert s.players[u].designated == "brigands"
    place(s, {"usurers_gnome": "goosefoot_meadow", "brigands_goblin": "goosefoot_meadow",
              "thieves_goblin": "goosefoot_meadow"})
    [c] = give(s, "usurers", "bailiff")
    activate(s, "usurers_gnome")
    s, _ = act(s, u, f"play:{c}")
    assert {x.id for x in GAME.legal_actions(s, u)} == {"tgt:f:brigands_goblin", "undo", "end"}
    rejects(s, u, "tgt:f:thieves_goblin", "E_BAILIFF")
    rig(s, [6, 6, 6])
    s, ev = act(s, u, "tgt:f:brigands_goblin")
    assert rolls(ev) == [(3, "green")]


def test_trap_zone_menu_pages_by_row_in_two_player_games() -> None:
    s = make(["thieves", "artisans"], {"neutral_lair": "never"})
    s.lairs["artisans"].state = "destroyed"  # 24 legal zones: too many for one menu
    th = seat(s, "thieves")
    [c] = give(s, "thieves", "trap")
    activate(s, "thieves_goblin")
    s, _ = act(s, th, f"play:{c}")
    rows = [a.id for a in GAME.legal_actions(s, th)]
    assert rows[:5] == ["row:0", "row:1", "row:2", "row:3", "row:4"] and len(rows) <= 25
    s, _ = act(s, th, "row:2")
    assert "z:abandoned_keep" in {a.id for a in GAME.legal_actions(s, th)}
    s, _ = act(s, th, "undo", "row:0", "z:goosefoot_meadow")
    trap = s.zones["goosefoot_meadow"].trap
    assert trap is not None and trap.card == c


# -- illegal uses of cards whose tests above only show the effect ----------------------------------

def _brigands_attack_thieves(cards: dict[str, list[str]], faces: list[int]) -> tuple[State, int, int, dict[str, str]]:
    """Brigands' troll attacks the Thieves' goblin on a plain; `cards` {guild: [types]} go to hands first.

    Returns the state (a window may be open), the two seats and {type: card id} of the cards given."""
    s = board4()
    b, th = seat(s, "brigands"), seat(s, "thieves")
    place(s, {"brigands_troll": "goosefoot_meadow", "thieves_goblin": "goosefoot_meadow"})
    ids = {t: give(s, g, t)[0] for g, types in cards.items() for t in types}
    activate(s, "brigands_troll")
    rig(s, faces)
    s, _ = act(s, b, "combat", "tgt:f:thieves_goblin")
    return s, b, th, ids


def test_war_cry_illegal_uses() -> None:
    s, b, th, ids = _brigands_attack_thieves({"brigands": ["war_cry"], "thieves": ["protection"]}, [6, 6, 6])
    war = ids["war_cry"]
    assert resolving(s).stage == "w1"
    rejects(s, b, f"play:{war}", "E_NOT_YOUR_TURN")  # the attacker waits for the defender's window
    s2 = board4()
    [war2] = give(s2, "brigands", "war_cry")
    activate(s2, "thieves_goblin")
    rejects(s2, b, f"play:{war2}", "E_NOT_YOUR_TURN")  # only in one's own activation
    rejects(s2, th, f"play:{war2}", "E_CARD_NOT_IN_HAND")
    s3 = board4()
    place(s3, {"thieves_goblin": "goosefoot_meadow", "brigands_troll": "goosefoot_meadow"})
    give(s3, "brigands", "protection")
    [war3] = give(s3, "brigands", "war_cry")
    activate(s3, "thieves_goblin")
    s3, _ = act(s3, th, "combat", "tgt:f:brigands_troll")
    assert resolving(s3).stage == "w1" and resolving(s3).asked == b
    rejects(s3, b, f"r:{war3}", "E_WRONG_WINDOW")  # red cards are not reactions
    rejects(s3, b, f"play:{war3}", "E_NOT_IN_ACTIVATION")
    assert war2 not in {a.id for a in GAME.legal_actions(s2, th)}


def test_quick_hands_illegal_uses() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow"})
    set_gold(s, "thieves_goblin", gold=0)
    [c] = give(s, "thieves", "quick_hands")
    activate(s, "thieves_goblin")
    assert f"play:{c}" not in {a.id for a in GAME.legal_actions(s, th)}
    exc = rejects(s, th, f"play:{c}", "E_CARD_CONDITION")  # nothing to carry, nothing loose
    assert "transfer" in exc.message
    w, _attacker, defender, ids = _brigands_attack_thieves({"thieves": ["protection", "quick_hands"]}, [6, 6, 6])
    rejects(w, defender, f"r:{ids['quick_hands']}", "E_WRONG_WINDOW")


def test_improvisation_illegal_uses() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow"})
    [c] = give(s, "thieves", "improvisation")
    activate(s, "thieves_goblin", actions=0)
    d, _ = act(s, th, f"play:{c}")
    assert {a.id for a in GAME.legal_actions(d, th)} >= {"do:move", "do:transfer"}
    rejects(d, th, "do:combat", "E_CARD_CONDITION")  # nobody adverse in reach
    rejects(d, th, "do:fly", "E_CARD_CONDITION")
    rejects(d, th, "recipe:amulet", "E_UNKNOWN_ACTION")
    w, _attacker, defender, ids = _brigands_attack_thieves({"thieves": ["protection", "improvisation"]}, [6, 6, 6])
    rejects(w, defender, f"r:{ids['improvisation']}", "E_WRONG_WINDOW")


def test_sprint_illegal_uses() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow"})
    [c] = give(s, "thieves", "sprint")
    activate(s, "thieves_goblin")
    rejects(s, th, f"play:{c}", "E_NO_MOVEMENT")
    rejects(s, th, f"sprint:{c}", "E_NO_MOVEMENT")
    m, _ = act(s, th, "move", f"sprint:{c}")
    rejects(m, th, f"sprint:{c}", "E_CARD_NOT_IN_HAND")  # the same Sprint twice
    rejects(m, th, "sprint:c-thi-99-sprint", "E_CARD_NOT_IN_HAND")
    m2, _ = act(s, th, "move")
    [other] = give(m2, "thieves", "protection")
    rejects(m2, th, f"sprint:{other}", "E_CARD_NOT_IN_HAND")  # not a Sprint
    w, _attacker, defender, ids = _brigands_attack_thieves({"thieves": ["protection", "sprint"]}, [6, 6, 6])
    rejects(w, defender, f"r:{ids['sprint']}", "E_WRONG_WINDOW")


def test_protection_illegal_uses() -> None:
    s = board4()
    th = seat(s, "thieves")
    [c] = give(s, "thieves", "protection")
    activate(s, "thieves_goblin")
    exc = rejects(s, th, f"play:{c}", "E_REACTION_CARD")
    assert "reaction" in exc.message
    w, _attacker, defender, ids = _brigands_attack_thieves({"thieves": ["shield", "protection"]}, [1, 1, 1])
    assert resolving(w).stage == "w1"  # Protection opens W1; let it pass to reach W2
    w2, _ = act(w, defender, "pass")
    assert resolving(w2).stage == "w2"
    rejects(w2, defender, f"r:{ids['protection']}", "E_WRONG_WINDOW")  # after the roll it is too late


def test_shield_illegal_uses() -> None:
    s = board4()
    th = seat(s, "thieves")
    [c] = give(s, "thieves", "shield")
    activate(s, "thieves_goblin")
    rejects(s, th, f"play:{c}", "E_REACTION_CARD")
    w, _attacker, defender, ids = _brigands_attack_thieves({"thieves": ["shield", "protection"]}, [1, 1, 1])
    rejects(w, defender, f"r:{ids['shield']}", "E_WRONG_WINDOW")  # before the roll
    t = board4()
    th, u = seat(t, "thieves"), seat(t, "usurers")
    place(t, {"thieves_goblin": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    [sh] = give(t, "usurers", "shield")
    activate(t, "thieves_goblin")
    rig(t, [6, 6])
    t, _ = act(t, th, "theft", "tgt:f:usurers_troll")
    assert resolving(t).stage == "w2" and resolving(t).asked == u  # opened for the Usurers' Gnome (Malin)
    assert f"r:{sh}" not in {a.id for a in GAME.legal_actions(t, u)}
    exc = rejects(t, u, f"r:{sh}", "E_SHIELD_THEFT")
    assert "Theft" in exc.message


def test_alarm_illegal_uses() -> None:
    s = board4()
    a = seat(s, "artisans")
    [al] = give(s, "artisans", "alarm")
    activate(s, "artisans_gnome")
    rejects(s, a, f"play:{al}", "E_REACTION_CARD")
    t = board4()
    b, a = seat(t, "brigands"), seat(t, "artisans")
    place(t, {"brigands_troll": "goosefoot_meadow", "artisans_fairy": "goosefoot_meadow"})
    [al2] = give(t, "artisans", "alarm")
    give(t, "artisans", "protection")
    activate(t, "brigands_troll")
    t, _ = act(t, b, "combat", "tgt:f:artisans_fairy")
    assert resolving(t).stage == "w1"
    exc = rejects(t, a, f"r:{al2}", "E_ALARM")  # Alarm protects a lair, not a figurine
    assert "lair" in exc.message


def test_forge_illegal_uses() -> None:
    s = board4()
    a = seat(s, "artisans")
    place(s, {"artisans_gnome": "goosefoot_meadow", "artisans_fairy": "millpond_green"})
    set_gold(s, "artisans_gnome", gold=0, sacred_wood=1)
    set_gold(s, "artisans_fairy", gold=0, sacred_wood=1)
    [c] = give(s, "artisans", "forge")
    activate(s, "artisans_gnome")
    exc = rejects(s, a, f"play:{c}", "E_CARD_CONDITION")  # the friend with the other wood is elsewhere
    assert "Forge" in exc.message
    place(s, {"artisans_fairy": "goosefoot_meadow"})
    f, _ = act(s, a, f"play:{c}")
    assert {x.id for x in GAME.legal_actions(f, a)} == {"recipe:broom", "undo", "end"}
    rejects(f, a, "recipe:amulet", "E_MISSING_COMPONENTS")
    rejects(f, a, "recipe:crown", "E_UNKNOWN_RECIPE")
    f.supply["broom"] = 0
    f.figs["brigands_troll"].treasure["broom"] = 8
    rejects(f, a, "recipe:broom", "E_SUPPLY_EMPTY")
