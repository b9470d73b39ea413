"""Events: what happened, as narration plus data, each with its audience."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.names import fill_names


@dataclass(frozen=True, slots=True)
class Event:
    """A narration line and its data.

    `visible_to` is None for a public event; otherwise the set of players who
    may see it. Public events never carry hidden data: a game that needs to say
    something private emits a second, private event.
    """

    text: str
    kind: str = "info"
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    @property
    def public(self) -> bool:
        """True when everyone, spectators included, may see this event."""
        return self.visible_to is None

    def visible_for(self, viewer: int | None) -> bool:
        """Whether `viewer` (None = spectator) may see this event."""
        return self.visible_to is None or (viewer is not None and viewer in self.visible_to)

    def render(self, names: Mapping[int, str]) -> str:
        """The text with its player placeholders (`{p2}`) replaced by `names` (see engine.core.names)."""
        return fill_names(self.text, names)

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON-safe dict."""
        return {
            "text": self.text,
            "kind": self.kind,
            "data": self.data,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        """Rebuild an event written by `to_json`."""
        vis = data.get("visible_to")
        return cls(
            text=data["text"],
            kind=data.get("kind", "info"),
            data=dict(data.get("data", {})),
            visible_to=None if vis is None else frozenset(int(p) for p in vis),
        )


def public_event(text: str, kind: str = "info", **data: Any) -> Event:
    """A public event."""
    return Event(text=text, kind=kind, data=data)


def private_event(players: int | set[int] | frozenset[int], text: str, kind: str = "info", **data: Any) -> Event:
    """An event only `players` may see."""
    who = frozenset([players]) if isinstance(players, int) else frozenset(players)
    return Event(text=text, kind=kind, data=data, visible_to=who)
