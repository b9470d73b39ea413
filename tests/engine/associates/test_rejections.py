"""Every rejection of spec §17: IllegalAction with a stable code and a message, state unchanged."""

from __future__ import annotations

import pytest

from engine.associates import GAME
from engine.associates.state import State, active_of, resolving
from engine.core.actions import Action
from engine.core.errors import IllegalAction

from .helpers import ALL4, act, activate, give, make, park, place, rejects, rig, seat, set_gold, set_safe, settle


def board4() -> State:
    s = make(ALL4)
    park(s, list(s.figs), "millpond_green")
    return s


# 1. player count; 3. option values
@pytest.mark.parametrize("n", [1, 5, 0])
def test_01_player_count(n: int) -> None:
    with pytest.raises(IllegalAction) as exc:
        GAME.new_game(n, 1)
    assert exc.value.code == "E_PLAYER_COUNT" and "2 to 4" in exc.value.message


@pytest.mark.parametrize("opts", [{"turn_cap": 9}, {"turn_cap": 100}, {"figurines": 3}, {"mode": "hard"},
                                  {"unknown": 1}, {"first_player": 3}])
def test_03_option_values(opts: dict) -> None:
    with pytest.raises(IllegalAction) as exc:
        GAME.new_game(2, 1, opts)
    assert exc.value.code == "E_OPTION" and exc.value.message


# 2. guild choice
def test_02_guild_taken_or_out_of_turn() -> None:
    s = GAME.new_game(3, 1, {"first_player": 0})
    s, _ = act(s, 0, "guild:thieves")
    rejects(s, 1, "guild:thieves", "E_GUILD_TAKEN")
    rejects(s, 2, "guild:artisans", "E_NOT_YOUR_TURN")
    rejects(s, 1, "guild:goblins", "E_UNKNOWN_GUILD")


# 3. unknown ids, ringed figurines in a 2-figurine game
def test_03_unknown_ids() -> None:
    s = board4()
    s.active = None
    b = seat(s, "brigands")
    s.visit = 0
    rejects(s, b, "activate:brigands_troll_2", "E_UNKNOWN_FIGURINE")
    rejects(s, b, "activate:nobody", "E_UNKNOWN_FIGURINE")
    activate(s, "brigands_troll")
    rejects(s, b, "play:c-bri-99-siege", "E_CARD_NOT_IN_HAND")
    s2, _ = act(s, b, "move")
    rejects(s2, b, "to:atlantis", "E_UNKNOWN_ZONE")


# 4. not pending (windows included)
def test_04_not_pending() -> None:
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    rejects(s, u, "end", "E_NOT_YOUR_TURN")
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    give(s, "usurers", "protection")
    activate(s, "brigands_troll")
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    assert GAME.pending(s)[0].player == u
    rejects(s, b, "end", "E_NOT_YOUR_TURN")
    assert GAME.legal_actions(s, b) == []


# 5. activation
def test_05_activation_rejections() -> None:
    s = board4()
    b = seat(s, "brigands")
    assert s.visit == 0 and s.active is None
    rejects(s, b, "activate:thieves_goblin", "E_NOT_YOUR_FIGURINE")
    place(s, {"brigands_goblin": None})
    s.figs["brigands_goblin"].treasure["gold"] = 0
    s.gold_minted -= 2
    rejects(s, b, "activate:brigands_goblin", "E_FIG_ELIMINATED")
    s.figs["brigands_troll"].activated = True
    s.figs["brigands_goblin"].zone = "millpond_green"
    rejects(s, b, "activate:brigands_troll", "E_ALREADY_ACTIVATED")
    s.figs["brigands_troll"].activated = False
    s2, _ = act(s, b, "activate:brigands_troll")
    rejects(s2, b, "activate:brigands_goblin", "E_ACTIVATION_OPEN")


# 6. pass with an activatable figurine; 7. no action left
def test_06_07_no_pass_no_third_action() -> None:
    s = board4()
    b = seat(s, "brigands")
    rejects(s, b, "pass", "E_NO_PASS")
    activate(s, "brigands_troll", actions=0)
    for a in ("move", "transfer", "combat", "theft", "craft:amulet"):
        rejects(s, b, a, "E_NO_ACTIONS_LEFT")
    assert [a.id for a in GAME.legal_actions(s, b)] == ["end"]


