"""The player-facing description defaults in engine.core: a game that implements none of it stays safe."""

from __future__ import annotations

import pytest

from engine.core import Event, IllegalAction, MultiPick, PickOption, player_ref
from tests.engine.toygame import GAME, ToyState


def _finished() -> ToyState:
    state = GAME.new_game(2, 1, {"target": 5})
    while GAME.pending(state):
        for decision in GAME.pending(state):
            if GAME.is_pending(state, decision.player):
                state, _ = GAME.apply(state, decision.player, GAME.timeout_action(state, decision.player))
    return state


def test_defaults_offer_nothing_game_specific() -> None:
    state = GAME.new_game(2, 1)
    assert GAME.describe_private(state, 0) == []
    assert GAME.multi_pick(state, 0) is None
    assert GAME.auto_step(state, 0) is None
    assert GAME.shortcuts(state, 0) == []
    assert GAME.final_report(state) is None
    assert GAME.rematch_first_player(state) is None and GAME.rematch_options(state) == {}
    with pytest.raises(IllegalAction) as err:
        GAME.pick_action(state, 0, ["x"])
    assert err.value.code == "E_NO_PICK"


def test_default_player_name_never_shows_a_faction_id() -> None:
    """The toy's factions() are ids ('seat0'); the default name comes from the views' words, here none."""
    state = GAME.new_game(2, 1)
    assert GAME.player_name(state, 0) == ""


def test_default_final_report_ranks_everybody_as_the_outcome() -> None:
    state = _finished()
    outcome = GAME.outcome(state)
    report = GAME.final_report(state)
    assert outcome is not None and report is not None
    assert [r.player for r in report.players] == [p for group in outcome.ranking for p in group]
    assert [r.score for r in report.players] == [outcome.scores[r.player] for r in report.players]
    assert report.reason == "The game is over." and "target" not in report.reason


def test_event_render_fills_player_placeholders() -> None:
    event = Event(f"{player_ref(1)} passes to {player_ref(0)}.")
    assert event.render({0: "@ann", 1: "@bob"}) == "@bob passes to @ann."
    assert event.render({}) == "a player passes to a player."


def test_multi_pick_refuses_impossible_bounds() -> None:
    option = PickOption("a", "A")
    with pytest.raises(ValueError):
        MultiPick("pick", (option,), 2, 2)
    with pytest.raises(ValueError):
        MultiPick("pick", (), 0, 0)
    assert MultiPick("pick", (option,), 1, 1, ("a",)).option_ids() == ("a",)
