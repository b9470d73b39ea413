"""Sharding end to end: the fake Discord routes by shard like Discord, and the real bot runs sharded.

The fake's part is checked with a raw websocket client (IDENTIFY with ``shard: [id, count]``, READY and
GUILD_CREATE per shard, events routed by ``(guild_id >> 22) % count``, DMs on shard 0); then the real
``python bot.py`` with SHARD_COUNT=2 SHARD_IDS=0,1 plays a whole game in each of two guilds that sit
on different shards, each checked against engine replay.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import Any

import aiohttp
import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.fakediscord.gateway import GatewayConnection
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    SETTLE,
    Table,
    check_against_engine,
    finished,
    finished_game,
    lobby_button,
    open_lobby,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(240)]


async def identify(ws: aiohttp.ClientWebSocketResponse, token: str, shard: Any = None) -> None:
    """Read HELLO, send IDENTIFY (with ``shard`` when given)."""
    assert (await ws.receive_json(timeout=5))["op"] == 10
    data: dict[str, Any] = {"token": token, "intents": 1, "properties": {}}
    if shard is not None:
        data["shard"] = shard
    await ws.send_json({"op": 2, "d": data})


async def receive_dispatches(ws: aiohttp.ClientWebSocketResponse, count: int) -> list[dict[str, Any]]:
    """The next ``count`` DISPATCH payloads."""
    return [await ws.receive_json(timeout=5) for _ in range(count)]


async def test_fake_gateway_splits_guilds_and_events_by_shard(fake: Harness) -> None:
    """IDENTIFY [id, 2] gets only that shard's guilds; guild events go to their shard, DMs to shard 0."""
    fake.set_shard_count(2)
    on_0, chan_0 = fake.add_guild("Shard Zero Tavern", shard=(0, 2))
    on_1, chan_1 = fake.add_guild("Shard One Tavern", shard=(1, 2))
    assert (fake.shard_of(on_0.id, 2), fake.shard_of(on_1.id, 2)) == (0, 1)
    main_shard = fake.shard_of(fake.guild_id, 2)
    expected = {0: {on_0.id}, 1: {on_1.id}}
    expected[main_shard].add(fake.guild_id)
    async with aiohttp.ClientSession() as s:
        async with s.get(fake.api_base + "/gateway/bot", headers={"Authorization": f"Bot {fake.token}"}) as resp:
            assert (await resp.json())["shards"] == 2
        async with s.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws0, \
                s.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws1:
            for ws, shard in ((ws0, 0), (ws1, 1)):
                await identify(ws, fake.token, [shard, 2])
                ready, *creates = await receive_dispatches(ws, 1 + len(expected[shard]))
                assert ready["t"] == "READY" and ready["d"]["shard"] == [shard, 2]
                assert {int(g["id"]) for g in ready["d"]["guilds"]} == expected[shard]
                assert [c["t"] for c in creates] == ["GUILD_CREATE"] * len(expected[shard])
                assert {int(c["d"]["id"]) for c in creates} == expected[shard]
                for c in creates:  # each guild brings only its own channels, and the bot's role there
                    gid = c["d"]["id"]
                    assert {ch["guild_id"] for ch in c["d"]["channels"]} == {gid}
            roles = {int(r["id"]) for c in creates for r in c["d"]["roles"]}
            assert on_1.bot_role_id in roles and on_0.bot_role_id not in roles
            # A guild interaction goes to its guild's shard; a DM (no guild_id) to shard 0.
            alice = fake.user("alice")
            assert await fake.server.gateway.dispatch("INTERACTION_CREATE", {"guild_id": str(on_1.id), "n": 1})
            assert await fake.server.gateway.dispatch("INTERACTION_CREATE", {"guild_id": str(on_0.id), "n": 2})
            assert await fake.server.gateway.dispatch("INTERACTION_CREATE", {"user": alice.to_json(), "n": 3})
            got_1 = await ws1.receive_json(timeout=5)
            got_0 = [await ws0.receive_json(timeout=5) for _ in range(2)]
            assert got_1["d"]["n"] == 1
            assert [m["d"]["n"] for m in got_0] == [2, 3]
            assert chan_0.guild_id == on_0.id and chan_1.guild_id == on_1.id