# 8. movement
def test_08_movement_rejections() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "old_watchtower"})
    [sprint] = give(s, "thieves", "sprint")
    activate(s, "thieves_goblin")
    rejects(s, th, f"play:{sprint}", "E_NO_MOVEMENT")
    rejects(s, th, "to:crows_knoll", "E_NO_MOVEMENT")
    s2, _ = act(s, th, "move")
    rejects(s2, th, "confirm", "E_EMPTY_PATH")
    rejects(s2, th, "to:whisperwood", "E_NOT_ADJACENT")
    s3, _ = act(s2, th, f"sprint:{sprint}", "to:crows_knoll")
    rejects(s3, th, "to:old_watchtower", "E_PATH_REPEAT")
    rejects(s3, th, "to:crows_knoll", "E_NOT_ADJACENT")
    s4, _ = act(s3, th, "to:northern_henge")
    rejects(s4, th, "to:goosefoot_meadow", "E_PATH_TOO_LONG")
    s.figs["thieves_goblin"].rooted = True
    s.supply["root"] -= 1
    rejects(s, th, "move", "E_ROOTED")
    rejects(s, th, f"play:{sprint}", "E_ROOTED")


# 9. transfer
def test_09_transfer_rejections() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "usurers_counting_house", "thieves_fairy": "old_watchtower",
              "usurers_gnome": "usurers_counting_house"})
    set_safe(s, "usurers", gold=5)
    s.zones["usurers_counting_house"].tombs["usurers"] = {"gold": 1, "sacred_wood": 0, "moonstone": 0,
                                                                "amulet": 0, "broom": 0, "tromblon": 0}
    s.supply["tomb"] -= 1
    s.gold_minted += 1
    s.zones["usurers_counting_house"].loose["gold"] = 1
    s.gold_minted += 1
    activate(s, "thieves_goblin")
    s2, _ = act(s, th, "transfer")
    rejects(s2, th, "give:thieves_fairy", "E_GIVE_ZONE")
    rejects(s2, th, "give:usurers_gnome", "E_GIVE_ADVERSE")
    rejects(s2, th, "confirm", "E_EMPTY_TRANSFER")
    take, _ = act(s2, th, "mode:take")
    rejects(take, th, "t:safe:gold", "E_ADVERSE_SAFE")
    rejects(take, th, "t:tomb:gold", "E_ADVERSE_TOMB")
    rejects(take, th, "t:loose:moonstone", "E_ITEM_NOT_PRESENT")
    rejects(take, th, "d:gold", "E_TRANSFER_MIX")
    drop, _ = act(s2, th, "mode:drop")
    rejects(drop, th, "d:amulet", "E_ITEM_NOT_HELD")
    rejects(drop, th, "t:loose:gold", "E_TRANSFER_MIX")
    drop2, _ = act(drop, th, "d:gold", "d:gold")
    rejects(drop2, th, "d:gold", "E_ITEM_NOT_HELD")


# 10. targets
def test_10_target_rejections() -> None:
    s = make(["brigands", "thieves", "artisans"])
    park(s, list(s.figs), "millpond_green")
    b = seat(s, "brigands")
    place(s, {"brigands_troll": "thieves_den", "brigands_goblin": "thieves_den", "artisans_fairy": "owlbough_forest"})
    activate(s, "brigands_troll")
    c, _ = act(s, b, "combat")
    rejects(c, b, "tgt:f:brigands_goblin", "E_OWN_TARGET")
    rejects(c, b, "tgt:l:brigands", "E_OWN_TARGET")
    rejects(c, b, "tgt:f:artisans_fairy", "E_OUT_OF_REACH")
    rejects(c, b, "tgt:l:usurers", "E_NO_SUCH_LAIR")
    rejects(c, b, "tgt:l:artisans", "E_OUT_OF_REACH")
    c.lairs["thieves"].state = "destroyed"
    rejects(c, b, "tgt:l:thieves", "E_LAIR_DESTROYED")


