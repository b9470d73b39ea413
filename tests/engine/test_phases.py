"""The phase-table base (engine.core.phases): the contract a PhasedGame derives from its table and hooks."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine.core.actions import Action
from engine.core.decisions import DecisionKind
from engine.core.errors import IllegalAction
from engine.core.events import Event, public_event
from engine.core.options import OptionSpec
from engine.core.outcome import Outcome
from engine.core.phases import PhasedGame, PhaseRules, run_phases

BID, TALLY, OVER = "bid", "tally", "over"
GOAL = 10


@dataclass
class CountState:
    phase: str = BID
    bids: dict[int, int] = field(default_factory=dict)
    total: int = 0


@dataclass(frozen=True, slots=True)
class Bid:
    amount: int


def parse(action_id: str) -> Bid:
    head, _, amount = action_id.partition(":")
    if head not in ("bid", "big") or not amount.isdigit():
        raise IllegalAction("Unknown order.", "E_UNKNOWN_ACTION")
    return Bid(int(amount))


def _waiting(state: CountState) -> list[int]:
    return [p for p in (0, 1) if p not in state.bids]


def _legal(state: CountState, player: int) -> list[Action]:
    return [Action(f"bid:{n}", f"Bid {n}") for n in (1, 2, 3)] if player in _waiting(state) else []


def _check(state: CountState, player: int, action: Action) -> None:
    if not 1 <= parse(action.id).amount <= 9:
        raise IllegalAction("Bid 1 to 9.", "E_BID")


def _apply(state: CountState, player: int, action: Action, events: list[Event]) -> None:
    state.bids[player] = parse(action.id).amount


def _complete(state: CountState, events: list[Event]) -> None:
    state.total += sum(state.bids.values())
    state.bids = {}
    state.phase = TALLY
    events.append(public_event(f"The total is {state.total}.", "info"))


def _tally(state: CountState, events: list[Event]) -> None:
    state.phase = OVER if state.total >= GOAL else BID


BID_RULES = PhaseRules(
    kind=DecisionKind.SIMULTANEOUS, waiting=_waiting, prompt=lambda s, p: "Bid.", legal=_legal, apply=_apply,
    timeout=lambda s, p: Action("bid:1", "Bid 1"), describe=lambda s, p: [f"Total {s.total}."],
    complete=_complete, typed_prefixes=("big:",), check=_check, parse=parse,
)


class CountGame(PhasedGame[CountState]):
    name = "count"
    phase_table: Mapping[str, PhaseRules[CountState]] = {BID: BID_RULES}

    def phase_of(self, state: CountState) -> str:
        return state.phase

    def clone(self, state: CountState) -> CountState:
        return copy.deepcopy(state)

    def advance(self, state: CountState, events: list[Event]) -> None:
        run_phases(self.phase_table, self.phase_of, {TALLY: _tally}, OVER, state, events)

    def options(self) -> list[OptionSpec]:
        return []

    def new_game(self, players: int, seed: int, options: dict[str, Any] | None = None) -> CountState:
        return CountState()

    def view(self, state: CountState, player: int | None) -> dict[str, Any]:
        return {"game": self.name, "players": 2, "round": 0, "pending": _waiting(state), "factions": {}}

    def outcome(self, state: CountState) -> Outcome | None:
        return Outcome(ranking=((0, 1),), scores={}, reason="goal") if state.phase == OVER else None

    def dump(self, state: CountState) -> dict[str, Any]:
        return {"phase": state.phase, "bids": dict(state.bids), "total": state.total}

    def load(self, data: dict[str, Any]) -> CountState:
        return CountState(data["phase"], dict(data["bids"]), data["total"])


GAME = CountGame()


def test_pending_and_menus_come_from_the_row() -> None:
    state = GAME.new_game(2, 0)
    assert [(d.player, d.kind, d.prompt) for d in GAME.pending(state)] == [
        (0, DecisionKind.SIMULTANEOUS, "Bid."), (1, DecisionKind.SIMULTANEOUS, "Bid.")]
    assert [a.id for a in GAME.legal_actions(state, 0)] == ["bid:1", "bid:2", "bid:3"]
    assert GAME.describe_private(state, 1) == ["Total 0."]


def test_apply_changes_a_copy_then_completes_the_phase_and_runs_the_automatic_step() -> None:
    state = GAME.new_game(2, 0)
    after_one, events = GAME.apply(state, 0, Action("bid:3"))
    assert state.bids == {} and after_one.bids == {0: 3} and events == []
    after_both, events = GAME.apply(after_one, 1, Action("bid:2"))
    assert after_one.bids == {0: 3}
    assert (after_both.phase, after_both.total, after_both.bids) == (BID, 5, {})
    assert [e.text for e in events] == ["The total is 5."]


def test_the_game_ends_when_the_automatic_step_says_so() -> None:
    state = CountState(bids={0: 9}, total=5)
    over, _ = GAME.apply(state, 1, Action("bid:1"))
    assert over.phase == OVER and GAME.pending(over) == [] and GAME.is_over(over)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(over, 0, Action("bid:1"))
    assert refused.value.code == "E_GAME_OVER"


def test_a_refusal_comes_from_the_check_and_changes_nothing() -> None:
    state = GAME.new_game(2, 0)
    before = GAME.dump(state)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action("big:12"))
    assert (refused.value.code, refused.value.message) == ("E_BID", "Bid 1 to 9.")
    assert GAME.dump(state) == before


def test_parse_action_accepts_offered_ids_and_valid_typed_orders_only() -> None:
    state = GAME.new_game(2, 0)
    assert GAME.parse_action(state, 0, "bid:2").label == "Bid 2"
    assert GAME.parse_action(state, 0, "big:7").id == "big:7"
    with pytest.raises(IllegalAction) as not_typed:
        GAME.parse_action(state, 0, "bid:7")  # the check accepts 7, but only `big:` orders may go beyond the menu
    assert not_typed.value.code == "E_UNKNOWN_ACTION"
    with pytest.raises(IllegalAction) as too_high:
        GAME.parse_action(state, 0, "big:12")
    assert too_high.value.code == "E_BID"
    assert GAME.is_typed_order("big:4") and not GAME.is_typed_order("bid:4")


def test_a_player_who_already_answered_is_not_pending() -> None:
    state, _ = GAME.apply(GAME.new_game(2, 0), 0, Action("bid:1"))
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action("bid:2"))
    assert refused.value.code == "E_NOT_YOUR_TURN"
    with pytest.raises(IllegalAction):
        GAME.timeout_action(state, 0)
    assert GAME.timeout_action(state, 1).id == "bid:1"
    assert GAME.legal_actions(state, 0) == [] and GAME.auto_step(state, 1) is None


def test_without_a_check_the_refusal_is_found_on_a_throwaway_copy() -> None:
    def picky(state: CountState, player: int, action: Action, events: list[Event]) -> None:
        state.bids[player] = -1  # a change the refusal below must not leave behind
        raise IllegalAction("Not that one.", "E_PICKY")

    class Picky(CountGame):
        phase_table: Mapping[str, PhaseRules[CountState]] = {
            BID: PhaseRules(BID_RULES.kind, _waiting, BID_RULES.prompt, _legal, picky, BID_RULES.timeout,
                            BID_RULES.describe)}

    state = CountState()
    with pytest.raises(IllegalAction) as refused:
        Picky().apply(state, 0, Action("bid:9"))
    assert refused.value.code == "E_PICKY" and state.bids == {}


def test_parse_step_reads_the_rows_grammar() -> None:
    assert GAME.parse_step(CountState(), "bid:2") == Bid(2)
    with pytest.raises(IllegalAction):
        GAME.parse_step(CountState(), "nonsense")


def test_run_phases_refuses_an_unknown_phase() -> None:
    with pytest.raises(AssertionError):
        run_phases(GAME.phase_table, GAME.phase_of, {}, OVER, CountState(phase="nowhere"), [])
