"""The turn state machine (spec §4): the phase table and `advance`, which runs every automatic step.

`PHASE_TABLE` maps each decision phase to its `PhaseRules` (economy and vote phases here, war phases
from engine.tribes.war). `advance` is called after every accepted action: it completes phases whose
answers are all in (reveals, tallies), runs the automatic steps (income, research, the start and end of
each player's Phase 4 step, the end of the turn and of the game) and stops at the next pending decision.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.phases import run_phases
from engine.core.phrases import phrase
from engine.tribes import goals, investment, launch, phases, research, war, words
from engine.tribes.actions import PickTribe, parse, step_id
from engine.tribes.board import load_board
from engine.tribes.common import GOAL_NAMES
from engine.tribes.goals import COUNTDOWN
from engine.tribes.income import run_income
from engine.tribes.setup import next_picker, pick_tribe, tribe_choices
from engine.tribes.state import TribesState

log = logging.getLogger(__name__)

# --- the tribe pick (§2, §15.1) ---------------------------------------------------------------------------


def _tribe_waiting(state: TribesState) -> list[int]:
    picker = next_picker(state)
    if picker is None or len(tribe_choices(state)) <= 1:
        return []  # one tribe left: taken without asking
    return [picker]


def _tribe_legal(state: TribesState, player: int) -> list[Action]:
    if player not in _tribe_waiting(state):
        return []
    board = load_board()
    return [Action(step_id(PickTribe(t)), f"Play the {board.tribes[t].name}",
                   phrase=phrase("label.play-tribe", tribe=words.tribe_named(t))) for t in tribe_choices(state)]


def _tribe_apply(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
    step = parse(action.id)
    if not isinstance(step, PickTribe):
        raise IllegalAction("Choose your tribe first.", "E_PHASE", phrase=phrase("refuse.choose-tribe"))
    if step.tribe not in tribe_choices(state):
        raise IllegalAction("That tribe is taken (or would break the diagonal seating of a 2-player game); "
                            "choose one of the offered tribes.", "E_TRIBE_TAKEN",
                            phrase=phrase("refuse.tribe-taken-would-break-diagonal"))
    pick_tribe(state, player, step.tribe, events)


def _tribe_timeout(state: TribesState, player: int) -> Action:
    first = tribe_choices(state)[0]  # §15.1: the first free tribe in the order plains, mountain, marsh, swamp
    return Action(step_id(PickTribe(first)), f"Play the {load_board().tribes[first].name}",
                  phrase=phrase("label.play-tribe", tribe=words.tribe_named(first)))


def _tribe_complete(state: TribesState, events: list[Event]) -> None:
    picker = next_picker(state)
    if picker is not None:
        pick_tribe(state, picker, tribe_choices(state)[0], events)


TRIBE_RULES = phases.PhaseRules(
    parse=parse,
    kind=DecisionKind.SETUP, waiting=_tribe_waiting, prompt=lambda s, p: "Choose your tribe.",
    prompt_phrase=lambda s, p: phrase("prompt.choose-tribe"), legal=_tribe_legal,
    apply=_tribe_apply, timeout=_tribe_timeout, describe=lambda s, p: [],
    describe_phrases=lambda s, p: [], complete=_tribe_complete,
    label="Setup: choosing tribes",
)

ECONOMY_PHASES: dict[str, phases.PhaseRules[TribesState]] = {
    phases.TRIBE: TRIBE_RULES,
    phases.INVESTMENT: investment.RULES,
    phases.LAUNCH: launch.RULES,
    phases.EXCHANGE: research.EXCHANGE_RULES,
    phases.VOTE: goals.VOTE_RULES,
    phases.GNOMBUT: goals.BUT_RULES,
    phases.REVOTE: goals.REVOTE_RULES,
}
PHASE_TABLE: dict[str, phases.PhaseRules[TribesState]] = ECONOMY_PHASES | war.WAR_PHASES


# --- automatic steps ------------------------------------------------------------------------------------


def _start_war(state: TribesState, events: list[Event]) -> None:
    """Phase 4 begins with the first player of the turn order (§8)."""
    state.war_index = 0
    war.start_step(state, state.turn_order()[0], events)


def _war_step_done(state: TribesState, events: list[Event]) -> None:
    """The next player's Phase 4 step, or the end of the turn."""
    state.war_index += 1
    if state.war_index < state.player_count:
        war.start_step(state, state.turn_order()[state.war_index], events)
        return
    _end_turn(state, events)


def _end_turn(state: TribesState, events: list[Event]) -> None:
    """After the last Phase 4 step: the end of the game once the countdown is over (R-T40), else a new turn."""
    state.war = None
    for area in state.areas.values():
        area.moved = 0
    if state.gnompax_turn is not None and state.turn >= state.gnompax_turn + COUNTDOWN:
        state.phase = phases.FINISHED
        state.end_reason = "cap" if state.gnompax_forced else "goal"
        goal = state.goal if state.goal is not None else 5
        events.append(public_event(f"Turn {state.turn} is over and so is the game: the goal is "
                                   f"{GOAL_NAMES[goal]}.", "reveal",
                                   phrase=phrase("end.game", turn=state.turn, goal=words.goal(goal)), goal=goal))
        return
    state.turn += 1
    state.phase = phases.INCOME


AUTOMATIC: dict[str, Callable[[TribesState, list[Event]], None]] = {
    phases.INCOME: run_income,
    phases.RESEARCH: research.run,
    phases.WAR_START: _start_war,
    phases.WAR_STEP_DONE: _war_step_done,
}

MAX_AUTOMATIC_STEPS = 10_000  # a guard against a phase that never asks anyone nor moves on


def advance(state: TribesState, events: list[Event]) -> None:
    """Run automatic steps and complete finished phases until a decision is pending or the game is over."""
    run_phases(PHASE_TABLE, _phase_of, AUTOMATIC, phases.FINISHED, state, events, MAX_AUTOMATIC_STEPS)


def _phase_of(state: TribesState) -> str:
    return state.phase