# 11. theft choices
def test_11_theft_choice_rejections() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_fairy": "goosefoot_meadow", "brigands_troll": "goosefoot_meadow"})
    set_gold(s, "brigands_troll", gold=1, moonstone=0)
    activate(s, "thieves_fairy")
    rig(s, [1, 2])
    s, _ = act(s, th, "theft", "tgt:f:brigands_troll")
    assert resolving(s).allowance == 2
    rejects(s, th, "steal:moonstone", "E_ITEM_NOT_PRESENT")
    s, _ = act(s, th, "steal:gold")
    rejects(s, th, "steal:gold", "E_ITEM_NOT_PRESENT")
    rejects(s, th, "steal:diamond", "E_UNKNOWN_ITEM")


# 12. crafting
def test_12_crafting_rejections() -> None:
    s = board4()
    a = seat(s, "artisans")
    place(s, {"artisans_gnome": "goosefoot_meadow", "artisans_fairy": "goosefoot_meadow"})
    set_gold(s, "artisans_gnome", gold=0, moonstone=1)
    set_gold(s, "artisans_fairy", gold=0, moonstone=1)
    activate(s, "artisans_gnome")
    rejects(s, a, "craft:amulet", "E_MISSING_COMPONENTS")
    rejects(s, a, "craft:crown", "E_UNKNOWN_RECIPE")
    set_gold(s, "artisans_gnome", gold=0, moonstone=2)
    s.supply["amulet"] = 0
    s.figs["brigands_troll"].treasure["amulet"] = 8
    rejects(s, a, "craft:amulet", "E_SUPPLY_EMPTY")


# 13. cards outside their timing
def test_13_card_timing() -> None:
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    [prot] = give(s, "usurers", "protection")
    [war] = give(s, "usurers", "ambush")
    [bprot] = give(s, "brigands", "protection")
    activate(s, "brigands_troll")
    rejects(s, b, f"play:{bprot}", "E_REACTION_CARD")
    rejects(s, u, f"play:{war}", "E_NOT_YOUR_TURN")
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    rejects(s, u, f"play:{war}", "E_NOT_IN_ACTIVATION")
    rejects(s, u, f"r:{war}", "E_WRONG_WINDOW")
    rejects(s, b, f"r:{bprot}", "E_NOT_YOUR_TURN")
    rejects(s, u, "r:c-usu-99-protection", "E_CARD_NOT_IN_HAND")
    assert prot


# 16. keep 5
def test_16_keep_rejections() -> None:
    from engine.associates.context import Ctx
    from engine.associates.flow import end_of_turn

    s = make(["thieves", "artisans"])
    for p in s.players:
        p.hand, p.deck = p.deck[:5], p.deck[5:]
    ctx = Ctx(s)
    end_of_turn(ctx)
    ctx.close()
    th = seat(s, "thieves")
    hand = s.players[th].hand
    s2, _ = act(s, th, *[f"keep:{c}" for c in hand[:4]])
    rejects(s2, th, "confirm", "E_KEEP_COUNT")
    rejects(s2, th, f"keep:{hand[0]}", "E_CARD_NOT_IN_HAND")
    rejects(s2, th, "keep:c-thi-99-storm", "E_CARD_NOT_IN_HAND")
    s3, _ = act(s2, th, f"keep:{hand[4]}")
    rejects(s3, th, f"keep:{hand[5]}", "E_KEEP_COUNT")


# 18. after game over
def test_18_after_game_over() -> None:
    s = make(["thieves", "artisans"], {"turn_cap": 10})
    while GAME.pending(s):
        p = GAME.pending(s)[0].player
        s, _ = GAME.apply(s, p, GAME.timeout_action(s, p))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, Action("end"))
    assert exc.value.code == "E_GAME_OVER"
    assert GAME.legal_actions(s, 0) == []


def test_bribe_must_be_alone_and_cancels() -> None:
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    set_gold(s, "brigands_troll", gold=0)
    [bribe] = give(s, "usurers", "bribe")
    [prot] = give(s, "usurers", "protection")
    activate(s, "brigands_troll")
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    s2, _ = act(s, u, f"r:{prot}")
    rejects(s2, u, f"r:{bribe}", "E_BRIBE_ALONE")
    s3, ev = act(s, u, f"r:{bribe}")
    rejects(s3, u, f"r:{prot}", "E_BRIBE_ALONE")
    s3, ev = act(s3, u, "confirm")
    assert not any(e.kind == "roll" for e in ev)
    assert s3.figs["brigands_troll"].treasure["gold"] == 2
    assert active_of(s3).actions == 1 and s3.res is None
    s3, _ = settle(s3)


