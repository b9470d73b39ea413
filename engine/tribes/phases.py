"""The phases of a Gnome Tribes turn (spec §4) and the table entry each phase fills in.

`game.py` never dispatches on a phase with if/elif: it looks the phase up in `PHASE_TABLE`
(engine/tribes/flow.py builds it from the modules owning each phase) and calls the entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.events import Event
from engine.core.picks import MultiPick

if TYPE_CHECKING:
    from engine.tribes.state import TribesState

# Setup: tribes picked in join order (§2, §15.1)
TRIBE = "tribe"
# Phases 1-3 and the end of the game (engine/tribes/economy, engine/tribes/goals)
INCOME = "income"  # automatic: flow.advance pays everyone and opens the investment
INVESTMENT = "investment"  # secret, simultaneous
LAUNCH = "launch"  # secret, simultaneous
RESEARCH = "research"  # automatic: flow.advance draws for the researchers still queued
EXCHANGE = "exchange"  # the drawer of Gnom'But (Exchange) picks an opponent or declines
VOTE = "vote"  # sequential, public
GNOMBUT = "gnombut"  # every card holder, secret: keep / cancel + named player
REVOTE = "revote"  # sequential, public
FINISHED = "finished"
# Phase 4 (engine/tribes/war)
PLAN = "plan"
DEFENCE = "defence"
CARDS = "cards"  # secret, simultaneous (all belligerents)
FLAK = "flak"
ORDER = "order"
RETREAT = "retreat"
MOVE_IN = "move_in"
DEPLOY = "deploy"
# Automatic marker: flow.advance starts Phase 4 with the first player of the turn order.
WAR_START = "war_start"
# Marker the war package sets when the active player's whole Phase 4 step is over:
# flow.advance then starts the next player's step or ends the turn.
WAR_STEP_DONE = "war_step_done"

SECRET_PHASES = frozenset({INVESTMENT, LAUNCH, GNOMBUT, CARDS})


@dataclass(frozen=True, slots=True)
class PhaseRules:
    """What one phase does for the contract methods of engine.core.Game.

    `apply` mutates the clone it is given (game.py clones before calling), appends events, and
    raises IllegalAction leaving nothing half-done (it validates before it changes anything).
    `waiting` lists the players who must act now, in the order they are asked.
    """

    kind: DecisionKind
    waiting: Callable[[TribesState], list[int]]
    prompt: Callable[[TribesState, int], str]
    legal: Callable[[TribesState, int], list[Action]]
    apply: Callable[[TribesState, int, Action, list[Event]], None]
    timeout: Callable[[TribesState, int], Action]
    describe: Callable[[TribesState, int], list[str]]
    auto_step: Callable[[TribesState, int], Action | None] | None = None
    # Runs when `waiting` is empty (every answer is in): reveals, tallies, moves to the next phase.
    complete: Callable[[TribesState, list[Event]], None] | None = None
    label: str = ""  # "Phase 2: investment", for the view's phase_label
    # Optional front-end helpers of the contract (engine.core.Game): a 'pick k of n' menu and its one
    # action, and whole orders in one tap. Absent = the Game default (none).
    multi_pick: Callable[[TribesState, int], MultiPick | None] | None = None
    pick_action: Callable[[TribesState, int, Sequence[str]], Action] | None = None
    shortcuts: Callable[[TribesState, int], list[Action]] | None = None
    # Heads of whole orders typed in one go that `apply` accepts although no menu lists them
    # (engine.core.Game.is_typed_order); a shortcut that is not an offered id must have one.
    typed_prefixes: tuple[str, ...] = ()
