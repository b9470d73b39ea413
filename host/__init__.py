"""The table service: lobby, moves, AI seats, deadlines, recovery, history and undo, over db/ and engine/.

The Discord layer uses `TableService` (host.service), the result types of
host.results, the errors of host.errors and implements `Notifier` (host.notifier).
Nothing in host/ imports discord.
"""

from host.errors import HostError
from host.notifier import Notifier, NullNotifier, RecordingNotifier
from host.results import AfkPolicy, MoveResult, TableInfo, TableSettings, TableStatus
from host.service import TableService

__all__ = [
    "AfkPolicy",
    "HostError",
    "MoveResult",
    "Notifier",
    "NullNotifier",
    "RecordingNotifier",
    "TableInfo",
    "TableService",
    "TableSettings",
    "TableStatus",
]