# 14. card conditions not covered in test_cards
def test_14_card_conditions() -> None:
    s = board4()
    a, th, u, b = seat(s, "artisans"), seat(s, "thieves"), seat(s, "usurers"), seat(s, "brigands")
    place(s, {"artisans_gnome": "goosefoot_meadow", "thieves_goblin": "crows_knoll"})
    [root] = give(s, "artisans", "root")
    activate(s, "artisans_gnome")
    rejects(s, a, f"play:{root}", "E_CARD_CONDITION")  # nobody adverse here or adjacent
    place(s, {"thieves_goblin": "northern_henge"})
    r, _ = act(s, a, f"play:{root}")
    rejects(r, a, "f:brigands_troll", "E_CARD_TARGET")
    # Trap on a zone that already has one; token supply empty
    [t1] = give(s, "thieves", "trap")
    activate(s, "thieves_goblin")
    s2, _ = act(s, th, f"play:{t1}", "z:goosefoot_meadow")
    [mine] = give(s2, "brigands", "mined_terrain")
    place(s2, {"brigands_goblin": "goosefoot_meadow"})
    activate(s2, "brigands_goblin")
    m, _ = act(s2, b, f"play:{mine}")
    rejects(m, b, "z:goosefoot_meadow", "E_TOKEN_ZONE")
    s2.supply["trap"] = 0
    s2.figs["brigands_troll"].zone = "millpond_green"
    rejects(s2, b, f"play:{mine}", "E_CARD_CONDITION")
    # Storm with an empty supply
    s3 = board4()
    [storm] = give(s3, "thieves", "storm")
    s3.supply["storm"] = 0
    s3.zones["dusk_ring"].storm = 0
    s3.zones["dawn_stones"].storm = 0
    activate(s3, "thieves_goblin")
    exc = rejects(s3, th, f"play:{storm}", "E_CARD_CONDITION")
    assert "supply" in exc.message
    # Safe when one is already there; Scavenge with an empty supply
    s4 = board4()
    [safe1] = give(s4, "usurers", "safe")
    activate(s4, "usurers_gnome")
    s4, _ = act(s4, u, f"play:{safe1}")
    s4.lairs["usurers"].safe_token = safe1
    s5 = board4()
    [sc] = give(s5, "artisans", "scavenge")
    place(s5, {"artisans_gnome": "crows_knoll"})
    s5.supply["sacred_wood"] = 0
    s5.zones["goosefoot_meadow"].loose["sacred_wood"] = 8
    activate(s5, "artisans_gnome")
    rejects(s5, a, f"play:{sc}", "E_CARD_CONDITION")
    assert s4.supply["safe_bank"] == 1


def test_14_alarm_rejections_in_window() -> None:
    s = board4()
    b, a = seat(s, "brigands"), seat(s, "artisans")
    place(s, {"brigands_troll": "artisans_workshop", "artisans_fairy": "artisans_workshop"})
    [al] = give(s, "artisans", "alarm")
    give(s, "artisans", "protection")
    activate(s, "brigands_troll")
    w, _ = act(s, b, "combat", "tgt:l:artisans")
    assert resolving(w).stage == "w1"
    rejects(w, a, f"r:{al}", "E_ALARM_DEFENDED")
    place(s, {"artisans_fairy": "millpond_green"})
    [siege] = give(s, "brigands", "siege")
    w2, _ = act(s, b, f"play:{siege}", "tgt:l:artisans")
    assert resolving(w2).stage == "w1"
    rejects(w2, a, f"r:{al}", "E_ALARM_SIEGE")
    w3, _ = act(s, b, "combat")
    rejects(w3, b, "tgt:f:artisans_fairy", "E_OUT_OF_REACH")


# -- reaction-window, transfer and target codes without a dedicated test --------------------------

def _combat_on_usurers_troll(faces: list[int], cards: tuple[str, ...] = ()) -> tuple[State, int, int]:
    """Brigands' troll attacks the Usurers' troll on a plain; the Usurers hold `cards`; dice rigged."""
    s = board4()
    b, u = seat(s, "brigands"), seat(s, "usurers")
    place(s, {"brigands_troll": "goosefoot_meadow", "usurers_troll": "goosefoot_meadow"})
    for c in cards:
        give(s, "usurers", c)
    activate(s, "brigands_troll")
    rig(s, faces)
    s, _ = act(s, b, "combat", "tgt:f:usurers_troll")
    return s, b, u


