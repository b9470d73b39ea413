"""The phases of a Gnome Tribes turn (spec §4) and the table entry each phase fills in.

`game.py` never dispatches on a phase with if/elif: it looks the phase up in `PHASE_TABLE`
(engine/tribes/flow.py builds it from the modules owning each phase) and calls the entry.
"""

from __future__ import annotations

# The generic row of the phase table; a Gnome Tribes row is a PhaseRules[TribesState].
from engine.core.phases import PhaseRules as PhaseRules

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

