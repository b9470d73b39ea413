"""The game state of Gnome Tribes: one tree of mutable dataclasses with JSON-safe leaves.

This is the state template of docs/architecture.md: `engine.core.state_tree` clones, dumps and
loads it with no code here; `apply` clones once and mutates the clone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import state_tree
from engine.tribes.war_state import BattleRecord, War

SCHEMA = 1

POSTS = ("research", "espionage", "assassination", "guards")
DENOMINATIONS = (0, 1, 2, 5, 10, 20)
MAX_ARMIES = 16  # per tribe (R-T1)
MAX_STACK = 5  # per territory (§10)
MAX_GNOMLAB = 1


@dataclass
class Player:
    """One player's tribe, money, posts, cards and VP. Purse, posts, zeros and hand are secret (§15)."""

    tribe: str
    purse: int = 10  # R-T9
    zeros: int = 3  # 0-GG bills in hand (R-T2)
    posts: dict[str, list[int]] = field(default_factory=lambda: {p: [] for p in POSTS})
    hand: list[str] = field(default_factory=list)  # card instances, in the order received
    vp: int = 0


@dataclass
class Area:
    """One territory on the board: who controls it, how many armies, how many of them moved."""

    controller: int | None = None
    armies: int = 0
    moved: int = 0


@dataclass
class Options:
    """The table's options as the engine uses them (validated by setup)."""

    turbo: bool = False  # turboGnom (§3)
    escargnom: bool = False
    gnomicide: bool = False
    gnompax_cap: int = 30  # R-T44
    tribe_pick: str = "join"  # "join" (join order) or "random"


@dataclass
class InvestmentOrder:
    """A Phase 2 order: recruits per territory and bills added per post (§6)."""

    recruits: dict[str, int] = field(default_factory=dict)
    bills: dict[str, list[int]] = field(default_factory=dict)


@dataclass
class LaunchOrder:
    """A Phase 3 launch order (§7.2): espionage target, assassination target and post (None = none)."""

    espionage: int | None = None
    assassination: int | None = None
    assassination_post: str | None = None


@dataclass
class Draft:
    """A private order under construction, step by step (§15.1).

    `path` holds the choices of the unfinished step (e.g. ["recruit", "wheatburg"]); `done` is True
    once the player confirmed (the order is then sealed until the reveal).
    """

    path: list[str] = field(default_factory=list)
    investment: InvestmentOrder = field(default_factory=InvestmentOrder)
    launch: LaunchOrder = field(default_factory=LaunchOrder)
    done: bool = False
    history: list[str] = field(default_factory=list)  # the parts added, in order, so undo takes the last back


@dataclass
class VoteState:
    """A goal vote in progress or finished (§12.2-12.3)."""

    order: list[int] = field(default_factory=list)  # voters, in voting order
    ballots: dict[int, int] = field(default_factory=dict)  # voter -> goal 1..6 (absent = abstained)
    abstained: list[int] = field(default_factory=list)
    result: int | None = None
    revote: bool = False
    excluded: int | None = None  # the player named by Gnom'But
    gnombut_answers: dict[int, str] = field(default_factory=dict)  # sealed keep/cancel answers
    first_result: int | None = None  # the result Gnom'But cancelled, kept for the record


@dataclass
class TribesState:
    """Everything about one game of Gnome Tribes."""

    player_count: int
    seed: int
    rng: int
    options: Options
    players: list[Player]  # by player index (join order)
    seat_order: list[int]  # player indices in seat order (drawn at setup, R-T8)
    areas: dict[str, Area]  # every territory of the board
    deck: list[str]  # top first
    discard: list[str] = field(default_factory=list)
    turn: int = 1
    phase: str = "investment"
    drafts: dict[int, Draft] = field(default_factory=dict)  # secret phases: player -> draft
    research_queue: list[int] = field(default_factory=list)  # researchers still to draw this turn
    exchange_drawer: int | None = None  # who must answer the Exchange choice now
    gnompax_turn: int | None = None
    gnompax_forced: bool = False  # R-T44
    vote: VoteState | None = None
    goal: int | None = None
    war_index: int = 0  # position in this turn's order of the Phase 4 active player
    war: War | None = None
    last_battle: BattleRecord | None = None  # the last combat, drawn on the board
    end_reason: str | None = None  # "goal" once finished
    setup_events: list[dict[str, object]] = field(default_factory=list)  # new_game's events, as JSON

    def turn_order(self) -> list[int]:
        """Player indices in this turn's order: seat (turn - 1) mod n first (R-T8)."""
        n = self.player_count
        start = (self.turn - 1) % n
        return [self.seat_order[(start + i) % n] for i in range(n)]


def clone(state: TribesState) -> TribesState:
    """A copy apply() may change freely."""
    return state_tree.clone(state)


def dump_state(state: TribesState) -> dict[str, Any]:
    """A JSON-safe snapshot with this game's schema version."""
    return state_tree.dump_snapshot(state, SCHEMA)


def load_state(data: dict[str, Any]) -> TribesState:
    """The state written by dump_state; IllegalAction for a snapshot of another schema or shape."""
    return state_tree.load_snapshot(TribesState, data, SCHEMA)
