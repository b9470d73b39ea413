"""Shared steps of the draft-clearing tests of each game: build a draft, then look at what is offered."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.actions import CLEAR_ID, Action
from engine.core.game import Game


def offered_ids(game: Game[Any], state: Any, player: int) -> list[str]:
    """The ids of the menu `player` is offered now."""
    return [a.id for a in game.legal_actions(state, player)]


def take(game: Game[Any], state: Any, player: int, wanted: Callable[[str], bool]) -> Any:
    """The state after `player` takes the first offered action whose id `wanted` accepts."""
    for action in game.legal_actions(state, player):
        if wanted(action.id):
            return game.apply(state, player, action)[0]
    raise AssertionError(f"nothing wanted among {offered_ids(game, state, player)}")


def apply_id(game: Game[Any], state: Any, player: int, action_id: str) -> Any:
    """The state after `player` plays `action_id` read as a stored log entry is read (parse, then apply)."""
    return game.apply(state, player, game.parse_action(state, player, action_id))[0]


def check_clear(game: Game[Any], state: Any, player: int, discard: str) -> Any:
    """With `player`'s draft built: `discard` is not offered but still accepted, "Clear the draft" is offered,
    and once the draft is cleared `discard` is offered again. Returns the state after the clear."""
    ids = offered_ids(game, state, player)
    assert discard not in ids
    assert CLEAR_ID in ids
    clear = next(a for a in game.legal_actions(state, player) if a.id == CLEAR_ID)
    assert clear.label == "Clear the draft"
    apply_id(game, state, player, discard)  # a stored tap of an older game replays unchanged
    cleared = game.apply(state, player, Action(CLEAR_ID))[0]
    again = offered_ids(game, cleared, player)
    assert discard in again
    assert CLEAR_ID not in again
    return cleared


def timeout_ready(game: Game[Any], state: Any, player: int, legal: list[Action]) -> bool:
    """Whether the timeout default can be played: offered, or (while a built draft hides the taps that would
    drop it) still accepted, with "Clear the draft" offered in its place."""
    timeout = game.timeout_action(state, player)
    if timeout in legal:
        return True
    return Action(CLEAR_ID) in legal and game.parse_action(state, player, timeout.id) == timeout
