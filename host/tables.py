"""The tables this process holds: the cache of loaded games, their locks, loading with verification,
quarantine, and who the AFK policy plays for.

A game is read from the store once, verified against the replay of its log the first time this process
loads it while it runs, and then served from memory; every change of one game happens under its lock.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any

from db.rows import GameRow, SeatRow
from db.store import CloseWrite, Store
from engine.core.game import Game
from host.announce import table_post
from host.errors import GameNotActive, GameNotFound
from host.live import LiveGame, verify
from host.outbox import LobbyClosed, Outgoing, channel_queue
from host.results import Headline, TableStatus, TableUpdate, UpdateKind
from i18n import mark

log = logging.getLogger(__name__)

Clock = Callable[[], float]
GameResolver = Callable[[str], Game[Any]]

# Keep at most this many games that are over in the cache; open games always stay.
MAX_CACHED_CLOSED = 256


def require_active(live: LiveGame) -> None:
    """GameNotActive unless the game is running."""
    if live.status != TableStatus.ACTIVE:
        raise GameNotActive(live.status.value)


class Absence:
    """The humans the AFK policy has the AI play for, per game, until they act or their decision closes.

    Kept beside the cache, not in a LiveGame: a reload of the game (another writer moved) does not make
    an absent player present again.
    """

    def __init__(self) -> None:
        self._absent: dict[int, set[int]] = {}

    def of(self, game_id: int) -> frozenset[int]:
        """The absent players of this game."""
        return frozenset(self._absent.get(game_id, ()))

    def mark(self, game_id: int, player: int) -> bool:
        """The player is away: the AI plays for them. False when they were already marked."""
        absent = self._absent.setdefault(game_id, set())
        if player in absent:
            return False
        absent.add(player)
        return True

    def returned(self, game_id: int, player: int) -> None:
        """The player acted again: the AFK policy no longer plays for them."""
        absent = self._absent.get(game_id)
        if absent is not None:
            absent.discard(player)

    def keep_pending(self, game_id: int, pending: Iterable[int]) -> None:
        """Forget absent players whose decision closed (their next decision is theirs again)."""
        absent = self._absent.get(game_id)
        if absent is None:
            return
        absent &= set(pending)
        if not absent:
            del self._absent[game_id]

    def clear(self, game_id: int) -> None:
        """Nobody of this game is played for any more (the table stopped using the AI for absent players)."""
        self._absent.pop(game_id, None)


class Tables:
    """The loaded games of this process with their locks: load, verify, quarantine, forget.

    `store` is read and, for a quarantine, written; `wake_sender` is called once a quarantine notice is
    in the outbox.
    """

    def __init__(self, store: Store, clock: Clock, resolve: GameResolver, wake_sender: Callable[[], None]) -> None:
        self._store = store
        self._clock = clock
        self.resolve = resolve
        self._wake_sender = wake_sender
        self.cache: dict[int, LiveGame] = {}
        self.locks: dict[int, asyncio.Lock] = {}
        self.verified: set[int] = set()
        self._lock_users: dict[int, int] = {}
        self.absence = Absence()

    # -- locks -----------------------------------------------------------------------------

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Hold the lock that serialises every change of one game inside this process.

        A lock lives only while someone uses it or its game is in the cache: looking up game
        numbers that do not exist leaves nothing behind.
        """
        lock = self.locks.get(game_id)
        if lock is None:
            lock = self.locks[game_id] = asyncio.Lock()
        self._lock_users[game_id] = self._lock_users.get(game_id, 0) + 1
        try:
            async with lock:
                yield
        finally:
            left = self._lock_users[game_id] - 1
            if left:
                self._lock_users[game_id] = left
            else:
                del self._lock_users[game_id]
                if game_id not in self.cache and self.locks.get(game_id) is lock:
                    del self.locks[game_id]

    def in_use(self) -> bool:
        """Whether some game's lock is held or awaited."""
        return bool(self._lock_users)

    async def wait_unlocked(self) -> None:
        """Wait until every lock that exists now has been released once (the changes under way are done)."""
        for lock in list(self.locks.values()):
            async with lock:
                pass

    # -- loading ---------------------------------------------------------------------------

    async def get(self, game_id: int) -> LiveGame:
        """The game for reading (no lock needed: the cache is only replaced in synchronous steps)."""
        live = self.cache.get(game_id)
        if live is not None:
            return live
        async with self.locked(game_id):
            return await self.load_locked(game_id)

    async def load_locked(self, game_id: int, *, fresh: bool = False) -> LiveGame:
        """The game, loaded from the database if not cached (or if `fresh`). Caller holds the lock.

        A running game is verified against replay the first time this process
        loads it; a failure quarantines it (the returned game then says so).
        """
        if not fresh:
            live = self.cache.get(game_id)
            if live is not None:
                return live
        # A running game not yet verified in this process comes with its log, read with the row.
        stored = await self._store.load_game(game_id, with_actions=game_id not in self.verified)
        if stored is None:
            raise GameNotFound(game_id)
        row = stored.game
        needs_check = row.status == TableStatus.ACTIVE and game_id not in self.verified
        live, unreadable = self._build(row, stored.seats)
        if unreadable is not None:
            # Never used as it stands, never a crash for its players' other tables: set aside, data untouched.
            self.remember(live)
            if live.status in (TableStatus.LOBBY, TableStatus.ACTIVE):
                await self.quarantine(live, unreadable)
            return live
        problem = verify(live, stored.actions or []) if needs_check else None
        if problem is None:
            problem = _load_snapshot(live)
        self.remember(live)
        if problem is not None:
            await self.quarantine(live, problem)
        elif needs_check:
            self.verified.add(game_id)
        return live

    def _build(self, row: GameRow, seats: list[SeatRow]) -> tuple[LiveGame, str | None]:
        """The game of a stored row (its state not loaded yet) and why it cannot be used, if it cannot."""
        try:
            game = self.resolve(row.game_name)
        except KeyError:
            raise GameNotFound(row.id, f"Game #{row.id} is {row.game_name!r}, which this bot cannot run.") from None
        try:
            return LiveGame.from_rows(row, seats, game), row.unreadable
        except (KeyError, TypeError, ValueError):
            # Valid JSON with values this release cannot use (e.g. an unknown AFK policy).
            live = LiveGame.from_rows(dataclasses.replace(row, settings={}, pending=[]), seats, game)
            return live, row.unreadable or "its stored settings cannot be read"

    def remember(self, live: LiveGame) -> None:
        """Keep a loaded game in the cache (and drop the oldest games that are over beyond the limit)."""
        self.cache[live.id] = live
        closed = [g for g in self.cache.values() if g.status not in (TableStatus.LOBBY, TableStatus.ACTIVE)]
        if len(closed) > MAX_CACHED_CLOSED:
            for old in sorted(closed, key=lambda g: g.updated_at)[: len(closed) - MAX_CACHED_CLOSED]:
                self.cache.pop(old.id, None)
                if old.id not in self._lock_users:
                    self.locks.pop(old.id, None)

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (after a conflict with another writer)."""
        self.cache.pop(game_id, None)

    def mark_verified(self, game_id: int) -> None:
        """The game's stored history is known good in this process (it was just written from a checked start)."""
        self.verified.add(game_id)

    def cached(self, game_id: int) -> LiveGame | None:
        """The game if this process holds it in memory now (no load)."""
        return self.cache.get(game_id)

    # -- quarantine ------------------------------------------------------------------------

    async def quarantine(self, live: LiveGame, reason: str) -> None:
        """Freeze a game whose stored history failed a check: status, log line, message to its channel."""
        now = self._clock()
        headline = (
            f"Game #{live.id} is suspended: {reason}. Nothing was changed; a moderator can look at it. "
            "The channel is free for a new game."
        )
        # The reason is the check's own diagnosis, for a moderator: the same words in every language.
        said = Headline(mark("headline.suspended"), {"game": str(live.id), "reason": reason})
        notices = [table_post(live, TableUpdate(live.id, UpdateKind.QUARANTINED, headline, live.version,
                                                headline_said=said))]
        if live.status == TableStatus.LOBBY:
            notices.append(Outgoing(live.id, channel_queue(live.channel_id), LobbyClosed()))
        close = CloseWrite(
            game_id=live.id,
            status=TableStatus.QUARANTINED.value,
            reason=reason,
            messages=tuple(n.to_row() for n in notices),
            now=now,
            only_from=(TableStatus.LOBBY.value, TableStatus.ACTIVE.value),
        )
        if not await self._store.close_game(close):
            return
        live.revision += 1
        live.status = TableStatus.QUARANTINED
        live.status_reason = reason
        live.updated_at = now
        log.error("game %s (%s) quarantined: %s", live.id, live.game_name, reason)
        self._wake_sender()


def _load_snapshot(live: LiveGame) -> str | None:
    """Load the game's state from its snapshot; why a running game cannot be used, or None."""
    if live.snapshot is None:
        return None
    try:
        live.load_state()
    except Exception as exc:  # a snapshot that cannot be loaded is a verdict, not a crash
        problem = f"the stored snapshot cannot be loaded ({type(exc).__name__})"
        if live.status == TableStatus.ACTIVE:
            return problem
        log.error("game %s: %s", live.id, problem)
    return None
