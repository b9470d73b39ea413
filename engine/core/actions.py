"""The move model: an Action is a stable id plus the label a player reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.phrases import Phrase, phrase_from_json

MAX_ID_LEN = 80
MAX_LABEL_LEN = 100

# Conventional ids for the two buttons every draft offers.
UNDO_ID = "undo"
CONFIRM_ID = "confirm"
# The id of "Clear the draft": what a built draft offers in place of the taps that would throw it away.
CLEAR_ID = "clear"
CLEAR_LABEL = "Clear the draft"


@dataclass(frozen=True, slots=True)
class Action:
    """One choice a player can make now.

    `id` is stable and short enough to live inside a Discord custom_id; the game
    parses it back with `Game.parse_action`. `label` is what a menu shows.
    Equality and hashing use the id only: two actions with the same id are the
    same move whatever their label says. `phrase` is the label as words of the
    game's catalog (engine.core.phrases), for a reader of any language; without
    one the label is shown as it is.
    """

    id: str
    label: str = ""
    phrase: Phrase | None = None

    def __post_init__(self) -> None:
        if not self.id or len(self.id) > MAX_ID_LEN:
            raise ValueError(f"action id must be 1..{MAX_ID_LEN} chars: {self.id!r}")
        if len(self.label) > MAX_LABEL_LEN:
            object.__setattr__(self, "label", self.label[: MAX_LABEL_LEN - 1] + "…")
        if not self.label:
            object.__setattr__(self, "label", self.id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-safe dict."""
        out: dict[str, Any] = {"id": self.id, "label": self.label}
        if self.phrase is not None:
            out["phrase"] = self.phrase.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """Rebuild an action written by `to_json`."""
        said = data.get("phrase")
        return cls(id=str(data["id"]), label=str(data.get("label", "")),
                   phrase=phrase_from_json(said) if said is not None else None)
