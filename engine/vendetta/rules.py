"""Test-friendly entry points: whole declarations, injectable dice, completion and scoring.

These take plain data, so the spec's test vectors can be written literally, e.g.
``validate_declaration(state, "yellow", [("home_mcdingle", "oak_corner", 1)])``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.vendetta.combat import (
    RoundResult,
    declaration_order,
    default_target,
    resolve_combat_round,
    validate_assignment,
)
from engine.vendetta.flow import end_check, loot, reinforce
from engine.vendetta.handlers import validate_choice
from engine.vendetta.movement import Triple, passable, reach
from engine.vendetta.movement import validate_declaration as _validate_on_board
from engine.vendetta.objectives import feasible
from engine.vendetta.scoring import ClanScore, best_subset, subset_value
from engine.vendetta.state import VendettaState

__all__ = [
    "ClanScore",
    "RoundResult",
    "best_subset",
    "declaration_order",
    "default_target",
    "end_check",
    "feasible",
    "fixed_dice",
    "loot",
    "passable",
    "reach",
    "reinforce",
    "resolve_combat_round",
    "subset_value",
    "validate_assignment",
    "validate_choice",
    "validate_declaration",
]


def validate_declaration(state: VendettaState, clan: str, triples: Iterable[Sequence[Any]]) -> list[Triple]:
    """The merged movement declaration of `clan` on the state's board, or IllegalAction with its E_* code."""
    return _validate_on_board(state.board, clan, triples)


def fixed_dice(faces: Iterable[int]) -> Callable[[], int]:
    """A roll() that returns these faces in order (for resolve_combat_round in tests)."""
    return iter(list(faces)).__next__
