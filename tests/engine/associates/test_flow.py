"""Setup (§5), the turn state machine (§6), timeouts (§12.4), views (§16) and the contract plumbing."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.associates import GAME
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction

from .helpers import ALL4, act, activate, give, make, place, seat


def test_registered_and_metadata() -> None:
    assert registry.get("associates") is GAME
    assert GAME.name == "associates" and GAME.title == "Gnomes & Associates" and GAME.player_range == (2, 4)
    names = {o.name for o in GAME.options()}
    assert {"mode", "figurines", "turn_cap", "neutral_lair", "first_player"} <= names


def test_guild_choice_is_clockwise_setup_decision() -> None:
    s = GAME.new_game(3, 5, {"first_player": 1})
    d = GAME.pending(s)
    assert [(x.player, x.kind) for x in d] == [(1, DecisionKind.SETUP)]
    assert GAME.timeout_action(s, 1).id == "guild:artisans"
    s, _ = act(s, 1, "guild:artisans")
    assert GAME.pending(s)[0].player == 2
    assert GAME.timeout_action(s, 2).id == "guild:brigands"
    s, _ = act(s, 2, "guild:thieves")
    s, _ = act(s, 0, "guild:brigands")
    assert s.phase == "activation" and s.turn == 1
    assert GAME.factions(s) == {0: ["brigands"], 1: ["artisans"], 2: ["thieves"]}


def test_setup_components_figurines_decks() -> None:
    s = GAME.new_game(4, 11, {"first_player": 0})
    for i, g in enumerate(ALL4):
        s, _ = act(s, i, f"guild:{g}")
    assert s.phase == "designate" and GAME.pending(s)[0].player == seat(s, "usurers")
    assert sum(z.loose["sacred_wood"] for z in s.zones.values()) == 8
    assert sum(z.loose["moonstone"] for z in s.zones.values()) == 8
    assert s.supply["sacred_wood"] == 8 and s.supply["moonstone"] == 8
    for d in s.figs.values():
        assert d.zone == s.lairs[d.guild].zone and d.treasure["gold"] == 2 and d.stuns == 0
    for p in s.players:
        assert len(p.hand) == 5 and len(p.deck) == 20
    assert "neutral" not in s.lairs
    assert GAME.check_invariants(s) == []


@pytest.mark.parametrize(("mode", "size"), [("standard", 25), ("simplified", 17), ("even_simpler", 16)])
def test_deck_sizes_by_mode(mode: str, size: int) -> None:
    s = make(["thieves", "usurers"], {"mode": mode})
    for p in s.players:
        assert len(p.hand) + len(p.deck) == size


def test_neutral_lair_rules() -> None:
    assert "neutral" in make(["brigands", "artisans"]).lairs
    assert "neutral" not in make(["usurers", "artisans"]).lairs
    assert "neutral" in make(["usurers", "artisans"], {"neutral_lair": "always"}).lairs
    assert "neutral" not in make(["thieves", "artisans"], {"neutral_lair": "never"}).lairs
    assert "neutral" not in make(["thieves", "artisans", "usurers"], {"neutral_lair": "always"}).lairs


def test_four_figurines_roster() -> None:
    s = make(ALL4, {"figurines": 4})
    assert len(s.figs) == 16 and "thieves_fairy_2" in s.figs


def test_activation_phases_visit_clockwise_and_turn_passes() -> None:
    s = make(["thieves", "artisans", "brigands"])
    order = []
    while s.turn == 1 and s.phase == "activation":
        p = GAME.pending(s)[0].player
        order.append(p)
        s, _ = act(s, p, "idle")
    assert order == [0, 1, 2, 0, 1, 2]
    while s.phase == "keep":
        s, _ = act(s, GAME.pending(s)[0].player, "keepdefault")
    assert s.turn == 2 and s.first_player == 1 and GAME.round_number(s) == 2
    assert GAME.pending(s)[0].player == 1


def test_pumpkined_player_is_skipped() -> None:
    s = make(["thieves", "artisans"])
    for f in ("artisans_gnome", "artisans_fairy"):
        s.figs[f].activated = True
    s, _ = act(s, 0, "idle")
    assert GAME.pending(s)[0].player == 0  # the Artisans have nothing to activate: skipped


def test_usurers_designation_default_and_two_player_auto() -> None:
    s = GAME.new_game(3, 2, {"first_player": 0})
    for i, g in enumerate(["usurers", "thieves", "artisans"]):
        s, _ = act(s, i, f"guild:{g}")
    assert GAME.timeout_action(s, 0).id == "designate:thieves"  # first adverse clockwise
    s, _ = act(s, 0, "designate:artisans")
    assert s.players[0].last_designated == "artisans"
    two = make(["usurers", "brigands"])
    assert two.players[0].designated == "brigands" and two.phase == "activation"


def test_turn_cap_ends_game_and_outcome() -> None:
    s = make(["thieves", "artisans"], {"turn_cap": 10})
    while GAME.pending(s):
        p = GAME.pending(s)[0].player
        s, _ = GAME.apply(s, p, GAME.timeout_action(s, p))
    out = GAME.outcome(s)
    assert out is not None
    assert out.reason == "turn_cap" and s.turn == 10
    assert out.details["guilds"] == {"0": "thieves", "1": "artisans"}
    assert out.details["rematch_first_player"] in (0, 1)
    assert set(out.scores) == {0, 1}


def test_end_of_turn_skipped_when_game_ends() -> None:
    s = make(["thieves", "artisans"])
    s.players[0].objectives = 4
    gold_before = sum(f.treasure["gold"] for f in s.figs.values())
    while s.phase == "activation":
        s, _ = act(s, GAME.pending(s)[0].player, "idle")
    outcome = GAME.outcome(s)
    assert s.phase == "over" and outcome is not None and outcome.reason == "mission"
    assert sum(f.treasure["gold"] for f in s.figs.values()) == gold_before  # R-A41: no step 2


def test_timeouts_in_every_decision() -> None:
    s = make(ALL4)
    b = seat(s, "brigands")
    assert GAME.timeout_action(s, b).id == "idle"
    activate(s, "brigands_troll")
    assert GAME.timeout_action(s, b).id == "end"
    s2, _ = act(s, b, "move")
    assert GAME.timeout_action(s2, b).id == "end" and "end" in {a.id for a in GAME.legal_actions(s2, b)}
    place(s, {"brigands_troll": "thieves_den"})
    give(s, "thieves", "protection")
    s3, _ = act(s, b, "combat", "tgt:f:thieves_goblin")
    th = seat(s, "thieves")
    assert GAME.pending(s3)[0].kind == DecisionKind.REACTION and GAME.timeout_action(s3, th).id == "pass"


def test_views_hide_hands_and_show_public_state() -> None:
    s = make(["thieves", "usurers"])
    give(s, "thieves", "storm")
    hand = s.players[0].hand
    pub = GAME.view(s, None)
    text = json.dumps(pub)
    assert all(c not in text for c in hand)
    assert pub["game"] == "associates" and pub["players"] == 2 and pub["round"] == 1
    assert pub["pending"] == [0] and pub["guilds"][0]["hand_size"] == 1
    assert {z["id"] for z in pub["zones"]} >= {"abandoned_keep", "crows_knoll"}
    mine = GAME.view(s, 0)
    assert [c["id"] for c in mine["hand"]] == hand and mine["hand"][0]["banner"] == "red"
    assert all(c not in json.dumps(GAME.view(s, 1)) for c in hand)


def test_dump_load_roundtrip_and_schema() -> None:
    s = make(ALL4)
    d = json.loads(json.dumps(GAME.dump(s)))
    assert d["schema"] == 2 and GAME.load(d) == s
    with pytest.raises(IllegalAction) as exc:
        GAME.load({**d, "schema": 99})
    assert exc.value.code == "E_SCHEMA"


def test_apply_does_not_mutate_input() -> None:
    s = make(ALL4)
    before = json.dumps(GAME.dump(s), sort_keys=True)
    GAME.apply(s, 0, GAME.parse_action(s, 0, "activate:brigands_goblin"))
    assert json.dumps(GAME.dump(s), sort_keys=True) == before


def test_invariants_detect_broken_state() -> None:
    s = make(ALL4)
    assert GAME.check_invariants(s) == []
    s.figs["brigands_troll"].treasure["gold"] += 1
    s.supply["amulet"] -= 1
    errors = GAME.check_invariants(s)
    assert any("gold" in e for e in errors) and any("amulet" in e for e in errors)


def test_reinforcement_with_intact_lair_is_automatic() -> None:
    s = make(["thieves", "artisans"])
    place(s, {"thieves_fairy": None})
    s.figs["thieves_fairy"].treasure["gold"] = 0
    s.gold_minted -= 2
    s.players[0].reserve_gold = 3
    s.gold_minted += 3
    while s.turn == 1:
        p = GAME.pending(s)[0].player
        s, _ = act(s, p, "keepdefault" if s.phase == "keep" else "idle")
    f = s.figs["thieves_fairy"]
    assert f.zone == "thieves_den" and f.treasure["gold"] == 3 and s.players[0].reserve_gold == 0


def test_view_shape_matches_the_documented_keys() -> None:
    s = make(ALL4)
    pub = GAME.view(s, None)
    assert set(pub) == {
        "game", "players", "round", "turn", "phase", "mode", "figurines_per_guild", "turn_cap", "first_player",
        "pending", "pending_kinds", "visited", "active", "window", "guilds", "figurines", "lairs", "zones",
        "faction_ids",
        "supply", "effects", "first_objective_guild", "scores", "last", "last_roll", "outcome", "factions"}
    assert set(GAME.view(s, 0)) - set(pub) == {"seat", "hand", "draft", "drawn"}
    assert GAME.view(s, 2)["seat"] == 2
    assert set(pub["guilds"][0]) == {"seat", "guild", "title", "colour", "hand_size", "deck_size", "discard",
                                      "in_play", "objectives", "threshold", "reserve_gold", "designated",
                                      "last_objective_lair", "score"}
    assert set(pub["figurines"][0]) == {"id", "name", "guild", "kind", "zone", "stuns", "spaces", "treasure",
                                        "activated", "malin_used", "rooted", "pumpkin", "eliminated_this_turn"}
    assert set(pub["lairs"][0]) == {"guild", "zone", "state", "stuns", "safe", "safe_token", "bank_token", "defended"}
    assert set(pub["zones"][0]) == {"id", "name", "terrain", "effective_terrain", "x", "y", "loose", "trap", "storm",
                                    "tombs", "figurines"}
    json.dumps(pub)


def test_setup_events_name_the_first_player() -> None:
    s = GAME.new_game(3, 4, {"first_player": 2})
    [e] = GAME.setup_events(s)
    assert e.public and e.data["first_player"] == 2 and "host" in e.text
    r = GAME.new_game(2, 4)
    assert GAME.setup_events(r)[0].data["first_player"] == r.first_player
