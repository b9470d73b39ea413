"""The invariants of a Vendetta state: gnome conservation (§2), contests, counts, secrets and the flow."""

from __future__ import annotations

from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS
from engine.vendetta.flow import current_declarer, current_mover
from engine.vendetta.objectives import NEUTRAL_IDS
from engine.vendetta.state import (
    PHASE_COMBAT,
    PHASE_FINISHED,
    PHASE_MOVEMENT,
    PHASE_OBJECTIVES,
    VendettaState,
    contested,
    on_board,
)


def check(state: VendettaState) -> list[str]:
    """Broken invariants of `state`, as messages (empty when sound)."""
    problems: list[str] = []
    board = load_board()
    for territory, here in state.board.items():
        if territory not in board:
            problems.append(f"unknown territory {territory}")
        if not here:
            problems.append(f"empty entry kept for {territory}")
        for clan, n in here.items():
            if clan not in state.seats:
                problems.append(f"{clan} is not in play but stands on {territory}")
            if not isinstance(n, int) or n < 1:
                problems.append(f"bad gnome count {n!r} for {clan} on {territory}")
    for clan in state.seats:
        total = state.reserve[clan] + on_board(state.board, clan)
        if state.reserve[clan] < 0 or total != CLANS[clan].gnomes:
            problems.append(f"{clan} has {total} gnomes (reserve {state.reserve[clan]}), not {CLANS[clan].gnomes}")
        if any(n < 0 for n in state.tokens[clan].values()):
            problems.append(f"{clan} has a negative token count")
        offered = state.offered[clan]
        if len(offered) != 8 or len(set(offered)) != 8:
            problems.append(f"{clan} was not offered 8 distinct cards")
        if clan in state.chosen:
            chosen = state.chosen[clan]
            if len(chosen) != state.objectives_kept or not set(chosen) <= set(offered) or len(set(chosen)) != len(
                chosen
            ):
                problems.append(f"{clan} has an invalid objective choice")
    neutrals = [cid for c in state.seats for cid in state.offered[c] if cid in NEUTRAL_IDS]
    if len(neutrals) != len(set(neutrals)):
        problems.append("a neutral objective was dealt twice")
    fights = contested(state.board, board.order)
    if state.phase == PHASE_COMBAT:
        if state.combat is None:
            problems.append("combat phase without a fight")
        else:
            territory = state.combat["territory"]
            if territory not in fights:
                problems.append(f"the fight on {territory} is not contested")
            if len(state.combat["declarations"]) >= len(state.combat["order"]):
                problems.append("a fight waits although every clan has declared")
            if any(board.order.index(t) < board.order.index(territory) for t in fights):
                problems.append("a contested territory was skipped")
    elif state.phase != PHASE_MOVEMENT and fights:
        problems.append(f"contested territories outside movement and combat: {fights}")
    elif state.phase == PHASE_MOVEMENT and not state.moved:
        # before anyone moves, only reinforcements onto an enemy-held home can contest (R-V9)
        for t in fights:
            home_of = board.territories[t].clan
            if home_of not in state.board[t]:
                problems.append(f"{t} is contested before any movement")
    if state.phase == PHASE_OBJECTIVES and (state.round != 0 or state.board):
        problems.append("the board is used before every clan has chosen")
    if state.phase in (PHASE_MOVEMENT, PHASE_COMBAT) and len(state.chosen) != len(state.seats):
        problems.append("play started before every clan chose")
    if not 0 <= state.round <= state.round_limit:
        problems.append(f"round {state.round} outside 0..{state.round_limit}")
    if state.phase == PHASE_MOVEMENT and current_mover(state) is None:
        problems.append("movement phase without a mover")
    if state.phase == PHASE_FINISHED and state.end_reason not in ("objectives", "round_limit"):
        problems.append("finished without a reason")
    acting = current_mover(state) or current_declarer(state)
    for clan, draft in state.drafts.items():
        if state.phase == PHASE_OBJECTIVES:
            if clan in state.chosen or draft.get("kind") != "objectives":
                problems.append(f"stale objective draft of {clan}")
        elif clan != acting:
            problems.append(f"stale draft of {clan}")
    return problems
