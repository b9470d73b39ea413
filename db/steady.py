"""The failure policy of the bot's background loops: a failing step never ends its loop.

Each loop (change feed, outbox sender, deadline scheduler, lease renewals, AI turns, backups) runs its
work one step at a time through a `StepGuard`. A step that raises any Exception is logged, with its
traceback the first time and one line each time after while it keeps failing, and the loop waits
`pause` seconds before the next try: 1 s, doubling up to a cap, back to the start after a success.
asyncio.CancelledError is not an Exception: it still stops the loop.

It lives in db/ so that the loops db/ owns can use it; host/ uses the same one (it loads no driver).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

FIRST_PAUSE = 1.0
MAX_PAUSE = 30.0


class StepGuard:
    """Runs the steps of one background loop: failures are logged once per run of failures and backed off."""

    def __init__(self, what: str, logger: logging.Logger, *, first: float | None = None,
                 cap: float | None = None) -> None:
        """`what` names the step in the log ("renewing the shard leases"); `first` (default FIRST_PAUSE) and
        `cap` (default and at most MAX_PAUSE) bound the pause."""
        self.what = what
        self._log = logger
        # Read when the guard is made, not when this module is: tests shorten the pauses.
        self._first = FIRST_PAUSE if first is None else first
        self._cap = max(min(MAX_PAUSE, MAX_PAUSE if cap is None else cap), self._first)
        self.failures = 0
        self.pause = 0.0

    @property
    def failing(self) -> bool:
        """Whether the last step failed."""
        return self.failures > 0

    async def run(self, step: Callable[[], Awaitable[T]]) -> T | None:
        """Run one step; its result, or None when it raised (then `failing` is True and `pause` says how
        long to wait before the next try)."""
        try:
            result = await step()
        except Exception as error:  # whatever a step raises, the loop must go on
            self.failed(error)
            return None
        self.succeeded()
        return result

    def failed(self, error: Exception) -> float:
        """Record a failed step (for loops that catch it themselves); the pause before the next try."""
        self.failures += 1
        self.pause = self._first if self.failures == 1 else min(self._cap, self.pause * 2)
        if self.failures == 1:
            self._log.error("%s failed; trying again in %.0f s", self.what, self.pause, exc_info=error)
        else:
            self._log.warning("%s still fails (%d times in a row): %s: %s; trying again in %.0f s", self.what,
                              self.failures, type(error).__name__, str(error)[:200], self.pause)
        return self.pause

    def succeeded(self) -> None:
        """Record a step that worked: the next failure starts the backoff (and its traceback) afresh."""
        if self.failures:
            self._log.info("%s works again after %d failure(s)", self.what, self.failures)
        self.failures = 0
        self.pause = 0.0
