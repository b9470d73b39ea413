"""The Store contract (db/store.py): the same assertions against every store, through `store_url`.

Each test runs once on SQLite and once on PostgreSQL; together they call every Store method, including
the conflicts (VersionConflict, RevisionConflict, ChannelTaken, SeatsFull, NotALobby) and the races
two writers can have.
"""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import sys

import pytest

from db.errors import (
    ChannelTaken,
    DatabaseError,
    NotALobby,
    RevisionConflict,
    SeatsFull,
    VersionConflict,
    WriteConflict,
)
from db.ratings import RatingConflict, RatingWrite, SeatRating, SkillRow, Subject, TurnCount
from db.rows import REACTION, TURN, ActionRow, DeadlineRow, MessageRef, NewMessage
from db.stat_rows import StatsFilter
from db.store import (
    CloseWrite,
    DeadlinePlan,
    HandOver,
    MoveWrite,
    NewGame,
    PlayerRow,
    SeatAdd,
    SeatRemove,
    SettingsWrite,
    StartWrite,
    Store,
)
from db.url import open_store

NOW = 1_750_000_000.25
HOST, ALICE, BOB = 1_234_567_890_123_456_789, 502, 503  # a real Discord id is 64 bits
CHANNEL, GUILD = 987_654_321_098_765_432, 555


@pytest.fixture
async def store(store_url):
    opened = await open_store(store_url)
    try:
        yield opened
    finally:
        await opened.close()


def _message(queue: str, n: int, game_id: int = 0) -> NewMessage:
    return NewMessage(game_id, queue, "post", {"n": n, "text": "ü"})


async def _lobby(store: Store, channel: int = CHANNEL, seats=((HOST, "normal"), (None, "easy"))) -> int:
    return await store.create_game(
        NewGame(
            guild_id=GUILD,
            channel_id=channel,
            game_name="dash",
            options={"target": 6},
            seed=2**63 - 1,
            host_user_id=HOST,
            settings={"undo": True},
            seats=tuple(seats),
            messages=(_message(f"channel:{channel}", 1),),
            now=NOW,
        )
    )


def _plan(pending=(0,), reset=(), due_at=NOW + 60, version=0, timers=None, keep_timers=False) -> DeadlinePlan:
    return DeadlinePlan(frozenset(pending), frozenset(reset), due_at, version, dict(timers or {}), keep_timers)


async def _running(store: Store, channel: int = CHANNEL) -> int:
    game_id = await _lobby(store, channel)
    await store.start_game(
        StartWrite(
            game_id=game_id,
            assignment={0: 1, 1: 0},
            players=2,
            snapshot='{"turn":0}',
            pending=[{"player": 0, "since": 0}],
            ai_pending=True,
            deadlines=_plan(pending=(0,), version=0),
            messages=(_message(f"channel:{channel}", 2, game_id),),
            now=NOW + 1,
        )
    )
    return game_id


def _action(game_id: int, seq: int, player: int = 0, source: str = "human") -> ActionRow:
    return ActionRow(
        game_id, seq, player, f"move:{seq}", source, ALICE, None, [{"kind": "moved", "seq": seq}], NOW + seq
    )


def _move(game_id: int, expected: int, new: int, *, seqs=None, finished=False, announced=0, messages=()) -> MoveWrite:
    seqs = list(range(expected + 1, new + 1)) if seqs is None else seqs
    return MoveWrite(
        game_id=game_id,
        expected_version=expected,
        new_version=new,
        snapshot=f'{{"turn":{new}}}',
        pending=[{"player": new % 2, "since": new}],
        ai_pending=False,
        finished=finished,
        outcome={"winners": [0]} if finished else None,
        announced_version=announced,
        actions=tuple(_action(game_id, s) for s in seqs),
        deadlines=_plan(pending=(new % 2,), reset=(new % 2,), version=new),
        messages=tuple(messages),
        now=NOW + 10 + new,
    )


# -- the protocol itself ---------------------------------------------------------------------------------


def test_every_store_method_is_exercised_here():
    source = inspect.getsource(sys.modules[__name__])
    methods = [name for name, _ in inspect.getmembers(Store) if not name.startswith("_")]
    assert len(methods) > 30
    assert [name for name in methods if f"store.{name}" not in source] == []


async def test_description_names_the_database_without_a_password(store, store_url):
    assert store.description
    assert "gnomehost:gnomehost@" not in store.description
    if store_url.startswith("sqlite"):
        assert store.description.endswith("gnomehost.db")


