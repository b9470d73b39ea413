"""VendettaGame: the engine contract (engine.core.Game) for Garden Gnomes: Violent Vendetta."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import Game, not_offered
from engine.core.options import OptionSpec
from engine.core.outcome import Outcome
from engine.core.picks import FinalReport, MultiPick
from engine.core.timeouts import DAY, MINUTE, RulesTimer, TimeoutRules
from engine.vendetta import describe
from engine.vendetta.actions import (
    PASS_ID,
    TYPED_PREFIXES,
    combat_actions,
    default_choice,
    movement_actions,
    objective_actions,
    phase_of,
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
    clans_of,
)
from engine.vendetta.objectives import NEUTRAL_IDS
from engine.vendetta.scoring import state_outcome
from engine.vendetta.setup import new_state, option_specs
from engine.vendetta.state import (
    PHASE_COMBAT,
    PHASE_FINISHED,
    PHASE_MOVEMENT,
    PHASE_OBJECTIVES,
    VendettaState,
    clone,
    contested,
    dump_state,
    load_state,
    on_board,
)
from engine.vendetta.view import pending_players, player_view, public_view

_HANDLERS = {
    PHASE_OBJECTIVES: apply_objectives,
    PHASE_MOVEMENT: apply_movement,
    PHASE_COMBAT: apply_combat,
}


class VendettaGame(Game[VendettaState]):
    """Garden Gnomes: Violent Vendetta for 2–6 players (2 players run 2 or 3 clans each)."""

    name = "vendetta"
    title = "Garden Gnomes: Violent Vendetta"
    player_range = (2, 6)

    def options(self) -> list[OptionSpec]:
        """scoring, clans_per_player, objectives_kept, round_limit (spec §4.1)."""
        return option_specs()

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> VendettaState:
        """A game in its secret objective choice; its setup events are in `setup_events(state)`."""
        return new_state(players, seed, options)

    def setup_events(self, state: VendettaState) -> list[Event]:
        """The events of game creation (clans in play, seats, first seat, the private deals)."""
        return [Event.from_json(e) for e in state.setup_events]

    def pending(self, state: VendettaState) -> list[Decision]:
        """Players who must act: all choosers at setup, else the mover or the combat declarer."""
        if state.phase == PHASE_OBJECTIVES:
            return [
                Decision(p, DecisionKind.SIMULTANEOUS, "Choose your secret objectives.")
                for p in pending_players(state)
            ]
        seat = current_mover(state)
        if seat is not None:
            return [Decision(state.owner[seat], DecisionKind.TURN, f"Move the {CLANS[seat].name} clan.")]
        seat = current_declarer(state)
        if seat is not None and state.combat is not None:
            where = load_board().name(state.combat["territory"])
            return [Decision(state.owner[seat], DecisionKind.TURN,
                             f"Aim the dice of {CLANS[seat].name} on {where}.")]
        return []

    def legal_actions(self, state: VendettaState, player: int) -> list[Action]:
        """The current draft step's menu for `player`; empty when not pending."""
        if player not in pending_players(state):
            return []
        if state.phase == PHASE_OBJECTIVES:
            return objective_actions(state, active_objective_clan(state, player))
        seat = current_mover(state)
        if seat is not None:
            return movement_actions(state, seat)
        seat = current_declarer(state)
        return combat_actions(state, seat) if seat is not None else []

    def parse_action(self, state: VendettaState, player: int, action_id: str) -> Action:
        """A listed action, or a typed whole declaration (decl:/atk:/choose:) that apply() accepts."""
        legal = self.legal_actions(state, player)
        for action in legal:
            if action.id == action_id:
                return action
        try:
            action = Action(action_id)
        except ValueError:
            raise IllegalAction("That command is too long.", "E_UNKNOWN_ACTION") from None
        self.apply(state, player, action)  # raises the precise E_* code when illegal
        if not self.is_typed_order(action_id):
            raise not_offered(legal)  # only typed orders go beyond the menus
        return action

    def is_typed_order(self, action_id: str) -> bool:
        """Whole declarations typed in one go (decl:/atk:/choose:); every other id must be offered."""
        return action_id.startswith(TYPED_PREFIXES)

    def apply(self, state: VendettaState, player: int, action: Action) -> tuple[VendettaState, list[Event]]:
        """The new state after `player` takes `action`; the input state is never changed."""
        if state.phase == PHASE_FINISHED:
            raise IllegalAction("The game is over.", "E_GAME_OVER")
        phase = phase_of(action.id)
        if phase is not None and phase != state.phase:
            raise IllegalAction(f"That is not possible during the {state.phase} phase.", "E_PHASE")
        new = clone(state)
        events: list[Event] = []
        _HANDLERS[state.phase](new, player, action.id, events)
        return new, events

    def view(self, state: VendettaState, player: int | None) -> dict[str, Any]:
        """Public view (None) or public plus `player`'s secrets; the shape is documented in view.py."""
        return public_view(state) if player is None else player_view(state, player)

    def outcome(self, state: VendettaState) -> Outcome | None:
        """Ranking and scores once the game is over (spec §8)."""
        return state_outcome(state)

    def timeout_action(self, state: VendettaState, player: int) -> Action:
        """R-V34: default objectives, pass, or all dice at the largest opponent."""
        if player not in pending_players(state):
            raise IllegalAction("You have nothing to decide right now.", "E_NOT_YOUR_TURN")
        if state.phase == PHASE_OBJECTIVES:
            clan = active_objective_clan(state, player)
            return Action(f"choose:{clan}:{','.join(default_choice(state, clan))}", "Keep the suggested objectives")
        if state.phase == PHASE_MOVEMENT:
            return Action(PASS_ID, "Pass (do not move)")
        seat = current_declarer(state)
        assert seat is not None and state.combat is not None
        here = state.board[state.combat["territory"]]
        target = default_target(here, seat, state.seats)
        return Action(f"all:{target}", f"All {here[seat]} dice at {CLANS[target].name}")

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

    def round_number(self, state: VendettaState) -> int:
        """The current round (0 during the objective choice)."""
        return state.round

    # -- the game in words (describe.py) ----------------------------------------------

    def player_name(self, state: VendettaState, player: int) -> str:
        """The clans `player` plays, by name ("Dingleson & McDingle")."""
        return describe.player_name(state, player)

    def describe_private(self, state: VendettaState, player: int) -> list[str]:
        """Objective offer, picks or progress (pooled test, R-V27), tokens and the current draft."""
        return describe.describe_private(state, player)

    def multi_pick(self, state: VendettaState, player: int) -> MultiPick | None:
        """The objective choice as one 'keep K of 8' menu."""
        return describe.multi_pick(state, player)

    def pick_action(self, state: VendettaState, player: int, ids: Sequence[str]) -> Action:
        """The typed `choose:` order keeping exactly `ids`."""
        return describe.pick_action(state, player, ids)

    def auto_step(self, state: VendettaState, player: int) -> Action | None:
        """A sole destination, count or target of the draft being built; never a pass or confirmation."""
        return describe.auto_step(state, player)

    def shortcuts(self, state: VendettaState, player: int) -> list[Action]:
        """"All 4 gnomes to Grand Gnome Isle": the whole move in one typed `decl:` order."""
        return describe.shortcuts(state, player)

    def final_report(self, state: VendettaState) -> FinalReport | None:
        """Reason in words, points per clan, and every clan's objectives revealed (R-V26)."""
        return describe.final_report(state)

    def check_invariants(self, state: VendettaState) -> list[str]:
        """Broken invariants: gnome conservation (§2), stray contests, bad counts, bad secrets."""
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


GAME = VendettaGame()
