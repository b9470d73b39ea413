"""Startup recovery: snapshots checked against replay, broken games quarantined (never rewritten),
interrupted AI turns resumed, and the bot never crashes on a bad game."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from host import ai_turns
from host.errors import GameNotActive
from host.notifier import RecordingNotifier
from host.results import TableStatus, UpdateKind
from tests.fixtures.db import raw
from tests.host.conftest import ALICE, CHANNEL, HOST, open_service, play_until, started


async def _game_with_moves(path, moves: int = 6, channel: int = CHANNEL) -> int:
    svc = await open_service(path)
    result = await started(svc, [HOST, ALICE], channel=channel)
    await play_until(svc, result.game_id, Rng.from_seed(3), moves)
    await svc.close()
    return result.game_id


async def _raw(url: str, *statements: tuple[str, tuple]) -> None:
    await raw.execute(url, *statements, tamper_log=True)  # tampering on purpose


async def _dump(url: str) -> list[tuple]:
    games = await raw.query(url, "SELECT id, version, snapshot FROM games ORDER BY id")
    actions = await raw.query(url, "SELECT game_id, seq, action_id FROM actions ORDER BY game_id, seq")
    return [*games, *actions]


async def test_healthy_games_are_verified_at_start(store_url):
    await _game_with_moves(store_url)
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        report = await svc.recover()
        assert (report.running, report.verified, report.deferred, report.quarantined) == (1, 1, 0, ())
        assert notifier.posts == []
    finally:
        await svc.close()


@pytest.mark.parametrize(
    "tamper",
    [
        ("UPDATE actions SET action_id = 'bid:2' WHERE seq = 1 AND action_id != 'bid:2'", "bid:2"),
        ("UPDATE actions SET action_id = 'fly' WHERE seq = 3", "fly"),
        ("UPDATE games SET snapshot = replace(snapshot, '\"turns_played\":', '\"turns_played\":1') ", None),
        ("UPDATE games SET snapshot = '{not json'", None),
        ("UPDATE games SET version = version + 1", None),
    ],
    ids=["changed-move", "illegal-move", "snapshot-differs", "snapshot-corrupt", "version-ahead"],
)
async def test_a_corrupted_game_is_quarantined_untouched_and_frees_its_channel(store_url, tamper, caplog):
    caplog.set_level("ERROR", logger="host.tables")
    game_id = await _game_with_moves(store_url)
    sql, _ = tamper
    await _raw(store_url, (sql, ()))
    before = await _dump(store_url)
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        table = await svc.get_table(game_id)
        assert table.status == TableStatus.QUARANTINED
        assert table.status_reason
        # One log line says which game was quarantined and why.
        lines = [r.getMessage() for r in caplog.records if r.name == "host.tables" and r.levelname == "ERROR"]
        assert any(f"game {game_id} " in m and "quarantined" in m and table.status_reason in m for m in lines), lines
        posts = notifier.posts_for(game_id)
        assert [p.kind for p in posts] == [UpdateKind.QUARANTINED]
        assert "suspended" in posts[0].headline
        with pytest.raises(GameNotActive) as info:
            await svc.submit(game_id, HOST, "step", table.version)
        assert "suspended" in info.value.message
        fresh = await svc.create_table("dash", None, HOST, None, CHANNEL, seed=1)
        assert fresh.status == TableStatus.LOBBY
    finally:
        await svc.close()
    # never silently rewritten: the game's row and log are exactly as found
    assert [r for r in await _dump(store_url) if r[0] == game_id] == [r for r in before if r[0] == game_id]


async def test_large_databases_verify_lazily_on_first_touch(store_url):
    good = await _game_with_moves(store_url, channel=1)
    bad = await _game_with_moves(store_url, channel=2)
    await _raw(store_url, ("UPDATE actions SET action_id = 'fly' WHERE game_id = ? AND seq = 3", (bad,)))
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier, verify_all_limit=1)
    try:
        report = await svc.recover()
        assert (report.running, report.verified, report.deferred) == (2, 0, 2)
        assert notifier.posts == []
        assert (await svc.get_table(good)).status == TableStatus.ACTIVE
        assert (await svc.get_table(bad)).status == TableStatus.QUARANTINED
        assert [p.kind for p in notifier.posts_for(bad)] == [UpdateKind.QUARANTINED]
    finally:
        await svc.close()


async def test_an_ai_turn_interrupted_by_a_crash_is_resumed(store_url, monkeypatch):
    svc = await open_service(store_url)
    result = await started(svc, [HOST], ais=2)
    game_id = result.game_id
    # Simulate a crash between the human's committed move and the AI's moves: the AI never gets to choose.
    def crashed(*_args, **_kwargs):
        raise RuntimeError("the process died here")

    monkeypatch.setattr(ai_turns, "decide_action", crashed)
    moved = await svc.submit(game_id, HOST, "bid:0", result.version)
    moved = await svc.submit(game_id, HOST, "step", moved.version)
    assert moved.pending and moved.pending[0].is_ai
    await svc.close()
    monkeypatch.undo()
    assert await raw.query(store_url, "SELECT ai_pending FROM games WHERE id = ?", game_id) == [(1,)]
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        table = await svc.get_table(game_id)
        assert table.version > moved.version
        assert table.status == TableStatus.FINISHED or not table.pending[0].is_ai
        posts = notifier.posts_for(game_id)
        assert len(posts) == 1  # one post for all the AI moves
        assert posts[0].version == table.version
        rows = await svc.store.list_actions(game_id)
        row = await svc.store.get_game(game_id)
        assert rows[moved.version].source == "ai"
        assert row is not None and not row.ai_pending
    finally:
        await svc.close()


async def test_a_game_whose_rules_are_missing_does_not_stop_the_bot(store_url):
    game_id = await _game_with_moves(store_url)
    await _raw(store_url, ("UPDATE games SET game_name = 'gone' WHERE id = ?", (game_id,)))
    svc = await open_service(store_url)
    try:
        report = await svc.recover()
        assert report.quarantined == ()
        with pytest.raises(Exception, match="cannot run"):
            await svc.get_table(game_id)
    finally:
        await svc.close()


async def _undelivering(store_url):
    """A service whose sender never runs: what it stores stays in the outbox (the bot crashed before sending)."""
    from host.service import TableService
    from tests.host import toygame

    return await TableService.open(
        store_url, RecordingNotifier(), games=toygame.resolve, game_names=toygame.names, seed_source=lambda: 12345,
        synchronous="NORMAL",
    )


async def test_moves_stored_but_never_posted_are_announced_after_a_crash(store_url):
    svc = await _undelivering(store_url)
    table = await svc.create_table("dash", {}, HOST, 42, CHANNEL)
    await svc.join(table.game_id, ALICE)
    result = await svc.start(table.game_id, HOST)
    game_id = result.game_id
    await svc.submit(game_id, HOST, "bid:2", result.version)
    lost = await svc.submit(game_id, ALICE, "bid:1", result.version)  # committed, never sent: then "crash"
    await svc._watched.close()  # no clean close: nothing more is written

    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        report = await svc.recover()  # nothing needs re-announcing: the outbox held it all
        assert report.reannounced == ()
    finally:
        await svc.close()
    # The channel's queue comes out in order; DMs travel in queues of their own, so they may come first.
    channel_calls = [c for c in notifier.calls if not c.startswith(("private:", "prompt:", "close_prompt:"))]
    assert channel_calls[0] == f"lobby:{game_id}"
    posts = notifier.posts_for(game_id)
    assert [p.kind for p in posts] == [UpdateKind.STARTED, UpdateKind.MOVES, UpdateKind.MOVES]
    assert posts[-1].version == lost.version
    # The lost moves are in the same round as the start: they are edited into its table message, after its lines.
    assert [e.kind for e in posts[-1].public_events][-2:] == ["chosen", "reveal"]
    # The spec: a player's own choice is never DMed back to them, after a crash neither.
    assert all(e.text != "You keep a head start of 1." for _, _, u in notifier.privates for e in u.events)


async def test_a_start_never_posted_is_announced_as_a_start(store_url):
    svc = await _undelivering(store_url)
    table = await svc.create_table("dash", {}, HOST, 42, CHANNEL)
    await svc.join(table.game_id, ALICE)
    result = await svc.start(table.game_id, HOST)
    await svc._watched.close()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    await svc.close()
    assert [p.kind for p in notifier.posts_for(result.game_id)] == [UpdateKind.STARTED]
    assert sorted(user for _, user, _ in notifier.prompts) == [HOST, ALICE]  # one DM each: the prompt
    assert notifier.privates == []
    assert ("lobby", notifier.edits[0][1]) == notifier.edits[0]  # the lobby message lost its buttons


async def test_a_database_from_before_the_outbox_still_announces_its_unposted_moves(store_url):
    svc = await _undelivering(store_url)
    result = await started(svc, [HOST, ALICE])
    await svc.submit(result.game_id, HOST, "bid:2", result.version)
    await svc._watched.close()
    # As a schema-3 bot left it: the move stored, announced_version behind, no outbox rows.
    await _raw(
        store_url,
        ("DELETE FROM outbox", ()),
        ("UPDATE games SET announced_version = 0 WHERE id = ?", (result.game_id,)),
    )
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        report = await svc.recover()
        assert report.reannounced == ()  # the first recovery (in open) did it
    finally:
        await svc.close()
    assert [p.headline for p in notifier.posts_for(result.game_id)] == ["The game resumes after a restart."]


async def test_a_clean_close_posts_nothing_again(store_url):
    svc = await open_service(store_url)
    result = await started(svc, [HOST, ALICE])
    await svc.submit(result.game_id, HOST, "bid:2", result.version)
    await svc.close()
    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    await svc.close()
    assert notifier.posts == [] and notifier.privates == []