async def test_after_close_every_call_is_refused_and_close_is_idempotent(store_url):
    store = await open_store(store_url)
    await store.close()
    await store.close()
    with pytest.raises(DatabaseError):
        await store.get_game(1)


# -- games -----------------------------------------------------------------------------------------------


async def test_a_new_lobby_is_stored_with_its_seats_and_messages(store):
    game_id = await _lobby(store)
    game = await store.get_game(game_id)
    assert game is not None
    assert (game.guild_id, game.channel_id, game.game_name, game.host_user_id) == (GUILD, CHANNEL, "dash", HOST)
    assert (game.options, game.settings, game.seed) == ({"target": 6}, {"undo": True}, 2**63 - 1)
    assert (game.status, game.version, game.players, game.snapshot, game.revision) == ("lobby", 0, None, None, 0)
    assert (game.created_at, game.updated_at, game.unreadable) == (NOW, NOW, None)
    seats = await store.list_seats(game_id)
    assert [(s.join_order, s.user_id, s.player, s.ai_level) for s in seats] == [
        (0, HOST, None, "normal"),
        (1, None, None, "easy"),
    ]
    heads = await store.queue_heads()
    assert [(h.game_id, h.queue, h.payload) for h in heads] == [(game_id, f"channel:{CHANNEL}", {"n": 1, "text": "ü"})]
    assert await store.get_game(game_id + 1000) is None
    assert await store.load_game(game_id + 1000, with_actions=True) is None


async def test_a_channel_holds_one_open_game(store):
    first = await _lobby(store)
    with pytest.raises(ChannelTaken) as taken:
        await _lobby(store)
    assert taken.value.game_id == first
    assert (await store.open_game_in_channel(CHANNEL)).id == first
    assert await store.close_game(CloseWrite(first, "cancelled", "host left", (), NOW + 5))
    assert await store.open_game_in_channel(CHANNEL) is None
    second = await _lobby(store)
    assert [g.id for g in await store.recent_in_channel(CHANNEL, 5)] == [second, first]
    assert [g.id for g in await store.recent_in_channel(CHANNEL, 1)] == [second]
    assert await store.recent_in_channel(CHANNEL, -1) == []


async def test_a_channel_lists_the_games_of_the_threads_opened_from_it(store):
    in_channel = await _lobby(store)
    thread, other_thread, elsewhere = CHANNEL + 1, CHANNEL + 2, CHANNEL + 3
    await store.set_thread_parent(thread, CHANNEL)
    await store.set_thread_parent(thread, CHANNEL)  # said again when the thread is used again: no error
    await store.set_thread_parent(other_thread, elsewhere)
    in_thread = await _lobby(store, channel=thread)
    in_other = await _lobby(store, channel=other_thread)
    assert [g.id for g in await store.recent_in_channel(CHANNEL, 5)] == [in_thread, in_channel]
    assert [g.id for g in await store.recent_in_channel(CHANNEL, 1)] == [in_thread]
    # A thread lists its own games only; the other channel lists its thread's.
    assert [g.id for g in await store.recent_in_channel(thread, 5)] == [in_thread]
    assert [g.id for g in await store.recent_in_channel(elsewhere, 5)] == [in_other]
    # The open game of the channel itself is still only its own.
    assert (await store.open_game_in_channel(CHANNEL)).id == in_channel
    # A later parent replaces the earlier one.
    await store.set_thread_parent(other_thread, CHANNEL)
    assert [g.id for g in await store.recent_in_channel(CHANNEL, 5)] == [in_other, in_thread, in_channel]
    assert await store.recent_in_channel(elsewhere, 5) == []


async def test_two_lobbies_created_at_once_in_one_channel_give_one_game(store):
    results = await asyncio.gather(_lobby(store), _lobby(store), return_exceptions=True)
    assert sum(isinstance(r, int) for r in results) == 1
    assert sum(isinstance(r, ChannelTaken) for r in results) == 1
    assert len(await store.recent_in_channel(CHANNEL, 5)) == 1


