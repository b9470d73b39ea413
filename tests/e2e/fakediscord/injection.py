"""Harness part that injects REST failures (429, 5xx, 50013, 50007, any status/code) while the bot runs.

The bot is a separate process but the fake runs in the test's event loop, so a rule set here applies
to the very next request the bot makes. Every faulted request is still recorded
(``h.all_requests``, ``h.requests_to``), with ``request.fault`` naming the rule that answered it.
"""

from __future__ import annotations

import time

from .base import HarnessBase
from .faults import CANNOT_DM, MISSING_PERMISSIONS, Fault
from .records import RequestRecord
from .state import Channel, User


class HarnessFaults(HarnessBase):
    """Inject failures into the fake's REST answers; see :class:`~.faults.Fault` for the matching rules.

    Shared keyword arguments of the ``inject_*`` helpers:
    ``route`` (OpenAPI template, exact; or a glob on the path; None = every route), ``method``
    (None = any), ``channel`` (a Channel or id: requests on that channel, including interaction
    callbacks/webhooks of interactions in it), ``user`` (requests on the bot's DM channel with that user),
    ``count`` (how many matching requests fail, default 1; None = every one), ``duration`` (seconds from
    now after which the rule stops; None = no limit). Each returns the live :class:`Fault`
    (``fault.hits``, ``fault.active``, ``fault.cancel()``).
    """

    def inject(self, fault: Fault) -> Fault:
        """Add a rule built by hand (any status / Discord code); the first live matching rule answers."""
        return self.server.faults.add(fault)

    def inject_429(self, route: str | None = None, *, retry_after: float = 1.0, is_global: bool = False,
                   method: str | None = None, channel: Channel | int | None = None, user: User | None = None,
                   count: int | None = 1, duration: float | None = None) -> Fault:
        """Rate-limit matching requests: 429 ``{message, retry_after, global}`` with ``Retry-After``,
        ``X-RateLimit-*`` and ``Via: 1.1 google`` (so discord.py sleeps ``retry_after`` and retries, up to
        5 attempts in all; with ``is_global`` it also holds every other request meanwhile)."""
        return self._add(429, route, method, channel, user, count, duration, retry_after=retry_after,
                         is_global=is_global)

    def inject_5xx(self, status: int = 500, route: str | None = None, *, method: str | None = None,
                   channel: Channel | int | None = None, user: User | None = None, count: int | None = 1,
                   duration: float | None = None) -> Fault:
        """Answer matching requests with a plain-text server error.

        discord.py's HTTPClient retries 500/502/504 after sleeping 1, 3, 5, 7 s and raises
        DiscordServerError at once for 503; interaction callbacks and webhooks retry every 5xx.
        """
        if status < 500:
            raise ValueError(f"inject_5xx needs a 5xx status, not {status}")
        return self._add(status, route, method, channel, user, count, duration)

    def inject_50013(self, route: str | None = None, *, method: str | None = None,
                     channel: Channel | int | None = None, user: User | None = None, count: int | None = 1,
                     duration: float | None = None) -> Fault:
        """Answer matching requests 403 ``{"code": 50013, "message": "Missing Permissions"}``."""
        code, message = MISSING_PERMISSIONS
        return self._add(403, route, method, channel, user, count, duration, code=code, message=message)

    def inject_50007(self, route: str | None = None, *, method: str | None = None,
                     channel: Channel | int | None = None, user: User | None = None, count: int | None = 1,
                     duration: float | None = None) -> Fault:
        """Answer matching requests 403 ``{"code": 50007, "message": "Cannot send messages to this user"}``."""
        code, message = CANNOT_DM
        return self._add(403, route, method, channel, user, count, duration, code=code, message=message)

    @property
    def faults(self) -> list[Fault]:
        """Every rule injected so far (live and spent), oldest first."""
        return list(self.server.faults.rules)

    @property
    def faulted_requests(self) -> list[RequestRecord]:
        """Requests answered by an injected fault, in order."""
        return [q for q in self.server.requests if q.fault is not None]

    def clear_faults(self) -> None:
        """Cancel every injected rule (their hits stay recorded)."""
        self.server.faults.clear()

    async def wait_fault_hit(self, fault: Fault, hits: int = 1, timeout: float = 10.0) -> list[RequestRecord]:
        """Wait until ``fault`` has answered ``hits`` requests; returns them."""
        await self.server.wait_until(lambda: len(fault.hits) >= hits, timeout,
                                     f"{hits} request(s) hitting {fault.describe()}", self._debug)
        return fault.hits[:hits]

    def _add(self, status: int, route: str | None, method: str | None, channel: Channel | int | None,
             user: User | None, count: int | None, duration: float | None, *, code: int | None = None,
             message: str | None = None, retry_after: float = 1.0, is_global: bool = False) -> Fault:
        return self.inject(Fault(
            status=status, code=code, message=message, method=method, route=route,
            channel_id=channel.id if isinstance(channel, Channel) else channel,
            dm_user_id=user.id if user is not None else None, retry_after=retry_after, is_global=is_global,
            count=count, until=None if duration is None else time.monotonic() + duration))
