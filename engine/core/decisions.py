"""Pending decisions: who must act now, and what kind of choice it is."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.core.phrases import Phrase


class DecisionKind(StrEnum):
    """How a front end should present a decision."""

    TURN = "turn"  # the ordinary sequential turn of one player
    SIMULTANEOUS = "simultaneous"  # a secret choice several players make at once
    REACTION = "reaction"  # an opponent's window in the middle of someone's action
    SETUP = "setup"  # a one-off choice before play starts


@dataclass(frozen=True, slots=True)
class Decision:
    """One player who must act, with a short player-facing prompt (and the prompt as words of the game's
    catalog, `phrase`, for a reader of any language; None: the prompt only)."""

    player: int
    kind: DecisionKind
    prompt: str
    phrase: Phrase | None = None

    def to_json(self) -> dict[str, object]:
        """The decision as a JSON-safe dict."""
        return {"player": self.player, "kind": self.kind.value, "prompt": self.prompt}
