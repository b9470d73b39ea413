"""The engine's exception family: every rejected input is an IllegalAction."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every exception the engine raises on purpose."""


class IllegalAction(EngineError):
    """A rejected input: `.message` is safe to show the player, `.code` is stable (E_*)."""

    def __init__(self, message: str, code: str = "E_ILLEGAL") -> None:
        super().__init__(message)
        self.message = message
        self.code = code

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"