async def test_seats_change_only_over_the_revision_read(store):
    game_id = await _lobby(store)
    seats = await store.add_seat(SeatAdd(game_id, 0, ALICE, "normal", max_seats=3, now=NOW + 1))
    assert [s.user_id for s in seats] == [HOST, None, ALICE]
    assert (await store.get_game(game_id)).revision == 1
    with pytest.raises(RevisionConflict):
        await store.add_seat(SeatAdd(game_id, 0, BOB, "normal", max_seats=5, now=NOW + 2))
    with pytest.raises(SeatsFull):
        await store.add_seat(SeatAdd(game_id, 1, BOB, "normal", max_seats=3, now=NOW + 2))
    assert (await store.get_game(game_id)).revision == 1  # a refused write wrote nothing
    seats = await store.remove_seat(SeatRemove(game_id, 1, join_order=1, now=NOW + 3))
    assert [(s.join_order, s.user_id) for s in seats] == [(0, HOST), (2, ALICE)]
    with pytest.raises(RevisionConflict):
        await store.remove_seat(SeatRemove(game_id, 1, join_order=0, now=NOW + 4))
    with pytest.raises(RevisionConflict):  # the right revision but not a lobby any more
        await store.add_seat(SeatAdd(game_id, 2, BOB, "normal", max_seats=5, now=NOW + 5, status="active"))
    seats = await store.add_seat(SeatAdd(game_id, 2, None, "hard", max_seats=5, now=NOW + 5))
    assert [(s.join_order, s.ai_level) for s in seats][-1] == (3, "hard")
    assert await store.open_game_ids_for_user(ALICE) == [game_id]


async def test_two_seats_taken_at_once_over_one_revision_give_one_seat(store):
    game_id = await _lobby(store)
    results = await asyncio.gather(
        store.add_seat(SeatAdd(game_id, 0, ALICE, "normal", 4, NOW)),
        store.add_seat(SeatAdd(game_id, 0, BOB, "normal", 4, NOW)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, RevisionConflict) for r in results) == 1
    assert len(await store.list_seats(game_id)) == 3


async def test_starting_seats_the_players_and_stores_the_opening_state(store):
    game_id = await _running(store)
    stored = await store.load_game(game_id, with_actions=True)
    assert stored is not None
    game = stored.game
    assert (game.status, game.players, game.version, game.snapshot, game.ai_pending) == (
        "active",
        2,
        0,
        '{"turn":0}',
        True,
    )
    assert game.pending == [{"player": 0, "since": 0}]
    assert [(s.join_order, s.player) for s in stored.seats] == [(0, 1), (1, 0)]
    assert stored.actions == []
    assert [(d.player, d.kind, d.due_at, d.version) for d in await store.deadlines_for(game_id)] == [
        (0, TURN, NOW + 60, 0)
    ]
    assert (await store.outbox_state(game_id)).pending == 2
    start = StartWrite(game_id, {0: 0}, 2, "{}", [], False, _plan(), (_message("channel:1", 9),), NOW)
    with pytest.raises(NotALobby):
        await store.start_game(start)
    assert (await store.outbox_state(game_id)).pending == 2


async def test_a_move_is_one_versioned_transaction(store):
    game_id = await _running(store)
    await store.commit_move(_move(game_id, 0, 2, announced=1, messages=[_message("user:7", 3, game_id)]))
    stored = await store.load_game(game_id, with_actions=True)
    assert stored is not None
    assert (stored.game.version, stored.game.snapshot, stored.game.announced_version) == (2, '{"turn":2}', 1)
    assert stored.game.ai_pending is False
    assert [(a.seq, a.action_id, a.user_id, a.events) for a in stored.actions] == [
        (1, "move:1", ALICE, [{"kind": "moved", "seq": 1}]),
        (2, "move:2", ALICE, [{"kind": "moved", "seq": 2}]),
    ]
    assert [a.seq for a in await store.list_actions(game_id, after=1)] == [2]
    assert [(d.player, d.version) for d in await store.deadlines_for(game_id)] == [(0, 2)]
    assert (await store.next_in_queue("user:7")).payload == {"n": 3, "text": "ü"}
    # announced_version never moves back.
    await store.commit_move(_move(game_id, 2, 3, announced=0))
    assert (await store.get_game(game_id)).announced_version == 1


