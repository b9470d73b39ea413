"""How the table service speaks to the outside world, and a recorder that implements it for tests.

The service announces every change of a started game through a Notifier:
start, moves (a submit plus the AI moves it triggered), undo, AFK moves, seat
replacement, the end, quarantine. Lobby changes (create/join/leave/add AI/
cancel in the lobby) are NOT announced: the caller shows the TableInfo it got
back. A notifier must not raise for delivery problems it can handle itself
(a closed DM); anything it does raise is logged by the service and swallowed,
because the move is already committed.

Calls for one game arrive in order (the service holds that game's lock while
notifying), so messages never overtake each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from host.results import PendingPlayer, PrivateUpdate, TableInfo, TableUpdate


@runtime_checkable
class Notifier(Protocol):
    """What the Discord layer implements for the service."""

    async def post_to_table(self, table: TableInfo, update: TableUpdate) -> None:
        """Post a public message in the table's channel or thread (narration, board, who is pending)."""

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """Tell one player privately what changed for them (their private events and view)."""

    async def ping_pending(self, table: TableInfo, pending: Sequence[PendingPlayer], message: str) -> None:
        """Mention these pending players in the table's channel with a short public message (reminders)."""


class NullNotifier:
    """A notifier that drops everything (benchmarks, scripts)."""

    async def post_to_table(self, table: TableInfo, update: TableUpdate) -> None:
        """Drop the update."""

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """Drop the update."""

    async def ping_pending(self, table: TableInfo, pending: Sequence[PendingPlayer], message: str) -> None:
        """Drop the ping."""


@dataclass
class RecordingNotifier:
    """Keeps every call in order, for tests: `posts`, `privates`, `pings` and `calls` (all three kinds)."""

    posts: list[tuple[TableInfo, TableUpdate]] = field(default_factory=list)
    privates: list[tuple[TableInfo, int, PrivateUpdate]] = field(default_factory=list)
    pings: list[tuple[TableInfo, tuple[PendingPlayer, ...], str]] = field(default_factory=list)
    calls: list[str] = field(default_factory=list)

    async def post_to_table(self, table: TableInfo, update: TableUpdate) -> None:
        """Record a public post."""
        self.posts.append((table, update))
        self.calls.append(f"post:{table.game_id}:{update.kind}")

    async def send_private(self, table: TableInfo, user_id: int, update: PrivateUpdate) -> None:
        """Record a private message."""
        self.privates.append((table, user_id, update))
        self.calls.append(f"private:{table.game_id}:{user_id}")

    async def ping_pending(self, table: TableInfo, pending: Sequence[PendingPlayer], message: str) -> None:
        """Record a ping."""
        self.pings.append((table, tuple(pending), message))
        self.calls.append(f"ping:{table.game_id}")

    def posts_for(self, game_id: int) -> list[TableUpdate]:
        """The public updates posted for one game, in order."""
        return [u for t, u in self.posts if t.game_id == game_id]

    def clear(self) -> None:
        """Forget everything recorded so far."""
        self.posts.clear()
        self.privates.clear()
        self.pings.clear()
        self.calls.clear()
