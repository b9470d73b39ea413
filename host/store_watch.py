"""The table service's view of its store: a store that cannot save becomes the refusal CannotSave, told once.

When the disk is full or the database server is gone, every move and table change fails the same way.
The players each get a plain refusal (host.errors.CannotSave); the operator gets one ERROR line when the
store starts failing and one WARNING line when a write works again, not one line per refused call.
`WatchedStore` wraps the real store and does both for every call the service makes; nothing else changes.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar

from db.errors import StoreDown
from db.rows import ActionRow, DeadlineRow, GameRow, MessageRef, NewMessage, OutboxRow, SeatRow
from db.store import (
    CloseWrite,
    HandOver,
    MoveWrite,
    NewGame,
    OutboxState,
    PlayerRow,
    RecoveryScan,
    SeatAdd,
    SeatRemove,
    SettingsWrite,
    StartWrite,
    Store,
    StoredGame,
)
from host.errors import CannotSave

log = logging.getLogger(__name__)

T = TypeVar("T")


class WatchedStore:
    """`Store` whose StoreDown failures are raised as CannotSave and reported to the operator once per outage."""

    def __init__(self, inner: Store) -> None:
        self.inner = inner
        self._refused = 0  # calls refused since the store started failing (0: it works)

    @property
    def failing(self) -> bool:
        """Whether the last write (or any call since it) found the store unable to save."""
        return self._refused > 0

    def _failed(self, error: StoreDown) -> None:
        if self._refused == 0:
            log.error(
                "the store cannot save (%s). Moves and table changes are refused, and nothing is changed, "
                "until it works again.",
                error,
            )
        self._refused += 1

    def _worked(self) -> None:
        if self._refused:
            log.warning(
                "the store %s saves again; %d call(s) were refused while it could not.",
                self.inner.description,
                self._refused,
            )
            self._refused = 0

    async def _read(self, pending: Awaitable[T]) -> T:
        # A successful read proves nothing about writes (a full disk still reads): only failures count.
        try:
            return await pending
        except StoreDown as error:
            self._failed(error)
            raise CannotSave(move=False) from error

    async def _write(self, pending: Awaitable[T], *, move: bool = False) -> T:
        try:
            value = await pending
        except StoreDown as error:
            self._failed(error)
            raise CannotSave(move=move) from error
        self._worked()
        return value

    @property
    def description(self) -> str:
        """The wrapped store's description."""
        return self.inner.description

    async def close(self) -> None:
        """Close the wrapped store."""
        await self.inner.close()

    # -- games: reads --

    async def load_game(self, game_id: int, *, with_actions: bool) -> StoredGame | None:
        """See Store.load_game."""
        return await self._read(self.inner.load_game(game_id, with_actions=with_actions))

    async def get_game(self, game_id: int) -> GameRow | None:
        """See Store.get_game."""
        return await self._read(self.inner.get_game(game_id))

    async def list_seats(self, game_id: int) -> list[SeatRow]:
        """See Store.list_seats."""
        return await self._read(self.inner.list_seats(game_id))

    async def list_actions(self, game_id: int, after: int = 0) -> list[ActionRow]:
        """See Store.list_actions."""
        return await self._read(self.inner.list_actions(game_id, after))

    async def open_game_in_channel(self, channel_id: int) -> GameRow | None:
        """See Store.open_game_in_channel."""
        return await self._read(self.inner.open_game_in_channel(channel_id))

    async def recent_in_channel(self, channel_id: int, limit: int) -> list[GameRow]:
        """See Store.recent_in_channel."""
        return await self._read(self.inner.recent_in_channel(channel_id, limit))

    async def open_game_ids_for_user(self, user_id: int) -> list[int]:
        """See Store.open_game_ids_for_user."""
        return await self._read(self.inner.open_game_ids_for_user(user_id))

    async def recovery_scan(self) -> RecoveryScan:
        """See Store.recovery_scan."""
        return await self._read(self.inner.recovery_scan())

    # -- games: writes --

    async def create_game(self, new: NewGame) -> int:
        """See Store.create_game."""
        return await self._write(self.inner.create_game(new))

    async def add_seat(self, change: SeatAdd) -> list[SeatRow]:
        """See Store.add_seat."""
        return await self._write(self.inner.add_seat(change))

    async def remove_seat(self, change: SeatRemove) -> list[SeatRow]:
        """See Store.remove_seat."""
        return await self._write(self.inner.remove_seat(change))

    async def start_game(self, start: StartWrite) -> None:
        """See Store.start_game."""
        await self._write(self.inner.start_game(start))

    async def commit_move(self, move: MoveWrite) -> None:
        """See Store.commit_move."""
        await self._write(self.inner.commit_move(move), move=True)

    async def close_game(self, close: CloseWrite) -> bool:
        """See Store.close_game."""
        return await self._write(self.inner.close_game(close))

    async def hand_over_seats(self, change: HandOver) -> None:
        """See Store.hand_over_seats."""
        await self._write(self.inner.hand_over_seats(change))

    async def set_settings(self, change: SettingsWrite) -> None:
        """See Store.set_settings."""
        await self._write(self.inner.set_settings(change))

    async def set_announced(self, versions: Mapping[int, int]) -> None:
        """See Store.set_announced."""
        await self._write(self.inner.set_announced(versions))

    # -- the outbox --

    async def enqueue(self, messages: Sequence[NewMessage], now: float) -> None:
        """See Store.enqueue."""
        await self._write(self.inner.enqueue(messages, now))

    async def queue_heads(self, exclude: Collection[str] = ()) -> list[OutboxRow]:
        """See Store.queue_heads."""
        return await self._read(self.inner.queue_heads(exclude))

    async def next_in_queue(self, queue: str) -> OutboxRow | None:
        """See Store.next_in_queue."""
        return await self._read(self.inner.next_in_queue(queue))

    async def get_message(self, game_id: int, slot: str) -> MessageRef | None:
        """See Store.get_message."""
        return await self._read(self.inner.get_message(game_id, slot))

    async def mark_delivered(self, row: OutboxRow, refs: Mapping[str, MessageRef | None], now: float) -> None:
        """See Store.mark_delivered."""
        await self._write(self.inner.mark_delivered(row, refs, now))

    async def mark_retry(self, row_id: int, next_at: float, error: str) -> None:
        """See Store.mark_retry."""
        await self._write(self.inner.mark_retry(row_id, next_at, error))

    async def mark_failed(self, row_id: int, now: float, error: str) -> None:
        """See Store.mark_failed."""
        await self._write(self.inner.mark_failed(row_id, now, error))

    async def prune(self, before: float) -> int:
        """See Store.prune."""
        return await self._write(self.inner.prune(before))

    async def outbox_state(self, game_id: int) -> OutboxState:
        """See Store.outbox_state."""
        return await self._read(self.inner.outbox_state(game_id))

    # -- deadlines --

    async def due_deadlines(self, now: float, limit: int) -> list[DeadlineRow]:
        """See Store.due_deadlines."""
        return await self._read(self.inner.due_deadlines(now, limit))

    async def deadlines_for(self, game_id: int) -> list[DeadlineRow]:
        """See Store.deadlines_for."""
        return await self._read(self.inner.deadlines_for(game_id))

    async def next_due_at(self) -> float | None:
        """See Store.next_due_at."""
        return await self._read(self.inner.next_due_at())

    async def remind(self, row: DeadlineRow, next_due: float, messages: Sequence[NewMessage], now: float) -> bool:
        """See Store.remind."""
        return await self._write(self.inner.remind(row, next_due, messages, now))

    async def drop_deadline(self, row: DeadlineRow) -> None:
        """See Store.drop_deadline."""
        await self._write(self.inner.drop_deadline(row))

    async def drop_deadlines(self, game_id: int, player: int | None = None) -> None:
        """See Store.drop_deadlines."""
        await self._write(self.inner.drop_deadlines(game_id, player))

    # -- players' own settings --

    async def get_player(self, user_id: int) -> PlayerRow | None:
        """See Store.get_player."""
        return await self._read(self.inner.get_player(user_id))

    async def get_players(self, user_ids: Collection[int]) -> dict[int, PlayerRow]:
        """See Store.get_players."""
        return await self._read(self.inner.get_players(user_ids))

    async def put_player(self, row: PlayerRow) -> None:
        """See Store.put_player."""
        await self._write(self.inner.put_player(row))


if TYPE_CHECKING:
    # mypy proves here that WatchedStore satisfies the Store protocol.
    _conforms: type[Store] = WatchedStore