def test_malin_refused_when_not_available() -> None:
    s, _b, u = _combat_on_usurers_troll([6, 6, 6], ("shield",))
    assert resolving(s).stage == "w2" and "malin:usurers_gnome" in {a.id for a in GAME.legal_actions(s, u)}
    exc = rejects(s, u, "malin:usurers_troll", "E_MALIN")  # a Troll has no Malin
    assert "Gnome" in exc.message
    [shield] = [c for c in s.players[u].hand if c.endswith("shield")]
    picked, _ = act(s, u, f"r:{shield}")
    rejects(picked, u, "malin:usurers_gnome", "E_MALIN")  # Malin is its own submission
    rerolled, _ = act(s, u, "malin:usurers_gnome")
    assert resolving(rerolled).stage == "w2" and resolving(rerolled).asked == u  # the Shield is still playable
    rejects(rerolled, u, "malin:usurers_gnome", "E_MALIN")  # once per roll


def test_duplicate_shield_refused() -> None:
    s, _b, u = _combat_on_usurers_troll([6, 6, 6], ("shield",))
    [shield] = [c for c in s.players[u].hand if c.endswith("shield")]
    s, _ = act(s, u, f"r:{shield}")
    exc = rejects(s, u, f"r:{shield}", "E_DUPLICATE")
    assert "already" in exc.message


def test_empty_submission_and_nothing_to_undo_in_a_window() -> None:
    s, _b, u = _combat_on_usurers_troll([6, 6, 6], ("protection",))
    assert resolving(s).stage == "w1" and resolving(s).picks == []
    rejects(s, u, "confirm", "E_EMPTY_SUBMISSION")
    rejects(s, u, "undo", "E_NOTHING_TO_UNDO")
    [prot] = [c for c in s.players[u].hand if c.endswith("protection")]
    s, _ = act(s, u, f"r:{prot}", "undo")
    assert resolving(s).picks == []
    rejects(s, u, "undo", "E_NOTHING_TO_UNDO")


def test_nothing_to_take_or_drop() -> None:
    s = board4()
    th = seat(s, "thieves")
    place(s, {"thieves_goblin": "goosefoot_meadow", "thieves_fairy": "goosefoot_meadow"})
    assert not any(s.zones["goosefoot_meadow"].loose.values())
    activate(s, "thieves_goblin")
    t, _ = act(s, th, "transfer")  # possible: the goblin carries 2 GP
    exc = rejects(t, th, "mode:take", "E_NOTHING_TO_TAKE")
    assert "nothing" in exc.message
    set_gold(s, "thieves_goblin", gold=0)
    s.zones["goosefoot_meadow"].loose["gold"] = 1
    s.gold_minted += 1
    t2, _ = act(s, th, "transfer")  # possible: 1 GP lies loose here
    rejects(t2, th, "mode:drop", "E_NOTHING_TO_DROP")
    rejects(t2, th, "give:thieves_fairy", "E_NOTHING_TO_DROP")


def test_no_target_for_combat_or_theft() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"brigands_troll": "goosefoot_meadow"})
    activate(s, "brigands_troll")
    assert not {"combat", "theft"} & {a.id for a in GAME.legal_actions(s, b)}
    exc = rejects(s, b, "combat", "E_NO_TARGET")
    assert "combat" in exc.message
    rejects(s, b, "theft", "E_NO_TARGET")


def test_lair_only_cards_refuse_a_figurine() -> None:
    s = board4()
    b = seat(s, "brigands")
    place(s, {"brigands_troll": "artisans_workshop", "artisans_fairy": "artisans_workshop"})
    [siege] = give(s, "brigands", "siege")
    activate(s, "brigands_troll")
    s, _ = act(s, b, f"play:{siege}")
    exc = rejects(s, b, "tgt:f:artisans_fairy", "E_LAIR_ONLY")
    assert "lair" in exc.message
    assert "tgt:f:artisans_fairy" in {a.id for a in GAME.legal_actions(act(s, b, "undo", "combat")[0], b)}
