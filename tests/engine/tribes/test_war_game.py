"""Phase 4 vectors driven through GAME.apply (the contract path: pending check, one clone, the turn flow)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.tribes import GAME
from engine.tribes.phases import MOVE_IN, ORDER
from engine.tribes.state import dump_state
from tests.engine.tribes.builders import armies_at, battle_of, build, play_game, start, who


def test_tv7_through_the_game():
    s = build({"golden_fields": "M:4", "forest": "M:2", "wheatburg": "P:2", "windy_meadows": "P:1"},
              hands={"M": ["battering_gnomram#1"], "P": ["rock_hammer#1"]})
    s, _ = start(s, "M")
    s, _ = play_game(s, "M", "plan:from:golden_fields", "plan:ground", "plan:to:wheatburg", "plan:n:4",
                     "plan:sup:1", "plan:by:forest", "plan:n:2", "confirm", "card:play:battering_gnomram#1",
                     "confirm")
    assert [d.player for d in GAME.pending(s)] == [who(s, "P")]
    s, _ = play_game(s, "P", "card:play:rock_hammer#1", "confirm")
    assert s.phase == MOVE_IN and (battle_of(s).att, battle_of(s).dfn) == (8, 4)
    s, _ = play_game(s, "M", "in:3")
    assert armies_at(s, "wheatburg") == ("M", 3) and s.players[who(s, "M")].vp == 6
    view = GAME.view(s, None)
    assert view["last_battle"]["target"] == "wheatburg" and view["war"]["cards_played"] == {
        str(who(s, "M")): ["Battering Gnomram"], str(who(s, "P")): ["Rock Hammer"]}


def test_tv16_through_the_game_and_a_refusal_leaves_the_state():
    s = build({"golden_fields": "P:1", "windy_meadows": "P:4", "forest": "K:3", "sunny_downs": "K:2"})
    s, _ = start(s, "P")
    s, _ = play_game(s, "P", "plan:from:golden_fields", "plan:ground", "plan:to:forest", "plan:n:1",
                     "plan:from:windy_meadows", "plan:ground", "plan:to:sunny_downs", "plan:n:4", "confirm")
    assert s.phase == ORDER
    before = dump_state(s)
    with pytest.raises(IllegalAction) as refusal:
        play_game(s, "K", "order:1")
    assert refusal.value.code == "E_NOT_YOUR_TURN" and dump_state(s) == before
    s, _ = play_game(s, "P", "order:2", "order:1", "confirm", "in:3")
    assert s.players[who(s, "P")].vp == -4
    assert armies_at(s, "golden_fields") == (None, 0) and armies_at(s, "sunny_downs") == ("P", 3)