async def test_a_stale_move_or_a_taken_seq_is_a_version_conflict_and_writes_nothing(store):
    game_id = await _running(store)
    await store.commit_move(_move(game_id, 0, 1))
    before = (await store.get_game(game_id), await store.outbox_state(game_id), await store.deadlines_for(game_id))
    with pytest.raises(VersionConflict):
        await store.commit_move(_move(game_id, 0, 1, messages=[_message("channel:1", 4, game_id)]))
    with pytest.raises(VersionConflict):  # the version matches, but entry 1 is already in the log
        await store.commit_move(_move(game_id, 1, 2, seqs=[1], messages=[_message("channel:1", 4, game_id)]))
    after = (await store.get_game(game_id), await store.outbox_state(game_id), await store.deadlines_for(game_id))
    assert after == before
    assert [a.seq for a in await store.list_actions(game_id)] == [1]
    with pytest.raises(ValueError):
        await store.commit_move(_move(game_id, 1, 1, seqs=[]))


async def test_two_moves_over_one_version_store_one(store):
    game_id = await _running(store)
    results = await asyncio.gather(
        store.commit_move(_move(game_id, 0, 1)), store.commit_move(_move(game_id, 0, 1)), return_exceptions=True
    )
    assert sum(isinstance(r, VersionConflict) for r in results) == 1
    assert [a.seq for a in await store.list_actions(game_id)] == [1]


async def test_the_last_move_finishes_the_game(store):
    game_id = await _running(store)
    await store.commit_move(_move(game_id, 0, 1, finished=True))
    game = await store.get_game(game_id)
    assert (game.status, game.outcome) == ("finished", {"winners": [0]})
    with pytest.raises(VersionConflict):  # a finished game takes no more moves
        await store.commit_move(_move(game_id, 1, 2))
    stored = await store.load_game(game_id, with_actions=True)
    assert stored.actions is None  # the log comes with running games only
    assert await store.open_game_in_channel(CHANNEL) is None


async def test_closing_only_from_the_given_statuses_drops_deadlines(store):
    game_id = await _running(store)
    closing = CloseWrite(game_id, "quarantined", "bad log", (_message("channel:1", 5, game_id),), NOW + 9, ("active",))
    assert await store.close_game(closing)
    game = await store.get_game(game_id)
    assert (game.status, game.status_reason, game.ai_pending, game.revision) == ("quarantined", "bad log", False, 2)
    assert await store.deadlines_for(game_id) == []
    assert not await store.close_game(CloseWrite(game_id, "cancelled", None, (_message("channel:1", 6, game_id),), NOW))
    assert (await store.get_game(game_id)).status == "quarantined"
    assert (await store.outbox_state(game_id)).pending == 3


async def test_seats_are_handed_over_only_over_the_revision_read(store):
    game_id = await _running(store)
    revision = (await store.get_game(game_id)).revision
    await store.hand_over_seats(HandOver(game_id, revision, (0,), None, "hard", True, (1,), NOW + 3))
    await store.hand_over_seats(HandOver(game_id, revision + 1, (1,), BOB, None, False, (0,), NOW + 4))
    seats = await store.list_seats(game_id)
    assert [(s.join_order, s.user_id, s.ai_level) for s in seats] == [(0, None, "hard"), (1, BOB, "easy")]
    assert (await store.get_game(game_id)).ai_pending is False
    assert await store.deadlines_for(game_id) == []  # player 0 (join order 1) is now BOB's: his clock restarts later
    with pytest.raises(RevisionConflict):
        await store.hand_over_seats(HandOver(game_id, revision, (0,), ALICE, None, False, (), NOW + 5))
    assert await store.open_game_ids_for_user(BOB) == [game_id]


async def test_settings_are_stored_only_over_the_revision_read(store):
    game_id = await _running(store)
    revision = (await store.get_game(game_id)).revision
    await store.set_settings(SettingsWrite(game_id, revision, {"undo": False}, NOW + 2, _plan(due_at=None, version=0)))
    game = await store.get_game(game_id)
    assert (game.settings, game.revision) == ({"undo": False}, revision + 1)
    assert await store.deadlines_for(game_id) == []  # turn deadlines switched off
    with pytest.raises(RevisionConflict):
        await store.set_settings(SettingsWrite(game_id, revision, {"undo": True}, NOW + 3))
    await store.set_settings(SettingsWrite(game_id, revision + 1, {"undo": True}, NOW + 3))
    assert (await store.get_game(game_id)).settings == {"undo": True}


async def test_announced_versions_never_move_back(store):
    first, second = await _running(store, 1), await _running(store, 2)
    await store.commit_move(_move(first, 0, 3))
    await store.set_announced({first: 2, second: 0})
    await store.set_announced({first: 1})
    assert (await store.get_game(first)).announced_version == 2
    scan = await store.recovery_scan()
    assert (scan.running, scan.ai_pending, scan.unannounced, scan.running_moves) == (
        [first, second],
        [second],
        [first],
        3,
    )


