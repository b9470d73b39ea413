"""When each pending decision falls due: the one rule shared by every place that stores deadlines."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.core.decisions import Decision, DecisionKind
from host.results import TableSettings


def reaction_deadlines(
    decisions: Iterable[Decision], is_ai: Callable[[int], bool], settings: TableSettings, now: float
) -> dict[int, float]:
    """Human players answering a reaction window, mapped to when their window closes as a pass.

    Empty when the table waits forever (`reaction_timeout` 0). R-A36: a window
    never holds the acting player's turn hostage longer than the timeout.
    """
    if settings.reaction_timeout <= 0:
        return {}
    return {
        d.player: now + settings.reaction_timeout
        for d in decisions
        if d.kind == DecisionKind.REACTION and not is_ai(d.player)
    }
