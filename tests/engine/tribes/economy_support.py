"""Legal Tribes states for the economy tests (Phases 1-3, the vote), and a driver through the real game.

`table("PMK", turn=5)` is a started game whose players 0, 1, 2 play plains, mountain and marsh in that seat
order, with the full deck (so every invariant holds); `clear_board` empties it but for the cities' control.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.actions import Action
from engine.core.events import Event
from engine.tribes import GAME
from engine.tribes.board import load_board
from engine.tribes.setup import finish_setup, new_state
from engine.tribes.state import Area, TribesState, VoteState

LETTERS = {"P": "plains", "M": "mountain", "K": "marsh", "S": "swamp"}


def table(tribes: str = "PK", *, turn: int = 1, seed: int = 1, **options: Any) -> TribesState:
    """A started game: players in the order of `tribes` (letters P M K S), seats in player order."""
    state = new_state(len(tribes), seed, dict(options))
    for i, letter in enumerate(tribes):
        state.players[i].tribe = LETTERS[letter]
    finish_setup(state, [])
    state.seat_order = list(range(len(tribes)))
    state.turn = turn
    return state


def vote_of(state: TribesState) -> VoteState:
    """The goal vote under way in `state`; fails the test when there is none."""
    assert state.vote is not None, "no goal vote is under way"
    return state.vote


def clear_board(state: TribesState, armies: dict[str, tuple[int, int]] | None = None) -> None:
    """Only the cities' control and `armies` (territory -> (player, count)) stay on the board."""
    board = load_board()
    for t in board.order:
        keep = state.areas[t].controller if board.type_of(t) == "city" else None
        state.areas[t] = Area(controller=keep)
    for t, (player, count) in (armies or {}).items():
        state.areas[t] = Area(controller=player, armies=count)


def card_on_top(state: TribesState, *instances: str) -> None:
    """Move these card instances to the top of the deck, in this order (from wherever they are)."""
    for instance in instances:
        if instance in state.deck:
            state.deck.remove(instance)
        for p in state.players:
            if instance in p.hand:
                p.hand.remove(instance)
        if instance in state.discard:
            state.discard.remove(instance)
    state.deck[:0] = list(instances)


def give(state: TribesState, player: int, *instances: str) -> None:
    """Put these card instances into `player`'s hand (taken from the deck)."""
    for instance in instances:
        state.deck.remove(instance)
        state.players[player].hand.append(instance)


def post(state: TribesState, player: int, name: str, bills: list[int]) -> None:
    """Set a post's bills, keeping the player's three 0-GG bills conserved."""
    me = state.players[player]
    me.posts[name] = list(bills)
    me.zeros = 3 - sum(1 for p in me.posts.values() for b in p if b == 0)


def play(state: TribesState, player: int, *ids: str) -> tuple[TribesState, list[Event]]:
    """Apply the ids in turn for `player` through the real game; all the events."""
    events: list[Event] = []
    for action_id in ids:
        state, more = GAME.apply(state, player, GAME.parse_action(state, player, action_id))
        events += more
    return state, events


def dumped(state: TribesState) -> str:
    """The state as canonical JSON text."""
    return json.dumps(GAME.dump(state), sort_keys=True)


def public_texts(events: list[Event]) -> list[str]:
    """The texts of the public events."""
    return [e.text for e in events if e.public]


def action(action_id: str) -> Action:
    """An Action with this id."""
    return Action(action_id)