# -- the outbox ------------------------------------------------------------------------------------------


async def test_queues_deliver_in_order_and_remember_posted_messages(store):
    game_id = await _lobby(store)
    await store.enqueue([_message("channel:1", n, game_id) for n in (10, 11)] + [_message("user:2", 12, game_id)], NOW)
    heads = await store.queue_heads()
    assert [(h.queue, h.payload["n"]) for h in heads] == [(f"channel:{CHANNEL}", 1), ("channel:1", 10), ("user:2", 12)]
    assert [h.queue for h in await store.queue_heads(exclude={"channel:1"})] == [f"channel:{CHANNEL}", "user:2"]
    first = await store.next_in_queue("channel:1")
    assert (first.payload["n"], first.status, first.attempts, first.next_at, first.created_at) == (
        10,
        "pending",
        0,
        NOW,
        NOW,
    )
    await store.mark_delivered(first, {"status": MessageRef(CHANNEL, 2**62), "lobby": None}, NOW + 1)
    assert await store.get_message(game_id, "status") == MessageRef(CHANNEL, 2**62)
    assert (await store.next_in_queue("channel:1")).payload["n"] == 11
    await store.mark_delivered(first, {"status": MessageRef(CHANNEL, 7)}, NOW + 2)  # the slot is overwritten
    assert await store.get_message(game_id, "status") == MessageRef(CHANNEL, 7)
    await store.mark_delivered(first, {"status": None}, NOW + 3)
    assert await store.get_message(game_id, "status") is None
    assert await store.next_in_queue("nobody") is None


async def test_retries_failures_state_and_pruning(store):
    game_id = await _lobby(store)
    head = await store.next_in_queue(f"channel:{CHANNEL}")
    await store.mark_retry(head.id, NOW + 30, "x" * 600)
    retried = await store.next_in_queue(f"channel:{CHANNEL}")
    assert (retried.attempts, retried.next_at, len(retried.last_error)) == (1, NOW + 30, 500)
    state = await store.outbox_state(game_id)
    assert (state.pending, state.oldest_pending.id, state.failures) == (1, head.id, [])
    await store.mark_failed(head.id, NOW + 40, "no permission")
    state = await store.outbox_state(game_id)
    assert (state.pending, state.oldest_pending) == (0, None)
    assert [(f.id, f.status, f.attempts, f.last_error) for f in state.failures] == [
        (head.id, "failed", 2, "no permission")
    ]
    await store.enqueue([_message("user:1", 1, game_id)], NOW)
    assert await store.prune(NOW + 40) == 0  # given up at NOW + 40: not before it
    assert await store.prune(NOW + 41) == 1
    assert (await store.outbox_state(game_id)).failures == []
    assert (await store.outbox_state(game_id)).pending == 1  # pending messages are never pruned


async def test_a_nested_payload_comes_back_as_stored(store):
    game_id = await _lobby(store)
    await store.enqueue([NewMessage(game_id, "user:3", "dm", {"a": [1, 2]})], NOW)
    assert (await store.next_in_queue("user:3")).payload == {"a": [1, 2]}


# -- deadlines -------------------------------------------------------------------------------------------


async def test_deadlines_are_planned_and_come_due_earliest_first(store):
    first, second = await _running(store, 1), await _running(store, 2)
    timers = {0: (REACTION, NOW + 30)}
    await store.commit_move(_move_with_timers(first, timers))
    rows = await store.deadlines_for(first)
    assert [(d.player, d.kind, d.due_at) for d in rows] == [(0, REACTION, NOW + 30), (0, TURN, NOW + 60)]
    assert await store.next_due_at() == NOW + 30
    due = await store.due_deadlines(NOW + 60, 10)
    assert [(d.game_id, d.kind) for d in due] == [(first, REACTION), (first, TURN), (second, TURN)]
    assert len(await store.due_deadlines(NOW + 60, 1)) == 1
    assert await store.due_deadlines(NOW, 10) == []


