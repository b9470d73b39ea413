"""A loopback fake Discord (REST + gateway) for end-to-end tests of the real bot process."""

from .faults import Fault
from .harness import Harness
from .process import REPO_ROOT, BotProcess, LiveBot
from .records import InteractionRecord, RequestRecord
from .state import Attachment, Channel, Message, User

__all__ = [
    "REPO_ROOT",
    "Attachment",
    "BotProcess",
    "Channel",
    "Fault",
    "Harness",
    "InteractionRecord",
    "LiveBot",
    "Message",
    "RequestRecord",
    "User",
]
