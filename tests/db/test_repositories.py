"""The repositories and the rules the schema itself enforces."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest

from db import actions, deadlines, games, seats
from db.connection import open_database
from db.store import DeadlinePlan


@pytest.fixture
async def db(tmp_path):
    database = await open_database(tmp_path / "repo.db", synchronous="NORMAL")
    yield database
    await database.close()


async def _game(conn, channel: int = 1) -> int:
    return await games.insert_game(
        conn,
        guild_id=9,
        channel_id=channel,
        game_name="dash",
        options={"target": 5},
        seed=123,
        host_user_id=7,
        settings={},
        now=1.0,
    )


def _row(game_id: int, seq: int, source: str = "human", undoes: int | None = None) -> actions.ActionRow:
    return actions.ActionRow(game_id, seq, 0, "step", source, 7, undoes, [{"text": "x"}], 2.0)


async def test_game_round_trip(db):
    async with db.transaction() as conn:
        game_id = await _game(conn)
    async with db.reading() as conn:
        row = await games.get_game(conn, game_id)
        assert await games.get_game(conn, 999) is None
    assert row is not None
    assert (row.channel_id, row.game_name, row.options, row.seed) == (1, "dash", {"target": 5}, 123)
    assert row.status == "lobby"
    assert row.version == 0 and row.snapshot is None and row.pending == []


async def test_one_open_game_per_channel_is_a_schema_rule(db):
    async with db.transaction() as conn:
        first = await _game(conn)
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as conn:
            await _game(conn)
    async with db.transaction() as conn:
        assert await games.set_status(conn, first, "finished", reason=None, now=3.0)
        second = await _game(conn)
    async with db.reading() as conn:
        reopened = await games.open_game_in_channel(conn, 1)
    assert reopened is not None and reopened.id == second


async def test_a_failed_transaction_leaves_nothing(db):
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await _game(conn, channel=5)
            raise RuntimeError("boom")
    async with db.reading() as conn:
        assert await games.open_game_in_channel(conn, 5) is None


async def test_advance_only_from_the_expected_version(db):
    async with db.transaction() as conn:
        game_id = await _game(conn)
    start: dict[str, Any] = {"players": 2, "snapshot": "{}", "pending": [], "ai_pending": False, "now": 2}
    assert await db.write(lambda conn: games.start_game(conn, game_id, **start))
    assert not await db.write(lambda conn: games.start_game(conn, game_id, **start))
    kwargs: dict[str, Any] = {
        "snapshot": "{}",
        "pending": [],
        "ai_pending": False,
        "finished": False,
        "outcome": None,
        "now": 3.0,
        "announced_version": 0,
    }

    def steps(conn):
        assert games.advance(conn, game_id, expected_version=0, new_version=1, **kwargs)
        assert not games.advance(conn, game_id, expected_version=0, new_version=1, **kwargs)
        with pytest.raises(ValueError):
            games.advance(conn, game_id, expected_version=1, new_version=1, **kwargs)
        assert games.advance(conn, game_id, expected_version=1, new_version=4, **{**kwargs, "finished": True})
        assert not games.advance(conn, game_id, expected_version=4, new_version=5, **kwargs)  # finished

    await db.write(steps)
    async with db.reading() as conn:
        row = await games.get_game(conn, game_id)
    assert row is not None and (row.version, row.status) == (4, "finished")


async def test_the_log_is_append_only_with_unique_seq(db):
    async with db.transaction() as conn:
        game_id = await _game(conn)
    await db.write(lambda conn: actions.append_many(conn, [_row(game_id, 1), _row(game_id, 2)]))
    with pytest.raises(sqlite3.IntegrityError):
        await db.write(lambda conn: actions.append(conn, _row(game_id, 2)))
    for sql in ("UPDATE actions SET action_id = 'roll'", "DELETE FROM actions"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            async with db.transaction() as conn:
                await conn.execute(sql)
    async with db.reading() as conn:
        rows = await actions.list_actions(conn, game_id)
    assert [(r.seq, r.action_id, r.events) for r in rows] == [(s, "step", [{"text": "x"}]) for s in (1, 2)]


async def test_foreign_keys_are_enforced(db):
    with pytest.raises(sqlite3.IntegrityError):
        await db.write(lambda conn: actions.append(conn, _row(12345, 1)))
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as conn:
            await seats.add_seat(conn, 12345, 7)


def test_effective_moves_drop_undone_moves():
    log = [_row(1, 1), _row(1, 2), _row(1, 3, "undo", 2), _row(1, 4), _row(1, 5, "undo", 4), _row(1, 6, "undo", 1)]
    assert actions.effective_moves(log) == []
    assert [r.seq for r in actions.effective_moves(log[:3])] == [1]
    with pytest.raises(ValueError):
        actions.effective_moves([_row(1, 1), _row(1, 2, "undo", 7)])


async def test_seats(db):
    async with db.transaction() as conn:
        game_id = await _game(conn)
        assert await seats.add_seat(conn, game_id, 7) == 0
        assert await seats.add_seat(conn, game_id, None) == 1
        assert await seats.add_seat(conn, game_id, 8) == 2
        await seats.remove_seat(conn, game_id, 1)
        assert await seats.add_seat(conn, game_id, None) == 3
    await db.write(lambda conn: seats.assign_players(conn, game_id, {0: 1, 2: 0, 3: 2}))
    async with db.transaction() as conn:
        await seats.set_user(conn, game_id, 2, None)
    async with db.reading() as conn:
        rows = await seats.list_seats(conn, game_id)
        mine = await seats.open_game_ids_for_user(conn, 7)
    assert [(s.join_order, s.user_id, s.player) for s in rows] == [(0, 7, 1), (2, None, 0), (3, None, 2)]
    assert mine == [game_id]
    with pytest.raises(sqlite3.IntegrityError):  # a player index is held by one seat only
        await db.write(lambda conn: seats.assign_players(conn, game_id, {0: 0}))


def _plan(pending: list[int], reset: list[int], due_at: float | None, version: int, **more: Any) -> DeadlinePlan:
    return DeadlinePlan(pending=frozenset(pending), reset=frozenset(reset), due_at=due_at, version=version, **more)


async def test_an_early_player_is_due_sooner_even_when_turn_deadlines_are_off(db):
    async with db.transaction() as conn:
        game_id = await _game(conn)
    await db.write(lambda conn: deadlines.replan(conn, game_id, _plan([0, 1], [], 100.0, 1, early={1: 10.0})))
    async with db.reading() as conn:
        assert [(d.player, d.due_at) for d in await deadlines.for_game(conn, game_id)] == [(0, 100.0), (1, 10.0)]
    # Reminders off at the table: only the early player has a turn row.
    await db.write(lambda conn: deadlines.replan(conn, game_id, _plan([0, 1], [0, 1], None, 2, early={0: 20.0})))
    async with db.reading() as conn:
        assert [(d.player, d.due_at) for d in await deadlines.for_game(conn, game_id)] == [(0, 20.0)]


async def test_deadline_replanning(db):
    async with db.transaction() as conn:
        game_id = await _game(conn)
    await db.write(lambda conn: deadlines.replan(conn, game_id, _plan([0, 1], [], 100.0, 1)))
    async with db.transaction() as conn:
        row = (await deadlines.for_game(conn, game_id))[1]
        await deadlines.reminded(conn, row, 200.0)
    # player 0 moved and is pending again; player 1 still waits; player 2 is new
    await db.write(lambda conn: deadlines.replan(conn, game_id, _plan([0, 1, 2], [0], 150.0, 2)))
    async with db.reading() as conn:
        rows = await deadlines.for_game(conn, game_id)
        assert [d.game_id for d in await deadlines.due(conn, 160.0)] == [game_id, game_id]
        assert await deadlines.next_due_at(conn) == 150.0
    assert [(d.player, d.due_at, d.reminders, d.version) for d in rows] == [
        (0, 150.0, 0, 2),
        (1, 200.0, 1, 1),
        (2, 150.0, 0, 2),
    ]
    await db.write(lambda conn: deadlines.replan(conn, game_id, _plan([2], [], None, 3)))
    async with db.reading() as conn:
        assert await deadlines.for_game(conn, game_id) == []
        assert await deadlines.next_due_at(conn) is None


async def test_group_commit_isolates_a_failing_write(db):
    async with db.transaction() as conn:
        ids = [await _game(conn, channel=100 + i) for i in range(5)]

    def work(game_id: int, fail: bool):
        def run(conn):
            actions.append(conn, _row(game_id, 1))
            if fail:
                raise LookupError("this write fails")
            return game_id

        return run

    outcomes = await asyncio.gather(
        *(db.write(work(g, fail=(i == 2))) for i, g in enumerate(ids)), return_exceptions=True
    )
    assert [type(o).__name__ for o in outcomes] == ["int", "int", "LookupError", "int", "int"]
    async with db.reading() as conn:
        stored = [len(await actions.list_actions(conn, g)) for g in ids]
    assert stored == [1, 1, 0, 1, 1]  # the failing write left nothing, the others were committed


async def test_group_commit_shares_one_transaction(db):
    async with db.transaction() as conn:
        ids = [await _game(conn, channel=200 + i) for i in range(20)]
    commits: list[str] = []
    connections = set()

    def work(game_id: int):
        def run(conn):
            connections.add(id(conn))
            if not commits:
                conn.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
            actions.append(conn, _row(game_id, 1))

        return run

    await asyncio.gather(*(db.write(work(g)) for g in ids))
    await db.write(lambda conn: conn.set_trace_callback(None))
    assert len(commits) == 1 and len(connections) == 1  # twenty writes, one commit (one disk sync)
    async with db.reading() as conn:
        assert all([len(await actions.list_actions(conn, g)) for g in ids])


async def test_a_write_cancelled_before_it_ran_is_not_stored(db):
    async with db.transaction() as conn:
        game_id = await _game(conn, channel=300)
    async with db.reading():  # hold the connection so the write stays queued
        task = asyncio.create_task(db.write(lambda conn: actions.append(conn, _row(game_id, 1))))
        await asyncio.sleep(0.01)
        task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await db.write(lambda conn: actions.append(conn, _row(game_id, 2)))  # the writer goes on
    async with db.reading() as conn:
        assert [r.seq for r in await actions.list_actions(conn, game_id)] == [2]
