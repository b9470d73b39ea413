"""VendettaGame: the engine contract (engine.core.Game) for Garden Gnomes: Violent Vendetta.

Every deciding phase is one row of `engine.vendetta.phases.PHASE_TABLE`; the contract methods (pending,
legal_actions, apply, timeout_action, ...) come from engine.core.phases.PhasedGame, which looks the phase
up and calls its row. Action ids are read once into typed steps (engine.vendetta.ids) and checked against
the state (engine.vendetta.handlers) before a copy of the state changes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.options import OptionSpec
from engine.core.outcome import Outcome
from engine.core.phases import PhasedGame, PhaseRules
from engine.core.phrases import CatalogName, Phrase, phrase
from engine.core.picks import FinalReport
from engine.core.timeouts import DAY, MINUTE, RulesTimer, TimeoutRules
from engine.vendetta import describe, report, words
from engine.vendetta.clans import CLANS
from engine.vendetta.flow import current_declarer, current_mover
from engine.vendetta.handlers import clans_of
from engine.vendetta.ids import AllDice, Attack, Choose, Declare, Pass, Step, parse, phase_of
from engine.vendetta.invariants import check
from engine.vendetta.phases import PHASE_TABLE
from engine.vendetta.scoring import state_outcome
from engine.vendetta.setup import new_state, option_specs, setup_phrase
from engine.vendetta.state import (
    PHASE_COMBAT,
    PHASE_FINISHED,
    PHASE_MOVEMENT,
    PHASE_OBJECTIVES,
    VendettaState,
    clone,
    dump_state,
    load_state,
)
from engine.vendetta.view import player_view, public_view

# The refusal of an action of another phase, by the phase in progress.
NOT_DURING = {
    PHASE_OBJECTIVES: phrase("refuse.not-during-objectives"),
    PHASE_MOVEMENT: phrase("refuse.not-during-movement"),
    PHASE_COMBAT: phrase("refuse.not-during-combat"),
}


class VendettaGame(PhasedGame[VendettaState]):
    """Garden Gnomes: Violent Vendetta for 2–6 players (2 players run 2 or 3 clans each)."""

    name = "vendetta"
    title = "Garden Gnomes: Violent Vendetta"
    player_range = (2, 6)
    faction_kind = "clan"
    phase_table = PHASE_TABLE
    too_long_message = "That command is too long."
    too_long_phrase = phrase("refuse.command-too-long")

    def phase_of(self, state: VendettaState) -> str:
        """objectives, movement, combat or finished."""
        return state.phase

    def clone(self, state: VendettaState) -> VendettaState:
        """A deep copy of the state."""
        return clone(state)

    def options(self) -> list[OptionSpec]:
        """scoring, clans_per_player, objectives_kept, round_limit (spec §4.1)."""
        return option_specs()

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> VendettaState:
        """A game in its secret objective choice; its setup events are in `setup_events(state)`."""
        return new_state(players, seed, options)

    def setup_events(self, state: VendettaState) -> list[Event]:
        """The events of game creation (clans in play, seats, first seat, the private deals), with their words."""
        return [replace(Event.from_json(e), phrase=setup_phrase(e, state)) for e in state.setup_events]

    def catalog_names(self) -> list[CatalogName]:
        """Clans, territories, objective cards and tokens (engine.vendetta.words)."""
        return words.names()

    def require_turn(self, state: VendettaState, player: int, action: Action) -> None:
        """Refuse any action once the game is over, an unknown id, and a step of another phase (§10).

        Whose turn it is and whether the clan is theirs are the phase's own checks, in the order of §10.
        """
        if state.phase == PHASE_FINISHED:
            raise IllegalAction("The game is over.", "E_GAME_OVER", phrase("refuse.game-over"))
        phase = phase_of(parse(action.id))
        if phase is not None and phase != state.phase:
            raise IllegalAction(f"That is not possible during the {state.phase} phase.", "E_PHASE",
                                NOT_DURING.get(state.phase))

    def validate(self, state: VendettaState, player: int, action: Action,
                 rules: PhaseRules[VendettaState]) -> None:
        """The phase's check: every id it accepts is an offered step or a typed whole declaration."""
        assert rules.check is not None
        rules.check(state, player, action)

    def apply_trusted(self, state: VendettaState, player: int,
                      action: Action) -> tuple[VendettaState, list[Event]]:
        """`apply`, without listing the menu and checking a whole order twice (a search applies tens of thousands).

        A whole order (a declaration, a choice of objectives, all dice at one clan, a pass) is checked again by
        the phase's own step, so only the phase and whose turn it is are checked before it; any other step takes
        `apply` itself.
        """
        self.require_turn(state, player, action)
        rules = self.rules(state)
        if rules is None or not _own_whole_order(state, player, parse(action.id)):
            return self.apply(state, player, action)
        new = clone(state)
        events: list[Event] = []
        rules.apply(new, player, action, events)
        return new, events

    def view(self, state: VendettaState, player: int | None) -> dict[str, Any]:
        """Public view (None) or public plus `player`'s secrets; the shape is documented in view.py."""
        return public_view(state) if player is None else player_view(state, player)

    def outcome(self, state: VendettaState) -> Outcome | None:
        """Ranking and scores once the game is over (spec §8)."""
        return state_outcome(state)

    def timeout_rules(self) -> TimeoutRules:
        """R-V34: an optional turn timer per pending decision, off by default (range: docs/rules/vendetta.md)."""
        # R-V34 gives no range: the bot allows 1 minute to 7 days (a ruling of its own, in the rules doc).
        return TimeoutRules(decision=RulesTimer("turn timer", None, MINUTE, 7 * DAY, can_be_off=True, ruling="R-V34"))

    def dump(self, state: VendettaState) -> dict[str, Any]:
        """JSON-safe snapshot with "schema"."""
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> VendettaState:
        """The state written by dump()."""
        return load_state(data)

    def num_players(self, state: VendettaState) -> int:
        """How many players sit at the table."""
        return state.players

    def factions(self, state: VendettaState) -> dict[int, list[str]]:
        """player -> the clan ids it controls."""
        return {p: clans_of(state, p) for p in range(state.players)}

    def faction_name(self, faction: str) -> str:
        """The clan's name ("Von Dingle" for the black clan)."""
        return CLANS[faction].name if faction in CLANS else super().faction_name(faction)

    def round_number(self, state: VendettaState) -> int:
        """The current round (0 during the objective choice)."""
        return state.round

    # -- the game in words (describe.py) ----------------------------------------------

    def player_name(self, state: VendettaState, player: int) -> str:
        """The clans `player` plays, by name ("Dingleson & McDingle")."""
        return describe.player_name(state, player)

    def describe_private(self, state: VendettaState, player: int) -> list[str]:
        """Objective offer, picks or progress (pooled test, R-V27), tokens, then the phase's current draft."""
        return describe.objective_lines(state, player) + self.describe_phase(state, player)

    def describe_said(self, state: VendettaState, player: int) -> list[Phrase]:
        """`describe_private`'s lines as catalog phrases, line for line: the objectives, then the phase's draft."""
        return describe.phrases(describe.objective_said(state, player)) + self.describe_phase_said(state, player)
    def final_report(self, state: VendettaState) -> FinalReport | None:
        """Reason in words, points per clan, and every clan's objectives revealed (R-V26)."""
        return report.final_report(state)

    def check_invariants(self, state: VendettaState) -> list[str]:
        """Broken invariants: gnome conservation (§2), stray contests, bad counts, bad secrets (invariants.py)."""
        return check(state)



def _own_whole_order(state: VendettaState, player: int, step: Step) -> bool:
    """Whether `step` is a whole order of the clan whose turn it is, led by `player` (the rest the step checks)."""
    match step:
        case Declare(clan=clan):
            return clan == current_mover(state) and state.owner.get(clan) == player
        case Pass():
            mover = current_mover(state)
            return mover is not None and state.owner[mover] == player
        case Choose(clan=clan):
            return state.owner.get(clan) == player and clan not in state.chosen
        case AllDice():
            declarer = current_declarer(state)
            return declarer is not None and state.owner[declarer] == player
        case Attack(clan=clan):
            return clan == current_declarer(state) and state.owner.get(clan) == player
    return False


GAME = VendettaGame()
