"""REST side of the fake Discord: route table, request parsing, handlers.

Route templates are the OpenAPI path keys of the Discord spec, so a recorded request can be
validated against ``paths[route][method].requestBody``.
"""

from __future__ import annotations

import email.policy
import json
import re
from collections.abc import Awaitable, Callable
from email.parser import BytesParser
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import records as r
from .records import InteractionRecord, RequestRecord, UploadedFile
from .state import DM, PUBLIC_THREAD, AppCommand, Attachment, Channel, Message, iso_now
from .validation import MAX_FILES, check_choices, check_message_limits

if TYPE_CHECKING:
    from .server import FakeDiscord

Handler = Callable[[RequestRecord], Awaitable[web.StreamResponse]]


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON response whose Content-Type is exactly ``application/json`` (discord.py requires it)."""
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def error(status: int, code: int, message: str) -> web.Response:
    """A Discord-shaped error body."""
    return json_response({"code": code, "message": message}, status=status)


def no_content() -> web.Response:
    """204 No Content."""
    return web.Response(status=204)


def invalid_form(problems: list[str]) -> web.Response:
    """400 / 50035 Invalid Form Body, listing the problems (what Discord answers to over-limit payloads)."""
    return json_response({"code": 50035, "message": "Invalid Form Body",
                          "errors": {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p} for p in problems]}},
                         status=400)


# Callback types Discord accepts per interaction type.
ALLOWED_CALLBACKS = {r.APPLICATION_COMMAND: {4, 5, 9}, r.MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
                     r.AUTOCOMPLETE: {8}, r.MODAL_SUBMIT: {4, 5, 6, 7}}


def _compile(template: str) -> re.Pattern[str]:
    pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(template))
    return re.compile(f"^{pattern}$")


class RestAPI:
    """Handlers for the Discord REST routes the bot uses."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.state = server.state
        self.routes: list[tuple[str, str, re.Pattern[str], Handler]] = []
        add = self._add
        add("GET", "/gateway", self.get_gateway)
        add("GET", "/gateway/bot", self.get_gateway_bot)
        add("GET", "/users/@me", self.get_me)
        add("GET", "/oauth2/applications/@me", self.get_application)
        add("GET", "/applications/@me", self.get_application)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/users/{user_id}", self.get_user)
        add("PUT", "/applications/{application_id}/commands", self.put_commands)
        add("GET", "/applications/{application_id}/commands", self.get_commands)
        add("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands)
        add("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands)
        add("POST", "/interactions/{interaction_id}/{interaction_token}/callback", self.interaction_callback)
        add("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", self.get_webhook_message)
        add("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", self.edit_webhook_message)
        add("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", self.delete_webhook_message)
        add("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.get_webhook_message)
        add("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.edit_webhook_message)
        add("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", self.delete_webhook_message)
        add("POST", "/webhooks/{webhook_id}/{webhook_token}", self.create_followup)
        add("GET", "/channels/{channel_id}", self.get_channel)
        add("GET", "/channels/{channel_id}/messages", self.list_messages)
        add("POST", "/channels/{channel_id}/messages", self.create_message)
        add("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        add("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        add("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread_from_message)
        add("POST", "/channels/{channel_id}/threads", self.create_thread)
        add("PUT", "/channels/{channel_id}/thread-members/@me", self.no_content)
        add("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.no_content)
        add("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.no_content)
        add("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", self.add_reaction)
        add("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", self.no_content)
        add("PUT", "/channels/{channel_id}/pins/{message_id}", self.no_content)
        add("POST", "/channels/{channel_id}/typing", self.no_content)
        add("GET", "/guilds/{guild_id}", self.get_guild)
        add("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        add("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)

    def _add(self, method: str, template: str, handler: Handler) -> None:
        self.routes.append((method, template, _compile(template), handler))

    def match(self, method: str, path: str) -> tuple[str | None, dict[str, str], Handler | None]:
        """Find the route template, path params and handler for a request."""
        for m, template, pattern, handler in self.routes:
            if m != method:
                continue
            found = pattern.match(path)
            if found:
                return template, found.groupdict(), handler
        return None, {}, None

    # -- entry point ------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp handler for every ``/api/v10/...`` request."""
        path = "/" + request.match_info["tail"]
        template, params, handler = self.match(request.method, path)
        try:
            body, files = await parse_body(request)
        except Exception as exc:  # never let aiohttp answer 500: discord.py would retry
            self.server.internal_errors.append(f"{request.method} {path}: cannot parse body: {exc!r}")
            body, files = None, []
        rec = RequestRecord(
            method=request.method,
            path=path,
            route=template,
            params=params,
            query=dict(request.query),
            body=body,
            files=files,
            content_type=request.content_type,
        )
        self.server.requests.append(rec)
        token_route = path.startswith(("/interactions/", "/webhooks/"))  # authorised by the interaction token
        if not token_route and request.headers.get("Authorization") != f"Bot {self.server.token}":
            resp: web.StreamResponse = error(401, 0, "401: Unauthorized")
        elif (injected := self.server.faults.answer(rec)) is not None:
            resp = injected  # a test asked for this failure: the handler does not run, nothing changes
        elif handler is None:
            resp = error(404, 0, f"404: Not Found (fake Discord has no route {request.method} {path})")
        else:
            try:
                resp = await handler(rec)
            except Exception as exc:  # a bug in the fake: report it clearly, never 5xx (discord.py retries)
                self.server.internal_errors.append(f"{rec}: {exc!r}")
                resp = error(400, 0, f"fake Discord internal error: {exc!r}")
        rec.status = resp.status
        if isinstance(resp, web.Response) and resp.body and resp.content_type == "application/json":
            rec.response = json.loads(bytes(resp.body))  # type: ignore[arg-type]  # a JSON Response's body is bytes, never a Payload
        self.server.notify()
        return resp

    async def no_content(self, rec: RequestRecord) -> web.StreamResponse:
        """Routes the fake accepts and ignores."""
        return no_content()

    # -- gateway / identity ---------------------------------------------------------------
    async def get_gateway(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /gateway."""
        return json_response({"url": self.server.gateway_base})

    async def get_gateway_bot(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /gateway/bot."""
        return json_response(
            {
                "url": self.server.gateway_base,
                "shards": self.server.shard_count,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            }
        )

    async def get_me(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /users/@me: the bot user."""
        return json_response(self.state.bot_user.to_json())

    async def get_user(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /users/{id}."""
        user = self.state.get_user(int(rec.params["user_id"]))
        if user is None:
            return error(404, 10013, "Unknown User")
        return json_response(user.to_json())

    async def get_application(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /oauth2/applications/@me."""
        st = self.state
        return json_response(
            {
                "id": str(st.application_id),
                "name": st.bot_user.name,
                "icon": None,
                "description": "Gnome board games (fake)",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": st.bot_user.to_json(),
                "owner": st.owner.to_json(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "interactions_endpoint_url": None,
                "approximate_guild_count": len(st.guilds),
            }
        )

    # -- guild ----------------------------------------------------------------------------
    async def get_guild(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /guilds/{id}."""
        guild = self.state.guilds.get(int(rec.params["guild_id"]))
        if guild is None:
            return error(404, 10004, "Unknown Guild")
        data = self.state.guild_create_json(guild=guild)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        return json_response(data)

    async def get_guild_channels(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /guilds/{id}/channels."""
        guild = self.state.guilds.get(int(rec.params["guild_id"]))
        if guild is None:
            return error(404, 10004, "Unknown Guild")
        return json_response([c.to_json() for c in self.state.guild_channels(guild)])

    async def get_member(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /guilds/{gid}/members/{uid}."""
        user = self.state.get_user(int(rec.params["user_id"]))
        if user is None or not user.in_guild:
            return error(404, 10007, "Unknown Member")
        return json_response(user.member_json())

    # -- commands -------------------------------------------------------------------------
    async def put_commands(self, rec: RequestRecord) -> web.StreamResponse:
        """PUT (bulk overwrite) global or guild commands."""
        guild_id = int(rec.params["guild_id"]) if "guild_id" in rec.params else None
        st = self.state
        for key in [k for k in st.commands if k[0] == guild_id]:
            del st.commands[key]
        out = []
        for cmd in rec.body or []:
            ac = AppCommand(id=st.ids.next(), data=cmd, guild_id=guild_id)
            st.commands[(guild_id, ac.name)] = ac
            out.append(self._command_json(ac))
        self.server.command_syncs += 1
        return json_response(out)

    async def get_commands(self, rec: RequestRecord) -> web.StreamResponse:
        """GET global or guild commands."""
        guild_id = int(rec.params["guild_id"]) if "guild_id" in rec.params else None
        cmds = [c for (g, _), c in self.state.commands.items() if g == guild_id]
        return json_response([self._command_json(c) for c in cmds])

    def _command_json(self, ac: AppCommand) -> dict[str, Any]:
        data = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **ac.data,
            "id": str(ac.id),
            "application_id": str(self.state.application_id),
            "version": str(ac.id),
        }
        if ac.guild_id is not None:
            data["guild_id"] = str(ac.guild_id)
        return data

    # -- interactions ---------------------------------------------------------------------
    def _interaction_by_token(self, token: str) -> InteractionRecord | None:
        return self.server.interactions_by_token.get(token)

    async def interaction_callback(self, rec: RequestRecord) -> web.StreamResponse:
        """POST /interactions/{id}/{token}/callback."""
        ix = self._interaction_by_token(rec.params["interaction_token"])
        if ix is None or str(ix.id) != rec.params["interaction_id"]:
            return error(404, 10062, "Unknown interaction")
        rec.interaction_id = ix.id
        rec.attachment_size_limit = ix.attachment_size_limit
        ix.requests.append(rec)
        body = rec.body if isinstance(rec.body, dict) else {}
        if ix.callback is not None:
            ix.extra_callbacks.append(body)
            return error(400, 40060, "Interaction has already been acknowledged.")
        cb_type = int(body.get("type", 0))
        data = body.get("data") or {}
        if cb_type not in ALLOWED_CALLBACKS.get(ix.type, set()):
            return invalid_form([f"callback type {cb_type} is not valid for interaction type {ix.type}"])
        if cb_type == r.CB_AUTOCOMPLETE:
            bad = check_choices(data.get("choices") or [], "choices") if self.server.enforce_limits else []
            if bad:
                return invalid_form(bad)
        elif cb_type in (r.CB_MESSAGE, r.CB_UPDATE_MESSAGE):
            refused = self._refuse_payload(data, rec, new=cb_type == r.CB_MESSAGE)
            if refused is not None:
                return refused
        if self.server.strict_deadline and rec.at - ix.dispatched_at > r.CALLBACK_DEADLINE_S:
            return error(404, 10062, "Unknown interaction")
        ix.callback = body
        ix.callback_at = rec.at
        ix.callback_files = list(rec.files)
        st = self.state
        channel = st.channels.get(ix.channel_id)
        message: Message | None = None
        if cb_type in (r.CB_MESSAGE, r.CB_DEFERRED_MESSAGE) and channel is not None:
            flags = int(data.get("flags", 0) or 0)
            if cb_type == r.CB_DEFERRED_MESSAGE:
                flags |= 128  # LOADING
            message = st.add_message(channel, st.bot_user, flags=flags, interaction_id=ix.id,
                                     webhook_id=st.application_id)
            if flags & 64:
                message.ephemeral_to = ix.user.id
            if cb_type == r.CB_MESSAGE:
                self._apply_message_payload(message, data, rec.files, new=True)
            ix.original = message
        elif cb_type in (r.CB_DEFERRED_UPDATE, r.CB_UPDATE_MESSAGE):
            message = ix.source_message
            ix.original = message
            if cb_type == r.CB_UPDATE_MESSAGE and message is not None:
                self._apply_message_payload(message, data, rec.files, new=False)
        interaction = {
            "id": str(ix.id),
            "type": ix.type,
            "response_message_loading": cb_type == r.CB_DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(message is not None and message.ephemeral),
        }
        resource: dict[str, Any] = {"type": cb_type}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            resource["message"] = message.to_json()
        return json_response({"interaction": interaction, "resource": resource})

    def _webhook_interaction(self, rec: RequestRecord) -> InteractionRecord | web.Response:
        ix = self._interaction_by_token(rec.params["webhook_token"])
        if ix is None or rec.params["webhook_id"] != str(self.state.application_id):
            return error(404, 10015, "Unknown Webhook")
        rec.interaction_id = ix.id
        rec.attachment_size_limit = ix.attachment_size_limit
        ix.requests.append(rec)
        if ix.callback is None:
            return error(404, 10015, "Unknown Webhook")
        return ix

    def _webhook_message(self, ix: InteractionRecord, rec: RequestRecord) -> Message | None:
        mid = rec.params.get("message_id", "@original")
        if mid == "@original":
            return ix.original
        msg = self.state.messages.get(int(mid)) if mid.isdigit() else None
        if msg is None or (msg.interaction_id != ix.id and msg is not ix.original):
            return None
        return msg

    async def create_followup(self, rec: RequestRecord) -> web.StreamResponse:
        """POST /webhooks/{app}/{token}: an interaction followup."""
        ix = self._webhook_interaction(rec)
        if isinstance(ix, web.Response):
            return ix
        st = self.state
        channel = st.channels.get(int(rec.query["thread_id"])) if "thread_id" in rec.query else None
        channel = channel or st.channels[ix.channel_id]
        data = rec.body if isinstance(rec.body, dict) else {}
        refused = self._refuse_payload(data, rec, new=True)
        if refused is not None:
            return refused
        flags = int(data.get("flags", 0) or 0)
        if ix.callback_type == r.CB_DEFERRED_MESSAGE and ix.original is not None and ix.original.flags & 128:
            # Discord: the first followup after a deferred response edits the loading message.
            msg = ix.original
            msg.flags &= ~128
            self._apply_message_payload(msg, data, rec.files, new=False)
            ix.edits.append(rec)
            return json_response(msg.to_json())
        msg = st.add_message(channel, st.bot_user, flags=flags, interaction_id=ix.id, webhook_id=st.application_id)
        if flags & 64:
            msg.ephemeral_to = ix.user.id
        self._apply_message_payload(msg, data, rec.files, new=True)
        ix.followups.append(msg)
        return json_response(msg.to_json())

    async def get_webhook_message(self, rec: RequestRecord) -> web.StreamResponse:
        """GET @original or a followup."""
        ix = self._webhook_interaction(rec)
        if isinstance(ix, web.Response):
            return ix
        msg = self._webhook_message(ix, rec)
        if msg is None or msg.deleted:
            return error(404, 10008, "Unknown Message")
        return json_response(msg.to_json())

    async def edit_webhook_message(self, rec: RequestRecord) -> web.StreamResponse:
        """PATCH @original or a followup."""
        ix = self._webhook_interaction(rec)
        if isinstance(ix, web.Response):
            return ix
        msg = self._webhook_message(ix, rec)
        if msg is None or msg.deleted:
            return error(404, 10008, "Unknown Message")
        data = rec.body if isinstance(rec.body, dict) else {}
        refused = self._refuse_payload(data, rec, new=False)
        if refused is not None:
            return refused
        msg.flags &= ~128
        self._apply_message_payload(msg, data, rec.files, new=False)
        ix.edits.append(rec)
        return json_response(msg.to_json())

    async def delete_webhook_message(self, rec: RequestRecord) -> web.StreamResponse:
        """DELETE @original or a followup."""
        ix = self._webhook_interaction(rec)
        if isinstance(ix, web.Response):
            return ix
        msg = self._webhook_message(ix, rec)
        if msg is None or msg.deleted:
            return error(404, 10008, "Unknown Message")
        msg.deleted = True
        return no_content()

    # -- channels and messages ------------------------------------------------------------
    def _channel(self, rec: RequestRecord) -> Channel | web.Response:
        ch = self.state.channels.get(int(rec.params["channel_id"])) if rec.params["channel_id"].isdigit() else None
        if ch is None:
            return error(404, 10003, "Unknown Channel")
        return ch

    def _message(self, ch: Channel, rec: RequestRecord) -> Message | web.Response:
        mid = rec.params["message_id"]
        msg = self.state.messages.get(int(mid)) if mid.isdigit() else None
        if msg is None or msg.channel_id != ch.id or msg.deleted or msg.ephemeral_to is not None:
            return error(404, 10008, "Unknown Message")  # ephemeral messages only exist for the webhook routes
        return msg

    async def get_channel(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /channels/{id}."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        return json_response(ch.to_json())

    async def list_messages(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /channels/{id}/messages (newest first, ``limit``)."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        limit = int(rec.query.get("limit", 50))
        msgs = [m for m in reversed(ch.messages) if not m.deleted and m.ephemeral_to is None][:limit]
        return json_response([m.to_json() for m in msgs])

    async def create_message(self, rec: RequestRecord) -> web.StreamResponse:
        """POST /channels/{id}/messages (DMs to a DMs-closed user answer 403 / 50007)."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        st = self.state
        if ch.type == DM and ch.recipient is not None and ch.recipient.dms_closed:
            return error(403, 50007, "Cannot send messages to this user")
        missing = self.server.missing_bot_permissions(ch, "send_messages", attach=bool(rec.files))
        if missing:
            return error(403, 50013, "Missing Permissions")
        data = rec.body if isinstance(rec.body, dict) else {}
        refused = self._refuse_payload(data, rec, new=True)
        if refused is not None:
            return refused
        msg = st.add_message(ch, st.bot_user, flags=int(data.get("flags", 0) or 0))
        self._apply_message_payload(msg, data, rec.files, new=True)
        return json_response(msg.to_json())

    async def get_message(self, rec: RequestRecord) -> web.StreamResponse:
        """GET /channels/{cid}/messages/{mid}."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        msg = self._message(ch, rec)
        if isinstance(msg, web.Response):
            return msg
        return json_response(msg.to_json())

    async def edit_message(self, rec: RequestRecord) -> web.StreamResponse:
        """PATCH /channels/{cid}/messages/{mid}."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        msg = self._message(ch, rec)
        if isinstance(msg, web.Response):
            return msg
        if msg.author.id != self.state.bot_user.id:
            return error(403, 50005, "Cannot edit a message authored by another user")
        data = rec.body if isinstance(rec.body, dict) else {}
        refused = self._refuse_payload(data, rec, new=False)
        if refused is not None:
            return refused
        self._apply_message_payload(msg, data, rec.files, new=False)
        return json_response(msg.to_json())

    async def delete_message(self, rec: RequestRecord) -> web.StreamResponse:
        """DELETE /channels/{cid}/messages/{mid}."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        msg = self._message(ch, rec)
        if isinstance(msg, web.Response):
            return msg
        msg.deleted = True
        return no_content()

    async def add_reaction(self, rec: RequestRecord) -> web.StreamResponse:
        """PUT own reaction."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        msg = self._message(ch, rec)
        if isinstance(msg, web.Response):
            return msg
        msg.reactions.append(rec.params["emoji_name"])
        return no_content()

    async def create_thread(self, rec: RequestRecord) -> web.StreamResponse:
        """POST /channels/{id}/threads (thread without a message)."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        if ch.type != 0:
            return error(400, 50024, "Cannot execute action on this channel type")
        data = rec.body if isinstance(rec.body, dict) else {}
        private = int(data.get("type", PUBLIC_THREAD) or PUBLIC_THREAD) == 12
        missing = self.server.missing_bot_permissions(ch, "create_private_threads" if private
                                                      else "create_public_threads")
        if missing:
            return error(403, 50013, "Missing Permissions")
        thread = self.state.add_thread(ch, str(data.get("name", "thread")), owner_id=self.state.bot_user.id,
                                       private=private)
        await self.server.gateway.dispatch("THREAD_CREATE", {**thread.to_json(), "newly_created": True})
        return json_response(thread.to_json())

    async def create_thread_from_message(self, rec: RequestRecord) -> web.StreamResponse:
        """POST /channels/{cid}/messages/{mid}/threads (thread id = message id)."""
        ch = self._channel(rec)
        if isinstance(ch, web.Response):
            return ch
        msg = self._message(ch, rec)
        if isinstance(msg, web.Response):
            return msg
        if msg.thread_id is not None:
            return error(400, 160004, "A thread has already been created for this message")
        missing = self.server.missing_bot_permissions(ch, "create_public_threads")
        if missing:
            return error(403, 50013, "Missing Permissions")
        data = rec.body if isinstance(rec.body, dict) else {}
        thread = self.state.add_thread(ch, str(data.get("name", "thread")), owner_id=self.state.bot_user.id,
                                       thread_id=msg.id)
        msg.thread_id = thread.id
        await self.server.gateway.dispatch("THREAD_CREATE", {**thread.to_json(), "newly_created": True})
        return json_response(thread.to_json())

    async def create_dm(self, rec: RequestRecord) -> web.StreamResponse:
        """POST /users/@me/channels: open (or return) the DM channel with a user."""
        data = rec.body if isinstance(rec.body, dict) else {}
        user = self.state.get_user(int(data.get("recipient_id", 0)))
        if user is None:
            return error(400, 50033, "Invalid Recipient(s)")
        return json_response(self.state.dm_channel(user).to_json())

    # -- message payloads -----------------------------------------------------------------
    def _refuse_payload(self, data: dict[str, Any], rec: RequestRecord, *, new: bool) -> web.Response | None:
        """Discord's answer to an invalid message payload: 50006 empty message, 50035 over a limit."""
        has_files = bool(rec.files) or bool(data.get("attachments"))
        if new and not (data.get("content") or data.get("embeds") or data.get("components") or has_files
                        or data.get("sticker_ids") or data.get("poll")):
            return error(400, 50006, "Cannot send an empty message")
        if not self.server.enforce_limits:
            return None
        problems = check_message_limits(data, "payload")
        limit = rec.attachment_size_limit or self.state.attachment_size_limit
        problems += [f"file {f.filename!r} is {len(f.data)} bytes > {limit}" for f in rec.files if len(f.data) > limit]
        if len(rec.files) > MAX_FILES:
            problems.append(f"{len(rec.files)} files > {MAX_FILES}")
        if problems:
            return invalid_form(problems)
        return None

    def _apply_message_payload(self, msg: Message, data: dict[str, Any], files: list[UploadedFile],
                               *, new: bool) -> None:
        """Create or edit a message from a create/edit payload (and uploaded files)."""
        if not new:
            msg.history.append({"content": msg.content, "embeds": msg.embeds, "components": msg.components,
                                "attachments": [a.filename for a in msg.attachments]})
            msg.edits += 1
            msg.edited_at = iso_now()
        if "content" in data or new:
            msg.content = str(data.get("content") or "")
        if "embeds" in data or new:
            msg.embeds = list(data.get("embeds") or [])
        elif "embed" in data:
            msg.embeds = [data["embed"]] if data["embed"] else []
        if "components" in data or new:
            msg.components = list(data.get("components") or [])
        if "flags" in data and data["flags"] is not None:
            msg.flags = (int(data["flags"]) & ~(64 | 128)) | (msg.flags & 64)
        by_field = {f.field: f for f in files}
        if "attachments" in data and data["attachments"] is not None:
            old = {str(a.id): a for a in msg.attachments}
            new_list: list[Attachment] = []
            for item in data["attachments"]:
                aid = str(item.get("id"))
                if aid in old and not any(f.field == f"files[{aid}]" for f in files):
                    new_list.append(old[aid])
                    continue
                up = by_field.pop(f"files[{aid}]", None)
                if up is not None:
                    new_list.append(self._attachment(up, item.get("filename"), item.get("description")))
            new_list.extend(self._attachment(up, None, None) for up in by_field.values())
            msg.attachments = new_list
        elif files:
            msg.attachments = [*msg.attachments, *(self._attachment(up, None, None) for up in files)]

    def _attachment(self, up: UploadedFile, filename: str | None, description: str | None) -> Attachment:
        return Attachment(id=self.state.ids.next(), filename=filename or up.filename, data=up.data,
                          content_type=up.content_type, description=description)


async def parse_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """Parse a JSON body, or a multipart body (``payload_json`` + ``files[n]``)."""
    raw_body = await request.read()
    if request.content_type.startswith("multipart/"):
        return parse_multipart(request.headers.get("Content-Type", ""), raw_body)
    if not raw_body:
        return None, []
    try:
        return json.loads(raw_body.decode()), []
    except ValueError:
        return raw_body.decode(errors="replace"), []


def parse_multipart(content_type: str, raw: bytes) -> tuple[Any, list[UploadedFile]]:
    """Split multipart/form-data: JSON ``payload_json`` and file parts.

    The form-data aiohttp writes (plain part headers, no transfer encoding) is split on its boundary directly;
    anything else goes through the stdlib email parser, which reads a picture line by line (13 ms a request).
    """
    boundary = _param(content_type, "boundary")
    parts = _split_form_data(raw, boundary) if boundary else None
    if parts is None:
        return _parse_multipart_by_email(content_type, raw)
    body: Any = None
    files: list[UploadedFile] = []
    for headers, data in parts:
        disposition = headers.get("content-disposition", "")
        name = _param(disposition, "name") or ""
        filename = _param(disposition, "filename")
        if filename:
            kind = headers.get("content-type", "text/plain").split(";")[0].strip().lower()
            files.append(UploadedFile(field=name, filename=filename, data=data, content_type=kind))
        elif name == "payload_json":
            body = json.loads(data.decode())
    return body, files


_PARAM = re.compile(r';\s*([A-Za-z0-9_*-]+)=("(?:[^"\\]|\\.)*"|[^;]*)')


def _param(header: str, key: str) -> str | None:
    """A parameter of a header value (``name="files[0]"``), unquoted; None when it is absent."""
    for found, value in _PARAM.findall(";" + header.split(";", 1)[1] if ";" in header else ""):
        if found.lower() == key:
            value = value.strip()
            if value.startswith('"') and value.endswith('"'):
                value = re.sub(r"\\(.)", r"\1", value[1:-1])
            return value
    return None


def _split_form_data(raw: bytes, boundary: str) -> list[tuple[dict[str, str], bytes]] | None:
    """The (headers, data) of each part, or None when a part is not plain form-data this splitter reads."""
    delimiter = b"--" + boundary.encode()
    chunks = raw.split(b"\r\n" + delimiter)
    if not chunks[0].startswith(delimiter):
        return None
    chunks[0] = chunks[0][len(delimiter):]
    if not chunks[-1].startswith(b"--"):
        return None  # no closing delimiter
    parts: list[tuple[dict[str, str], bytes]] = []
    for chunk in chunks[:-1]:
        head, separator, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        if not separator:
            return None
        headers: dict[str, str] = {}
        for line in head.decode("utf-8", errors="replace").split("\r\n"):
            key, colon, value = line.partition(":")
            if not colon:
                return None
            headers[key.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        if "content-transfer-encoding" in headers or "*=" in disposition:
            return None  # encoded data or RFC 2231 names: the email parser's job
        parts.append((headers, data))
    return parts


def _parse_multipart_by_email(content_type: str, raw: bytes) -> tuple[Any, list[UploadedFile]]:
    """Split multipart/form-data with the stdlib email parser: JSON ``payload_json`` and file parts."""
    message = BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: " + content_type.encode() + b"\r\nMIME-Version: 1.0\r\n\r\n" + raw)
    body: Any = None
    files: list[UploadedFile] = []
    for part in message.iter_parts():
        name = part.get_param("name", header="content-disposition") or ""
        payload = part.get_payload(decode=True)
        data = payload if isinstance(payload, bytes) else b""
        filename = part.get_filename()
        if filename:
            files.append(UploadedFile(field=str(name), filename=filename, data=data,
                                      content_type=part.get_content_type()))
        elif name == "payload_json":
            body = json.loads(data.decode())
    return body, files
