"""Events: what happened, as narration plus data, each with its audience."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.names import fill_names
from engine.core.phrases import Phrase, phrase_from_json


@dataclass(frozen=True, slots=True)
class Event:
    """A narration line and its data, and what it says as a catalog message (`phrase`, see engine.core.phrases).

    `text` is the English of the line, kept for logs written before phrases existed and for readers that
    have no catalog (tests, the arena); the front end says `phrase` in the reader's language when there is one.

    `visible_to` is None for a public event; otherwise the set of players who
    may see it. Public events never carry hidden data: a game that needs to say
    something private emits a second, private event.
    """

    text: str
    kind: str = "info"
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None
    phrase: Phrase | None = None

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
        out: dict[str, Any] = {
            "text": self.text,
            "kind": self.kind,
            "data": self.data,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }
        if self.phrase is not None:  # an event without words of its own is stored as it always was
            out["phrase"] = self.phrase.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        """Rebuild an event written by `to_json`."""
        vis = data.get("visible_to")
        said = data.get("phrase")
        return cls(
            text=data["text"],
            kind=data.get("kind", "info"),
            data=dict(data.get("data", {})),
            visible_to=None if vis is None else frozenset(int(p) for p in vis),
            phrase=None if said is None else phrase_from_json(said),
        )


def public_event(text: str, kind: str = "info", *, phrase: Phrase | None = None, **data: Any) -> Event:
    """A public event (`text` its English, `phrase` what it says in any language)."""
    return Event(text=text, kind=kind, data=data, phrase=phrase)


def private_event(players: int | set[int] | frozenset[int], text: str, kind: str = "info", *,
                  phrase: Phrase | None = None, **data: Any) -> Event:
    """An event only `players` may see."""
    who = frozenset([players]) if isinstance(players, int) else frozenset(players)
    return Event(text=text, kind=kind, data=data, visible_to=who, phrase=phrase)
