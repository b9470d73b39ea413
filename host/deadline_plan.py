"""When each pending decision falls due: the one rule shared by every place that stores deadlines.

Two clocks run for a pending human. The table's reminder delay (reminders, and the AFK policy for
ordinary turns) is the `turn` row. A timer the game's rules define (engine/core/timeouts.py) is a
`reaction` or `rules` row: on expiry the host plays the rules' default for that decision, whatever
the AFK policy.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from db.rows import REACTION, RULES
from engine.core.decisions import Decision, DecisionKind
from engine.core.game import Game
from engine.core.timeouts import DAY, MINUTE, RulesTimer, TimeoutRules
from host.results import TableSettings

# A game whose rules say nothing about reaction windows still has them close as a pass after the
# table's reaction timeout: the host's own timer, 30 minutes by default, 0 = wait forever.
HOST_REACTION_TIMER = RulesTimer("reaction window", 30 * MINUTE, 1.0, 30 * DAY, can_be_off=True)

# The table setting that sets each timer.
REACTION_SETTING = "reaction_timeout"
DECISION_SETTING = "decision_timeout"


def table_timers(game: Game[Any]) -> TimeoutRules:
    """The timers a table of `game` runs: the rules' own, with the host's reaction timer where they give none."""
    rules = game.timeout_rules()
    if rules.reaction is None:
        rules = dataclasses.replace(rules, reaction=HOST_REACTION_TIMER)
    return rules


def setting_for(settings: TableSettings, kind: DecisionKind) -> float | None:
    """The table's value for the timer of a decision of this kind (None = the rules' default)."""
    return settings.reaction_timeout if kind == DecisionKind.REACTION else settings.decision_timeout


def timer_seconds(timers: TimeoutRules, settings: TableSettings, kind: DecisionKind) -> float | None:
    """How long a decision of this kind may wait at this table, or None when no timer runs.

    Stored settings from before the rules' range was enforced still load: they are clamped here.
    """
    timer = timers.for_kind(kind)
    return None if timer is None else timer.effective(setting_for(settings, kind))


def rules_deadlines(
    game: Game[Any],
    decisions: Iterable[Decision],
    is_ai: Callable[[int], bool],
    settings: TableSettings,
    now: float,
) -> dict[int, tuple[str, float]]:
    """Human players whose pending decision has a rules timer, mapped to (row kind, when it runs out).

    R-A36: a reaction window never holds the acting player's turn hostage longer than its timeout;
    R-V34 / §12.4: any other decision falls back to the rules' default when its timer runs out.
    """
    timers = table_timers(game)
    planned: dict[int, tuple[str, float]] = {}
    for decision in decisions:
        if is_ai(decision.player):
            continue
        seconds = timer_seconds(timers, settings, decision.kind)
        if seconds is None:
            continue
        kind = REACTION if decision.kind == DecisionKind.REACTION else RULES
        due = now + seconds
        if decision.player not in planned or due < planned[decision.player][1]:
            planned[decision.player] = (kind, due)
    return planned
