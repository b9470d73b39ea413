"""Sharded bot processes on one PostgreSQL database, end to end.

Two `python bot.py` processes × two shards each share one PostgreSQL database (SHARD_COUNT=4): process
A holds shards 0 and 1 (Discord delivers DMs on shard 0), process B shards 2 and 3. Four guilds, one on
each shard, a game in each. Players move by buttons, by /play and through DM prompts; a DM prompt of a
game in a guild on B's shards is answered on shard 0, so process A applies a move of a game whose
messages process B delivers. B is SIGKILLed mid-game: A takes its shards' deliveries over once B's
leases run out, and hands them back when B restarts. Every game must end with the result of engine
replay, and every table message of the outbox must be in its channel once, in order.

The cases need PostgreSQL (`pg_url`): without GNOMEHOST_TEST_DATABASE_URL they are deselected and the
run says so in one summary line.
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from cogs.custom_ids import Kind, decode
from tests.e2e.fakediscord import Channel, Harness, LiveBot, Message, User
from tests.e2e.fakediscord.state import iter_components
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    SETTLE,
    StoredGame,
    Table,
    applied,
    check_against_engine,
    finished,
    is_table_message,
    latest_table_message,
    lobby_button,
    offers,
    open_lobby,
    pending_user_ids,
)

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300)]

LEASE_SECONDS = 10  # the shortest LEASE_TIMEOUT_SECONDS: a dead process's shard is taken over after it
SHARDS = 4  # two processes holding two shards each


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


@dataclass(frozen=True)
class StoredPost:
    """One table post of the outbox: a new message or an edit of the live one, at a game version."""

    mode: str
    status: str
    version: int


async def table_posts(url: str, game_id: int) -> list[StoredPost]:
    """Every table post the bot stored in its outbox for a game, in order."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT payload, status FROM outbox WHERE game_id = $1 AND kind = 'table' ORDER BY id", game_id)
    finally:
        await conn.close()
    updates = [(json.loads(r["payload"])["update"], r["status"]) for r in rows]
    return [StoredPost(u.get("mode", "new"), status, int(u["version"])) for u, status in updates]


def posted_version(msg: Message) -> int | None:
    """The game version a table message was first posted at: its "Take my turn" button's, before any edit
    (None for a post without that button, such as the final one)."""
    first = (msg.history[0].get("components") or []) if msg.history else msg.components
    for comp in iter_components(first):
        cid = decode(str(comp.get("custom_id", "")))
        if cid is not None and cid.kind is Kind.TURN:
            return cid.version
    return None


async def stored_reminders(url: str, game_id: int) -> int:
    """How many reminders the stored deadlines of a game count."""
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT COALESCE(SUM(reminders), 0) FROM deadlines WHERE game_id = $1",
                                       game_id))
    finally:
        await conn.close()


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


