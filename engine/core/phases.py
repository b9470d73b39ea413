"""The phase-table base every game is written on: a table `phase -> PhaseRules` and the contract derived from it.

A game is a state machine. Each phase in which somebody decides is one `PhaseRules` row (who is asked,
their menu, how an answer changes the state, the timeout default, ...). `PhasedGame` derives the
engine.core.Game contract from the table, so no game dispatches on its phase with if/elif:

- `pending`, `legal_actions`, `timeout_action`, `describe_private`, `auto_step`, `multi_pick`,
  `pick_action`, `shortcuts` look the current phase up and call its row;
- `apply` checks the player may act (`require_turn`), refuses what the phase would not accept before
  anything changes (`validate`), clones the state once, lets the row change the clone, then runs
  `advance` (completed phases and automatic steps) until somebody must decide again;
- `parse_action` returns an offered action, or a typed whole order the phase accepts, and refuses
  anything else with the phase's own plain reason;
- `is_typed_order` is read from the rows' `typed_prefixes`.

A game supplies `phase_table`, `phase_of(state)` and `clone(state)`, and usually `advance` (its
automatic steps). The other hooks have defaults: `require_turn` (engine.core.game.require_pending)
and `validate` (offered ids and typed orders pass; the phase's `check` names the refusal).

Typed actions. A row receives an `Action`, whose id is text. Each game parses an id ONCE into a small
typed value (a frozen dataclass per kind of step, a union of them per game) in its own `ids`/`actions`
module, then `match`es on the value; no code slices ids or dispatches on `startswith`. Parsing never
looks at the state; checking a parsed value against the state is the row's `check` (which raises
IllegalAction and changes nothing), and `apply` performs a checked value.

The API of this module only grows: fields of `PhaseRules` and hooks of `PhasedGame` are added with
defaults, never renamed or removed.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import Game, not_offered, require_pending
from engine.core.phrases import Phrase, phrase
from engine.core.picks import MultiPick

S = TypeVar("S")

NOTHING_TO_DECIDE = "You have nothing to decide right now."


@dataclass(frozen=True, slots=True)
class PhaseRules(Generic[S]):
    """What one phase does for the contract methods of engine.core.Game.

    `apply` mutates the clone it is given (PhasedGame clones before calling), appends events, and
    raises IllegalAction leaving nothing half-done (it validates before it changes anything).
    `waiting` lists the players who must act now, in the order they are asked.
    """

    kind: DecisionKind
    waiting: Callable[[S], list[int]]
    prompt: Callable[[S, int], str]
    legal: Callable[[S, int], list[Action]]
    apply: Callable[[S, int, Action, list[Event]], None]
    timeout: Callable[[S, int], Action]
    describe: Callable[[S, int], list[str]]
    auto_step: Callable[[S, int], Action | None] | None = None
    # Runs when `waiting` is empty (every answer is in): reveals, tallies, moves to the next phase.
    complete: Callable[[S, list[Event]], None] | None = None
    label: str = ""  # "Phase 2: investment", for the view's phase_label
    # The prompt as words of the game's catalog (engine.core.phrases), read in any language; None: English only.
    prompt_phrase: Callable[[S, int], Phrase] | None = None
    # `describe`'s lines as phrases of the catalog, line for line; None: English only.
    describe_phrases: Callable[[S, int], list[Phrase]] | None = None
    # Optional front-end helpers of the contract (engine.core.Game): a 'pick k of n' menu and its one
    # action, and whole orders in one tap. Absent = the Game default (none).
    multi_pick: Callable[[S, int], MultiPick | None] | None = None
    pick_action: Callable[[S, int, Sequence[str]], Action] | None = None
    shortcuts: Callable[[S, int], list[Action]] | None = None
    # Heads of whole orders typed in one go that `apply` accepts although no menu lists them
    # (engine.core.Game.is_typed_order); a shortcut that is not an offered id must have one.
    typed_prefixes: tuple[str, ...] = ()
    # Raises the IllegalAction `apply` would raise for this action, changing nothing; None = the
    # refusal is found by applying the action to a throwaway copy.
    check: Callable[[S, int, Action], None] | None = None
    # The phase's id grammar: an action id -> its typed value (a frozen dataclass), IllegalAction
    # E_UNKNOWN_ACTION for an id it does not know. It reads the id only, never the state.
    parse: Callable[[str], object] | None = None
    # A draft one tap must not throw away: `draft_built` says whether the player's draft holds steps,
    # `discards` whether an action of `legal` would drop them (a pass, a default order), and `clear`
    # is the action that empties the draft. While a draft is built the discarding actions are left out
    # of the menu and `clear` is offered in their place; they are still accepted (stored games that
    # took them replay unchanged, and the timeout default stays legal).
    draft_built: Callable[[S, int], bool] | None = None
    discards: Callable[[S, int, Action], bool] | None = None
    clear: Callable[[S, int], Action] | None = None


class PhasedGame(Game[S]):
    """A Game whose contract methods are looked up in `phase_table` by the state's phase."""

    # Every deciding phase's row. A phase absent from the table is automatic or final: nobody is asked.
    phase_table: Mapping[str, PhaseRules[S]] = {}
    # The refusal of an id longer than any action id can be, in the game's words.
    too_long_message = "That order is too long."
    too_long_phrase = phrase("core.order-too-long")  # `too_long_message` in the reader's words

    @abstractmethod
    def phase_of(self, state: S) -> str:
        """The phase `state` is in (a key of `phase_table`, or an automatic/final phase)."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """A deep copy of `state` that `apply` may change freely."""

    def advance(self, state: S, events: list[Event]) -> None:
        """Complete finished phases and run automatic steps until a decision is pending or the game is over."""

    def rules(self, state: S) -> PhaseRules[S] | None:
        """The row of the phase `state` is in; None when nobody decides (the game is over)."""
        return self.phase_table.get(self.phase_of(state))

    def require_turn(self, state: S, player: int, action: Action) -> None:
        """Raise IllegalAction unless `player` may try an action now (default: he is pending)."""
        require_pending(self, state, player)

    def validate(self, state: S, player: int, action: Action, rules: PhaseRules[S]) -> None:
        """Raise the IllegalAction `apply` gives `action`, before anything changes.

        Offered ids pass; typed orders pass when the phase's `check` accepts them (without `check`, the
        phase's `apply` refuses them itself before it changes anything); anything else is refused with
        the phase's own reason when it has one, else with the list of what is offered.
        """
        legal = rules.legal(state, player)
        if action in legal or clears(rules, state, player, action):
            return
        if rules.typed_prefixes and action.id.startswith(rules.typed_prefixes):
            if rules.check is not None:
                rules.check(state, player, action)
            return
        if rules.check is not None:
            rules.check(state, player, action)
        else:
            rules.apply(self.clone(state), player, action, [])
        raise not_offered(legal)

    def parse_step(self, state: S, action_id: str) -> object:
        """The typed value `action_id` names in the current phase's grammar; IllegalAction when unknown."""
        rules = self.rules(state)
        if rules is None:
            raise IllegalAction("The game is over.", "E_GAME_OVER", phrase=phrase("core.game-over"))
        if rules.parse is None:
            raise NotImplementedError(f"phase {self.phase_of(state)!r} names no id grammar")
        return rules.parse(action_id)

    # -- the contract, derived from the table ------------------------------------------------

    def pending(self, state: S) -> list[Decision]:
        """Who must act now, with the phase's prompt."""
        rules = self.rules(state)
        if rules is None:
            return []
        said = rules.prompt_phrase
        return [Decision(p, rules.kind, rules.prompt(state, p), said(state, p) if said is not None else None)
                for p in rules.waiting(state)]

    def legal_actions(self, state: S, player: int) -> list[Action]:
        """One short step of `player`'s current decision; empty when he has none.

        While `player`'s draft holds steps, the choices that would throw it away are replaced by
        one "Clear the draft" choice (see `PhaseRules.draft_built`).
        """
        rules = self.rules(state)
        return [] if rules is None else offered(rules, state, player)

    def apply(self, state: S, player: int, action: Action) -> tuple[S, list[Event]]:
        """The state after `player` takes `action` (the input is never changed), with its events."""
        self.require_turn(state, player, action)
        rules = self.rules(state)
        if rules is None:
            raise IllegalAction("The game is over.", "E_GAME_OVER", phrase=phrase("core.game-over"))
        self.validate(state, player, action, rules)
        new = self.clone(state)
        events: list[Event] = []
        rules.apply(new, player, action, events)
        self.advance(new, events)
        return new, events

    def parse_action(self, state: S, player: int, action_id: str) -> Action:
        """An offered action, or a whole typed order of the current phase that `apply` accepts.

        Anything else is refused with the phase's own plain reason when it has one.
        """
        legal = self.legal_actions(state, player)
        for action in legal:
            if action.id == action_id:
                return action
        rules = self.rules(state)
        if rules is not None and rules.discards is not None:
            # a discarding choice left out of the menu while a draft is built is still a move of the phase
            for action in rules.legal(state, player):
                if action.id == action_id:
                    return action
        try:
            action = Action(action_id)
        except ValueError:
            raise IllegalAction(self.too_long_message, "E_UNKNOWN_ACTION", phrase=self.too_long_phrase) from None
        self.require_turn(state, player, action)
        rules = self.rules(state)
        if rules is None:
            raise IllegalAction("The game is over.", "E_GAME_OVER", phrase=phrase("core.game-over"))
        if rules.check is not None:
            self.validate(state, player, action, rules)
        else:
            self.apply(state, player, action)  # the phase refuses it in words unless it is a valid typed order
        if not self.is_typed_order(action_id):
            raise not_offered(legal)
        return action

    def is_typed_order(self, action_id: str) -> bool:
        """Whether `action_id` starts like a whole order some phase accepts typed in one go."""
        return any(rules.typed_prefixes and action_id.startswith(rules.typed_prefixes)
                   for rules in self.phase_table.values())

    def timeout_action(self, state: S, player: int) -> Action:
        """The phase's always-legal default for a pending player whose time ran out."""
        rules = self.rules(state)
        if rules is None or player not in rules.waiting(state):
            raise IllegalAction(NOTHING_TO_DECIDE, "E_NOT_YOUR_TURN", phrase=phrase("core.nothing-to-decide"))
        return rules.timeout(state, player)

    def describe_phase(self, state: S, player: int) -> list[str]:
        """The current draft of `player` in the phase's words; empty when he has none."""
        rules = self.rules(state)
        return [] if rules is None else rules.describe(state, player)

    def describe_private(self, state: S, player: int) -> list[str]:
        """`player`'s current draft in the phase's words (a game adds its standing secrets before it)."""
        return self.describe_phase(state, player)

    def describe_phase_said(self, state: S, player: int) -> list[Phrase]:
        """`describe_phase`'s lines as phrases, line for line (empty: the phase says them in English only)."""
        rules = self.rules(state)
        return [] if rules is None or rules.describe_phrases is None else rules.describe_phrases(state, player)

    def describe_said(self, state: S, player: int) -> list[Phrase]:
        """`describe_private`'s lines as phrases (a game that adds its secrets adds their phrases before these)."""
        return self.describe_phase_said(state, player)

    def auto_step(self, state: S, player: int) -> Action | None:
        """A draft step with one forward choice, when the phase offers one; never a pass or confirmation."""
        rules = self.rules(state)
        if rules is None or rules.auto_step is None or player not in rules.waiting(state):
            return None
        return rules.auto_step(state, player)

    def multi_pick(self, state: S, player: int) -> MultiPick | None:
        """The current step as one 'pick k of n' menu, when its phase offers one."""
        rules = self.rules(state)
        if rules is None or rules.multi_pick is None or player not in rules.waiting(state):
            return None
        return rules.multi_pick(state, player)

    def pick_action(self, state: S, player: int, ids: Sequence[str]) -> Action:
        """The one action making the whole pick `ids` of `multi_pick`."""
        rules = self.rules(state)
        if rules is None or rules.pick_action is None or self.multi_pick(state, player) is None:
            raise IllegalAction("There is nothing to pick right now.", "E_NO_PICK",
                                phrase=phrase("core.nothing-to-pick"))
        return rules.pick_action(state, player, ids)

    def shortcuts(self, state: S, player: int) -> list[Action]:
        """Whole orders in one tap, when the current phase offers them."""
        rules = self.rules(state)
        if rules is None or rules.shortcuts is None or player not in rules.waiting(state):
            return []
        return rules.shortcuts(state, player)


