"""A channel's last game and its history: finished games stay findable without their number."""

from __future__ import annotations

from engine.core.rng import Rng
from host.results import TableStatus
from tests.host.conftest import ALICE, BOB, CHANNEL, GUILD, HOST, lobby_with, play_until, started

OTHER_CHANNEL = 888


async def test_last_game_is_the_open_one_while_it_runs(service):
    result = await started(service, [HOST, ALICE])
    last = await service.last_game_in_channel(CHANNEL)
    assert last is not None and last.game_id == result.game_id and last.status is TableStatus.ACTIVE


async def test_last_game_is_the_finished_one_after_the_end(service):
    result = await started(service, [HOST, ALICE])
    await play_until(service, result.game_id, Rng.from_seed(1))
    assert await service.table_for_channel(CHANNEL) is None
    last = await service.last_game_in_channel(CHANNEL)
    assert last is not None and last.game_id == result.game_id
    assert last.status is TableStatus.FINISHED and last.outcome is not None


async def test_a_new_lobby_replaces_the_finished_game_as_the_channels_game(service):
    result = await started(service, [HOST, ALICE])
    await play_until(service, result.game_id, Rng.from_seed(1))
    lobby = await lobby_with(service, [BOB])
    last = await service.last_game_in_channel(CHANNEL)
    assert last is not None and last.game_id == lobby.game_id


async def test_no_game_in_a_channel_that_never_had_one(service):
    await started(service, [HOST, ALICE])
    assert await service.last_game_in_channel(OTHER_CHANNEL) is None
    assert await service.history(OTHER_CHANNEL) == []


async def test_history_lists_the_channels_games_newest_first_with_their_outcome(service):
    ids: list[int] = []
    for _ in range(3):
        result = await started(service, [HOST, ALICE])
        await play_until(service, result.game_id, Rng.from_seed(len(ids)))
        ids.append(result.game_id)
    cancelled = await lobby_with(service, [BOB])
    await service.cancel(cancelled.game_id, BOB)
    elsewhere = await lobby_with(service, [BOB], channel=OTHER_CHANNEL)

    games = await service.history(CHANNEL, limit=10)

    assert [t.game_id for t in games] == [cancelled.game_id, *reversed(ids)]
    assert elsewhere.game_id not in [t.game_id for t in games]
    assert games[0].status is TableStatus.CANCELLED
    assert all(t.outcome is not None for t in games[1:])


async def test_history_keeps_to_its_limit(service):
    for _ in range(3):
        result = await started(service, [HOST, ALICE])
        await play_until(service, result.game_id, Rng.from_seed(2))
    games = await service.history(CHANNEL, limit=2)
    assert len(games) == 2 and games[0].game_id > games[1].game_id


async def test_final_report_exists_only_once_the_game_is_over(service):
    result = await started(service, [HOST, ALICE])
    assert await service.final_report(result.game_id) is None
    await play_until(service, result.game_id, Rng.from_seed(1))
    report = await service.final_report(result.game_id)
    assert report is not None
    assert {p.player for p in report.players} == {0, 1}
    assert "_" not in report.reason  # words, never a reason code


THREAD = 4242


async def test_a_channels_history_and_last_game_include_the_games_of_its_threads(service):
    here = await started(service, [HOST, ALICE])
    await play_until(service, here.game_id, Rng.from_seed(1))
    in_thread = await service.create_table("dash", None, HOST, GUILD, THREAD, parent_channel_id=CHANNEL)
    unrelated = await service.create_table("dash", None, HOST, GUILD, THREAD + 1)  # a thread of no known channel

    assert [t.game_id for t in await service.history(CHANNEL)] == [in_thread.game_id, here.game_id]
    last = await service.last_game_in_channel(CHANNEL)
    assert last is not None and last.game_id == in_thread.game_id
    # The thread itself still knows only its own games; nothing is open in the channel itself.
    assert [t.game_id for t in await service.history(THREAD)] == [in_thread.game_id]
    assert await service.table_for_channel(CHANNEL) is None
    assert unrelated.game_id not in [t.game_id for t in await service.history(CHANNEL)]


async def test_a_rematch_in_a_thread_stays_in_its_channels_history(service):
    table = await service.create_table("dash", None, HOST, GUILD, THREAD, parent_channel_id=CHANNEL)
    await service.join(table.game_id, ALICE)
    await service.start(table.game_id, HOST)
    await play_until(service, table.game_id, Rng.from_seed(3))
    again = await service.rematch(table.game_id, HOST)
    assert [t.game_id for t in await service.history(CHANNEL)] == [again.game_id, table.game_id]