def _move_with_timers(game_id: int, timers) -> MoveWrite:
    move = _move(game_id, 0, 1)
    plan = DeadlinePlan(frozenset({0}), frozenset(), NOW + 60, 1, timers)
    return MoveWrite(
        game_id=move.game_id,
        expected_version=0,
        new_version=1,
        snapshot=move.snapshot,
        pending=move.pending,
        ai_pending=False,
        finished=False,
        outcome=None,
        announced_version=0,
        actions=move.actions,
        deadlines=plan,
        messages=(),
        now=move.now,
    )


async def test_a_reminder_is_counted_once(store):
    game_id = await _running(store)
    (row,) = await store.deadlines_for(game_id)
    remind = (_message("user:9", 1, game_id),)
    results = await asyncio.gather(
        store.remind(row, NOW + 120, remind, NOW + 61), store.remind(row, NOW + 120, remind, NOW + 61)
    )
    assert sorted(results) == [False, True]
    (after,) = await store.deadlines_for(game_id)
    assert (after.reminders, after.due_at) == (1, NOW + 120)
    assert (await store.outbox_state(game_id)).pending == 3  # lobby + start + ONE reminder
    assert not await store.remind(row, NOW + 180, remind, NOW + 62)  # read before the first reminder: stale


async def test_a_postponed_deadline_keeps_its_reminder_count(store):
    game_id = await _running(store)
    (row,) = await store.deadlines_for(game_id)
    assert await store.postpone(row, NOW + 500)
    (after,) = await store.deadlines_for(game_id)
    assert (after.reminders, after.due_at) == (row.reminders, NOW + 500)
    assert (await store.outbox_state(game_id)).pending == 2  # lobby + start: a postponement says nothing
    assert not await store.postpone(row, NOW + 900)  # read before the first postponement: stale
    assert (await store.deadlines_for(game_id))[0].due_at == NOW + 500


async def test_dropping_deadlines(store):
    game_id = await _running(store)
    plan = DeadlinePlan(frozenset({0, 1}), frozenset(), NOW + 60, 1, {1: (REACTION, NOW + 20)})
    await store.set_settings(SettingsWrite(game_id, (await store.get_game(game_id)).revision, {}, NOW, plan))
    assert len(await store.deadlines_for(game_id)) == 3
    await store.drop_deadline(DeadlineRow(game_id, 1, REACTION, 0.0, 0, 0))
    assert [(d.player, d.kind) for d in await store.deadlines_for(game_id)] == [(0, TURN), (1, TURN)]
    await store.drop_deadlines(game_id, 0)
    assert [(d.player, d.kind) for d in await store.deadlines_for(game_id)] == [(1, TURN)]
    await store.drop_deadlines(game_id)
    assert await store.deadlines_for(game_id) == []
    assert await store.next_due_at() is None


async def test_a_replan_keeps_running_clocks_and_restarts_the_mover(store):
    game_id = await _running(store)
    (row,) = await store.deadlines_for(game_id)
    assert await store.remind(row, NOW + 100, (), NOW + 61)
    revision = (await store.get_game(game_id)).revision
    timers = {0: (REACTION, NOW + 500)}
    # Player 0 still pending and not reset: the reminded turn row is kept as it is, the timer is added.
    await store.set_settings(
        SettingsWrite(game_id, revision, {}, NOW, _plan(pending=(0, 1), due_at=NOW + 900, timers=timers))
    )
    rows = {(d.player, d.kind): (d.due_at, d.reminders) for d in await store.deadlines_for(game_id)}
    assert rows == {(0, TURN): (NOW + 100, 1), (0, REACTION): (NOW + 500, 0), (1, TURN): (NOW + 900, 0)}
    # keep_timers: resetting player 0 restarts its turn row only.
    plan = _plan(pending=(0, 1), reset=(0,), due_at=NOW + 1000, timers={0: (REACTION, NOW + 2000)}, keep_timers=True)
    await store.set_settings(SettingsWrite(game_id, revision + 1, {}, NOW, plan))
    rows = {(d.player, d.kind): (d.due_at, d.reminders) for d in await store.deadlines_for(game_id)}
    assert rows == {(0, TURN): (NOW + 1000, 0), (0, REACTION): (NOW + 500, 0), (1, TURN): (NOW + 900, 0)}


def test_conflicts_are_write_conflicts():
    for error in (VersionConflict(1, 2), RevisionConflict(1, 2), ChannelTaken(1, None), SeatsFull(1, 2), NotALobby(1)):
        assert isinstance(error, WriteConflict)


# -- players' own settings -------------------------------------------------------------------------------


