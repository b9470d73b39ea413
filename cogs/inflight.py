"""Counting the interactions being handled, so a stop can let them finish first."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class InFlight:
    """A counter of running handlers plus a draining flag set when the bot is stopping."""

    def __init__(self) -> None:
        self._count = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.draining = False

    @property
    def count(self) -> int:
        """How many handlers are running now."""
        return self._count

    @contextlib.asynccontextmanager
    async def track(self) -> AsyncIterator[None]:
        """Count the enclosed block as in flight."""
        self._count += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._count -= 1
            if self._count == 0:
                self._idle.set()

    async def drain(self, timeout: float) -> bool:
        """Refuse new work and wait up to `timeout` s for running handlers; whether all finished."""
        self.draining = True
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True
