"""Keeps this process's shard leases (db.shard_leases) and its ShardScope in step while the bot runs.

At start `claim` takes the configured shards (refused with ShardsInUse when another live process
holds one); then every `interval` seconds `renew` refreshes them, takes over the shards of silent
processes and lets go of those handed back, and the scope follows, so the outbox sender and the
deadline scheduler (through ShardedStore) work for exactly the shards held. Losing a configured
shard to another process ends the keeper with a message: the bot must stop, like a lost SQLite lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable

from db.errors import DatabaseError
from db.shard_leases import ShardLeaseLost, ShardLeases
from db.steady import StepGuard
from host.shard_store import ShardScope

log = logging.getLogger(__name__)

Clock = Callable[[], float]


class ShardLeaseKeeper:
    """Claims, renews and releases one process's shard leases, updating its ShardScope."""

    def __init__(self, leases: ShardLeases, scope: ShardScope, interval: float, *, clock: Clock = time.time,
                 on_change: Callable[[], None] | None = None, valid_for: float | None = None) -> None:
        """`valid_for` (the lease timeout) fences the scope: without a successful renewal for that long it
        owns nothing (None: no fence, e.g. a store no other process can open)."""
        self._leases = leases
        self.scope = scope
        self._interval = interval
        self._valid_for = valid_for
        self._clock = clock
        self._on_change = on_change or (lambda: None)
        self._task: asyncio.Task[None] | None = None
        self._lost: asyncio.Future[str] | None = None

    async def claim(self) -> frozenset[int]:
        """Take the configured shards at start; raises db.shard_leases.ShardsInUse when one is taken."""
        started = self.scope.now()
        held = await self._leases.claim(self._clock())
        self._fence(started)
        self.scope.hold(held)
        return held

    def _fence(self, started: float) -> None:
        if self._valid_for is not None:
            self.scope.renewed(started, self._valid_for)

    async def renew_once(self) -> frozenset[int]:
        """One renewal: the scope follows the shards held now (the sender is woken when they changed)."""
        before, was_fenced = self.scope.held, self.scope.fenced
        started = self.scope.now()
        held = await self._leases.renew(self._clock())
        self._fence(started)
        self.scope.hold(held)
        if held != before or was_fenced:  # the sender idled while it owned nothing: look again now
            self._on_change()
        return held

    def start(self) -> None:
        """Renew every `interval` seconds in the background until `stop`."""
        if self._task is None:
            if self._lost is None:
                self._lost = asyncio.get_running_loop().create_future()
            self._task = asyncio.create_task(self._loop(), name="gnomehost-shard-leases")

    async def wait_lost(self) -> str:
        """Wait until a configured shard was lost to another process; the message saying so."""
        if self._lost is None:
            self._lost = asyncio.get_running_loop().create_future()
        return await self._lost

    async def _renew_or_lose(self) -> ShardLeaseLost | None:
        """One renewal; the loss when another process claimed a configured shard."""
        try:
            await self.renew_once()
        except ShardLeaseLost as error:
            return error
        return None

    async def _loop(self) -> None:
        # A failed renewal (the database away for a moment, or a bug) is tried again sooner than the next
        # regular one, never later: meanwhile this process keeps working for the shards it holds, and one
        # silent too long is taken over by another process, which the next renewal reports as lost.
        guard = StepGuard("renewing the shard leases", log, cap=self._interval)
        while True:
            await asyncio.sleep(min(guard.pause, self._interval) if guard.failing else self._interval)
            lost = await guard.run(self._renew_or_lose)
            if lost is not None:
                log.error("%s", lost)
                self.scope.hold(())
                if self._lost is not None and not self._lost.done():
                    self._lost.set_result(f"Gnomehost stopped: {lost}")
                return

    async def stop(self) -> None:
        """Stop renewing and release every shard held (others take them over at once)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        try:
            await self._leases.release()
        except DatabaseError:
            log.warning("could not release the shard leases; they run out on their own", exc_info=True)
        self.scope.hold(())
