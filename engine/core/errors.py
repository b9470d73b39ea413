"""The engine's exception family: every rejected input is an IllegalAction."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.phrases import Phrase


class EngineError(Exception):
    """Base of every exception the engine raises on purpose."""


class IllegalAction(EngineError):
    """A rejected input: `.message` is safe to show the player, `.code` is stable (E_*), `.phrase` the message as
    words of the game's catalog for a reader of any language (None: the message only)."""

    def __init__(self, message: str, code: str = "E_ILLEGAL", phrase: Phrase | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.phrase = phrase

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a choice would be refused: the English message and the same words as a phrase of the game's catalog."""

    message: str
    phrase: Phrase

    def refusal(self, code: str) -> IllegalAction:
        """The refusal saying this problem, under the stable `code`."""
        return IllegalAction(self.message, code, phrase=self.phrase)
