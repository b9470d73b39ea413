"""Shared wording checks: player-facing engine text carries no engine identifier.

`identifier_problems(text)` names what looks like an id: snake_case tokens (`brigands_goblin`), card codes
(`red_1`, `n07`, `c-bri-21-war_cry`), 0-based player or seat numbers (`player 2`, `Seat 0`), raw
dicts or `key: value` dumps, and reason codes. `play_out` drives a random game and hands every state
and every event to a checker.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from engine.ai import BusyPlayer
from engine.core.events import Event
from engine.core.game import Game
from engine.core.names import fill_names

_PATTERNS = {
    "snake_case id": re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b"),
    "card code": re.compile(r"\b(?:[a-z]+_\d+|n\d\d|c-[a-z]+-\d+\S*)\b"),
    "player number": re.compile(r"\b(?:player|seat)\s*#?\d", re.IGNORECASE),
    "raw data": re.compile(r"[{}\[\]]|\b(?:kind|triples|cards|keep|seat|draft|done):\s"),
    "reason code": re.compile(r"\((?:round_limit|turn_cap|mission|objectives)\)"),
}

NAMES = {p: f"Name{chr(65 + p)}" for p in range(8)}


def identifier_problems(text: str) -> list[str]:
    """What in `text` looks like an engine identifier, as 'kind: match' strings (empty when clean)."""
    filled = fill_names(text, NAMES)
    return [f"{kind}: {m.group(0)!r} in {text!r}" for kind, rx in _PATTERNS.items() for m in rx.finditer(filled)]


def play_out(game: Game[Any], players: int, seed: int, limit: int = 4000,
             options: dict[str, Any] | None = None) -> Iterator[tuple[Any, list[Event]]]:
    """Yield (state, events of the move that led there) along one busy random game, setup events first."""
    state = game.new_game(players, seed, options)
    yield state, game.setup_events(state)
    ais = {p: BusyPlayer(seed * 31 + p) for p in range(players)}
    for _ in range(limit):
        pending = game.pending(state)
        if not pending:
            return
        p = pending[0].player
        action = ais[p].choose(game, state, p)
        state, events = game.apply(state, p, action)
        yield state, events


def check_all(items: Iterator[str], check: Callable[[str], list[str]] = identifier_problems) -> list[str]:
    """Every problem found in `items`."""
    return [problem for text in items for problem in check(text)]
