"""AI levels at a table: stored with the seat, shown, kept by a rematch, used for absent players;
every level finishes a game through the host, and replay reproduces the log without searching again."""

from __future__ import annotations

import pytest

import engine.ai
from engine.core.rng import Rng
from host import ai_worker
from host.ai_worker import AiWorker, WorkerMode
from host.errors import InvalidSettings
from host.live import verify
from host.results import AfkPolicy, AiLevel, TableSettings, TableStatus
from tests.host.conftest import ALICE, GUILD, HOST, open_service, play_until, started


async def _seat_levels(svc, game_id):
    return [(s.user_id, s.ai_level) for s in await svc.store.list_seats(game_id)]


async def test_add_ai_stores_the_level_with_the_seat_and_the_table_shows_it(store_url, notifier, clock):
    svc = await open_service(store_url, notifier, clock)
    try:
        table = await svc.create_table("dash", None, HOST, GUILD, 10)
        await svc.add_ai(table.game_id, HOST, AiLevel.EASY)
        await svc.add_ai(table.game_id, HOST, "hard")
        info = await svc.add_ai(table.game_id, HOST)
    finally:
        await svc.close()
    assert [(s.is_ai, s.ai_level) for s in info.seats] == [
        (False, AiLevel.NORMAL), (True, AiLevel.EASY), (True, AiLevel.HARD), (True, AiLevel.NORMAL)
    ]
    svc = await open_service(store_url, notifier, clock)
    try:
        assert await _seat_levels(svc, table.game_id) == [(HOST, "normal"), (None, "easy"), (None, "hard"),
                                                         (None, "normal")]
        again = await svc.get_table(table.game_id)
        assert [s.ai_level for s in again.seats if s.is_ai] == [AiLevel.EASY, AiLevel.HARD, AiLevel.NORMAL]
    finally:
        await svc.close()


async def test_an_unknown_level_is_refused_and_nothing_is_seated(service):
    table = await service.create_table("dash", None, HOST, GUILD, 10)
    with pytest.raises(InvalidSettings, match="easy, normal, hard"):
        await service.add_ai(table.game_id, HOST, "grandmaster")
    assert len((await service.get_table(table.game_id)).seats) == 1


async def test_the_level_for_absent_players_is_a_table_setting(service):
    table = await service.create_table("dash", None, HOST, GUILD, 10)
    assert table.settings.afk_level is AiLevel.NORMAL
    changed = await service.update_settings(table.game_id, HOST, afk_level=AiLevel.HARD)
    assert changed.settings.afk_level is AiLevel.HARD
    assert TableSettings.from_json(changed.settings.to_json()) == changed.settings
    with pytest.raises(InvalidSettings, match="AI level"):
        await service.update_settings(table.game_id, HOST, afk_level="grandmaster")
    assert (await service.get_table(table.game_id)).settings.afk_level is AiLevel.HARD


def test_settings_stored_before_levels_existed_read_as_normal():
    assert TableSettings.from_json({"afk_policy": "ai"}).afk_level is AiLevel.NORMAL


async def test_a_rematch_seats_every_ai_at_its_level(service):
    table = await service.create_table("dash", {"target": 3}, HOST, GUILD, 20, seed=5)
    await service.add_ai(table.game_id, HOST, AiLevel.EASY)
    await service.add_ai(table.game_id, HOST, AiLevel.NORMAL)
    await service.start(table.game_id, HOST, join_order=True)
    await play_until(service, table.game_id, Rng.from_seed(3))
    assert (await service.get_table(table.game_id)).status is TableStatus.FINISHED
    again = await service.rematch(table.game_id, HOST)
    assert sorted(s.ai_level.value for s in again.seats if s.is_ai) == ["easy", "normal"]
    assert await _seat_levels(service, again.game_id) == await _seat_levels(service, table.game_id)


async def test_a_seat_handed_to_the_ai_plays_at_the_tables_level(service):
    game = await started(service, [HOST, ALICE], settings=TableSettings(afk_level=AiLevel.EASY))
    await service.replace_player(game.game_id, ALICE, None, by_user_id=HOST)
    assert await _seat_levels(service, game.game_id) == [(HOST, "normal"), (None, "easy")]


def test_the_host_levels_are_the_engines():
    assert tuple(level.value for level in AiLevel) == tuple(engine.ai.LEVELS)


@pytest.mark.parametrize("level", list(AiLevel))
async def test_an_ai_at_each_level_finishes_a_game_through_the_host_and_replay_equals_the_log(
    store_url, notifier, clock, level, monkeypatch
):
    # A thread pool keeps the test quick to start; the process pool is measured in test_ai_worker.
    worker = AiWorker(mode=WorkerMode.THREAD, workers=1, budget=0.05)
    svc = await open_service(store_url, notifier, clock, ai_worker=worker)
    try:
        table = await svc.create_table("dash", {"target": 6}, HOST, GUILD, 30, seed=99)
        await svc.add_ai(table.game_id, HOST, level)
        await svc.start(table.game_id, HOST, join_order=True)
        rng = Rng.from_seed(len(level.value))
        for _ in range(400):
            assert await svc.ai_idle(10.0)
            info = await svc.get_table(table.game_id)
            if info.status is not TableStatus.ACTIVE:
                break
            await play_until(svc, table.game_id, rng, 1)
        info = await svc.get_table(table.game_id)
        assert info.status is TableStatus.FINISHED
        rows = await svc.store.list_actions(table.game_id)
    finally:
        await svc.close()
    assert any(r.source == "ai" for r in rows)
    # Replay uses the stored ids only: with every AI unable to run, the replay still matches the snapshot.
    monkeypatch.setattr(engine.ai, "decide", _no_search)
    monkeypatch.setattr(ai_worker, "decide_action", _no_search)
    svc = await open_service(store_url, notifier, clock, ai_worker=AiWorker(mode=WorkerMode.INLINE))
    try:
        live = await svc._tables.get(table.game_id)
        assert live.status is TableStatus.FINISHED  # recovery verified it (a mismatch would quarantine it)
        assert verify(live, rows) is None
    finally:
        await svc.close()


def _no_search(*args, **kwargs):
    raise AssertionError("replay ran the AI")


async def test_the_afk_level_plays_for_an_absent_player_at_a_quick_level(service, clock):
    rules = TableSettings(reminder_delay=60.0, afk_policy=AfkPolicy.AI, afk_after=0, afk_level=AiLevel.EASY)
    game = await started(service, [HOST, ALICE], settings=rules)
    assert await service.run_due_deadlines(clock.advance(61.0)) == 2
    rows = await service.store.list_actions(game.game_id)
    assert [r.source for r in rows[:2]] == ["ai", "ai"]
