"""`python -m db.copy SRC DST`: every game with its log, seats, deadlines and outbox, verified by replay.

The source is a SQLite file (the schema-5 fixture with toy-game tables in every state, plus pending,
failed and remembered messages added here, or real Vendetta games played through the engine); the
destination is each store of `store_url` (SQLite and PostgreSQL).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from db.copy import CopyRefused, copy_database, main, replay_problem
from db.rows import ActionRow, MessageRef, NewMessage
from db.store import DeadlinePlan, MoveWrite, NewGame, StartWrite, Store
from db.url import open_store, sqlite_url
from engine import registry
from tests.host import toygame

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "db" / "v5.sqlite3"
NOW = 1_750_200_000.5


async def _everything(store: Store, game_ids: list[int]) -> dict[str, object]:
    """All a store holds about these games, as the Store reads it."""
    seen: dict[str, object] = {}
    for game_id in game_ids:
        seen[f"game {game_id}"] = await store.load_game(game_id, with_actions=True)
        seen[f"log {game_id}"] = await store.list_actions(game_id)
        seen[f"deadlines {game_id}"] = await store.deadlines_for(game_id)
        seen[f"outbox {game_id}"] = await store.outbox_state(game_id)
        seen[f"slot {game_id}"] = await store.get_message(game_id, "status")
    seen["heads"] = await store.queue_heads()
    seen["due"] = await store.due_deadlines(NOW + 10**9, 1000)
    seen["scan"] = await store.recovery_scan()
    return seen


@pytest.fixture
async def source(tmp_path) -> str:
    """A copy of the schema-5 fixture with undelivered, failed and remembered messages added."""
    path = tmp_path / "source.db"
    shutil.copy(FIXTURE, path)
    store = await open_store(sqlite_url(path))
    try:
        await store.enqueue([NewMessage(2, "channel:11", "post", {"text": "pending ü"})], NOW)
        await store.enqueue([NewMessage(3, "user:502", "dm", {"text": "never delivered"})], NOW)
        undeliverable = await store.next_in_queue("user:502")
        assert undeliverable is not None
        await store.mark_failed(undeliverable.id, NOW + 1, "cannot send to this user")
        await store.enqueue([NewMessage(3, "channel:12", "post", {"text": "posted"})], NOW)
        posted = await store.next_in_queue("channel:12")
        assert posted is not None
        await store.mark_delivered(posted, {"status": MessageRef(12, 2**62 + 5)}, NOW + 2)
    finally:
        await store.close()
    return sqlite_url(path)


async def test_every_game_is_copied_and_verified_by_replay(source, store_url):
    report = await copy_database(source, store_url, resolve=toygame.resolve)
    assert report.rows["games"] == 5 and report.rows["actions"] == 29 and report.rows["seats"] == 12
    assert report.rows["outbox"] == 54 and report.rows["table_messages"] == 1 and report.rows["deadlines"] == 2
    # Two running games and a finished one replay; the lobby and the cancelled lobby are checked row by row.
    assert (report.replayed, report.lobbies, report.quarantined) == (3, 2, [])
    before, after = await open_store(source), await open_store(store_url)
    try:
        assert await _everything(after, [1, 2, 3, 4, 5]) == await _everything(before, [1, 2, 3, 4, 5])
        # New rows get new ids on the destination (its id counters moved past the copied ids).
        new = NewGame(
            None, 999, "dash", {}, 1, 7, {}, ((7, "normal"),), (NewMessage(0, "channel:999", "post", {}),), NOW
        )
        assert await after.create_game(new) == 6
        heads = await after.queue_heads()
        assert max(h.id for h in heads) == 55
    finally:
        await before.close()
        await after.close()


async def test_a_copy_copies_back_to_sqlite_unchanged(source, store_url, tmp_path):
    back = sqlite_url(tmp_path / "back.db")
    await copy_database(source, store_url, resolve=toygame.resolve)
    await copy_database(store_url, back, resolve=toygame.resolve)
    tables = ("games", "seats", "actions", "deadlines", "outbox", "table_messages")

    def rows(url: str) -> dict[str, list[tuple]]:
        conn = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            return {t: conn.execute(f"SELECT * FROM {t} ORDER BY 1, 2").fetchall() for t in tables}
        finally:
            conn.close()

    assert rows(back) == rows(source)


async def test_a_destination_holding_data_is_refused_untouched(source, store_url):
    await copy_database(source, store_url, resolve=toygame.resolve)
    store = await open_store(store_url)
    try:
        before = await _everything(store, [1, 2, 3])
    finally:
        await store.close()
    with pytest.raises(CopyRefused, match="not empty"):
        await copy_database(source, store_url, resolve=toygame.resolve)
    store = await open_store(store_url)
    try:
        assert await _everything(store, [1, 2, 3]) == before
    finally:
        await store.close()


async def test_a_game_that_does_not_replay_fails_the_copy_and_nothing_is_written(source, store_url):
    conn = sqlite3.connect(source.removeprefix("sqlite:///"))
    with conn:
        snapshot = json.loads(conn.execute("SELECT snapshot FROM games WHERE id = 2").fetchone()[0])
        snapshot["tampered"] = True
        conn.execute("UPDATE games SET snapshot = ? WHERE id = 2", (json.dumps(snapshot),))
    conn.close()
    with pytest.raises(CopyRefused, match=r"game 2 \(dash, active\): the replay of its 6 log entries differs"):
        await copy_database(source, store_url, resolve=toygame.resolve)
    store = await open_store(store_url)
    try:
        assert await store.get_game(1) is None
        assert await store.queue_heads() == []
    finally:
        await store.close()


async def test_a_quarantined_game_is_copied_without_replay(source, store_url):
    conn = sqlite3.connect(source.removeprefix("sqlite:///"))
    with conn:
        conn.execute("UPDATE games SET status = 'quarantined', snapshot = '{}' WHERE id = 2")
    conn.close()
    report = await copy_database(source, store_url, resolve=toygame.resolve)
    assert (report.replayed, report.quarantined) == (2, [2])


async def test_a_missing_source_is_refused_and_not_created(tmp_path, store_url):
    missing = tmp_path / "nothing.db"
    with pytest.raises(CopyRefused, match="does not exist"):
        await copy_database(sqlite_url(missing), store_url)
    assert not missing.exists()


async def test_copying_a_database_onto_itself_is_refused(source):
    with pytest.raises(CopyRefused, match="same database"):
        await copy_database(source, source)


async def _vendetta_games(store: Store, count: int, moves: int) -> list[int]:
    """Real Vendetta games played through the engine and stored move by move, as the host stores them."""
    game = registry.get("vendetta")
    ids = []
    for n in range(count):
        seed = 1000 + n
        new = NewGame(1, 100 + n, "vendetta", {}, seed, 7, {}, ((7, "normal"), (8, "normal")), (), NOW)
        game_id = await store.create_game(new)
        state = game.new_game(2, seed, {})
        plan = DeadlinePlan(frozenset(), frozenset(), None, 0)
        dump = json.dumps(game.dump(state), sort_keys=True, separators=(",", ":"))
        await store.start_game(StartWrite(game_id, {0: 0, 1: 1}, 2, dump, [], False, plan, (), NOW))
        for seq in range(1, moves + 1):
            if game.is_over(state):
                break
            player = game.pending(state)[0].player
            action = game.legal_actions(state, player)[seq % len(game.legal_actions(state, player))]
            state, _ = game.apply(state, player, action)
            dump = json.dumps(game.dump(state), sort_keys=True, separators=(",", ":"))
            row = ActionRow(game_id, seq, player, action.id, "human", 7 + player, None, [], NOW + seq)
            move = MoveWrite(game_id, seq - 1, seq, dump, [], False, False, None, seq, (row,), plan, (), NOW + seq)
            await store.commit_move(move)
        ids.append(game_id)
    return ids


def test_the_command_line_copies_real_games_and_says_what_it_did(tmp_path, capsys):
    import asyncio

    async def build() -> None:
        store = await open_store(sqlite_url(tmp_path / "real.db"))
        try:
            await _vendetta_games(store, 2, 25)
        finally:
            await store.close()

    asyncio.run(build())
    assert main([sqlite_url(tmp_path / "real.db"), sqlite_url(tmp_path / "copy.db")]) == 0
    out = capsys.readouterr().out
    assert "2 games verified by replay" in out and "50 actions" in out
    assert main([str(tmp_path / "real.db"), sqlite_url(tmp_path / "copy.db")]) == 1
    assert "not empty" in capsys.readouterr().err


ASSOCIATES_S1 = (Path(__file__).resolve().parents[1] / "fixtures" / "associates_snapshots"
                 / "s1_reaction_w3_3p_seed23.json")


def _associates_row(snapshot: str) -> tuple[dict[str, object], list[ActionRow]]:
    """A started Associates game as db.copy reads it, from a stored SCHEMA 1 fixture, and its log."""
    doc = json.loads(ASSOCIATES_S1.read_text())
    actions = [ActionRow(1, i, p, a, "player", None, None, [], NOW) for i, (p, a) in enumerate(doc["moves"], 1)]
    row: dict[str, object] = {"game_name": "associates", "players": doc["players"], "seed": doc["seed"],
                              "options": json.dumps(doc["options"]), "snapshot": snapshot, "version": len(actions)}
    return row, actions


def test_a_schema_1_associates_snapshot_passes_the_replay_check():
    """A game stored before the schema change: its text differs from the replay, the state it loads to does not."""
    doc = json.loads(ASSOCIATES_S1.read_text())
    assert json.loads(doc["snapshot"])["schema"] == 1
    row, actions = _associates_row(doc["snapshot"])
    assert replay_problem(row, actions, registry.get) is None
    other = json.loads(doc["snapshot"])
    other["turn"] += 1
    row, actions = _associates_row(json.dumps(other))
    problem = replay_problem(row, actions, registry.get)
    assert problem is not None and "differs from the stored snapshot" in problem
