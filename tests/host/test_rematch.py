"""Rematch: a new lobby in the same channel with the same seats, options and settings."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from host.errors import ChannelBusy, NotAllowed, NotSeated
from host.final import rematch_first_player
from host.lobby import rematch_seating
from host.results import TableSettings, TableStatus
from tests.host.conftest import ALICE, BOB, CHANNEL, GUILD, HOST, STRANGER, lobby_with, play_until, started


async def finished_dash(service, options=None, settings=None) -> int:
    """A dash game of HOST, ALICE and one AI played to its end; its id."""
    result = await started(service, [HOST, ALICE], ais=1, options=options, settings=settings)
    last = await play_until(service, result.game_id, Rng.from_seed(3))
    assert last is not None and last.ended
    return result.game_id


async def test_rematch_seats_everyone_again_with_the_same_options_and_the_clicker_as_host(service):
    settings = TableSettings(reminder_delay=600.0, undo=True)
    old_id = await finished_dash(service, options={"target": 5}, settings=settings)
    old = await service.get_table(old_id)

    new = await service.rematch(old_id, ALICE)

    assert new.game_id != old_id and new.status is TableStatus.LOBBY
    assert new.channel_id == CHANNEL and new.guild_id == GUILD
    assert new.host_user_id == ALICE
    by_player = sorted(old.seats, key=lambda s: s.player if s.player is not None else -1)
    assert [s.user_id for s in new.seats] == [s.user_id for s in by_player]
    assert [s.is_ai for s in new.seats].count(True) == 1
    assert new.options["target"] == 5 and dict(new.options) == dict(old.options)
    assert new.settings.reminder_delay == 600.0 and new.settings.undo


async def test_rematch_lobby_is_posted_once_with_all_its_seats(service, notifier):
    old_id = await finished_dash(service)
    new = await service.rematch(old_id, HOST)
    await service.deliver()
    posted = [t for t in notifier.lobbies if t.game_id == new.game_id]
    assert len(posted) == 1 and len(posted[0].seats) == 3


async def test_rematch_can_be_started_and_played(service):
    old_id = await finished_dash(service)
    new = await service.rematch(old_id, ALICE)
    result = await service.start(new.game_id, ALICE)
    assert result.table.status is TableStatus.ACTIVE
    assert {s.user_id for s in result.table.seats} == {HOST, ALICE, None}


async def test_rematch_is_refused_while_the_channel_has_an_open_game(service):
    old_id = await finished_dash(service)
    await lobby_with(service, [BOB])
    with pytest.raises(ChannelBusy):
        await service.rematch(old_id, ALICE)


async def test_rematch_is_refused_to_someone_who_did_not_sit_at_the_table(service):
    old_id = await finished_dash(service)
    with pytest.raises(NotSeated):
        await service.rematch(old_id, STRANGER)


async def test_rematch_is_refused_before_the_game_is_over(service):
    result = await started(service, [HOST, ALICE])
    with pytest.raises(NotAllowed):
        await service.rematch(result.game_id, ALICE)


async def test_a_second_rematch_click_finds_the_first_rematch_lobby(service):
    old_id = await finished_dash(service)
    first = await service.rematch(old_id, ALICE)
    with pytest.raises(ChannelBusy) as refused:
        await service.rematch(old_id, HOST)
    assert f"#{first.game_id}" in refused.value.message


async def test_associates_rematch_lets_the_rules_first_player_start(service):
    # R-A29: the lowest-ranked player starts the rematch; the new table's options say so.
    table = await service.create_table("associates", {"turn_cap": 10}, HOST, GUILD, CHANNEL, host_joins=False,
                                       seed=77)
    for _ in range(3):
        table = await service.add_ai(table.game_id, HOST)
    result = await service.start(table.game_id, HOST)
    assert result.ended, "an all-AI game plays to its end at the start"
    old_live = await service._tables.get(table.game_id)
    old_first = rematch_first_player(old_live.game, old_live.state)
    assert old_first is not None

    new = await service.rematch(table.game_id, HOST)
    seating = rematch_seating(12345, 3)  # the service's seed source gives 12345
    assert new.options["first_player"] == seating[old_first]
    started_new = await service.start(new.game_id, HOST)
    new_live = await service._tables.get(new.game_id)
    # The seat that held the old rematch-first player (join order = old player index) starts the new game.
    seat = next(s for s in started_new.table.seats if s.join_order == old_first)
    assert new_live.state.first_player == seat.player
