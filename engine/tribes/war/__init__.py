"""Phase 4 of Gnome Tribes: wars and deployments (spec §8), one active player at a time.

The turn flow (engine/tribes/flow.py) calls `start_step` when a player's Phase 4 step begins; the
war package then sets `state.phase` to its own phases (see engine/tribes/phases.py) and, when the
step is over, to WAR_STEP_DONE. `WAR_PHASES` is its part of the phase table.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.tribes.phases import WAR_STEP_DONE, PhaseRules
from engine.tribes.state import TribesState

WAR_PHASES: dict[str, PhaseRules] = {}


def start_step(state: TribesState, active: int, events: list[Event]) -> None:
    """Begin `active`'s Phase 4 step (plan, combats, deployment) in `state`."""
    state.phase = WAR_STEP_DONE  # placeholder until the war phases land: the step is skipped