def sharded_bot(fake: Harness, bot_factory: Callable[..., LiveBot], url: str, shard_ids: str, name: str,
                count: int = SHARDS) -> LiveBot:
    """A bot process for `shard_ids` of `count` on the PostgreSQL database `url` (not started)."""
    return bot_factory("bot.py", env={
        "DATABASE_URL": url, "SHARD_COUNT": str(count), "SHARD_IDS": shard_ids,
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


async def dm_move(fake: Harness, tavern: Tavern) -> bool:
    """One decision through a DM prompt of this game (a secret choice), if one is open; True when made.

    DMs arrive on shard 0 whatever the game's guild: for a guild on B's shards the process holding shard 0
    applies the move, and the process holding the guild's shard announces it in the channel.
    """
    table = tavern.table
    assert table is not None
    for user in tavern.players:
        for prompt in reversed(fake.dm_messages(user)):
            shown = [o for o in offers(prompt) if (cid := decode(o.custom_id)) is not None
                     and cid.game == tavern.game_id]
            if not shown:
                continue
            choice = table.pick(shown)
            assert choice is not None
            if choice.value is None:
                rec = await fake.click(user, prompt, choice.custom_id, settle=SETTLE)
            else:
                rec = await fake.select(user, prompt, choice.custom_id, [choice.value], settle=SETTLE)
            await finished(fake, rec)
            assert rec.guild_id is None  # a DM interaction: carried by shard 0
            if rec.original is not None and applied(rec.original):
                table.moves.append((choice.seat, choice.action_id))
                table.learn(user, prompt)
                table.count("dm")
                return True
            return False
    return False


def carried_by(fake: Harness, shard_id: int, game_ids: set[int]) -> int:
    """How many interactions about these games the connections of `shard_id` carried (any process, any run)."""
    wanted = {str(g) for g in game_ids}
    count = 0
    for ix in fake.server.interactions:
        cid = decode(str((ix.payload.get("data") or {}).get("custom_id", "")))
        if cid is None or str(cid.game) not in wanted:
            continue
        shard = 0 if ix.guild_id is None else fake.shard_of(ix.guild_id, SHARDS)
        count += shard == shard_id
    return count


# About 2.5 minutes: a soak. The takeover of a silent process's shard is held in every run by
# test_a_process_frozen_past_its_lease_stops_when_it_finds_its_shard_taken.
@pytest.mark.slow
async def test_two_processes_four_guilds_a_crash_and_a_takeover(fake: Harness, bot_factory: Callable[..., LiveBot],
                                                               tmp_path: Path, pg_url: str) -> None:
    """Two sharded processes on one PostgreSQL: processes A (shards 0, 1) and B (shards 2, 3), a game in each of four
    guilds, one per shard; B is SIGKILLed mid-game, A takes its deliveries over and hands them back when B
    returns; a reminder falling due across all that is sent once."""
    fake.set_shard_count(SHARDS)
    fake.env(tmp_path, database_url=pg_url)
    for name in ("dave", "erin", "fay", "gus"):
        fake.add_user(name)
    pairs = [("alice", "bob"), ("carol", "mod"), ("dave", "erin"), ("fay", "gus")]
    taverns = []
    for i, (host, guest) in enumerate(pairs):
        guild, channel = fake.add_guild(f"Tavern {i}", shard=(i, SHARDS))
        taverns.append(Tavern(guild.id, channel, (fake.user(host), fake.user(guest))))
    on_0, on_1 = taverns[:2], taverns[2:]  # A's shards 0 and 1; B's shards 2 and 3
    a = sharded_bot(fake, bot_factory, pg_url, "0,1", "a")
    b = sharded_bot(fake, bot_factory, pg_url, "2,3", "b")
    started = time.monotonic()
    await a.start(timeout=40.0)
    await b.start(timeout=40.0)
    # A third process for a shard already held is refused, like a second process on one SQLite file.
    intruder = sharded_bot(fake, bot_factory, pg_url, "3", "intruder")
    intruder.process.start()
    assert await asyncio.to_thread(intruder.process.wait_exit, 30.0) == 2
    assert f"shard 3 of {SHARDS} is held by another Gnomehost process" in intruder.log_text()

    for i, tavern in enumerate(taverns):
        await open_table(fake, tavern, 21 + i)
    # The secret objectives of B's games are chosen through DM prompts: answered on shard 0 (A).
    for tavern in on_1:
        for _ in range(6):
            if not await dm_move(fake, tavern):
                break
    await asyncio.gather(*(play_some(fake, t, 12) for t in taverns))
    # One of B's games gets a 1-minute reminder and is left alone through the crash: whichever process
    # holds its shard when it falls due (A standing in, or B back) must send it once.
    idle = on_1[0]
    rec = await fake.slash(idle.players[0], "game", subcommand="settings", options={"reminder_minutes": 1},
                           channel=idle.channel.id, settle=SETTLE)
    assert "reminders every 1 min" in rec.content, rec.describe()
    busy = [t for t in taverns if t is not idle]

    def said(text: str) -> int:
        return a.log_text().count(text)

    all_four, own_two = f"now delivering for shards 0,1,2,3 of {SHARDS}", f"now delivering for shards 0,1 of {SHARDS}"
    widened, narrowed = said(all_four), said(own_two)
    await b.kill()  # SIGKILL mid-game
    killed = time.monotonic()
    await asyncio.gather(*(play_some(fake, t, 6) for t in on_0))
    # With B gone, A delivers shards 2 and 3's table messages once B's leases run out (LEASE_SECONDS).
    await fake.server.wait_until(lambda: said(all_four) > widened, LEASE_SECONDS + 15,
                                 "A to take over shards 2 and 3's deliveries", a.log_tail)
    took_over = time.monotonic() - killed
    await b.start(timeout=40.0)
    await fake.server.wait_until(lambda: said(own_two) > narrowed,
                                 LEASE_SECONDS, "A to hand shards 2 and 3 back", a.log_tail)

    def reminders() -> list[Message]:
        return [m for m in fake.channel_messages(idle.channel) if "the game is waiting for you" in m.content]

    while not reminders():  # the other games go on meanwhile
        if all(await asyncio.gather(*(play_some(fake, t, 2) for t in busy))):
            await fake.server.wait_until(reminders, 75.0, "the reminder of the idle game")
    await asyncio.sleep(1.0)  # a second sender (or scheduler) would have sent its copy by now
    assert len(reminders()) == 1, [m.content for m in reminders()]
    assert await stored_reminders(pg_url, idle.game_id) == 1
    while not all(await asyncio.gather(*(play_some(fake, t, 15) for t in taverns))):
        pass

    for tavern in taverns:
        assert tavern.table is not None
        stored = await finished_game(fake, pg_url, tavern.game_id)
        final = latest_table_message(fake, tavern.channel.id)
        check_against_engine(stored, tavern.table, final)
        await fake.wait_idle(quiet=0.3, timeout=20)
        posts = await table_posts(pg_url, tavern.game_id)
        assert all(p.status == "sent" for p in posts), posts
        posted = [m for m in fake.channel_messages(tavern.channel) if is_table_message(m)]
        # Every new table post the outbox stored is in its channel exactly once and in the stored order
        # (no process sent one twice or overtook another): the versions shown match, post by post.
        stored_new = [p.version for p in posts if p.mode == "new"]
        assert len(posted) == len(stored_new), (len(posted), posts)
        shown = [posted_version(m) for m in posted]
        assert all(v is None or v == want for v, want in zip(shown, stored_new, strict=True)), (shown, stored_new)
        assert sum(v is not None for v in shown) >= len(shown) - 1  # only the final post has no button
        assert "**Game over**" in posted[-1].content
    for tavern in on_1:
        assert tavern.table is not None
        assert tavern.table.surfaces.get("dm", 0) > 0, tavern.table.surfaces
    # B's shards never carried a click of A's games.
    assert sum(carried_by(fake, shard, {t.game_id for t in on_0}) for shard in (2, 3)) == 0
    assert not a.log_errors(), a.log_errors()
    print(f"two processes: takeover {took_over:.1f}s after the SIGKILL, four games in "
          f"{time.monotonic() - started:.1f}s")


async def test_a_second_unsharded_process_on_one_postgresql_database_is_refused(
        fake: Harness, bot_factory: Callable[..., LiveBot], tmp_path: Path, pg_url: str) -> None:
    """Without SHARD_COUNT a bot on PostgreSQL holds the one shard: a second one exits with code 2 and says why."""
    fake.env(tmp_path, database_url=pg_url)
    env = {"DATABASE_URL": pg_url, "LEASE_TIMEOUT_SECONDS": str(LEASE_SECONDS), "BACKUP_MINUTES": "0"}
    first = bot_factory("bot.py", env=env, log_name="first.log")
    await first.start(timeout=40.0)
    second = bot_factory("bot.py", env=env, log_name="second.log")
    second.process.start()
    assert await asyncio.to_thread(second.process.wait_exit, 30.0) == 2
    assert "another Gnomehost process (pid" in second.log_text() and "serves this database" in second.log_text()
    assert first.running
    rec = await fake.slash(fake.user("alice"), "game", subcommand="new",
                           options={"game": "vendetta", "thread": False}, settle=SETTLE)
    assert "is open" in rec.content, rec.describe()


async def test_a_process_frozen_past_its_lease_stops_when_it_finds_its_shard_taken(
        fake: Harness, bot_factory: Callable[..., LiveBot], tmp_path: Path, pg_url: str) -> None:
    """A process that stops renewing (frozen) is replaced; when it wakes up it sees its shard held by the new
    process and exits with code 2 instead of serving the shard twice."""
    fake.set_shard_count(2)
    fake.env(tmp_path, database_url=pg_url)
    old = sharded_bot(fake, bot_factory, pg_url, "0,1", "old", count=2)
    await old.start(timeout=40.0)
    assert old.process.proc is not None
    old.process.proc.send_signal(signal.SIGSTOP)  # frozen: no heartbeat, no gateway traffic
    try:
        await asyncio.sleep(LEASE_SECONDS + 1)
        new = sharded_bot(fake, bot_factory, pg_url, "0,1", "new", count=2)
        # The silent holder's shards are taken (a generous wait: it once took over 45 s on a loaded machine).
        await new.start(timeout=90.0)
    finally:
        old.expect_exit()
        old.process.proc.send_signal(signal.SIGCONT)
    code = await asyncio.to_thread(old.process.wait_exit, 30.0)
    assert code == 2, old.log_tail()
    assert "was claimed by another Gnomehost process" in old.log_text()
    assert new.running
    rec = await fake.slash(fake.user("alice"), "game", subcommand="new",
                           options={"game": "vendetta", "thread": False}, settle=SETTLE)
    assert "is open" in rec.content, rec.describe()
