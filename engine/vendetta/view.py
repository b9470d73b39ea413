"""What each player (or a spectator) may see of a game (spec §7).

Public view, `view(state, None)`::

    {"game": "vendetta", "players": N, "round": r, "round_limit": L,
     "phase": "objectives" | "movement" | "combat" | "finished",
     "scoring": "basic" | "advanced", "objectives_kept": K,
     "factions": {"0": "Dingleson & McDingle", ...},   # player -> clan names (every game's views have it)
     "faction_ids": {"0": ["red", "blue"], ...},       # player -> clan ids, for names in a reader's language
     "seats": [{"clan": "red", "name": "Dingleson", "colour": "#C62828", "player": 0,
                "home": "home_dingleson", "reserve": 3, "on_board": 5, "gnomes": 8,
                "threshold": 5, "reinforcements": 4, "ability": "",
                "tokens": {"acorn": 0, "apple": 0, "berry": 0, "mushroom": 0, "gnome_red": 0, ...},
                "objectives_kept": K, "has_chosen": bool, "has_moved": bool,
                "chosen": [card ids] (only once the game is finished)}, ...],   # clockwise seat order
     "seat_order": [clan, ...],             # clockwise, every seat in play
     "turn_order": [clan, ...],             # this round's movement order (seat order from first_seat)
     "first_seat": clan, "current_seat": clan | None,   # the mover, or the combat declarer
     "board": {territory_id: {clan: gnomes}},            # non-empty territories only
     "contested": [territory_id, ...],
     "combat": None | {"territory": id, "order": [clan, ...],
                       "declarations": [[clan, [[target, dice], ...]], ...], "round": k},
     "pending": [player, ...],
     "last_move": None | {"kind": "move", "clan": c, "moves": [[origin, destination, n], ...]}
                       | {"kind": "combat", "territory": t, "losses": {clan: n}},
     "outcome": None | Outcome.to_json()}   # details.clans[clan] = {score, completed, chosen, ...}

A player's view, `view(state, p)`, is the public view plus::

    "me": {"player": p, "clans": [clan, ...],
           "offered": {clan: [card, ...]},   # card = {"id", "owner", "name", "tokens", "statues", "requirement"}
           "chosen": {clan: [card, ...]},    # only clans that have chosen
           "checklist": {clan: [{"id": card id, "name": str, "complete": bool}, ...]},   # each card alone
           "together": {clan: {"complete": bool, "missing": [phrase, ...]}},  # all kept cards at once (R-V27)
           "draft": None | {"kind": "objectives", "clan": c, "cards": [ids]}
                         | {"kind": "move", "clan": c, "triples": [[o, d, n], ...], "origin": o|None, "dest": d|None}
                         | {"kind": "combat", "clan": c, "territory": t, "assign": [[target, dice], ...],
                            "target": clan|None}}
"""

from __future__ import annotations

from typing import Any

from engine.vendetta.board import load_board
from engine.vendetta.clans import CLANS
from engine.vendetta.flow import current_declarer, current_mover, movement_order
from engine.vendetta.objectives import CARDS, feasible, pooled_shortfall
from engine.vendetta.scoring import state_outcome
from engine.vendetta.state import (
    PHASE_FINISHED,
    PHASE_OBJECTIVES,
    VendettaState,
    contested,
    copy_json,
    on_board,
)


def pending_players(state: VendettaState) -> list[int]:
    """Players who must act now, ascending."""
    if state.phase == PHASE_OBJECTIVES:
        return sorted({state.owner[c] for c in state.seats if c not in state.chosen})
    seat = current_mover(state) or current_declarer(state)
    return [] if seat is None else [state.owner[seat]]


def _faction_labels(seats: list[dict[str, Any]]) -> dict[str, str]:
    """Player index (as text) -> the names of the clans they play, for messages (engine-wide view key)."""
    labels: dict[str, list[str]] = {}
    for seat in seats:
        labels.setdefault(str(seat["player"]), []).append(str(seat["name"]))
    return {player: " & ".join(names) for player, names in labels.items()}


def _faction_ids(seats: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Player index (as text) -> the ids of the clans they play, so a message can name them in any language."""
    ids: dict[str, list[str]] = {}
    for seat in seats:
        ids.setdefault(str(seat["player"]), []).append(str(seat["clan"]))
    return ids


def public_view(state: VendettaState) -> dict[str, Any]:
    """Everything everyone may see; no objective offer, choice or draft before the game ends (R-V26)."""
    finished = state.phase == PHASE_FINISHED
    seats = []
    for c in state.seats:
        info = CLANS[c]
        seat: dict[str, Any] = {
            "clan": c,
            "name": info.name,
            "colour": info.colour,
            "player": state.owner[c],
            "home": info.home,
            "reserve": state.reserve[c],
            "on_board": on_board(state.board, c),
            "gnomes": info.gnomes,
            "threshold": info.threshold,
            "reinforcements": info.reinforcements,
            "ability": info.ability,
            "tokens": dict(state.tokens[c]),
            "objectives_kept": state.objectives_kept,
            "has_chosen": c in state.chosen,
            "has_moved": c in state.moved,
        }
        if finished:
            seat["chosen"] = list(state.chosen.get(c, []))
        seats.append(seat)
    outcome = state_outcome(state)
    return {
        "game": "vendetta",
        "players": state.players,
        "round": state.round,
        "round_limit": state.round_limit,
        "phase": state.phase,
        "scoring": state.scoring,
        "objectives_kept": state.objectives_kept,
        "seats": seats,
        "factions": _faction_labels(seats),
        "faction_ids": _faction_ids(seats),
        "seat_order": list(state.seats),
        "turn_order": movement_order(state),
        "first_seat": state.first_seat,
        "current_seat": current_mover(state) or current_declarer(state),
        "board": copy_json(state.board),
        "contested": contested(state.board, load_board().order),
        "combat": copy_json(state.combat),
        "pending": pending_players(state),
        "last_move": copy_json(state.last_move),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def player_view(state: VendettaState, player: int) -> dict[str, Any]:
    """The public view plus `player`'s own secrets under "me"."""
    view = public_view(state)
    mine = [c for c in state.seats if state.owner[c] == player]
    draft = None
    for c in mine:
        if c in state.drafts:
            draft = copy_json(state.drafts[c])
            break
    view["me"] = {
        "player": player,
        "clans": mine,
        "offered": {c: [CARDS[cid].to_json() for cid in state.offered[c]] for c in mine},
        "chosen": {c: [CARDS[cid].to_json() for cid in state.chosen[c]] for c in mine if c in state.chosen},
        "checklist": {
            c: [
                {"id": cid, "name": CARDS[cid].name,
                 "complete": feasible(c, [cid], state.tokens[c], state.board)}
                for cid in state.chosen[c]
            ]
            for c in mine
            if c in state.chosen
        },
        # R-V27: the pooled test of the end check, which per-card "complete" marks cannot show
        "together": {
            c: {"complete": feasible(c, state.chosen[c], state.tokens[c], state.board),
                "missing": pooled_shortfall(c, state.chosen[c], state.tokens[c], state.board)}
            for c in mine
            if c in state.chosen
        },
        "draft": draft,
    }
    return view
