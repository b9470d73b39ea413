"""TribesGame: the engine contract (engine.core.Game) for Gnome Tribes v2.0 (spec docs/rules/tribes.md).

Every phase is one row of `engine.tribes.flow.PHASE_TABLE` (economy phases | war phases): this class
looks the current phase up and calls its entry, never branching per phase itself. `apply` clones the
state once, lets the phase change the clone, then `flow.advance` runs the automatic steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.actions import Action
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import Game, not_offered, require_pending
from engine.core.options import OptionSpec
from engine.core.outcome import Outcome
from engine.core.picks import FinalReport, MultiPick
from engine.core.timeouts import DAY, HOUR, RulesTimer, TimeoutRules
from engine.tribes import describe, goals
from engine.tribes.flow import PHASE_TABLE, advance
from engine.tribes.invariants import check
from engine.tribes.phases import PhaseRules
from engine.tribes.setup import new_state, option_specs
from engine.tribes.state import TribesState, clone, dump_state, load_state
from engine.tribes.view import player_view, public_view


def _rules(state: TribesState) -> PhaseRules | None:
    return PHASE_TABLE.get(state.phase)


class TribesGame(Game[TribesState]):
    """Gnome Tribes v2.0 for 2-4 players: secret orders, portals, an invention deck and a voted goal."""

    name = "tribes"
    title = "Gnome Tribes"
    player_range = (2, 4)  # R-T7

    def options(self) -> list[OptionSpec]:
        """turbo, escargnom, gnomicide, gnompax_cap (20-60, default 30), tribe_pick (join or random)."""
        return option_specs()

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> TribesState:
        """A new game: seats and deck drawn, then the tribe pick (or, with random tribes, turn 1's investment)."""
        state = new_state(players, seed, options)
        events: list[Event] = []
        advance(state, events)  # with random tribes: turn 1's income, told with the setup
        state.setup_events += [e.to_json() for e in events]
        return state

    def setup_events(self, state: TribesState) -> list[Event]:
        """Seat order, the shuffle, the tribes (when drawn) and a turboGnom deal."""
        return [Event.from_json(e) for e in state.setup_events]

    def pending(self, state: TribesState) -> list[Decision]:
        """Who must act now, with the phase's prompt."""
        rules = _rules(state)
        if rules is None:
            return []
        return [Decision(p, rules.kind, rules.prompt(state, p)) for p in rules.waiting(state)]

    def legal_actions(self, state: TribesState, player: int) -> list[Action]:
        """One short step of `player`'s current decision; empty when he has none."""
        rules = _rules(state)
        return [] if rules is None else rules.legal(state, player)

    def apply(self, state: TribesState, player: int, action: Action) -> tuple[TribesState, list[Event]]:
        """The state after `player` takes `action` (the input is never changed), with its events."""
        require_pending(self, state, player)
        rules = _rules(state)
        assert rules is not None
        legal = rules.legal(state, player)
        if action not in legal and not action.id.startswith(rules.typed_prefixes):
            # let the phase say why in plain words (on a throwaway copy), else list what is offered
            rules.apply(clone(state), player, action, [])
            raise not_offered(legal)
        new = clone(state)
        events: list[Event] = []
        rules.apply(new, player, action, events)
        advance(new, events)
        return new, events

    def parse_action(self, state: TribesState, player: int, action_id: str) -> Action:
        """An offered action, or a whole typed order of the current phase that `apply` accepts.

        Anything else is refused with the phase's own plain reason when it has one.
        """
        legal = self.legal_actions(state, player)
        for action in legal:
            if action.id == action_id:
                return action
        try:
            action = Action(action_id)
        except ValueError:
            raise IllegalAction("That order is too long.", "E_UNKNOWN_ACTION") from None
        self.apply(state, player, action)  # raises the precise refusal unless it is a valid typed order
        if not self.is_typed_order(action_id):
            raise not_offered(legal)
        return action

    def is_typed_order(self, action_id: str) -> bool:
        """Whether `action_id` starts like a whole order some phase accepts typed in one go."""
        return any(rules.typed_prefixes and action_id.startswith(rules.typed_prefixes)
                   for rules in PHASE_TABLE.values())

    def view(self, state: TribesState, player: int | None) -> dict[str, Any]:
        """Public view (None) or public plus `player`'s secrets under "you" (schema in view.py)."""
        return public_view(state) if player is None else player_view(state, player)

    def outcome(self, state: TribesState) -> Outcome | None:
        """Ranking by the voted goal with the §12.1 tie-breaks, once the countdown is over."""
        return goals.outcome(state)

    def timeout_action(self, state: TribesState, player: int) -> Action:
        """R-T43 defaults (§15.1): pass, decline, abstain, keep, the first free tribe; the war's own defaults."""
        rules = _rules(state)
        if rules is None or player not in rules.waiting(state):
            raise IllegalAction("You have nothing to decide right now.", "E_NOT_YOUR_TURN")
        return rules.timeout(state, player)

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

    def auto_step(self, state: TribesState, player: int) -> Action | None:
        """A draft step with one forward choice (a single possible count), never a pass or confirmation."""
        rules = _rules(state)
        if rules is None or rules.auto_step is None or player not in rules.waiting(state):
            return None
        return rules.auto_step(state, player)

    def multi_pick(self, state: TribesState, player: int) -> MultiPick | None:
        """The current step as one 'pick k of n' menu, when its phase offers one."""
        rules = _rules(state)
        if rules is None or rules.multi_pick is None or player not in rules.waiting(state):
            return None
        return rules.multi_pick(state, player)

    def pick_action(self, state: TribesState, player: int, ids: Sequence[str]) -> Action:
        """The one action making the whole pick `ids` of `multi_pick`."""
        rules = _rules(state)
        if rules is None or rules.pick_action is None or self.multi_pick(state, player) is None:
            raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK")
        return rules.pick_action(state, player, ids)

    def shortcuts(self, state: TribesState, player: int) -> list[Action]:
        """Whole orders in one tap, when the current phase offers them."""
        rules = _rules(state)
        if rules is None or rules.shortcuts is None or player not in rules.waiting(state):
            return []
        return rules.shortcuts(state, player)

    def final_report(self, state: TribesState) -> FinalReport | None:
        """Reason, each player's figures, and every purse, post and hand revealed (§12.4)."""
        return describe.final_report(state)

    def check_invariants(self, state: TribesState) -> list[str]:
        """Conservation of cards, armies and 0-GG bills; control, stacking and the flow (invariants.py)."""
        return check(state)


GAME = TribesGame()
