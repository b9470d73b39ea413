"""Records kept by the fake Discord: every REST request, every interaction and its answers."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .state import Message, User

if TYPE_CHECKING:
    from .faults import Fault

# Interaction types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5

# Interaction callback types
CB_PONG = 1
CB_MESSAGE = 4
CB_DEFERRED_MESSAGE = 5
CB_DEFERRED_UPDATE = 6
CB_UPDATE_MESSAGE = 7
CB_AUTOCOMPLETE = 8
CB_MODAL = 9

CALLBACK_DEADLINE_S = 3.0


@dataclass
class UploadedFile:
    """A file part of a multipart request."""

    field: str
    filename: str
    data: bytes
    content_type: str | None = None


@dataclass
class RequestRecord:
    """One HTTP request the bot made.

    ``route`` is the OpenAPI path template (e.g. ``/channels/{channel_id}/messages``) or None when
    the fake does not know the route; ``body`` is the parsed JSON body or multipart ``payload_json``;
    ``fault`` is the injected :class:`~.faults.Fault` that answered it (None when served normally).
    """

    method: str
    path: str
    route: str | None
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[UploadedFile]
    content_type: str
    at: float = field(default_factory=time.monotonic)
    status: int = 0
    response: Any = None
    interaction_id: int | None = None
    attachment_size_limit: int | None = None
    fault: Fault | None = None

    @property
    def known(self) -> bool:
        """False when the fake has no handler for this route."""
        return self.route is not None

    def __str__(self) -> str:
        injected = " (injected fault)" if self.fault is not None else ""
        return f"{self.method} {self.path} -> {self.status}{injected}"


@dataclass
class InteractionRecord:
    """An interaction the harness dispatched and everything the bot answered to it.

    Attributes:
        callback: the callback body the bot POSTed (``{"type": .., "data": {..}}``), or None.
        callback_latency: seconds from dispatch to the callback request, or None.
        original: the message created (type 4/5) or updated (type 6/7) by the callback.
        followups: messages the bot created through the interaction webhook.
        edits: every PATCH of @original / followups (request records).
        extra_callbacks: any second callback (Discord refuses it with 40060).
    """

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    attachment_size_limit: int
    dispatched_at: float = field(default_factory=time.monotonic)
    callback: dict[str, Any] | None = None
    callback_at: float | None = None
    callback_files: list[UploadedFile] = field(default_factory=list)
    original: Message | None = None
    source_message: Message | None = None
    followups: list[Message] = field(default_factory=list)
    edits: list[RequestRecord] = field(default_factory=list)
    extra_callbacks: list[dict[str, Any]] = field(default_factory=list)
    requests: list[RequestRecord] = field(default_factory=list)

    # -- callback -------------------------------------------------------------
    @property
    def acknowledged(self) -> bool:
        """True once the bot POSTed a callback."""
        return self.callback is not None

    @property
    def callback_type(self) -> int | None:
        """Callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal)."""
        return None if self.callback is None else int(self.callback.get("type", 0))

    @property
    def data(self) -> dict[str, Any]:
        """The callback's ``data`` object ({} when absent)."""
        if self.callback is None:
            return {}
        return self.callback.get("data") or {}

    @property
    def callback_latency(self) -> float | None:
        """Seconds from dispatch to callback."""
        return None if self.callback_at is None else self.callback_at - self.dispatched_at

    @property
    def answer_latency(self) -> float | None:
        """Seconds from dispatch to the first visible answer: the callback itself unless it was a
        type 5 defer, then the first edit of @original / followup."""
        if self.callback_at is None:
            return None
        if self.callback_type != CB_DEFERRED_MESSAGE:
            return self.callback_at - self.dispatched_at
        later = [q.at for q in self.requests if q.method in ("POST", "PATCH") and q.route
                 and q.route.startswith("/webhooks/") and 200 <= q.status < 300]
        return (min(later) - self.dispatched_at) if later else None

    @property
    def within_deadline(self) -> bool:
        """True when the callback arrived within Discord's 3 s."""
        lat = self.callback_latency
        return lat is not None and lat <= CALLBACK_DEADLINE_S

    @property
    def deferred(self) -> bool:
        """True when the callback was a defer (type 5 or 6)."""
        return self.callback_type in (CB_DEFERRED_MESSAGE, CB_DEFERRED_UPDATE)

    # -- what the user sees ---------------------------------------------------
    @property
    def messages(self) -> list[Message]:
        """The original response (if any) followed by followups."""
        out = [self.original] if self.original is not None and self.callback_type in (4, 5) else []
        return out + list(self.followups)

    @property
    def ephemeral(self) -> bool:
        """True when the visible answer (original response, first followup, or the updated message) is ephemeral."""
        msgs = self.messages
        if msgs:
            return msgs[0].ephemeral
        if self.original is not None:  # type 6/7 on a message: ephemeral if that message is
            return self.original.ephemeral
        return bool(int(self.data.get("flags", 0) or 0) & 64)

    @property
    def content(self) -> str:
        """Text of the answer: the original response's (edited) content, else the last followup's."""
        msgs = [m for m in self.messages if m.text()]
        if msgs:
            return msgs[0].text()
        if self.original is not None:
            return self.original.text()
        return str(self.data.get("content") or "")

    @property
    def all_text(self) -> str:
        """Text of every message this interaction produced, joined by newlines."""
        msgs = self.messages or ([self.original] if self.original else [])
        return "\n".join(m.text() for m in msgs)

    @property
    def components(self) -> list[dict[str, Any]]:
        """Components of the answer (original response, else first followup)."""
        for m in self.messages:
            if m.components:
                return m.components
        if self.original is not None:
            return self.original.components
        return list(self.data.get("components") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (callback type 9 data: custom_id, title, components), else None."""
        return self.data if self.callback_type == CB_MODAL else None

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (``[{"name":..,"value":..}]``) from a type 8 callback."""
        return list(self.data.get("choices") or [])

    @property
    def custom_ids(self) -> list[str]:
        """custom_ids of components in every message of the answer."""
        out: list[str] = []
        for m in self.messages or ([self.original] if self.original else []):
            out.extend(m.custom_ids())
        return out

    def describe(self) -> str:
        """One-line summary for failure messages."""
        kind = {2: "slash", 3: "component", 4: "autocomplete", 5: "modal"}.get(self.type, str(self.type))
        data = self.payload.get("data")
        if not isinstance(data, dict):  # a deliberately malformed payload (fuzz tests)
            data = {}
        name = data.get("name") or data.get("custom_id")
        lat = self.callback_latency
        lat_s = f"{lat:.3f}s" if lat is not None else "none"
        return (
            f"interaction {self.id} ({kind} {name!r} by {self.user.name}): "
            f"callback type={self.callback_type} latency={lat_s} content={self.content[:120]!r}"
        )
