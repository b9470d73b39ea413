"""Gnomehost's rules engine: pure game logic, no I/O, no asyncio, no Discord."""

from engine.core import (
    Action,
    Decision,
    DecisionKind,
    EngineError,
    Event,
    Game,
    IllegalAction,
    OptionSpec,
    Outcome,
)

__all__ = [
    "Action",
    "Decision",
    "DecisionKind",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "OptionSpec",
    "Outcome",
]
