"""Admission and counting of interactions, so that a stop lets admitted work finish and refuses the rest.

An interaction is *admitted* when the bot receives it from the gateway, not when its handler starts:
discord.py runs handlers in tasks that start one or more loop iterations later, and a stop signal
handled in between must not turn away a click that arrived before it. So the rule is: received
before the stop signal -> handled and answered; received after -> "restarting".
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable

log = logging.getLogger(__name__)

# An admitted interaction whose handler never started within this time was dropped by discord.py
# (e.g. a component it could not rebuild); Discord gives up on it after 3 s anyway.
CLAIM_SECONDS = 5.0
# How often a drain re-checks for dropped admissions while it waits.
DRAIN_POLL_SECONDS = 0.5


class InFlight:
    """Admitted-but-not-started interactions, running handlers and background work, and the stop flag."""

    def __init__(self, claim_seconds: float = CLAIM_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self._claim_seconds = claim_seconds
        self._clock = clock
        self._admitted: dict[int, float] = {}  # interaction id -> when it was received
        self._running = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.draining = False

    @property
    def count(self) -> int:
        """How many interactions or background jobs are admitted or running now."""
        return self._running + len(self._admitted)

    def _update_idle(self) -> None:
        if self.count == 0:
            self._idle.set()
        else:
            self._idle.clear()

    def admit(self, interaction_id: int) -> bool:
        """Record a received interaction (call synchronously on receipt); False once the bot is stopping."""
        if self.draining:
            return False
        self._expire()
        self._admitted[interaction_id] = self._clock()
        self._update_idle()
        return True

    def stop_admitting(self) -> None:
        """From now on every new interaction is refused (called by the stop signal handler itself)."""
        self.draining = True

    def _expire(self) -> None:
        """Forget admissions no handler claimed in time (discord.py dropped them)."""
        limit = self._clock() - self._claim_seconds
        for interaction_id, at in list(self._admitted.items()):
            if at < limit:
                del self._admitted[interaction_id]
                log.warning("interaction %s was received but never handled", interaction_id)
        self._update_idle()

    def _claim(self, interaction_id: int | None) -> bool:
        """Whether the handler of this interaction may run; if so it counts as running until released."""
        admitted = interaction_id is not None and self._admitted.pop(interaction_id, None) is not None
        # An interaction that never went through `admit` (a direct call, e.g. in tests) is judged now.
        if admitted or not self.draining:
            self._running += 1
            self._update_idle()
            return True
        self._update_idle()
        return False

    def _release(self) -> None:
        self._running -= 1
        self._update_idle()

    def begin(self, interaction_id: int | None) -> bool:
        """Start handling an interaction: whether to handle it (then call `end` once when done) or refuse it."""
        return self._claim(interaction_id)

    def end(self) -> None:
        """The handling started by a successful `begin` is over."""
        self._release()

    @contextlib.asynccontextmanager
    async def handling(self, interaction_id: int | None) -> AsyncIterator[bool]:
        """Run an interaction's handler: yields whether to handle it (True) or refuse it as restarting."""
        allowed = self._claim(interaction_id)
        try:
            yield allowed
        finally:
            if allowed:
                self._release()

    @contextlib.asynccontextmanager
    async def track(self) -> AsyncIterator[None]:
        """Count the enclosed background work (not an interaction) as in flight."""
        self._running += 1
        self._update_idle()
        try:
            yield
        finally:
            self._release()

    async def drain(self, timeout: float) -> bool:
        """Refuse new work and wait up to `timeout` s for admitted and running work; whether all finished."""
        self.draining = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self._expire()
            if self._idle.is_set():
                return True
            left = deadline - loop.time()
            if left <= 0:
                return False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), min(left, DRAIN_POLL_SECONDS))
