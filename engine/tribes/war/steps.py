"""The driver of one active player's Phase 4 step: from the plan to the end of the deployment.

After every applied decision `advance` runs the automatic parts (defence with no choice, skipped
card choices, the reveal, Flak without choice, the order of ≤ 1 attack, combats, forced retreats
and move-ins) and stops at the next decision, or sets WAR_STEP_DONE when the step is over.
"""

from __future__ import annotations

import logging

from engine.core.actions import Action
from engine.core.events import Event, public_event
from engine.core.phrases import phrase
from engine.tribes import words
from engine.tribes.phases import CARDS, DEFENCE, DEPLOY, FLAK, MOVE_IN, ORDER, PLAN, RETREAT, WAR_STEP_DONE
from engine.tribes.state import TribesState
from engine.tribes.war import battle_cards, defence, deployment, flak, resolution
from engine.tribes.war.common import Side, board, own_armies
from engine.tribes.war.plan import apply as plan_apply
from engine.tribes.war_state import RETREATING, War

logger = logging.getLogger(__name__)


def start_step(state: TribesState, active: int, events: list[Event]) -> None:
    """Begin `active`'s Phase 4 step; skip what §15.1 skips (no army: empty plan; nothing to move: end)."""
    state.war = War(active=active)
    state.phase = PLAN
    if not any(own_armies(state, active, t) for t in board().order):
        plan_apply(state, active, Action("plan:none"), events)  # §15.1: same message as an answered empty plan
    advance(state, events)


def _begin_deployment(state: TribesState, war: War, events: list[Event]) -> None:
    war.path.clear()
    state.phase = DEPLOY


def _finish(state: TribesState, war: War, events: list[Event]) -> None:
    """Turn every piece back (§8.10) and hand the turn on."""
    for area in state.areas.values():
        area.moved = 0
    events.append(public_event(f"{Side(state, war.active)} end their war and deployment.", "war_end",
                               phrase=phrase("war.end", tribe=words.tribe(state, war.active)), player=war.active))
    state.war = None
    state.phase = WAR_STEP_DONE


def _after_cards(state: TribesState, war: War, events: list[Event]) -> None:
    battle_cards.reveal(state, war, events)
    if flak.after_reveal(state, war, events):
        state.phase = FLAK
    else:
        _to_order(state, war, events)


def _to_order(state: TribesState, war: War, events: list[Event]) -> None:
    live = resolution.live(war)
    state.phase = ORDER
    if len(live) <= 1:  # §15.1: nothing to order
        war.order = [a.id for a in live]
        war.order_done = True


def advance(state: TribesState, events: list[Event]) -> None:
    """Run every automatic part of the step until a player must decide or the step is over."""
    for _ in range(1000):  # each pass moves forward; the bound only guards against a bug looping
        war = state.war
        if war is None:
            return
        phase = state.phase
        if phase == PLAN:
            if not war.plan_done:
                return
            if not war.attacks:
                _begin_deployment(state, war, events)
                continue
            defence.setup(state, war)
            state.phase = DEFENCE
        elif phase == DEFENCE:
            if defence.waiting(state):
                return
            defence.announce(state, war, events)
            battle_cards.setup(state, war)
            state.phase = CARDS
        elif phase == CARDS:
            if battle_cards.waiting(state):
                return
            _after_cards(state, war, events)
        elif phase == FLAK:
            if not flak.decided(war):
                return
            _to_order(state, war, events)
        elif phase == ORDER:
            if not war.order_done:
                return
            resolution.announce_order(state, war, events)
            _resolve(state, war, events)
            if state.phase in (RETREAT, MOVE_IN):
                return
        elif phase in (RETREAT, MOVE_IN):
            _resolve(state, war, events)
            if state.phase in (RETREAT, MOVE_IN):
                return
        elif phase == DEPLOY:
            if not deployment.ended(war) and deployment.has_unmoved(state, war.active):
                return
            _finish(state, war, events)
            return
        else:
            logger.error("war step in unexpected phase %s", phase)
            return
    raise RuntimeError("the war driver did not settle")


def _resolve(state: TribesState, war: War, events: list[Event]) -> None:
    if resolution.run(state, war, events):
        attack = resolution.current(war)
        state.phase = RETREAT if attack is not None and attack.stage == RETREATING else MOVE_IN
    else:
        _begin_deployment(state, war, events)