def offered(rules: PhaseRules[S], state: S, player: int) -> list[Action]:
    """The row's menu for `player`, with "Clear the draft" in place of the choices that discard a built draft."""
    legal = rules.legal(state, player)
    if (rules.draft_built is None or rules.discards is None or rules.clear is None or not legal
            or not rules.draft_built(state, player)):
        return legal
    discards = rules.discards
    kept = [a for a in legal if not discards(state, player, a)]
    if len(kept) == len(legal):
        return legal
    return [*kept, rules.clear(state, player)]


def clears(rules: PhaseRules[S], state: S, player: int, action: Action) -> bool:
    """Whether `action` is the row's "Clear the draft" and `player`'s draft holds steps to clear."""
    return (rules.clear is not None and rules.draft_built is not None and rules.draft_built(state, player)
            and action == rules.clear(state, player))


def run_phases(
    table: Mapping[str, PhaseRules[S]],
    phase_of: Callable[[S], str],
    automatic: Mapping[str, Callable[[S, list[Event]], None]],
    final: str,
    state: S,
    events: list[Event],
    max_steps: int = 10_000,
) -> None:
    """Run automatic steps and complete finished phases until a decision is pending or `final` is reached.

    A helper for `PhasedGame.advance`: `automatic` maps the phases nobody decides to the step that
    leaves them; a table phase whose `waiting` is empty runs its `complete`.
    """
    for _ in range(max_steps):
        phase = phase_of(state)
        if phase == final:
            return
        step = automatic.get(phase)
        if step is not None:
            step(state, events)
            continue
        rules = table.get(phase)
        if rules is None:
            raise AssertionError(f"unknown phase {phase!r}")
        if rules.waiting(state):
            return
        if rules.complete is None:
            raise AssertionError(f"phase {phase!r} waits for nobody and cannot complete")
        rules.complete(state, events)
    raise AssertionError("the phase flow did not settle")
