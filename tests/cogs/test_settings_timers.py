"""/game settings shows the rules' timers of the table's game, with the range a host may set."""

from __future__ import annotations

import dataclasses

from cogs.lobby import timers_text
from host.results import TableSettings
from tests.cogs.fakes import make_table


def test_associates_settings_show_both_rules_timers_with_their_ranges():
    text = timers_text(dataclasses.replace(make_table(), game_name="associates"))
    assert "Reaction window: an unanswered window closes as a pass after 30 minutes" in text
    assert "(allowed: 1 minute to 24 hours)" in text
    assert "Decision timer: the rules' default is played for a pending decision after 24 hours" in text


def test_vendetta_settings_show_the_turn_timer_off_by_default_and_as_set():
    table = make_table()
    assert timers_text(table) == "Turn timer: off (allowed: 1 minute to 7 days, or 0 for off)."
    timed = dataclasses.replace(table, settings=TableSettings(decision_timeout=5400))
    assert "Turn timer: the rules' default is played for a pending decision after 90 minutes" in timers_text(timed)


def test_a_stored_value_outside_the_range_is_shown_as_clamped():
    table = dataclasses.replace(make_table(), game_name="associates", settings=TableSettings(reaction_timeout=0))
    assert "closes as a pass after 24 hours" in timers_text(table)
