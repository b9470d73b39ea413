"""Sharded bot processes on one PostgreSQL database, end to end (issue 13's scenario).

Two `python bot.py` processes with SHARD_COUNT=2 share one PostgreSQL database: process A holds shard 0
(where Discord delivers DMs too), process B shard 1. Four guilds, two on each shard, a game in each.
Players move by buttons, by /play and through DM prompts; a DM prompt of a game in a guild on shard 1
is answered on shard 0, so process A applies a move of a game whose messages process B delivers.
B is SIGKILLed mid-game: A takes its shard's deliveries over once B's lease runs out, and hands them
back when B restarts. Every game must end with the result of engine replay, and every table message
of the outbox must be in its channel once, in order.

The cases need PostgreSQL (`pg_url`): without GNOMEHOST_TEST_DATABASE_URL they are deselected and the
run says so in one summary line.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from tests.e2e.fakediscord import Channel, Harness, LiveBot, User
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    SETTLE,
    StoredGame,
    Table,
    check_against_engine,
    finished,
    is_table_message,
    latest_table_message,
    lobby_button,
    open_lobby,
    pending_user_ids,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

LEASE_SECONDS = 10  # the shortest LEASE_TIMEOUT_SECONDS: a dead process's shard is taken over after it


# -- the database, read from outside as an operator would ---------------------------------------------------


async def read_game(url: str, game_id: int) -> StoredGame:
    """The stored game (seed, seats, effective moves) from the PostgreSQL database."""
    conn = await asyncpg.connect(url)
    try:
        row = await conn.fetchrow(
            "SELECT game_name, options, seed, players, status, version FROM games WHERE id = $1", game_id)
        assert row is not None, f"game {game_id} not in the database"
        seats = {r["player"]: r["user_id"] for r in await conn.fetch(
            "SELECT player, user_id FROM seats WHERE game_id = $1", game_id)}
        rows = await conn.fetch(
            "SELECT seq, player, action_id, source, undoes FROM actions WHERE game_id = $1 ORDER BY seq", game_id)
    finally:
        await conn.close()
    undone = {r["undoes"] for r in rows if r["source"] == "undo"}
    actions = [(r["player"], r["action_id"], r["source"]) for r in rows
               if r["source"] != "undo" and r["seq"] not in undone]
    return StoredGame(row["game_name"], json.loads(row["options"]), row["seed"], row["players"] or 0, row["status"],
                      row["version"], seats, actions, len(undone))


async def table_posts(url: str, game_id: int) -> list[tuple[str, str]]:
    """(mode, status) of every table post the bot stored in its outbox for a game, in order."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT payload, status FROM outbox WHERE game_id = $1 AND kind = 'table' ORDER BY id", game_id)
    finally:
        await conn.close()
    return [(json.loads(r["payload"])["update"].get("mode", "new"), r["status"]) for r in rows]


async def finished_game(fake: Harness, url: str, game_id: int) -> StoredGame:
    """The game once it is stored as finished."""
    deadline = time.monotonic() + 15
    while True:
        stored = await read_game(url, game_id)
        if stored.status == "finished":
            return stored
        assert time.monotonic() < deadline, f"game {game_id} not stored as finished: {stored.status}"
        await asyncio.sleep(0.1)


# -- the processes ------------------------------------------------------------------------------------------


def sharded_bot(fake: Harness, bot_factory: Callable[..., LiveBot], url: str, shard_ids: str, name: str) -> LiveBot:
    """A bot process for `shard_ids` of 2 on the PostgreSQL database `url` (not started)."""
    return bot_factory("bot.py", env={
        "DATABASE_URL": url, "SHARD_COUNT": "2", "SHARD_IDS": shard_ids,
        "LEASE_TIMEOUT_SECONDS": str(LEASE_SECONDS), "BACKUP_MINUTES": "0",
    }, log_name=f"{name}.log")


@dataclass
class Tavern:
    """A guild, its channel, its two players and, once opened, its game."""

    guild_id: int
    channel: Channel
    players: tuple[User, User]
    game_id: int = 0
    table: Table | None = None


async def open_table(fake: Harness, tavern: Tavern, seed: int) -> None:
    host, guest = tavern.players
    tavern.game_id, lobby = await open_lobby(fake, host, "vendetta", FAST_OPTIONS["vendetta"], tavern.channel.id)
    await finished(fake, await fake.click(guest, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    rec = await finished(fake, await fake.click(host, lobby, lobby_button(lobby, "start"), settle=SETTLE))
    assert rec.original is not None and "started" in rec.original.content, rec.describe()
    tavern.table = Table(fake, tavern.game_id, tavern.channel.id, {u.id: u for u in tavern.players},
                         random.Random(seed))


async def play_some(fake: Harness, tavern: Tavern, decisions: int) -> bool:
    """Up to `decisions` decisions of the pending players; True once the game is over."""
    table = tavern.table
    assert table is not None
    for _ in range(decisions):
        msg = latest_table_message(fake, tavern.channel.id)
        if "**Game over**" in msg.content:
            return True
        pending = [uid for uid in pending_user_ids(msg) if uid in table.users]
        assert pending, f"table message names no pending player: {msg.content!r}"
        await table.act(table.users[table.rng.choice(pending)])
    return "**Game over**" in latest_table_message(fake, tavern.channel.id).content


async def test_sharded_bot_runs_on_postgresql(fake: Harness, bot_factory: Callable[..., LiveBot], tmp_path: Path,
                                             pg_url: str) -> None:
    """One process holding both shards on PostgreSQL plays a game in a guild on each shard to the end."""
    fake.set_shard_count(2)
    fake.env(tmp_path, database_url=pg_url)
    taverns = []
    for shard, names in ((0, ("alice", "bob")), (1, ("carol", "mod"))):
        guild, channel = fake.add_guild(f"Tavern {shard}", shard=(shard, 2))
        taverns.append(Tavern(guild.id, channel, (fake.user(names[0]), fake.user(names[1]))))
    bot = sharded_bot(fake, bot_factory, pg_url, "0,1", "both")
    await bot.start(timeout=40.0)
    for i, tavern in enumerate(taverns):
        await open_table(fake, tavern, 11 + i)
    while not all(await asyncio.gather(*(play_some(fake, t, 10) for t in taverns))):
        pass
    for tavern in taverns:
        assert tavern.table is not None
        stored = await finished_game(fake, pg_url, tavern.game_id)
        check_against_engine(stored, tavern.table, latest_table_message(fake, tavern.channel.id))
        posts = await table_posts(pg_url, tavern.game_id)
        posted = [m for m in fake.channel_messages(tavern.channel) if is_table_message(m)]
        assert [status for _, status in posts] == ["sent"] * len(posts)
        assert len(posted) == [mode for mode, _ in posts].count("new")
    assert not bot.log_errors(), bot.log_errors()
