"""A broken stored row stays with its own game; looking up games that do not exist leaves nothing behind."""

from __future__ import annotations

import pytest

from host.errors import GameNotFound
from host.notifier import RecordingNotifier
from host.results import TableStatus, UpdateKind
from tests.fixtures.db import raw
from tests.host.conftest import ALICE, CHANNEL, GUILD, HOST, open_service, started

BROKEN = [
    ("options", "{not json"),
    ("pending", "[{\"player\": \"x\"}"),
    ("settings", "{\"afk_policy\": \"sometimes\"}"),
    ("settings", "[1, 2]"),
    ("outcome", "{oops"),
]


@pytest.mark.parametrize(("column", "value"), BROKEN)
async def test_a_game_whose_stored_row_cannot_be_read_is_quarantined_and_touches_nothing_else(store_url, column, value):
    svc = await open_service(store_url)
    broken = await started(svc, [HOST, ALICE])
    other = await started(svc, [HOST, ALICE], channel=888)
    await svc.close()
    await raw.execute(store_url, (f"UPDATE games SET {column} = ? WHERE id = ?", (value, broken.game_id)))

    notifier = RecordingNotifier()
    svc = await open_service(store_url, notifier)
    try:
        # The user's other table works; the broken one is left out, never an error.
        assert [t.game_id for t in await svc.tables_for_user(ALICE)] == [other.game_id]
        table = await svc.get_table(broken.game_id)
        assert table.status is TableStatus.QUARANTINED and "cannot be read" in (table.status_reason or "")
        assert [u.kind for u in notifier.posts_for(broken.game_id)] == [UpdateKind.QUARANTINED]
        # The channel is free for a new game; the other game plays on.
        assert await svc.table_for_channel(CHANNEL) is None
        await svc.create_table("dash", {}, HOST, GUILD, CHANNEL)
        step = await svc.legal_actions_for(other.game_id, HOST)
        assert step.can_act
    finally:
        await svc.close()
    assert await raw.query(store_url, f"SELECT {column} FROM games WHERE id = ?", broken.game_id) == [(value,)]


async def test_looking_up_games_that_do_not_exist_leaves_no_lock_behind(service):
    real = await started(service, [HOST, ALICE])
    for game_id in range(1000, 21000):
        with pytest.raises(GameNotFound):
            await service._tables.get(game_id)
    assert set(service._tables.locks) <= {real.game_id}
    assert service._tables._lock_users == {}


async def test_a_seat_write_from_an_outdated_copy_is_refused(store_url):
    from host.errors import TableChanged

    first = await open_service(store_url)
    second = await open_service(store_url, recover=False)
    try:
        lobby = await first.create_table("dash", {}, HOST, GUILD, CHANNEL)
        await second.get_table(lobby.game_id)  # the second copy caches the lobby
        await first.cancel(lobby.game_id, HOST)
        with pytest.raises(TableChanged):
            await second.join(lobby.game_id, ALICE)
        assert await raw.query(store_url, "SELECT COUNT(*) FROM seats WHERE game_id = ?", lobby.game_id) == [(1,)]
    finally:
        await second.close()
        await first.close()


async def test_a_settings_write_from_an_outdated_copy_is_refused_and_overwrites_nothing(store_url):
    from host.errors import TableChanged

    first = await open_service(store_url)
    second = await open_service(store_url, recover=False)
    try:
        game = await started(first, [HOST, ALICE])
        await second.get_table(game.game_id)
        await first.update_settings(game.game_id, HOST, reminder_delay=120)
        with pytest.raises(TableChanged):
            await second.update_settings(game.game_id, HOST, reminder_delay=999)
        # Retried after the refusal, the second copy reloads and the write goes through.
        table = await second.update_settings(game.game_id, HOST, undo=True)
        assert table.settings.reminder_delay == 120 and table.settings.undo is True
    finally:
        await second.close()
        await first.close()


async def test_a_change_notice_refreshes_a_copy_another_process_outdated(store_url):
    first = await open_service(store_url)
    second = await open_service(store_url, recover=False)
    try:
        game = await started(first, [HOST, ALICE])
        assert (await second.get_table(game.game_id)).version == game.version  # the second copy caches it
        moved = await first.submit(game.game_id, HOST, "bid:2", game.version)
        assert (await second.get_table(game.game_id)).version == game.version  # still the old copy
        await second.game_changed(game.game_id)
        assert (await second.get_table(game.game_id)).version == moved.version
    finally:
        await second.close()
        await first.close()


async def test_a_change_notice_of_our_own_write_keeps_the_cached_game(service):
    game = await started(service, [HOST, ALICE])
    await service.submit(game.game_id, HOST, "bid:2", game.version)
    cached = service._tables.cache[game.game_id]
    await service.game_changed(game.game_id)
    await service.game_changed(game.game_id, revision=cached.revision)
    assert service._tables.cache[game.game_id] is cached
    await service.game_changed(game.game_id, revision=cached.revision + 1)  # a newer row elsewhere
    assert game.game_id not in service._tables.cache
