"""The shared contract pieces: actions, options, events, outcomes, replay, the registry."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.core import (
    Action,
    Event,
    IllegalAction,
    OptionSpec,
    private_event,
    public_event,
    rank_by_score,
    replay,
    reveals_information,
    validate_options,
)
from engine.core.actions import MAX_LABEL_LEN
from tests.engine.toygame import GAME as TOY


def test_action_identity_is_its_id() -> None:
    assert Action("move:a", "Move A") == Action("move:a", "other label")
    assert len({Action("x", "1"), Action("x", "2")}) == 1
    assert Action.from_json(json.loads(json.dumps(Action("a:b", "Lab").to_json()))) == Action("a:b")


def test_action_limits() -> None:
    with pytest.raises(ValueError):
        Action("x" * 81)
    with pytest.raises(ValueError):
        Action("")
    long = Action("ok", "L" * 300)
    assert len(long.label) == MAX_LABEL_LEN
    assert Action("plain").label == "plain"


def test_options_defaults_and_errors() -> None:
    specs = [
        OptionSpec("limit", "int", 30, "rounds", minimum=10, maximum=60),
        OptionSpec("mode", "choice", "basic", "scoring", choices=("basic", "advanced")),
        OptionSpec("fast", "bool", False, "fast"),
    ]
    assert validate_options(specs, None) == {"limit": 30, "mode": "basic", "fast": False}
    assert validate_options(specs, {"limit": "12", "fast": "yes"})["limit"] == 12
    for bad, code_word in (({"limit": 9}, "at least"), ({"limit": 61}, "at most"), ({"mode": "x"}, "one of")):
        with pytest.raises(IllegalAction) as err:
            validate_options(specs, bad)
        assert code_word in err.value.message
        assert err.value.code == "E_OPTION"
    with pytest.raises(IllegalAction) as err:
        validate_options(specs, {"nope": 1})
    assert "Unknown option nope" in err.value.message and "limit" in err.value.message


def test_event_visibility_round_trip() -> None:
    pub = public_event("hello", "roll", dice=[1, 2])
    priv = private_event({1, 2}, "secret")
    assert pub.public and pub.visible_for(None)
    assert not priv.visible_for(None) and priv.visible_for(1) and not priv.visible_for(0)
    assert Event.from_json(json.loads(json.dumps(priv.to_json()))) == priv
    assert reveals_information([pub]) and not reveals_information([priv])


def test_rank_by_score_groups_ties() -> None:
    assert rank_by_score({0: 3, 1: 5, 2: 3}) == ((1,), (0, 2))
    assert rank_by_score({0: 3, 1: 3}, {0: (1,), 1: (2,)}) == ((1,), (0,))


def test_parse_action_rejects_unknown_and_not_pending() -> None:
    state = TOY.new_game(2, 1, {})
    assert TOY.parse_action(state, 0, "bid:2").label == "Bid 2"
    with pytest.raises(IllegalAction) as err:
        TOY.parse_action(state, 0, "bid:9")
    assert err.value.code == "E_UNKNOWN_ACTION" and "Bid 1" in err.value.message
    state, _ = TOY.apply(state, 0, Action("bid:1"))
    with pytest.raises(IllegalAction) as err:
        TOY.parse_action(state, 0, "bid:1")
    assert err.value.code == "E_NOT_YOUR_TURN"


def test_replay_reproduces_a_game_exactly() -> None:
    state = TOY.new_game(3, 99, {"target": 5})
    moves: list[tuple[int, str]] = []
    step = 0
    while TOY.pending(state):
        decision = TOY.pending(state)[0]
        action = TOY.legal_actions(state, decision.player)[step % 3]
        moves.append((decision.player, action.id))
        state, _ = TOY.apply(state, decision.player, action)
        step += 1
    again, history = replay(TOY, 3, 99, {"target": 5}, moves)
    assert TOY.dump(again) == TOY.dump(state)
    assert len(history) == len(moves)
    assert TOY.outcome(again) is not None


def test_registry_lists_vendetta_and_rejects_unknown() -> None:
    assert "vendetta" in registry.names()
    with pytest.raises(KeyError):
        registry.get("chess")
