"""Gateway side of the fake Discord: one websocket per bot connection.

Protocol subset (what discord.py 2.7 needs): HELLO on connect, HEARTBEAT -> HEARTBEAT_ACK,
IDENTIFY -> READY + GUILD_CREATE (all members only with the GUILD_MEMBERS intent, as on Discord),
RESUME -> RESUMED, REQUEST_GUILD_MEMBERS -> GUILD_MEMBERS_CHUNK,
and DISPATCH of events the harness injects (INTERACTION_CREATE, THREAD_CREATE, ...).

Shards, as on Discord: IDENTIFY may carry ``shard: [id, count]`` (default ``[0, 1]``); READY and the
GUILD_CREATEs then cover only the guilds with ``(guild_id >> 22) % count == id``, and every event
about a guild goes to the connection holding its shard, events without a guild (DM interactions) to
shard 0's. A bad pair is closed with 4010 (invalid shard), too few shards with 4011 (sharding required).

discord.py asks for ``?v=10&encoding=json&compress=zlib-stream``; when ``compress=zlib-stream`` is
requested the fake answers with binary frames of one shared zlib stream (Z_SYNC_FLUSH per
message), exactly like Discord. Otherwise it sends text frames.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .state import shard_of

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("fakediscord.gateway")

HEARTBEAT_INTERVAL_MS = 41250
GUILD_MEMBERS_INTENT = 1 << 1


@dataclass
class GatewayConnection:
    """One websocket connection from a bot process."""

    ws: web.WebSocketResponse
    compress: bool
    number: int
    seq: int = 0
    session_id: str = field(default_factory=lambda: secrets.token_hex(16))
    identified: bool = False
    resumed: bool = False
    identify: dict[str, Any] | None = None
    closed: bool = False
    heartbeats: int = 0
    guild_create_at: float | None = None
    shard: tuple[int, int] = (0, 1)  # (shard id, shard count) from IDENTIFY
    # (event name, guild id or None) of every DISPATCH sent, in order: which shard carried what.
    dispatched: list[tuple[str, int | None]] = field(default_factory=list)
    received: list[dict[str, Any]] = field(default_factory=list)
    _zlib: Any = field(default_factory=lambda: zlib.compressobj())
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    async def send(self, payload: dict[str, Any]) -> bool:
        """Send one gateway payload (text frame, or zlib-stream binary frame); False if the socket is gone."""
        text = json.dumps(payload)
        async with self._lock:
            if self.ws.closed:
                return False
            try:
                if self.compress:
                    data = self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(text)
            except (ConnectionError, RuntimeError) as exc:
                log.warning("gateway send failed: %r", exc)
                return False
            return True

    async def dispatch(self, event: str, data: dict[str, Any]) -> bool:
        """Send a DISPATCH (op 0) with the next sequence number; False if the socket is gone."""
        self.seq += 1
        guild = data.get("id") if event == "GUILD_CREATE" else data.get("guild_id")
        self.dispatched.append((event, int(guild) if isinstance(guild, int | str) and str(guild).isdigit() else None))
        return await self.send({"op": 0, "t": event, "s": self.seq, "d": data})

    @property
    def open(self) -> bool:
        """Open and identified (or resumed): events can be dispatched to it."""
        return not self.closed and (self.identified or self.resumed)

    def carries(self, guild_id: int | None) -> bool:
        """Whether Discord would deliver this guild's events here (None: guild-less events, shard 0's)."""
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else shard_of(guild_id, count))


class Gateway:
    """Accepts bot websocket connections and dispatches each event to the connection of its shard."""

    def __init__(self, server: FakeDiscord) -> None:
        self.server = server
        self.connections: list[GatewayConnection] = []
        self.identify_count = 0

    @property
    def active(self) -> GatewayConnection | None:
        """The newest open, identified (or resumed) connection."""
        for conn in reversed(self.connections):
            if conn.open:
                return conn
        return None

    def for_guild(self, guild_id: int | None) -> GatewayConnection | None:
        """The newest open connection on the shard of ``guild_id`` (None: shard 0, where DMs arrive)."""
        for conn in reversed(self.connections):
            if conn.open and conn.carries(guild_id):
                return conn
        return None

    def for_shard(self, shard_id: int) -> GatewayConnection | None:
        """The newest open connection that identified as shard ``shard_id``."""
        for conn in reversed(self.connections):
            if conn.open and conn.shard[0] == shard_id:
                return conn
        return None

    def route(self, data: Any) -> GatewayConnection | None:
        """The connection an event with payload ``data`` goes to: its guild's shard, else shard 0."""
        guild_id = data.get("guild_id") if isinstance(data, dict) else None
        try:
            return self.for_guild(int(guild_id) if guild_id is not None else None)
        except (TypeError, ValueError):  # a deliberately malformed payload (security tests): shard 0
            return self.for_guild(None)

    async def dispatch(self, event: str, data: dict[str, Any]) -> bool:
        """Dispatch an event to the connection of its shard; False when no bot holds that shard."""
        conn = self.route(data)
        if conn is None:
            return False
        return await conn.dispatch(event, data)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        """aiohttp handler for the gateway websocket."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = GatewayConnection(ws=ws, compress=request.query.get("compress") == "zlib-stream",
                                 number=len(self.connections) + 1)
        self.connections.append(conn)
        self.server.gateway_queries.append(dict(request.query))
        try:
            await conn.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}, "s": None, "t": None})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_payload(conn, json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await self._on_payload(conn, json.loads(msg.data.decode()))
                elif msg.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            conn.closed = True
            self.server.notify()
        return ws

    async def _on_payload(self, conn: GatewayConnection, payload: dict[str, Any]) -> None:
        op = payload.get("op")
        data = payload.get("d")
        if op != 1:
            conn.received.append(payload)
        if op == 1:  # heartbeat
            conn.heartbeats += 1
            await conn.send({"op": 11, "d": None, "s": None, "t": None})
        elif op == 2:  # identify
            await self._identify(conn, data or {})
        elif op == 6:  # resume
            await self._resume(conn, data or {})
        elif op == 8:  # request guild members
            await self._members_chunk(conn, data or {})
        self.server.notify()

    async def _identify(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        if data.get("token") != self.server.token:
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard = data.get("shard", [0, 1])
        if not (isinstance(shard, list) and len(shard) == 2 and all(type(x) is int for x in shard)
                and 0 <= shard[0] < shard[1]):
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        if shard[1] < self.server.shard_count:
            await conn.ws.close(code=4011, message=b"Sharding required.")
            return
        conn.shard = (shard[0], shard[1])
        st = self.server.state
        guilds = st.guilds_on_shard(*conn.shard)
        conn.identify = data
        ready = {
            "v": 10,
            "user": {**st.bot_user.to_json(), "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": conn.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.server.gateway_base,
            "shard": list(conn.shard),
            "application": {"id": str(st.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "auth_session_id_hash": "",
        }
        await conn.dispatch("READY", ready)
        members_intent = bool(int(data.get("intents") or 0) & GUILD_MEMBERS_INTENT)
        for guild in guilds:
            await conn.dispatch("GUILD_CREATE", st.guild_create_json(all_members=members_intent, guild=guild))
        conn.guild_create_at = time.monotonic()
        conn.identified = True
        self.identify_count += 1

    async def _resume(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        old = next((c for c in self.connections if c.session_id == data.get("session_id")), None)
        if old is None or data.get("token") != self.server.token:
            await conn.send({"op": 9, "d": False, "s": None, "t": None})
            return
        conn.session_id = old.session_id
        conn.shard = old.shard
        conn.seq = max(old.seq, int(data.get("seq") or 0))
        conn.resumed = True
        await conn.dispatch("RESUMED", {})

    async def _members_chunk(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        st = self.server.state
        members = [u.member_json() for u in st.users.values() if u.in_guild]
        members.append(st.bot_user.member_json())
        wanted = data.get("user_ids")
        if wanted:
            ids = {str(x) for x in (wanted if isinstance(wanted, list) else [wanted])}
            members = [m for m in members if m["user"]["id"] in ids]
        chunk = {
            "guild_id": str(data.get("guild_id") or st.guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
            "presences": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await conn.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def drop(self, code: int = 4000, *, shard_id: int | None = None) -> GatewayConnection:
        """Close the active connection (or shard ``shard_id``'s) with ``code`` (4000 = unknown error:
        discord.py RESUMEs at once)."""
        conn = self.active if shard_id is None else self.for_shard(shard_id)
        assert conn is not None, f"no active gateway connection to drop (shard {shard_id})"
        await conn.ws.close(code=code, message=b"fake discord dropped the connection")
        conn.closed = True
        self.server.notify()
        return conn

    async def close_all(self) -> None:
        """Close every open connection (server shutdown)."""
        for conn in self.connections:
            if not conn.ws.closed:
                await conn.ws.close(code=1001, message=b"fake discord shutting down")
            conn.closed = True
