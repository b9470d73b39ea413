"""The game state of Violent Vendetta: one dataclass of JSON leaves, cloned, dumped and loaded by state_tree.

This follows the state template of docs/architecture.md ("The state of a game"): `engine.core.state_tree`
does the copying and the (de)serialising; this module only declares the fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import state_tree

SCHEMA = 1

PHASE_OBJECTIVES = "objectives"
PHASE_MOVEMENT = "movement"
PHASE_COMBAT = "combat"
PHASE_FINISHED = "finished"

BoardMap = dict[str, dict[str, int]]  # territory -> {clan: gnomes}, non-empty only


@dataclass
class VendettaState:
    """Everything about one game. Treat as immutable outside the engine: apply() copies it.

    `board` maps a territory to {clan: gnomes} and holds non-empty territories only.
    `drafts` maps a clan to the compound decision its controller is building.
    Fields marked SHARED are set by new_game and never changed after it: clones share them, which
    halves the cost of the clone every apply() makes (they are most of the state's data).
    """

    players: int
    seed: int
    rng: int
    scoring: str  # "basic" | "advanced"
    clans_per_player: int  # 1 unless the 2-player variant
    objectives_kept: int  # K
    round_limit: int
    seats: list[str] = field(metadata=state_tree.SHARED)  # clans in play, clockwise (seat) order
    owner: dict[str, int] = field(metadata=state_tree.SHARED)  # clan -> player
    first_seat: str
    round: int = 0
    phase: str = PHASE_OBJECTIVES
    reserve: dict[str, int] = field(default_factory=dict)
    board: BoardMap = field(default_factory=dict)
    tokens: dict[str, dict[str, int]] = field(default_factory=dict)
    offered: dict[str, list[str]] = field(default_factory=dict, metadata=state_tree.SHARED)
    chosen: dict[str, list[str]] = field(default_factory=dict)
    drafts: dict[str, dict[str, Any]] = field(default_factory=dict)
    moved: list[str] = field(default_factory=list)  # seats that have moved this round
    combat: dict[str, Any] | None = None  # the territory being fought over, see view.py
    last_move: dict[str, Any] | None = None
    end_reason: str | None = None  # "objectives" | "round_limit" once finished
    triggered: list[str] = field(default_factory=list)  # seats that passed the final end check
    setup_events: list[dict[str, Any]] = field(default_factory=list, metadata=state_tree.SHARED)  # as JSON


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars); much faster than copy.deepcopy."""
    return state_tree.clone(value)


def clone(state: VendettaState) -> VendettaState:
    """A copy that apply() may change freely: its input state is never touched (SHARED fields are shared)."""
    return state_tree.clone(state)


def dump_state(state: VendettaState) -> dict[str, Any]:
    """A JSON-safe snapshot with this game's schema version."""
    return state_tree.dump_snapshot(state, SCHEMA)


def load_state(data: dict[str, Any]) -> VendettaState:
    """The state written by dump_state; IllegalAction for a snapshot of another schema or shape."""
    return state_tree.load_snapshot(VendettaState, data, SCHEMA)


def add_gnomes(board: BoardMap, territory: str, clan: str, n: int) -> None:
    """Add (or with negative n remove) gnomes, keeping only non-empty entries."""
    here = board.setdefault(territory, {})
    total = here.get(clan, 0) + n
    if total < 0:
        raise ValueError(f"negative gnomes of {clan} on {territory}")
    if total:
        here[clan] = total
    else:
        here.pop(clan, None)
    if not here:
        del board[territory]


def on_board(board: BoardMap, clan: str) -> int:
    """Gnomes of `clan` on the whole board."""
    return sum(here.get(clan, 0) for here in board.values())


def contested(board: BoardMap, order: tuple[str, ...]) -> list[str]:
    """Territories holding two or more clans, in `order`."""
    return [t for t in order if len(board.get(t, {})) >= 2]
