"""The phase table of Vendetta: one engine.core.phases.PhaseRules row per deciding phase (spec §4.3, §5).

The objective choice is secret and simultaneous; movement and combat declarations are turns taken one
clan at a time. Combats, loot, the end check and the next round run inside the actions that trigger them
(engine/vendetta/flow.py), so the table has no automatic phase and the game no `advance`.
"""

from __future__ import annotations

from engine.core.actions import CLEAR_ID, CLEAR_LABEL, Action
from engine.core.decisions import DecisionKind
from engine.core.phases import PhaseRules
from engine.core.phrases import Phrase, phrase
from engine.vendetta import describe, words
from engine.vendetta.actions import (
    all_dice_action,
    combat_actions,
    default_choice,
    movement_actions,
    objective_actions,
    pass_action,
)
from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS
from engine.vendetta.combat import default_target
from engine.vendetta.flow import current_declarer, current_mover
from engine.vendetta.handlers import (
    active_objective_clan,
    apply_combat,
    apply_movement,
    apply_objectives,
    check_combat,
    check_movement,
    check_objectives,
)
from engine.vendetta.ids import ATK_PREFIX, CHOOSE_PREFIX, DECL_PREFIX, PASS_ID, AllDice, Choose, parse
from engine.vendetta.state import PHASE_COMBAT, PHASE_MOVEMENT, PHASE_OBJECTIVES, VendettaState

# --- a built draft is not thrown away by one tap (R-V36) -----------------------------------------


def _clear(state: VendettaState, player: int) -> Action:
    return Action(CLEAR_ID, CLEAR_LABEL, phrase("label.clear"))


def _draft_holds(state: VendettaState, clan: str | None, key: str) -> bool:
    """Whether `clan`'s draft holds steps under `key` (picked cards, moves, aimed dice)."""
    return clan is not None and bool((state.drafts.get(clan) or {}).get(key))


# --- the objective choice (§4.3 step 4, R-V26) ---------------------------------------------------


def _choosers(state: VendettaState) -> list[int]:
    return sorted({state.owner[c] for c in state.seats if c not in state.chosen})


def _objectives_legal(state: VendettaState, player: int) -> list[Action]:
    if player not in _choosers(state):
        return []
    return objective_actions(state, active_objective_clan(state, player))


def _objectives_timeout(state: VendettaState, player: int) -> Action:
    clan = active_objective_clan(state, player)  # R-V34: the first K offered cards in catalogue order
    return Action(f"{CHOOSE_PREFIX}{clan}:{','.join(default_choice(state, clan))}", "Keep the suggested objectives",
                  phrase("label.keep-suggested-objectives"))


OBJECTIVES = PhaseRules(
    parse=parse,
    kind=DecisionKind.SIMULTANEOUS, waiting=_choosers, prompt=lambda s, p: "Choose your secret objectives.",
    prompt_phrase=lambda s, p: phrase("prompt.objectives"),
    legal=_objectives_legal, apply=apply_objectives, check=check_objectives, timeout=_objectives_timeout,
    describe=lambda s, p: [], describe_phrases=lambda s, p: [],
    multi_pick=describe.multi_pick, pick_action=describe.pick_action,
    typed_prefixes=(CHOOSE_PREFIX,), label="Setup: choosing objectives",
    # the suggested set replaces the cards picked one by one
    draft_built=lambda s, p: p in _choosers(s) and _draft_holds(s, active_objective_clan(s, p), "cards"),
    discards=lambda s, p, a: isinstance(parse(a.id), Choose), clear=_clear,
)

# --- movement (§5.2) -----------------------------------------------------------------------------


def _mover(state: VendettaState) -> list[int]:
    seat = current_mover(state)
    return [] if seat is None else [state.owner[seat]]


def _movement_prompt(state: VendettaState, player: int) -> str:
    seat = current_mover(state)
    assert seat is not None
    return f"Move the {CLANS[seat].name} clan."


def _movement_prompt_phrase(state: VendettaState, player: int) -> Phrase:
    seat = current_mover(state)
    assert seat is not None
    return phrase("prompt.move", clan=words.clan(seat))


def _movement_legal(state: VendettaState, player: int) -> list[Action]:
    seat = current_mover(state)
    return movement_actions(state, seat) if seat is not None and state.owner[seat] == player else []


MOVEMENT = PhaseRules(
    parse=parse,
    kind=DecisionKind.TURN, waiting=_mover, prompt=_movement_prompt, legal=_movement_legal,
    prompt_phrase=_movement_prompt_phrase, apply=apply_movement, check=check_movement,
    timeout=lambda s, p: pass_action(),  # R-V34
    describe=describe.move_lines, describe_phrases=describe.move_phrases,
    auto_step=describe.move_auto_step, shortcuts=describe.shortcuts,
    typed_prefixes=(DECL_PREFIX,), label="Movement",
    draft_built=lambda s, p: _draft_holds(s, current_mover(s), "triples"),
    discards=lambda s, p, a: a.id == PASS_ID, clear=_clear,
)

# --- combat declarations (§5.3) ------------------------------------------------------------------


def _declarer(state: VendettaState) -> list[int]:
    seat = current_declarer(state)
    return [] if seat is None else [state.owner[seat]]


def _combat_prompt(state: VendettaState, player: int) -> str:
    seat = current_declarer(state)
    assert seat is not None and state.combat is not None
    return f"Aim the dice of {CLANS[seat].name} on {load_board().name(state.combat['territory'])}."


def _combat_prompt_phrase(state: VendettaState, player: int) -> Phrase:
    seat = current_declarer(state)
    assert seat is not None and state.combat is not None
    return phrase("prompt.aim", clan=words.clan(seat), place=words.place(state.combat["territory"]))


def _combat_legal(state: VendettaState, player: int) -> list[Action]:
    seat = current_declarer(state)
    return combat_actions(state, seat) if seat is not None and state.owner[seat] == player else []


def _combat_timeout(state: VendettaState, player: int) -> Action:
    seat = current_declarer(state)
    assert seat is not None and state.combat is not None
    here = state.board[state.combat["territory"]]
    target = default_target(here, seat, state.seats)  # R-V34: all dice at the largest opponent
    return all_dice_action(here[seat], target)


COMBAT = PhaseRules(
    parse=parse,
    kind=DecisionKind.TURN, waiting=_declarer, prompt=_combat_prompt, legal=_combat_legal,
    prompt_phrase=_combat_prompt_phrase, apply=apply_combat, check=check_combat, timeout=_combat_timeout,
    describe=describe.combat_lines, describe_phrases=describe.combat_phrases,
    auto_step=describe.combat_auto_step,
    typed_prefixes=(ATK_PREFIX,), label="Combat",
    # all dice at one clan replaces the dice aimed target by target
    draft_built=lambda s, p: _draft_holds(s, current_declarer(s), "assign"),
    discards=lambda s, p, a: isinstance(parse(a.id), AllDice), clear=_clear,
)

PHASE_TABLE: dict[str, PhaseRules[VendettaState]] = {
    PHASE_OBJECTIVES: OBJECTIVES,
    PHASE_MOVEMENT: MOVEMENT,
    PHASE_COMBAT: COMBAT,
}
