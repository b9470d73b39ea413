"""The table service: lobby, moves, AI seats, deadlines, recovery, history and undo, over db/ and engine/.

The Discord layer uses `TableService` (host.service), the result types of
host.results, the errors of host.errors and implements `Notifier` (host.notifier).
Nothing in host/ imports discord.
"""

from host.ai_worker import AiWorker, WorkerMode
from host.errors import HostError
from host.notifier import Notifier, NullNotifier, RecordingNotifier
from host.results import AfkPolicy, AiLevel, MoveResult, TableInfo, TableSettings, TableStatus
from host.service import TableService

__all__ = [
    "AfkPolicy",
    "AiLevel",
    "AiWorker",
    "HostError",
    "MoveResult",
    "Notifier",
    "NullNotifier",
    "RecordingNotifier",
    "TableInfo",
    "TableService",
    "TableSettings",
    "TableStatus",
    "WorkerMode",
]
