"""Harness part that dispatches interactions (slash, autocomplete, buttons, selects) and waits for answers."""

from __future__ import annotations

import itertools
import secrets
import time
from typing import Any

from . import records as r
from .base import HarnessBase
from .records import InteractionRecord
from .state import DM, AppCommand, Channel, Message, User, iter_components

OPTION_TYPES = {
    "SUB_COMMAND": 1, "SUB_COMMAND_GROUP": 2, "STRING": 3, "INTEGER": 4, "BOOLEAN": 5, "USER": 6,
    "CHANNEL": 7, "ROLE": 8, "MENTIONABLE": 9, "NUMBER": 10, "ATTACHMENT": 11,
}


class HarnessInteractions(HarnessBase):
    """Users act: every method builds an INTERACTION_CREATE, dispatches it and waits for the bot's answer."""

    def _base_payload(self, user: User, itype: int, channel: Channel,
                      user_install: bool = False) -> tuple[dict[str, Any], InteractionRecord]:
        """The INTERACTION_CREATE of ``user`` in ``channel``. ``user_install``: the command runs as the user's own
        installed app (the user authorised it, context 1 or 2), as from a DM with a friend (context 2)."""
        st = self.state
        iid = st.ids.next()
        token = "ix." + secrets.token_urlsafe(40)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(st.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "locale": user.locale,
            "attachment_size_limit": st.attachment_size_limit,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(st.guild.id)},
        }
        if channel.type == DM:
            payload["context"] = 1
            payload["user"] = user.to_json()
            payload["channel"] = channel.to_json()
            payload["channel_id"] = str(channel.id)
            payload["app_permissions"] = str(self.server.bot_permissions(channel))
            guild_id = None
        else:
            guild = st.guild_of(channel) or st.guild
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
            payload["guild_id"] = str(guild.id)
            payload["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            payload["guild_locale"] = guild.locale
            payload["member"] = user.member_json(with_permissions=True)
            payload["channel"] = channel.to_json()
            payload["channel_id"] = str(channel.id)
            payload["app_permissions"] = str(self.server.bot_permissions(channel))
            guild_id = guild.id
        if user_install:
            # As on Discord: the user authorised the app ("1"), and a DM that is not the bot's own is context 2.
            payload["authorizing_integration_owners"] = {"1": str(user.id)}
            if channel.type == DM:
                payload["context"] = 2
        rec = InteractionRecord(id=iid, token=token, type=itype, user=user, channel_id=channel.id,
                                guild_id=guild_id, payload=payload,
                                attachment_size_limit=st.attachment_size_limit)
        return payload, rec

    async def _dispatch(self, rec: InteractionRecord) -> None:
        # Wait for the connection of the interaction's shard (its guild's; shard 0 for a DM).
        await self.server.wait_until(lambda: self.server.gateway.route(rec.payload), 10.0,
                                     f"the bot's gateway connection for {rec.describe()}", self._debug)
        self.server.interactions.append(rec)
        self.server.interactions_by_token[rec.token] = rec
        rec.dispatched_at = time.monotonic()
        ok = await self.server.gateway.dispatch("INTERACTION_CREATE", rec.payload)
        assert ok, f"could not dispatch {rec.describe()}: the bot's gateway connection is gone\n{self._debug()}"

    async def _await_answer(self, rec: InteractionRecord, timeout: float, settle: float,
                            allow_refused: bool = False) -> InteractionRecord:
        """Wait for the callback, then for a type 5's edit/followup, then for ``settle`` s of quiet.

        A request of this interaction that the fake refused (4xx) ends the wait at once: with an
        AssertionError naming the refusal, or, with ``allow_refused``, by returning the record.
        """
        def refused() -> list[str]:
            # Injected faults are the test's doing (discord.py may retry them): not a refusal of the answer.
            return [f"{q} {q.response}" for q in rec.requests if q.status >= 400 and q.fault is None]

        def done(stage: str) -> bool:
            if refused():
                return True
            if stage == "callback":
                return rec.acknowledged
            return bool(rec.edits or rec.followups)

        await self.server.wait_until(lambda: done("callback"), timeout,
                                     f"a callback to {rec.describe()}", self._debug)
        if rec.callback_type == r.CB_DEFERRED_MESSAGE and not refused():
            await self.server.wait_until(
                lambda: done("answer"), timeout,
                f"the deferred answer (edit of @original or followup) to {rec.describe()}", self._debug)
        if refused() and not allow_refused:
            raise AssertionError(f"the fake refused the bot's answer to {rec.describe()}: {refused()}")
        if settle > 0:
            await self._settle(settle, max_wait=max(2.0, settle * 10))
        return rec

    async def _settle(self, quiet: float, max_wait: float) -> None:
        """Like :meth:`wait_idle` but a bot that never goes quiet just ends the wait after ``max_wait``."""
        end = time.monotonic() + max_wait

        def idle_or_late() -> bool:
            last = self.server.requests[-1].at if self.server.requests else 0.0
            now = time.monotonic()
            # The bot acknowledges a move before its table message goes out (the outbox): quiet means
            # no request for a while AND nothing due in the bot's outbox.
            return (now - last >= quiet and self.outbox_due() == 0) or now >= end

        await self.server.wait_until(idle_or_late, max_wait + 1.0, "the bot to settle", self._debug,
                                     poll=min(0.05, quiet / 2))

    async def wait_answer(self, rec: InteractionRecord, timeout: float = 20.0, *,
                          followups: int = 0) -> InteractionRecord:
        """Wait until the bot answered ``rec`` beyond its callback: an edit of @original or a followup
        (typical after a type 6 deferred update), or, with ``followups=n``, until it sent n followups."""
        if followups:
            await self.server.wait_until(lambda: len(rec.followups) >= followups, timeout,
                                         f"{followups} followup(s) to {rec.describe()}", self._debug)
        else:
            await self.server.wait_until(lambda: rec.edits or rec.followups, timeout,
                                         f"an edit or followup answering {rec.describe()}", self._debug)
        return rec

    def _build_options(self, cmd: AppCommand, subcommand: str | None, options: dict[str, Any],
                       focused: str | None = None, focused_value: str = "") -> tuple[list[dict[str, Any]], dict]:
        """Turn ``{"name": value}`` into Discord's typed option list (using the synced command)."""
        resolved: dict[str, dict[str, Any]] = {}
        spec_opts: list[dict[str, Any]] = cmd.data.get("options") or []
        path = subcommand.split() if subcommand else []
        wrappers: list[dict[str, Any]] = []
        for part in path:
            match = next((o for o in spec_opts if o.get("name") == part and o.get("type") in (1, 2)), None)
            assert match is not None, (
                f"/{cmd.name} has no subcommand {part!r}; it has {[o.get('name') for o in spec_opts]}")
            wrappers.append({"name": part, "type": match["type"], "options": []})
            spec_opts = match.get("options") or []
        leaf: list[dict[str, Any]] = []
        values = dict(options)
        if focused is not None:
            values[focused] = focused_value
        for name, value in values.items():
            spec = next((o for o in spec_opts if o.get("name") == name), None)
            assert spec is not None, (
                f"/{cmd.name} {subcommand or ''} has no option {name!r}; it has {[o.get('name') for o in spec_opts]}")
            otype = int(spec["type"])
            opt: dict[str, Any] = {"name": name, "type": otype}
            if name == focused:
                opt["value"] = str(focused_value)
                opt["focused"] = True
            elif otype in (6, 9) and isinstance(value, User):
                opt["value"] = str(value.id)
                resolved.setdefault("users", {})[str(value.id)] = value.to_json()
                resolved.setdefault("members", {})[str(value.id)] = value.member_json(with_user=False,
                                                                                      with_permissions=True)
            elif otype == 7 and isinstance(value, Channel):
                opt["value"] = str(value.id)
                resolved.setdefault("channels", {})[str(value.id)] = {
                    "id": str(value.id), "type": value.type, "name": value.name, "permissions": str(0xFFFFFFFF),
                    **({"parent_id": str(value.parent_id)} if value.parent_id else {}),
                    **({"thread_metadata": value.to_json()["thread_metadata"]} if value.is_thread else {}),
                }
            elif otype in (6, 7, 8, 9):
                opt["value"] = str(value)
            else:
                opt["value"] = value
            leaf.append(opt)
        if wrappers:
            wrappers[-1]["options"] = leaf
            for outer, inner in itertools.pairwise(wrappers):
                outer["options"] = [inner]
            return [wrappers[0]], resolved
        return leaf, resolved

    def _command_data(self, cmd: AppCommand, subcommand: str | None, options: dict[str, Any],
                      focused: str | None = None, focused_value: str = "") -> dict[str, Any]:
        opts, resolved = self._build_options(cmd, subcommand, options or {}, focused, focused_value)
        data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
        return data

    async def slash(self, user: User, command: str, *, subcommand: str | None = None,
                    options: dict[str, Any] | None = None, channel: Channel | int | None = None,
                    timeout: float = 20.0, settle: float = 0.1, allow_refused: bool = False,
                    user_install: bool = False) -> InteractionRecord:
        """Invoke ``/command [subcommand] options...`` as ``user`` and wait for the bot's answer.

        ``user_install``: as the user's own installed app (in a DM channel: one with a friend, context 2).

        ``subcommand`` may be ``"sub"`` or ``"group sub"``. Option values: str/int/float/bool, or a
        :class:`User` / :class:`Channel` for user/channel options (``resolved`` is filled in).
        Waits for the callback, then (for a deferred type 5) for the edit/followup, then until the bot
        is quiet for ``settle`` seconds. Returns the :class:`InteractionRecord`.
        """
        ch = self._resolve_channel(channel)
        cmd = self._find_command(command)
        payload, rec = self._base_payload(user, r.APPLICATION_COMMAND, ch, user_install)
        payload["data"] = self._command_data(cmd, subcommand, options or {})
        await self._dispatch(rec)
        return await self._await_answer(rec, timeout, settle, allow_refused)

    async def autocomplete(self, user: User, command: str, *, subcommand: str | None = None,
                           options: dict[str, Any] | None = None, focused: str, value: str = "",
                           channel: Channel | int | None = None, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Ask the bot for autocomplete choices of option ``focused`` (typed text ``value``).

        Returns the choices list (``[{"name": .., "value": ..}]``); the record is in :attr:`interactions`.
        """
        rec = await self.autocomplete_record(user, command, subcommand=subcommand, options=options,
                                             focused=focused, value=value, channel=channel, timeout=timeout)
        assert rec.callback_type == r.CB_AUTOCOMPLETE, (
            f"autocomplete answered with callback type {rec.callback_type}, expected 8: {rec.describe()}")
        return rec.choices

    async def autocomplete_record(self, user: User, command: str, *, subcommand: str | None = None,
                                  options: dict[str, Any] | None = None, focused: str, value: str = "",
                                  channel: Channel | int | None = None, timeout: float = 10.0) -> InteractionRecord:
        """Like :meth:`autocomplete` but returns the whole :class:`InteractionRecord`."""
        ch = self._resolve_channel(channel)
        cmd = self._find_command(command)
        payload, rec = self._base_payload(user, r.AUTOCOMPLETE, ch)
        payload["data"] = self._command_data(cmd, subcommand, options or {}, focused, value)
        await self._dispatch(rec)
        await self.server.wait_until(lambda: rec.acknowledged, timeout,
                                     f"autocomplete choices for {rec.describe()}", self._debug)
        return rec

    async def click(self, user: User, message: Message, custom_id: str, *, timeout: float = 20.0,
                    settle: float = 0.1, check_exists: bool = True, allow_refused: bool = False) -> InteractionRecord:
        """Click the button ``custom_id`` on ``message`` as ``user`` and wait for the answer.

        With ``check_exists`` (default) the button must be on the message's current components.
        Works on channel messages, ephemeral messages and DM messages.
        """
        return await self._component(user, message, custom_id, 2, None, timeout, settle, check_exists, allow_refused)

    async def select(self, user: User, message: Message, custom_id: str, values: list[str], *,
                     timeout: float = 20.0, settle: float = 0.1, check_exists: bool = True,
                     allow_refused: bool = False) -> InteractionRecord:
        """Choose ``values`` in the select menu ``custom_id`` on ``message`` and wait for the answer."""
        return await self._component(user, message, custom_id, 3, values, timeout, settle, check_exists,
                                     allow_refused)

    async def _component(self, user: User, message: Message, custom_id: str, ctype: int,
                         values: list[str] | None, timeout: float, settle: float,
                         check_exists: bool, allow_refused: bool = False) -> InteractionRecord:
        comp = message.find_component(custom_id)
        if check_exists:
            assert not message.deleted, f"message {message.id} was deleted; its components cannot be used"
            assert comp is not None, (
                f"message {message.id} has no component {custom_id!r}; it has {message.custom_ids()}")
            assert not comp.get("disabled"), f"component {custom_id!r} on message {message.id} is disabled"
            if values is not None:
                offered = {o.get("value") for o in comp.get("options") or []}
                if offered:
                    bad = [v for v in values if v not in offered]
                    assert not bad, f"select {custom_id!r} does not offer {bad}; it offers {sorted(offered)}"
                low, high = int(comp.get("min_values", 1) or 0), int(comp.get("max_values", 1) or 1)
                assert low <= len(values) <= high, (
                    f"select {custom_id!r} takes {low}..{high} values, not {len(values)}")
        if comp is not None:
            ctype = int(comp.get("type", ctype))
        ch = self.get_channel(message.channel_id)
        payload, rec = self._base_payload(user, r.MESSAGE_COMPONENT, ch)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if values is not None:
            data["values"] = list(values)
        payload["data"] = data
        payload["message"] = message.to_json()
        rec.source_message = message
        await self._dispatch(rec)
        return await self._await_answer(rec, timeout, settle, allow_refused)

    async def submit_modal(self, user: User, opened_by: InteractionRecord, values: dict[str, Any], *,
                           timeout: float = 20.0, settle: float = 0.1,
                           allow_refused: bool = False) -> InteractionRecord:
        """Submit the modal the bot opened (callback type 9) in answer to ``opened_by``.

        ``values`` maps a field's custom_id to its value: a str for text inputs, a list of str for
        selects; fields not given keep their pre-filled ``value`` (or stay empty).
        """
        assert opened_by.callback_type == r.CB_MODAL, f"no modal was opened: {opened_by.describe()}"
        modal = opened_by.data
        unknown = set(values) - {c.get("custom_id") for c in iter_components(modal.get("components") or [])
                                 if c.get("custom_id")}
        assert not unknown, f"modal {modal.get('custom_id')!r} has no field(s) {sorted(unknown)}"

        def answer(comp: dict[str, Any]) -> dict[str, Any]:
            cid = comp.get("custom_id")
            key = str(cid)  # a field without custom_id matches no entry of ``values``
            out: dict[str, Any] = {"type": comp.get("type"), "custom_id": cid}
            if comp.get("id") is not None:
                out["id"] = comp["id"]
            if comp.get("type") in (3, 5, 6, 7, 8, 19, 22):
                out["values"] = [str(v) for v in values.get(key, [])]
            else:
                out["value"] = values.get(key, comp.get("value", ""))
            return out

        submitted: list[dict[str, Any]] = []
        for comp in modal.get("components") or []:
            if comp.get("type") == 1:
                submitted.append({"type": 1, "components": [answer(c) for c in comp.get("components") or []]})
            elif comp.get("type") == 18:
                submitted.append({"type": 18, "id": comp.get("id", 0), "component": answer(comp["component"])})
        ch = self.get_channel(opened_by.channel_id)
        payload, rec = self._base_payload(user, r.MODAL_SUBMIT, ch)
        payload["data"] = {"custom_id": modal.get("custom_id"), "components": submitted}
        if opened_by.source_message is not None:
            payload["message"] = opened_by.source_message.to_json()
            rec.source_message = opened_by.source_message
        await self._dispatch(rec)
        return await self._await_answer(rec, timeout, settle, allow_refused)

    def _resolve_channel(self, channel: Channel | int | None) -> Channel:
        if channel is None:
            return self.channel
        if isinstance(channel, Channel):
            return channel
        return self.get_channel(channel)
