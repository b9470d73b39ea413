"""Fault injection on the fake's REST side: answer chosen requests with 429, 5xx or a Discord error code.

A :class:`Fault` is a rule (which requests, what answer, how often); :class:`FaultInjector` holds the
rules of one server and answers a request with the first live rule that matches it, *instead of* the
route's handler (so a failed request changes nothing and a retried one is served normally).
Tests set rules through the harness (:mod:`.injection`) while the bot process runs.
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from aiohttp import web

from .records import RequestRecord
from .state import DM

if TYPE_CHECKING:
    from .server import FakeDiscord

# discord.py (http.py) treats a 429 without a Via header, or with a non-JSON body, as a Cloudflare ban
# and raises instead of sleeping retry_after: Discord's own 429s come through Google's front end.
DISCORD_VIA = "1.1 google"
RATE_LIMIT_MESSAGE = "You are being rate limited."
MISSING_PERMISSIONS = (50013, "Missing Permissions")
CANNOT_DM = (50007, "Cannot send messages to this user")
SERVER_ERROR_TEXT = {500: "500: Internal Server Error", 502: "502: Bad Gateway",
                     503: "503: Service Unavailable", 504: "504: Gateway Timeout"}


@dataclass
class Fault:
    """One injected failure rule.

    Which requests: ``method`` (e.g. ``"POST"``; None = any), ``route`` (None = any; an OpenAPI
    template such as ``"/channels/{channel_id}/messages"`` matches that route exactly, anything else
    is a glob on the concrete path, e.g. ``"/webhooks/*"``), ``channel_id`` (the channel in the path,
    or the interaction's channel for callback/webhook routes), ``dm_user_id`` (the request's channel
    is the DM with that user).
    What answer: ``status`` and, for 4xx, the Discord error ``code`` and ``message``; for 429 the
    ``retry_after`` seconds and ``is_global``.
    How often: the first ``count`` matching requests (None = all), only until ``until``
    (``time.monotonic()``; None = no end). ``hits`` lists the requests this rule answered.
    """

    status: int
    code: int | None = None
    message: str | None = None
    method: str | None = None
    route: str | None = None
    channel_id: int | None = None
    dm_user_id: int | None = None
    retry_after: float = 1.0
    is_global: bool = False
    count: int | None = 1
    until: float | None = None
    hits: list[RequestRecord] = field(default_factory=list)
    cancelled: bool = False

    def __post_init__(self) -> None:
        if self.status < 400:
            raise ValueError(f"a fault answers with an error status, not {self.status}")
        if self.count is not None and self.count < 1:
            raise ValueError(f"count must be >= 1 or None, not {self.count}")
        if self.status == 429 and self.retry_after < 0:
            raise ValueError(f"retry_after must be >= 0, not {self.retry_after}")
        self.method = self.method.upper() if self.method else None

    @property
    def active(self) -> bool:
        """True while the rule still answers matching requests."""
        if self.cancelled or (self.count is not None and len(self.hits) >= self.count):
            return False
        return self.until is None or time.monotonic() < self.until

    def cancel(self) -> None:
        """Stop answering requests (the recorded hits stay)."""
        self.cancelled = True

    def matches(self, rec: RequestRecord, channel_id: int | None, dm_user_id: int | None) -> bool:
        """True when ``rec`` (whose channel and DM recipient the injector worked out) is selected."""
        if self.method is not None and rec.method != self.method:
            return False
        if self.route is not None and self.route != rec.route and not fnmatch.fnmatchcase(rec.path, self.route):
            return False
        if self.channel_id is not None and channel_id != self.channel_id:
            return False
        return self.dm_user_id is None or dm_user_id == self.dm_user_id

    def response(self, rec: RequestRecord) -> web.Response:
        """The HTTP answer Discord would give (see :meth:`FaultInjector.answer`)."""
        if self.status == 429:
            return self._rate_limited(rec)
        if self.status >= 500:
            text = self.message or SERVER_ERROR_TEXT.get(self.status, f"{self.status}: Server Error")
            return web.Response(status=self.status, text=text, content_type="text/plain")
        body = {"code": self.code if self.code is not None else 0, "message": self.message or f"{self.status}"}
        return web.Response(status=self.status, body=json.dumps(body).encode(),
                            headers={"Content-Type": "application/json"})

    def _rate_limited(self, rec: RequestRecord) -> web.Response:
        body = {"message": self.message or RATE_LIMIT_MESSAGE, "retry_after": self.retry_after,
                "global": self.is_global}
        headers = {
            "Content-Type": "application/json",
            "Via": DISCORD_VIA,
            "Retry-After": str(math.ceil(self.retry_after)),  # whole seconds, like Discord's header
            "X-RateLimit-Scope": "global" if self.is_global else "user",
        }
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        else:  # a per-route bucket, exhausted until retry_after has passed
            bucket = hashlib.sha1(f"{rec.method} {rec.route or rec.path}".encode()).hexdigest()[:16]
            headers.update({
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
                "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
                "X-RateLimit-Bucket": bucket,
            })
        return web.Response(status=429, body=json.dumps(body).encode(), headers=headers)

    def describe(self) -> str:
        """One line for failure messages."""
        what = f"{self.status}" + (f"/{self.code}" if self.code is not None else "")
        if self.status == 429:
            what += f" retry_after={self.retry_after}" + (" global" if self.is_global else "")
        where = f"{self.method or '*'} {self.route or '*'}"
        if self.channel_id is not None:
            where += f" channel={self.channel_id}"
        if self.dm_user_id is not None:
            where += f" dm_user={self.dm_user_id}"
        times = "always" if self.count is None else f"{self.count}x"
        return f"fault {what} on {where} ({times}, {len(self.hits)} hit(s){', active' if self.active else ''})"


class FaultInjector:
    """The fault rules of one fake server, consulted for every authorised REST request."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.rules: list[Fault] = []

    def add(self, fault: Fault) -> Fault:
        """Start answering matching requests with ``fault`` (after the rules added before it)."""
        self.rules.append(fault)
        return fault

    def clear(self) -> None:
        """Cancel every rule."""
        for fault in self.rules:
            fault.cancel()

    def answer(self, rec: RequestRecord) -> web.Response | None:
        """The injected answer for ``rec`` (recording the hit), or None to serve it normally."""
        live = [f for f in self.rules if f.active]
        if not live:
            return None
        channel_id = self._channel_id(rec)
        dm_user_id = self._dm_user_id(channel_id)
        for fault in live:
            if fault.matches(rec, channel_id, dm_user_id):
                fault.hits.append(rec)
                rec.fault = fault
                self._tag_interaction(rec)
                return fault.response(rec)
        return None

    def _interaction_token(self, rec: RequestRecord) -> str | None:
        return rec.params.get("interaction_token") or rec.params.get("webhook_token")

    def _channel_id(self, rec: RequestRecord) -> int | None:
        raw = rec.params.get("channel_id")
        if raw is not None:
            return int(raw) if raw.isdigit() else None
        token = self._interaction_token(rec)
        ix = self.server.interactions_by_token.get(token) if token else None
        return ix.channel_id if ix is not None else None

    def _dm_user_id(self, channel_id: int | None) -> int | None:
        channel = self.server.state.channels.get(channel_id) if channel_id is not None else None
        if channel is None or channel.type != DM or channel.recipient is None:
            return None
        return channel.recipient.id

    def _tag_interaction(self, rec: RequestRecord) -> None:
        """Attach a failed callback/webhook request to its interaction, so its record lists every attempt."""
        token = self._interaction_token(rec)
        ix = self.server.interactions_by_token.get(token) if token else None
        if ix is not None:
            rec.interaction_id = ix.id
            ix.requests.append(rec)
