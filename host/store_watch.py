"""The table service's view of its store: a store that cannot save becomes the refusal CannotSave, told once.

When the disk is full or the database server is gone, every move and table change fails the same way.
The players each get a plain refusal (host.errors.CannotSave); the operator gets one ERROR line when the
store starts failing and one WARNING line when a write works again, not one line per refused call.
`WatchedStore` wraps the real store and does both for every call the service makes; nothing else changes.

Which calls are reads and which are writes is one table, `ACCESS`. The wrapping methods are made from it when
this module is imported, and a Store method missing from it stops the import: a read's failure must not
count as "saves again", so every new method has to say which it is.
"""

from __future__ import annotations

import enum
import inspect
import logging
from collections.abc import Awaitable, Mapping
from typing import Any, Self, TypeVar

from db.errors import StoreDown
from db.store import Store
from host.errors import CannotSave
from host.store_forwarding import ForwardingStore, store_members

log = logging.getLogger(__name__)

T = TypeVar("T")


class Access(enum.Enum):
    """How a Store method touches the store, for what its failure means."""

    READ = "read"  # a failure refuses the call; a success proves nothing about saving
    WRITE = "write"  # a success shows the store saves again
    MOVE = "move"  # a write of a player's move: its refusal says the move was not made


ACCESS: Mapping[str, Access] = {
    # games: reads
    "load_game": Access.READ,
    "get_game": Access.READ,
    "list_seats": Access.READ,
    "list_actions": Access.READ,
    "open_game_in_channel": Access.READ,
    "recent_in_channel": Access.READ,
    "open_game_ids_for_user": Access.READ,
    "recovery_scan": Access.READ,
    # games: writes
    "create_game": Access.WRITE,
    "set_thread_parent": Access.WRITE,
    "add_seat": Access.WRITE,
    "remove_seat": Access.WRITE,
    "start_game": Access.WRITE,
    "commit_move": Access.MOVE,
    "close_game": Access.WRITE,
    "hand_over_seats": Access.WRITE,
    "set_settings": Access.WRITE,
    "set_announced": Access.WRITE,
    # the outbox
    "enqueue": Access.WRITE,
    "queue_heads": Access.READ,
    "next_in_queue": Access.READ,
    "get_message": Access.READ,
    "mark_delivered": Access.WRITE,
    "mark_retry": Access.WRITE,
    "mark_failed": Access.WRITE,
    "prune": Access.WRITE,
    "outbox_state": Access.READ,
    # deadlines
    "due_deadlines": Access.READ,
    "deadlines_for": Access.READ,
    "next_due_at": Access.READ,
    "remind": Access.WRITE,
    "postpone": Access.WRITE,
    "drop_deadline": Access.WRITE,
    "drop_deadlines": Access.WRITE,
    # players' own settings
    "get_player": Access.READ,
    "get_players": Access.READ,
    "put_player": Access.WRITE,
    "set_player_locale": Access.WRITE,
    # ratings
    "ratings_of": Access.READ,
    "rating_board": Access.READ,
    "seat_ratings": Access.READ,
    "turn_counts": Access.READ,
    "finished_games": Access.READ,
    "replace_ratings": Access.WRITE,
    # stats
    "stats_games": Access.READ,
    "turn_times": Access.READ,
}


class WatchedStore(ForwardingStore):
    """`Store` whose StoreDown failures are raised as CannotSave and reported to the operator once per outage.

    Built with `WatchedStore.over(inner)` (see host.store_forwarding); `close` and `description` pass through.
    """

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

    async def close(self) -> None:
        """Close the wrapped store."""
        await self.inner.close()

    @classmethod
    def over(cls, inner: Store) -> Self:
        """The watched view of `inner`."""
        return cls(inner)


def _watched(name: str, access: Access) -> Any:
    """A WatchedStore method passing `name` to the wrapped store, its failures counted as `access` says."""

    async def watched(self: WatchedStore, *args: Any, **kwargs: Any) -> Any:
        pending = getattr(self.inner, name)(*args, **kwargs)
        if access is Access.READ:
            return await self._read(pending)
        return await self._write(pending, move=access is Access.MOVE)

    watched.__name__ = watched.__qualname__ = name
    watched.__doc__ = f"See Store.{name}; a failure to save is refused as CannotSave."
    return watched


def _install() -> None:
    """Give WatchedStore one watching method per row of ACCESS, after checking the table covers the protocol."""
    unclassified = [
        name for name in store_members()
        if name not in ACCESS and name not in vars(WatchedStore) and inspect.iscoroutinefunction(vars(Store)[name])
    ]
    unknown = sorted(set(ACCESS) - set(store_members()))
    if unknown:
        raise TypeError(f"host.store_watch.ACCESS names methods the Store protocol does not have: {unknown}")
    if unclassified:
        # A new Store method must say whether it only reads: a read's failure proves nothing about saving.
        raise TypeError(f"host.store_watch.ACCESS does not say how these Store methods touch the store: {unclassified}")
    for name, access in ACCESS.items():
        setattr(WatchedStore, name, _watched(name, access))


_install()