@pytest.mark.parametrize(("shard", "code"), [
    ([2, 2], 4010),        # id out of range
    ([0], 4010),           # not a pair
    (["0", "2"], 4010),    # not numbers
    ([0, 1], 4011),        # fewer shards than /gateway/bot asks for: sharding required
])
async def test_fake_gateway_refuses_bad_shards_like_discord(fake: Harness, shard: list[Any], code: int) -> None:
    fake.set_shard_count(2)
    async with aiohttp.ClientSession() as s, s.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws:
        await identify(ws, fake.token, shard)
        closing = await ws.receive(timeout=5)
        assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == code


async def test_unsharded_identify_still_gets_every_guild(fake: Harness) -> None:
    """A bot without SHARD_COUNT (no ``shard`` in IDENTIFY) is shard 0 of 1 and sees all guilds."""
    extra, _ = fake.add_guild("Second Tavern")
    async with aiohttp.ClientSession() as s, s.ws_connect(fake.gateway_url + "?v=10&encoding=json") as ws:
        await identify(ws, fake.token)
        ready, *creates = await receive_dispatches(ws, 3)
        assert ready["d"]["shard"] == [0, 1]
        assert {int(c["d"]["id"]) for c in creates} == {fake.guild_id, extra.id}


def carried(conn: GatewayConnection, event: str) -> set[int | None]:
    """The guild ids (None: no guild) of the ``event`` dispatches a connection carried."""
    return {guild for name, guild in conn.dispatched if name == event}


# A whole game through two shards (about a minute): slow runs only; the fake gateway's shard split is tested above.
@pytest.mark.slow
async def test_sharded_bot_plays_a_game_in_guilds_on_two_shards(fake: Harness,
                                                                bot_factory: Callable[..., LiveBot]) -> None:
    """`python bot.py` with SHARD_COUNT=2 SHARD_IDS=0,1 holds both shards; a game in a guild on each ends,
    each result equals engine replay, and every interaction arrived on its guild's shard (DMs on 0)."""
    fake.set_shard_count(2)
    guilds = [fake.add_guild(f"Tavern {i}", shard=(i, 2)) for i in (0, 1)]
    players = [(fake.user("alice"), fake.user("bob")), (fake.user("carol"), fake.user("mod"))]
    bot = bot_factory("bot.py", env={"SHARD_COUNT": "2", "SHARD_IDS": "0,1"})
    started = time.monotonic()
    await bot.start(timeout=30.0)
    await fake.wait_shards([0, 1], 2)
    connected = time.monotonic() - started
    assert "running shards 0,1 of 2" in bot.log_text()
    # discord.py logs each shard's READY once it has read it (just after the fake sent it).
    await fake.server.wait_until(
        lambda: all(f"Shard ID {i} has connected" in bot.log_text() for i in (0, 1)), 10.0,
        "the bot to log both shards as connected", bot.log_tail)

    async def play(index: int) -> None:
        (_, channel), (host, guest) = guilds[index], players[index]
        game_id, lobby = await open_lobby(fake, host, "vendetta", FAST_OPTIONS["vendetta"], channel.id)
        await finished(fake, await fake.click(guest, lobby, lobby_button(lobby, "join"), settle=SETTLE))
        rec = await finished(fake, await fake.click(host, lobby, lobby_button(lobby, "start"), settle=SETTLE))
        assert rec.original is not None and "started" in rec.original.content, rec.describe()
        table = Table(fake, game_id, channel.id, {u.id: u for u in (host, guest)}, random.Random(7 + index))
        final = await table.play_to_end()
        stored = await finished_game(fake, bot, game_id)
        check_against_engine(stored, table, final)
        assert "dm" in table.surfaces or "turn" in table.surfaces, table.surfaces

    await asyncio.gather(play(0), play(1))
    gateway = fake.server.gateway
    shard0, shard1 = gateway.for_shard(0), gateway.for_shard(1)
    assert shard0 is not None and shard1 is not None and shard0 is not shard1
    (g0, _), (g1, _) = guilds
    assert g0.id in carried(shard0, "GUILD_CREATE") and g0.id not in carried(shard1, "GUILD_CREATE")
    assert g1.id in carried(shard1, "GUILD_CREATE") and g1.id not in carried(shard0, "GUILD_CREATE")
    assert g0.id in carried(shard0, "INTERACTION_CREATE") and g1.id in carried(shard1, "INTERACTION_CREATE")
    assert carried(shard1, "INTERACTION_CREATE") == {g1.id}, "shard 1 carried another guild's or a DM interaction"
    assert carried(shard0, "INTERACTION_CREATE") <= {g0.id, None}
    assert not bot.log_errors(), bot.log_errors()
    print(f"sharded bot: both shards up in {connected:.1f}s, two games in {time.monotonic() - started:.1f}s")
