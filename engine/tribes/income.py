"""Phase 1 (spec §5): every player is paid 5 GG plus 1 GG per territory he controls."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.events import Event, public_event
from engine.core.phrases import Phrase, phrase
from engine.tribes import phases, words
from engine.tribes.common import controlled, joined, side
from engine.tribes.state import TribesState

BASE_INCOME = 5


def income_of(state: TribesState, player: int) -> int:
    """`player`'s income: 5 + territories controlled, cities (vacant ones too) and the Gnomlab included (§5.2)."""
    return BASE_INCOME + len(controlled(state, player))


def run_income(state: TribesState, events: list[Event]) -> None:
    """Pay every player at once (amounts are public, purses private), then open the investment (§6)."""
    paid = {p: income_of(state, p) for p in range(state.player_count)}
    for p, amount in paid.items():
        state.players[p].purse += amount
    order = state.turn_order()
    events.append(public_event(
        f"Turn {state.turn}, income: " + joined([f"{side(state, p)} {paid[p]} GG" for p in order]) + ".",
        "income", phrase=income_said(state, state.turn, {p: paid[p] for p in order}),
        turn=state.turn, income={str(p): paid[p] for p in order},
    ))
    state.drafts = {}
    state.phase = phases.INVESTMENT


def income_said(state: TribesState, turn: int, paid: Mapping[int, int]) -> Phrase:
    """The income line as a catalog phrase: `paid` is each player's income, in the turn order it is said in."""
    return phrase("income.paid", turn=turn, paid=words.joined(
        [phrase("income.tribe", tribe=words.tribe(state, p), gold=n) for p, n in paid.items()]))
