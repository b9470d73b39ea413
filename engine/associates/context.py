"""The working context of one apply(): the state copy, its generator and the events emitted."""

from __future__ import annotations

from typing import Any

from engine.associates.state import State
from engine.core.events import Event, private_event, public_event
from engine.core.phrases import Phrase
from engine.core.rng import Rng


class Ctx:
    """Mutable scratch for one apply: `s` is the (already copied) state being changed."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.rng = Rng(s.rng)
        self.events: list[Event] = []

    def say(self, text: str, kind: str = "info", *, phrase: Phrase, **data: Any) -> None:
        """Emit a public event: `text` its English, `phrase` what it says in any language (engine.core.phrases)."""
        self.events.append(public_event(text, kind, phrase=phrase, **data))

    def tell(self, players: int | set[int], text: str, kind: str = "info", *, phrase: Phrase, **data: Any) -> None:
        """Emit an event only `players` see, with its English `text` and its `phrase`."""
        self.events.append(private_event(players, text, kind, phrase=phrase, **data))

    def close(self) -> None:
        """Write the generator state back into the state."""
        self.s.rng = self.rng.state