async def test_a_players_settings_are_stored_replaced_and_read_back(store):
    assert await store.get_player(HOST) is None
    first = PlayerRow(HOST, timezone="Europe/Paris", quiet_from=23 * 60, quiet_to=8 * 60, notify="dm",
                      away_until=NOW + 86_400.5, updated_at=NOW)
    await store.put_player(first)
    assert await store.get_player(HOST) == first
    second = PlayerRow(HOST, notify="both", updated_at=NOW + 1)
    await store.put_player(second)
    await store.put_player(PlayerRow(ALICE, timezone="Asia/Tokyo", updated_at=NOW))
    assert await store.get_player(HOST) == second
    found = await store.get_players([HOST, ALICE, BOB])
    assert set(found) == {HOST, ALICE} and found[ALICE].timezone == "Asia/Tokyo"
    assert await store.get_players([]) == {}
    assert not second.stats_hidden and not found[ALICE].stats_hidden
    await store.put_player(dataclasses.replace(second, stats_hidden=True))
    assert (await store.get_player(HOST)).stats_hidden


async def test_the_language_last_seen_from_a_user_is_kept_beside_their_settings(store):
    # A user never seen before gets a row of defaults with only the language.
    await store.set_player_locale(BOB, "fr", NOW)
    assert await store.get_player(BOB) == PlayerRow(BOB, locale="fr", updated_at=NOW)
    # A user with settings keeps them: only the language changes.
    settings = PlayerRow(HOST, timezone="Europe/Paris", quiet_from=60, quiet_to=120, notify="dm", updated_at=NOW)
    await store.put_player(settings)
    await store.set_player_locale(HOST, "en-GB", NOW + 1)
    await store.set_player_locale(HOST, "fr", NOW + 2)
    assert await store.get_player(HOST) == dataclasses.replace(settings, locale="fr", updated_at=NOW + 2)
    # Saving the settings again (as /me does, from the row it read) keeps the language.
    await store.put_player(dataclasses.replace(await store.get_player(HOST), notify="both"))
    assert (await store.get_player(HOST)).locale == "fr"
    assert (await store.get_players([BOB, HOST]))[BOB].locale == "fr"


# -- ratings -------------------------------------------------------------------------------------------------

HOSTS, EASY = Subject(user_id=HOST), Subject(ai_level="easy")


def _rating(game_id: int, games: int, mu: float) -> RatingWrite:
    # _running seats HOST as player 1 and the easy AI as player 0.
    seats = (SeatRating(0, EASY, True, 25.0, 8.3, 50 - mu, 8.0), SeatRating(1, HOSTS, True, 25.0, 8.3, mu, 8.0))
    skills = (
        SkillRow(GUILD, "dash", HOSTS, mu, 8.0, games, NOW),
        SkillRow(GUILD, "dash", EASY, 50 - mu, 8.0, games, NOW),
    )
    return RatingWrite(game_id, GUILD, "dash", seats, skills, NOW)


def _last_move(game_id: int, rating: RatingWrite | None) -> MoveWrite:
    move = _move(game_id, 0, 2, finished=True)
    actions = (_action(game_id, 1, player=1), _action(game_id, 2, player=1, source="timeout"))
    return dataclasses.replace(move, actions=actions, rating=rating)


async def test_a_games_last_move_stores_its_ratings_in_the_same_write(store):
    game_id = await _running(store)
    await store.commit_move(_last_move(game_id, _rating(game_id, 1, 27.0)))
    assert (await store.get_game(game_id)).status == "finished"
    board = {r.subject: (r.mu, r.games) for r in await store.rating_board(GUILD, "dash")}
    assert board == {HOSTS: (27.0, 1), EASY: (23.0, 1)}
    assert [s.subject for s in await store.seat_ratings(game_id)] == [EASY, HOSTS]
    assert [r.mu for r in await store.ratings_of(GUILD, "dash", [HOSTS, Subject(user_id=BOB)])] == [27.0]
    assert await store.rating_board(GUILD + 1, "dash") == []
    assert await store.turn_counts(game_id) == {1: TurnCount(own=1, stood_in=1)}


async def test_a_stale_rating_refuses_the_whole_last_move(store):
    game_id = await _running(store)
    # games=2 claims a first rated game that is not stored: the guard refuses, and the move with it.
    with pytest.raises(RatingConflict):
        await store.commit_move(_last_move(game_id, _rating(game_id, 2, 27.0)))
    row = await store.get_game(game_id)
    assert (row.status, row.version) == ("active", 0)
    assert await store.list_actions(game_id) == [] and await store.rating_board(GUILD, "dash") == []
    await store.commit_move(_last_move(game_id, _rating(game_id, 1, 27.0)))
    assert len(await store.seat_ratings(game_id)) == 2


