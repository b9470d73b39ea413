"""TribesGame: the engine contract (engine.core.Game) for Gnome Tribes v2.0 (spec docs/rules/tribes.md).

Every phase is one row of `engine.tribes.flow.PHASE_TABLE` (economy phases | war phases); the contract
methods (pending, legal_actions, apply, timeout_action, ...) come from engine.core.phases.PhasedGame,
which looks the current phase up and calls its row. `apply` clones the state once, lets the phase change
the clone, then `flow.advance` runs the automatic steps.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.options import OptionSpec
from engine.core.outcome import Outcome
from engine.core.phases import PhasedGame
from engine.core.phrases import CatalogName, Phrase
from engine.core.picks import FinalReport
from engine.core.timeouts import DAY, HOUR, RulesTimer, TimeoutRules
from engine.tribes import describe, goals, words
from engine.tribes.board import load_board
from engine.tribes.flow import PHASE_TABLE, advance
from engine.tribes.invariants import check
from engine.tribes.setup import new_state, option_specs, setup_phrase, stored
from engine.tribes.state import TribesState, clone, dump_state, load_state
from engine.tribes.view import player_view, public_view


class TribesGame(PhasedGame[TribesState]):
    """Gnome Tribes v2.0 for 2-4 players: secret orders, portals, an invention deck and a voted goal."""

    name = "tribes"
    title = "Gnome Tribes"
    player_range = (2, 4)  # R-T7
    faction_kind = "tribe"
    phase_table = PHASE_TABLE

    def phase_of(self, state: TribesState) -> str:
        """The phase of the turn (engine.tribes.phases)."""
        return state.phase

    def clone(self, state: TribesState) -> TribesState:
        """A deep copy of the state."""
        return clone(state)

    def advance(self, state: TribesState, events: list[Event]) -> None:
        """Complete answered phases and run the automatic steps (engine.tribes.flow.advance)."""
        advance(state, events)

    def options(self) -> list[OptionSpec]:
        """turbo, escargnom, gnomicide, gnompax_cap (20-60, default 30), tribe_pick (join or random)."""
        return option_specs()

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> TribesState:
        """A new game: seats and deck drawn, then the tribe pick (or, with random tribes, turn 1's investment)."""
        state = new_state(players, seed, options)
        events: list[Event] = []
        advance(state, events)  # with random tribes: turn 1's income, told with the setup
        state.setup_events += stored(events)
        return state

    def setup_events(self, state: TribesState) -> list[Event]:
        """Seat order, the shuffle, the tribes (when drawn), a turboGnom deal and turn 1's income, with their words."""
        return [replace(Event.from_json(e), phrase=setup_phrase(e, state)) for e in state.setup_events]

    def catalog_names(self) -> list[CatalogName]:
        """Tribes, territories, cards, posts, goals and counted armies and votes (engine.tribes.words)."""
        return words.names()

    def view(self, state: TribesState, player: int | None) -> dict[str, Any]:
        """Public view (None) or public plus `player`'s secrets under "you" (schema in view.py)."""
        return public_view(state) if player is None else player_view(state, player)

    def outcome(self, state: TribesState) -> Outcome | None:
        """Ranking by the voted goal with the §12.1 tie-breaks, once the countdown is over."""
        return goals.outcome(state)

    def timeout_rules(self) -> TimeoutRules:
        """R-T43 / §15.1 decision_timeout: 24 hours by default, 1 hour to 7 days, or off."""
        return TimeoutRules(decision=RulesTimer("decision timer", 24 * HOUR, HOUR, 7 * DAY, can_be_off=True,
                                                ruling="R-T43"))

    def dump(self, state: TribesState) -> dict[str, Any]:
        """JSON-safe snapshot with "schema"."""
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> TribesState:
        """The state written by dump()."""
        return load_state(data)

    def num_players(self, state: TribesState) -> int:
        """How many players sit at the table."""
        return state.player_count

    def factions(self, state: TribesState) -> dict[int, list[str]]:
        """player -> [tribe id] (empty before the tribe choice)."""
        return {i: [p.tribe] if p.tribe else [] for i, p in enumerate(state.players)}

    def faction_name(self, faction: str) -> str:
        """The tribe's name ("Marsh Gnomes")."""
        tribes = load_board().tribes
        return tribes[faction].name if faction in tribes else super().faction_name(faction)

    def round_number(self, state: TribesState) -> int:
        """The game turn."""
        return state.turn

    # -- the game in words --------------------------------------------------------------

    def player_name(self, state: TribesState, player: int) -> str:
        """The tribe `player` plays ("Plains Gnomes"); "" before the tribe choice."""
        return describe.player_name(state, player)

    def describe_private(self, state: TribesState, player: int) -> list[str]:
        """Purse, zero bills, posts, hand and VP, then the order being built."""
        return describe.describe_private(state, player)

    def describe_said(self, state: TribesState, player: int) -> list[Phrase]:
        """`describe_private`'s lines as catalog phrases, line for line."""
        return words.phrases(describe.describe_said(state, player))

    def final_report(self, state: TribesState) -> FinalReport | None:
        """Reason, each player's figures, and every purse, post and hand revealed (§12.4)."""
        return describe.final_report(state)

    def check_invariants(self, state: TribesState) -> list[str]:
        """Conservation of cards, armies and 0-GG bills; control, stacking and the flow (invariants.py)."""
        return check(state)


GAME = TribesGame()
