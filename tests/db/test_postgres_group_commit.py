"""PostgresStore's group commit (db/postgres/group_commit.py): moves committed at the same moment share one
statement and store exactly what they store one by one; a stale move in a batch is refused alone; a batch that
fails as a whole is committed move by move."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from db.errors import VersionConflict
from db.postgres import PostgresStore
from db.rows import ActionRow, NewMessage
from db.store import DeadlinePlan, MoveWrite, NewGame, StartWrite
from db.url import open_store

NOW = 1_750_400_000.0
GAMES = 6


async def _started_games(store: PostgresStore, first_channel: int, count: int) -> list[int]:
    ids = []
    for channel in range(first_channel, first_channel + count):
        lobby = NewGame(1, channel, "dash", {}, 5, 7, {}, ((7, "normal"), (8, "normal"), (9, "normal")), (), NOW)
        game_id = await store.create_game(lobby)
        plan = DeadlinePlan(frozenset({0, 1, 2}), frozenset(), NOW + 60, 0)
        await store.start_game(StartWrite(game_id, {0: 0, 1: 1, 2: 2}, 3, "{}", [], False, plan, (), NOW))
        ids.append(game_id)
    return ids


def _move(game_id: int, i: int, channel: int, *, expected: int = 0, seq: int = 1) -> MoveWrite:
    """Game `game_id`'s move number i of the test: two log entries, a new deadline plan with a rules timer, a
    table post and a DM in a queue every game shares."""
    actions = tuple(
        ActionRow(game_id, seq + k, k, f"act{i}.{k}", "human", 7, None, [{"say": f"g{i}m{k}"}], NOW + i)
        for k in range(2)
    )
    plan = DeadlinePlan(
        pending=frozenset({1, 2}),
        reset=frozenset({0, 1}),
        due_at=NOW + 100 + i,
        version=expected + 2,
        timers={2: ("rules", NOW + 30 + i)},
        keep_timers=i % 2 == 0,
    )
    messages = (
        NewMessage(game_id, f"channel:{channel}", "table", {"game": i, "n": 1}),
        NewMessage(game_id, "user:9", "private", {"game": i}),
        NewMessage(game_id, f"channel:{channel}", "table", {"game": i, "n": 2}),
    )
    return MoveWrite(
        game_id, expected, expected + 2, f'{{"state": {i}}}', [{"player": 1}], i == 3, i == 5,
        {"winner": 0} if i == 5 else None, expected + 1, actions, plan, messages, NOW + i,
    )


async def _stored(pg_url: str, game_id: int, channel: int) -> dict[str, Any]:
    """Everything stored about a game, without its id."""
    conn = await asyncpg.connect(pg_url)
    try:
        game = await conn.fetchrow(
            "SELECT version, snapshot, pending, ai_pending, status, outcome, updated_at, announced_version, revision "
            "FROM games WHERE id = $1", game_id
        )
        actions = await conn.fetch(
            "SELECT seq, player, action_id, source, user_id, undoes, events, created_at FROM actions "
            "WHERE game_id = $1 ORDER BY seq", game_id
        )
        deadlines = await conn.fetch(
            "SELECT player, kind, due_at, reminders, version FROM deadlines WHERE game_id = $1 ORDER BY player, kind",
            game_id,
        )
        posts = await conn.fetch(
            "SELECT kind, payload, next_at, created_at FROM outbox WHERE queue = $1 ORDER BY id", f"channel:{channel}"
        )
    finally:
        await conn.close()
    return {
        "game": dict(game), "actions": [dict(r) for r in actions], "deadlines": [dict(r) for r in deadlines],
        "posts": [dict(r) for r in posts],
    }


async def _versions(store: PostgresStore, games: list[int]) -> list[int | None]:
    return [row.version if (row := await store.get_game(g)) is not None else None for g in games]


async def _dm_order(pg_url: str) -> list[str]:
    conn = await asyncpg.connect(pg_url)
    try:
        return [r["payload"] for r in await conn.fetch("SELECT payload FROM outbox WHERE queue = 'user:9' ORDER BY id")]
    finally:
        await conn.close()


async def test_moves_committed_together_store_exactly_what_they_store_one_by_one(pg_url):
    store = await open_store(pg_url)
    assert isinstance(store, PostgresStore)
    try:
        alone = await _started_games(store, 100, GAMES)
        together = await _started_games(store, 200, GAMES)
        for i, game_id in enumerate(alone):
            await store.commit_move(_move(game_id, i, 100 + i))
        dms_alone = await _dm_order(pg_url)
        assert store.group_commits == 0
        await asyncio.gather(*(store.commit_move(_move(game_id, i, 200 + i)) for i, game_id in enumerate(together)))
        assert store.group_commits >= 1  # at least one statement carried several moves
        for i in range(GAMES):
            assert await _stored(pg_url, together[i], 200 + i) == await _stored(pg_url, alone[i], 100 + i)
        # The shared DM queue got the batch's messages in the movers' order, after the earlier ones.
        assert await _dm_order(pg_url) == dms_alone * 2
    finally:
        await store.close()


async def test_a_stale_move_in_a_batch_is_refused_alone_and_writes_nothing(pg_url):
    store = await open_store(pg_url)
    assert isinstance(store, PostgresStore)
    try:
        games = await _started_games(store, 300, GAMES)
        await store.commit_move(_move(games[2], 2, 302))  # game 2 moves on: the batch's move for it is stale
        before = await _stored(pg_url, games[2], 302)
        results = await asyncio.gather(
            *(store.commit_move(_move(game_id, i, 300 + i)) for i, game_id in enumerate(games)),
            return_exceptions=True,
        )
        assert store.group_commits >= 1
        assert [isinstance(r, VersionConflict) for r in results] == [i == 2 for i in range(GAMES)]
        assert await _stored(pg_url, games[2], 302) == before
        assert await _versions(store, games) == [2] * GAMES
    finally:
        await store.close()


async def test_a_batch_that_fails_as_a_whole_is_committed_move_by_move(pg_url):
    store = await open_store(pg_url)
    assert isinstance(store, PostgresStore)
    try:
        games = await _started_games(store, 400, GAMES)
        await store.commit_move(_move(games[4], 4, 404))  # version 2, log entries 1 and 2
        # Game 4's move in the batch matches the version but repeats log entry 2: the whole statement fails.
        moves = [_move(g, i, 400 + i, expected=2 if i == 4 else 0, seq=2 if i == 4 else 1) for i, g in enumerate(games)]
        results = await asyncio.gather(*(store.commit_move(m) for m in moves), return_exceptions=True)
        assert [isinstance(r, VersionConflict) for r in results] == [i == 4 for i in range(GAMES)]
        assert await _versions(store, games) == [2] * GAMES
        assert len(await store.list_actions(games[4])) == 2
    finally:
        await store.close()


async def _heard(heard: list[str], count: int) -> None:
    """Wait for `count` notices (they arrive asynchronously; a loaded machine may be slow), and a little longer
    for a wrong extra one to show up."""
    for _ in range(100):
        if len(heard) >= count:
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.3)


@pytest.mark.parametrize("moves", [1, 3])
async def test_each_moved_game_is_announced_once(pg_url, moves):
    store = await open_store(pg_url)
    assert isinstance(store, PostgresStore)
    heard: list[str] = []
    listener = await asyncpg.connect(pg_url)
    await listener.add_listener("gnomehost_game", lambda *args: heard.append(args[-1]))
    try:
        games = await _started_games(store, 500, moves)
        await _heard(heard, 2 * moves)  # each game's creation and start
        heard.clear()
        await asyncio.gather(*(store.commit_move(_move(g, i, 500 + i)) for i, g in enumerate(games)))
        await _heard(heard, moves)
        assert sorted(heard) == sorted(str(g) for g in games)
    finally:
        await listener.close()
        await store.close()
