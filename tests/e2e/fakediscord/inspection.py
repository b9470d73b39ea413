"""Harness part that reads what the bot did: messages, DMs, requests, timings, validation, leaks."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import records as r
from .base import HarnessBase
from .records import InteractionRecord, RequestRecord
from .state import DM, Channel, Message, User, iter_components


class HarnessInspection(HarnessBase):
    """Read-only views of the fake's state and logs, and the validation entry points."""

    def channel_messages(self, channel_id: int | Channel, *, include_ephemeral: bool = False,
                         include_deleted: bool = False) -> list[Message]:
        """Messages in a channel/thread/DM, oldest first (public only unless ``include_ephemeral``)."""
        cid = channel_id.id if isinstance(channel_id, Channel) else int(channel_id)
        ch = self.get_channel(cid)
        return [m for m in ch.messages
                if (include_ephemeral or m.ephemeral_to is None) and (include_deleted or not m.deleted)]

    def ephemeral_messages(self, user: User) -> list[Message]:
        """Every ephemeral message shown to ``user``, oldest first."""
        return [m for m in self.state.messages.values() if m.ephemeral_to == user.id and not m.deleted]

    def dm_channel(self, user: User) -> Channel | None:
        """The bot's DM channel with ``user`` if the bot opened one."""
        cid = self.state.dm_by_user.get(user.id)
        return self.state.channels[cid] if cid is not None else None

    def dm_messages(self, user: User) -> list[Message]:
        """Messages the bot delivered to ``user`` by DM, oldest first (none when DMs are closed)."""
        ch = self.dm_channel(user)
        return self.channel_messages(ch.id) if ch is not None else []

    def latest_message(self, channel_id: int | Channel, *, include_ephemeral: bool = False) -> Message:
        """The newest message in a channel (AssertionError when there is none)."""
        msgs = self.channel_messages(channel_id, include_ephemeral=include_ephemeral)
        assert msgs, f"channel {channel_id} has no messages"
        return msgs[-1]

    async def wait_for_message(self, channel_id: int | Channel, predicate: Callable[[Message], bool] | None = None,
                               timeout: float = 10.0, *, after: Message | int | None = None,
                               include_edits: bool = True) -> Message:
        """Wait for a public message in a channel matching ``predicate`` and return the newest such one.

        ``after``: only messages with a larger id (created later). ``include_edits``: an edited older
        message that now matches also counts (unless excluded by ``after``).
        """
        pred = predicate or (lambda m: True)
        after_id = after.id if isinstance(after, Message) else (after or 0)

        def find() -> Message | None:
            for m in reversed(self.channel_messages(channel_id)):
                if m.id > after_id and (include_edits or m.edits == 0) and pred(m):
                    return m
            return None

        return await self.server.wait_until(find, timeout, f"a matching message in channel {channel_id}",
                                            lambda: self._messages_debug(channel_id))

    async def wait_for_dm(self, user: User, predicate: Callable[[Message], bool] | None = None,
                          timeout: float = 10.0, *, after: Message | int | None = None) -> Message:
        """Wait for a DM to ``user`` matching ``predicate``."""
        await self.server.wait_until(lambda: self.dm_channel(user) is not None, timeout,
                                     f"the bot to open a DM channel with {user.name}", self._debug)
        ch = self.dm_channel(user)
        assert ch is not None
        return await self.wait_for_message(ch.id, predicate, timeout, after=after)

    def _messages_debug(self, channel_id: int | Channel) -> str:
        msgs = self.channel_messages(channel_id)[-5:]
        return "last messages: " + "; ".join(f"[{m.id}] {m.text()[:100]!r} {m.custom_ids()}" for m in msgs)

    # -- logs ------------------------------------------------------------------------------
    @property
    def all_requests(self) -> list[RequestRecord]:
        """Every HTTP request the bot made, in order (method, path, route template, body, files, status)."""
        return self.server.requests

    @property
    def unknown_requests(self) -> list[RequestRecord]:
        """Requests to routes the fake does not implement (answered 404)."""
        return [q for q in self.server.requests if not q.known]

    @property
    def interactions(self) -> list[InteractionRecord]:
        """Every interaction dispatched, in order."""
        return self.server.interactions

    def requests_to(self, method: str, route: str) -> list[RequestRecord]:
        """Requests for one route template, e.g. ``("POST", "/channels/{channel_id}/messages")``."""
        return [q for q in self.server.requests if q.method == method and q.route == route]

    def timings(self) -> list[tuple[str, float | None]]:
        """(description, dispatch->callback seconds) for every interaction."""
        return [(ix.describe(), ix.callback_latency) for ix in self.interactions]

    def late_interactions(self, deadline: float = r.CALLBACK_DEADLINE_S) -> list[InteractionRecord]:
        """Interactions without a callback within ``deadline`` seconds."""
        return [ix for ix in self.interactions if ix.callback_latency is None or ix.callback_latency > deadline]

    def validate_all(self, *, spec: bool = True, limits: bool = True, deadlines: bool = True,
                     unknown_routes: bool = True, http_errors: bool = True) -> list[str]:
        """All problems found: spec violations, Discord limits, late/missing/double callbacks, unknown routes,
        and 4xx answers other than the expected 50007 (see :meth:`http_errors`).

        Returns a list of human-readable problems (empty when all is well).
        """
        from .validation import validate_harness

        return validate_harness(self, spec=spec, limits=limits, deadlines=deadlines, unknown_routes=unknown_routes,
                                http_errors=http_errors)

    def assert_valid(self, **kwargs: bool) -> None:
        """Raise AssertionError listing every problem :meth:`validate_all` found."""
        problems = self.validate_all(**kwargs)
        assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems)

    def http_errors(self, *, allow_codes: tuple[int, ...] = (50007,)) -> list[RequestRecord]:
        """Requests the fake answered with 4xx, except Discord error codes in ``allow_codes``.

        By default a DM refused with 50007 (DMs closed) is expected and not listed; answers of an
        injected fault (:meth:`inject`) are the test's doing and never listed.
        """
        out = []
        for q in self.server.requests:
            if q.status >= 400 and q.known and q.fault is None:
                code = q.response.get("code") if isinstance(q.response, dict) else None
                if code not in allow_codes:
                    out.append(q)
        return out

    def timing_report(self) -> str:
        """Summary of dispatch->callback latencies (count, max, mean, slowest interaction)."""
        lats = [(ix.callback_latency, ix) for ix in self.interactions if ix.callback_latency is not None]
        if not lats:
            return f"{len(self.interactions)} interactions, no callbacks"
        worst = max(lats, key=lambda p: p[0])
        mean = sum(lat for lat, _ in lats) / len(lats)
        missing = len(self.interactions) - len(lats)
        return (f"{len(self.interactions)} interactions ({missing} without callback): "
                f"max {worst[0]:.3f}s, mean {mean:.3f}s; slowest: {worst[1].describe()}")

    def public_texts(self) -> list[tuple[str, str]]:
        """Everything other players could see: ``(where, text)`` pairs.

        Covers every non-ephemeral message in guild channels and threads (content, embeds, component
        labels/placeholders/options, attachment filenames and descriptions), including every earlier
        version of edited messages, plus thread names. DMs and ephemeral messages are excluded.
        """
        out: list[tuple[str, str]] = []
        for ch in self.state.channels.values():
            if ch.type == DM:
                continue
            if ch.is_thread:
                out.append((f"thread {ch.id} name", ch.name))
            for m in ch.messages:
                if m.ephemeral_to is not None or m.ephemeral:
                    continue
                versions = [*m.history, {"content": m.content, "embeds": m.embeds, "components": m.components,
                                         "attachments": [a.filename for a in m.attachments]}]
                for n, v in enumerate(versions):
                    where = f"channel {ch.id} message {m.id} v{n}"
                    out.append((where + " content", str(v.get("content") or "")))
                    for emb in v.get("embeds") or []:
                        out.append((where + " embed", json.dumps(emb, ensure_ascii=False)))
                    for comp in iter_components(v.get("components") or []):
                        shown = [comp.get("label"), comp.get("placeholder"), comp.get("content")]
                        shown += [f"{o.get('label')} {o.get('description') or ''}" for o in comp.get("options") or []]
                        out.append((where + " component", " ".join(str(x) for x in shown if x)))
                    out.extend((where + " attachment", str(name)) for name in v.get("attachments") or [])
                out.extend((f"channel {ch.id} message {m.id} attachment", a.description or "")
                           for a in m.attachments if a.description)
        return out

    def find_leaks(self, secrets_: list[str] | set[str], *, case_sensitive: bool = False) -> list[str]:
        """Where any of the ``secrets_`` strings appears in :meth:`public_texts` (empty list = no leak)."""
        found = []
        for where, text in self.public_texts():
            hay = text if case_sensitive else text.lower()
            for sec in secrets_:
                needle = sec if case_sensitive else sec.lower()
                if needle and needle in hay:
                    found.append(f"{sec!r} visible in {where}: {text[:160]!r}")
        return found

    def all_components(self) -> list[dict[str, Any]]:
        """Every component in every stored message (for custom_id checks)."""
        out: list[dict[str, Any]] = []
        for m in self.state.messages.values():
            out.extend(iter_components(m.components))
        return out
