"""Phase 4 of Gnome Tribes: wars and deployments (spec §8), one active player at a time.

The turn flow (engine/tribes/flow.py) calls `start_step` when a player's Phase 4 step begins; the
war package then sets `state.phase` to its own phases (see engine/tribes/phases.py) and, when the
step is over, to WAR_STEP_DONE. `WAR_PHASES` is its part of the phase table: each row's `apply`
takes one decision and then runs the step on to the next decision (`steps.advance`).

Modules: plan (§8.1), defence (§8.2), battle_cards (§8.3), flak (§8.4), strength (§8.5-8.7),
resolution (§8.8 order, combat, move-in), retreat (§8.8), deployment (§8.10), steps (the driver),
view (the public "war" key), ids (action ids), common (shared helpers).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.events import Event
from engine.tribes.phases import CARDS, DEFENCE, DEPLOY, FLAK, MOVE_IN, ORDER, PLAN, RETREAT, PhaseRules
from engine.tribes.state import TribesState
from engine.tribes.war import battle_cards, defence, deployment, flak, ids, plan, resolution, retreat
from engine.tribes.war.steps import advance, start_step
from engine.tribes.war.view import war_view

Apply = Callable[[TribesState, int, Action, list[Event]], None]


def _then_advance(apply: Apply) -> Apply:
    """`apply` followed by the automatic rest of the step."""

    def run(state: TribesState, player: int, action: Action, events: list[Event]) -> None:
        apply(state, player, action, events)
        advance(state, events)

    return run


def _active_while(ready: Callable[[TribesState], bool]) -> Callable[[TribesState], list[int]]:
    def waiting(state: TribesState) -> list[int]:
        return [state.war.active] if state.war is not None and ready(state) else []

    return waiting


WAR_PHASES: dict[str, PhaseRules[TribesState]] = {
    PLAN: PhaseRules(
        DecisionKind.TURN, _active_while(lambda s: s.war is not None and not s.war.plan_done), plan.prompt,
        plan.legal, _then_advance(plan.apply), plan.timeout, plan.describe,
        describe_phrases=plan.describe_phrases, auto_step=plan.auto_step,
        parse=ids.parse, label="Phase 4: invasion plan", prompt_phrase=plan.prompt_phrase,
        draft_built=plan.draft_built, discards=plan.discards, clear=plan.clear,
        shortcuts=plan.shortcuts, typed_prefixes=("plan:all:",)),
    DEFENCE: PhaseRules(
        DecisionKind.SIMULTANEOUS, defence.waiting, defence.prompt, defence.legal, _then_advance(defence.apply),
        defence.timeout, defence.describe,
        describe_phrases=defence.describe_phrases, auto_step=defence.auto_step,
        parse=ids.parse, label="Phase 4: defence", prompt_phrase=defence.prompt_phrase),
    CARDS: PhaseRules(
        DecisionKind.SIMULTANEOUS, battle_cards.waiting, battle_cards.prompt, battle_cards.legal,
        _then_advance(battle_cards.apply), battle_cards.timeout, battle_cards.describe,
        describe_phrases=battle_cards.describe_phrases, auto_step=battle_cards.auto_step,
        parse=ids.parse, label="Phase 4: battle cards", prompt_phrase=battle_cards.prompt_phrase,
        multi_pick=battle_cards.multi_pick, pick_action=battle_cards.pick_action,
        typed_prefixes=("card:pick:",),
        draft_built=battle_cards.draft_built, discards=battle_cards.discards, clear=battle_cards.clear),
    FLAK: PhaseRules(
        DecisionKind.TURN, flak.waiting, flak.prompt, flak.legal, _then_advance(flak.apply), flak.timeout,
        flak.describe,
        describe_phrases=flak.describe_phrases,
        parse=ids.parse, label="Phase 4: Gnomflak",
    prompt_phrase=flak.prompt_phrase, multi_pick=flak.multi_pick, pick_action=flak.pick_action,
        typed_prefixes=("flak:pick:",),
        draft_built=flak.draft_built, discards=flak.discards, clear=flak.clear),
    ORDER: PhaseRules(
        DecisionKind.TURN, resolution.order_waiting, resolution.order_prompt, resolution.order_legal,
        _then_advance(resolution.order_apply), resolution.order_timeout, resolution.order_describe,
        describe_phrases=resolution.order_phrases, auto_step=resolution.order_auto_step,
        parse=ids.parse, label="Phase 4: resolution order", prompt_phrase=resolution.order_prompt_phrase),
    RETREAT: PhaseRules(
        DecisionKind.TURN, retreat.waiting, retreat.prompt, retreat.legal, _then_advance(retreat.apply),
        retreat.timeout, retreat.describe,
        describe_phrases=retreat.describe_phrases,
        parse=ids.parse, label="Phase 4: retreat", prompt_phrase=retreat.prompt_phrase),
    MOVE_IN: PhaseRules(
        DecisionKind.TURN, resolution.move_in_waiting, resolution.move_in_prompt, resolution.move_in_legal,
        _then_advance(resolution.move_in_apply), resolution.move_in_timeout, resolution.move_in_describe,
        describe_phrases=resolution.move_in_phrases,
        parse=ids.parse, label="Phase 4: move-in", prompt_phrase=resolution.move_in_prompt_phrase),
    DEPLOY: PhaseRules(
        DecisionKind.TURN, deployment.waiting, deployment.prompt, deployment.legal,
        _then_advance(deployment.apply), deployment.timeout, deployment.describe,
        describe_phrases=deployment.describe_phrases,
        parse=ids.parse, label="Phase 4: deployment", prompt_phrase=deployment.prompt_phrase,
        shortcuts=deployment.shortcuts, typed_prefixes=("dep:all:",)),
}

__all__ = ["WAR_PHASES", "start_step", "war_view"]