async def test_two_racing_last_moves_rate_the_game_once(store):
    game_id = await _running(store)
    results = await asyncio.gather(
        store.commit_move(_last_move(game_id, _rating(game_id, 1, 27.0))),
        store.commit_move(_last_move(game_id, _rating(game_id, 1, 30.0))),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "VersionConflict"]
    board = await store.rating_board(GUILD, "dash")
    assert len(board) == 2 and {r.games for r in board} == {1}


async def test_finished_games_feed_the_rebuild_and_replace_ratings_replaces_all(store):
    game_id = await _running(store)
    await store.commit_move(_last_move(game_id, _rating(game_id, 1, 27.0)))
    other = await _running(store, channel=CHANNEL + 1)
    (finished,) = await store.finished_games()
    assert (finished.game_id, finished.guild_id, finished.game_name) == (game_id, GUILD, "dash")
    assert finished.outcome == {"winners": [0]} and [s.player for s in finished.seats] == [1, 0]
    assert finished.turns == {1: TurnCount(own=1, stood_in=1)} and finished.finished_at == NOW + 2
    await store.replace_ratings([_rating(game_id, 1, 31.0)])
    assert {r.subject: r.mu for r in await store.rating_board(GUILD, "dash")} == {HOSTS: 31.0, EASY: 19.0}
    assert await store.seat_ratings(other) == []
    await store.replace_ratings([])
    assert await store.rating_board(GUILD, "dash") == [] and await store.seat_ratings(game_id) == []


# -- stats ---------------------------------------------------------------------------------------------------


def _timed(game_id: int, seq: int, seconds: float | None, source: str = "human", player: int = 1) -> ActionRow:
    return dataclasses.replace(_action(game_id, seq, player=player, source=source), turn_seconds=seconds)


async def test_stats_read_finished_games_with_their_seats_and_peoples_turn_times(store):
    finished = await _running(store)
    last = _move(finished, 0, 2, finished=True)
    await store.commit_move(dataclasses.replace(
        last, actions=(_timed(finished, 1, 12.5), _timed(finished, 2, 3.0, source="timeout"))))
    running = await _running(store, channel=CHANNEL + 1)
    await store.commit_move(dataclasses.replace(
        _move(running, 0, 2), actions=(_timed(running, 1, 4.0), _timed(running, 2, None))))

    (game,) = await store.stats_games(StatsFilter(guild_id=GUILD))
    assert (game.game_id, game.guild_id, game.game_name, game.outcome) == (finished, GUILD, "dash", {"winners": [0]})
    assert game.snapshot == {"turn": 2} and (game.started_at, game.finished_at) == (NOW + 1, NOW + 2)
    assert [(s.user_id, s.player, s.ai_level) for s in game.seats] == [(HOST, 1, "normal"), (None, 0, "easy")]
    assert [g.game_id for g in await store.stats_games(StatsFilter())] == [finished]
    assert [g.game_id for g in await store.stats_games(StatsFilter(GUILD, "dash", HOST))] == [finished]
    assert await store.stats_games(StatsFilter(guild_id=GUILD + 1)) == []
    assert await store.stats_games(StatsFilter(game_name="other")) == []
    assert await store.stats_games(StatsFilter(user_id=BOB)) == []

    # The AFK policy's move and the move without a time are left out; a running game's moves count.
    times = await store.turn_times(StatsFilter(guild_id=GUILD))
    assert [(t.user_id, t.game_name, t.seconds) for t in sorted(times, key=lambda t: t.seconds)] == [
        (ALICE, "dash", 4.0), (ALICE, "dash", 12.5)]
    # Each carries when its move was stored: the turn ran up to then (stats take quiet hours out of it).
    stored = {a.seq: a.created_at for a in await store.list_actions(finished)}
    assert max(t.moved_at for t in times if t.seconds == 12.5) == stored[1]
    assert len(await store.turn_times(StatsFilter(user_id=ALICE, game_name="dash"))) == 2
    assert await store.turn_times(StatsFilter(user_id=HOST)) == []
    assert await store.turn_times(StatsFilter(guild_id=GUILD + 1)) == []
