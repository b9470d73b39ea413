"""The rules' timers each game declares (R-V34, R-A36, §12.4) and how a table value maps onto them."""

from __future__ import annotations

import pytest

from engine import registry
from engine.core.decisions import DecisionKind
from engine.core.timeouts import DAY, HOUR, MINUTE, NO_TIMEOUT_RULES, RulesTimer, describe_seconds
from tests.engine.toygame import ToyGame


def test_a_game_declares_no_rules_timer_unless_it_overrides_timeout_rules():
    assert ToyGame().timeout_rules() == NO_TIMEOUT_RULES
    assert NO_TIMEOUT_RULES.for_kind(DecisionKind.REACTION) is None
    assert NO_TIMEOUT_RULES.for_kind(DecisionKind.TURN) is None


def test_vendetta_turn_timer_is_off_by_default_and_runs_one_minute_to_seven_days():
    rules = registry.get("vendetta").timeout_rules()
    assert rules.reaction is None
    timer = rules.decision
    assert timer is not None and timer.ruling == "R-V34" and timer.name == "turn timer"
    assert (timer.default, timer.minimum, timer.maximum, timer.can_be_off) == (None, MINUTE, 7 * DAY, True)
    for kind in (DecisionKind.TURN, DecisionKind.SIMULTANEOUS, DecisionKind.SETUP):
        assert rules.for_kind(kind) is timer


def test_associates_reaction_window_is_30_minutes_between_1_minute_and_24_hours_never_off():
    rules = registry.get("associates").timeout_rules()
    window = rules.for_kind(DecisionKind.REACTION)
    assert window is not None and window.ruling == "R-A36"
    assert (window.default, window.minimum, window.maximum, window.can_be_off) == (30 * MINUTE, MINUTE, DAY, False)
    assert [window.allows(s) for s in (0, 30, 60, DAY, 7 * DAY)] == [False, False, True, True, False]


def test_associates_decision_timer_is_24_hours_and_may_be_off():
    timer = registry.get("associates").timeout_rules().for_kind(DecisionKind.SETUP)
    assert timer is not None and timer.default == 24 * HOUR and timer.allows(0)
    assert timer.effective(None) == DAY and timer.effective(0) is None


def test_a_stored_value_outside_the_range_is_clamped_into_it():
    timer = RulesTimer("reaction window", 30 * MINUTE, MINUTE, DAY, can_be_off=False)
    assert [timer.effective(v) for v in (None, 5, 90, 7 * DAY, 0, -3)] == [30 * MINUTE, MINUTE, 90, DAY, DAY, DAY]
    optional = RulesTimer("turn timer", None, MINUTE, 7 * DAY, can_be_off=True)
    assert [optional.effective(v) for v in (None, 0, 30 * DAY)] == [None, None, 7 * DAY]


def test_an_inconsistent_timer_is_refused():
    with pytest.raises(ValueError):
        RulesTimer("x", None, MINUTE, DAY, can_be_off=False)
    with pytest.raises(ValueError):
        RulesTimer("x", 2 * DAY, MINUTE, DAY, can_be_off=True)
    with pytest.raises(ValueError):
        RulesTimer("x", None, 0, DAY, can_be_off=True)


def test_durations_read_as_players_say_them():
    assert [describe_seconds(s) for s in (60, 1800, 5400, DAY, 7 * DAY, 45)] == [
        "1 minute", "30 minutes", "90 minutes", "24 hours", "7 days", "45 seconds",
    ]
    timer = registry.get("associates").timeout_rules().decision
    assert timer is not None and timer.describe_range() == "1 minute to 7 days, or 0 for off"
