"""Whole games played by random legal moves, for the tests that read everything a game says in each language."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from engine import registry
from engine.core.actions import Action
from engine.core.events import Event

Prefer = Callable[[Action], bool]


def played(game_name: str, players: int, seed: int, options: Mapping[str, Any] | None = None, *,
           prefer: Prefer | None = None, keen: float = 0.0, steps: int = 20_000) -> Iterator[tuple[Any, list[Event]]]:
    """Each state of one game played by random legal moves, with the events that led to it (the setup events
    with the first). With `prefer`, a move it accepts is taken with probability `keen` when there is one, so that
    a game's rarer moments (battles, crafts) are reached more often than by a uniform choice."""
    game = registry.get(game_name)
    state = game.new_game(players, seed, dict(options or {}))
    rng = random.Random(seed)
    yield state, list(game.setup_events(state))
    for _ in range(steps):
        pending = game.pending(state)
        if game.outcome(state) is not None or not pending:
            return
        player = pending[0].player
        legal = game.legal_actions(state, player)
        liked = [a for a in legal if prefer(a)] if prefer is not None and keen > 0 else []
        state, new = game.apply(state, player, rng.choice(liked if liked and rng.random() < keen else legal))
        yield state, list(new)


def played_events(game_name: str, players: int, seed: int, options: Mapping[str, Any] | None = None, *,
                  prefer: Prefer | None = None, keen: float = 0.0, steps: int = 20_000) -> list[Event]:
    """Every event of one game played as `played` plays it, setup events first."""
    return [event for _, events in played(game_name, players, seed, options, prefer=prefer, keen=keen, steps=steps)
            for event in events]
