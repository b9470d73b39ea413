"""Computer players: baseline random/busy players and the easy/normal/hard levels tables offer."""

from engine.ai.basic import (
    BUSY_PASSIVE_PER_MILLE,
    PASSIVE_IDS,
    PASSIVE_PREFIXES,
    PLAYERS,
    BusyPlayer,
    RandomPlayer,
    choose_for,
    is_passive,
    make_player,
)
from engine.ai.levels import LEVELS, decide, decide_by_name

__all__ = [
    "BUSY_PASSIVE_PER_MILLE",
    "LEVELS",
    "PASSIVE_IDS",
    "PASSIVE_PREFIXES",
    "PLAYERS",
    "BusyPlayer",
    "RandomPlayer",
    "choose_for",
    "decide",
    "decide_by_name",
    "is_passive",
    "make_player",
]
