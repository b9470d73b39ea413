"""The working context of one apply(): the state copy, its generator and the events emitted."""

from __future__ import annotations

from typing import Any

from engine.associates.state import State
from engine.core.events import Event, private_event, public_event
from engine.core.rng import Rng


class Ctx:
    """Mutable scratch for one apply: `s` is the (already copied) state being changed."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.rng = Rng(s.rng)
        self.events: list[Event] = []

    def say(self, text: str, kind: str = "info", **data: Any) -> None:
        """Emit a public event."""
        self.events.append(public_event(text, kind, **data))

    def tell(self, players: int | set[int], text: str, kind: str = "info", **data: Any) -> None:
        """Emit an event only `players` see."""
        self.events.append(private_event(players, text, kind, **data))

    def close(self) -> None:
        """Write the generator state back into the state."""
        self.s.rng = self.rng.state
