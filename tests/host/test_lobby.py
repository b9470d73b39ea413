"""Lobby rules and every lobby error."""

from __future__ import annotations

import pytest

from host.errors import (
    AlreadyJoined,
    AlreadyStarted,
    ChannelBusy,
    GameFull,
    GameNotActive,
    GameNotFound,
    HostError,
    InvalidOption,
    InvalidSettings,
    LobbyError,
    NotEnoughPlayers,
    NotHost,
    NotJoined,
    UnknownGame,
)
from host.results import AfkPolicy, TableSettings, TableStatus, UpdateKind
from tests.host.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD, HOST, STRANGER, lobby_with, open_service


async def test_create_opens_a_lobby_with_the_host_seated_and_defaults_filled(service, store_url):
    table = await service.create_table("dash", None, HOST, GUILD, CHANNEL)
    assert table.status == TableStatus.LOBBY
    assert table.is_open
    assert [s.user_id for s in table.seats] == [HOST]
    assert table.options == {"target": 10, "turns": 40}
    assert (table.min_players, table.max_players) == (2, 4)
    assert table.version == 0
    row = await service.store.get_game(table.game_id)
    assert row is not None and row.seed == 12345  # drawn from the injected seed source and stored


async def test_create_without_seating_the_host(service):
    table = await service.create_table("dash", {"target": 5}, HOST, GUILD, CHANNEL, host_joins=False)
    assert table.seats == ()
    assert table.options == {"target": 5, "turns": 40}


async def test_default_seed_is_random_63_bits(store_url):
    from host.service import default_seed

    seeds = {default_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(0 <= s < 2**63 for s in seeds)


async def test_unknown_game(service):
    with pytest.raises(UnknownGame) as info:
        await service.create_table("chess", None, HOST, GUILD, CHANNEL)
    assert "dash" in info.value.message
    assert isinstance(info.value, LobbyError)


async def test_unknown_option_names_the_known_ones(service):
    with pytest.raises(InvalidOption) as info:
        await service.create_table("dash", {"speed": 3}, HOST, GUILD, CHANNEL)
    assert "speed" in info.value.message and "target" in info.value.message


async def test_option_value_out_of_range(service):
    with pytest.raises(InvalidOption) as info:
        await service.create_table("dash", {"target": 999}, HOST, GUILD, CHANNEL)
    assert "at most 300" in info.value.message


async def test_one_open_game_per_channel(service):
    first = await service.create_table("dash", None, HOST, GUILD, CHANNEL)
    with pytest.raises(ChannelBusy) as info:
        await service.create_table("dash", None, ALICE, GUILD, CHANNEL)
    assert f"#{first.game_id}" in info.value.message
    other = await service.create_table("dash", None, ALICE, GUILD, CHANNEL + 1)  # a thread is its own channel
    assert other.game_id != first.game_id
    await service.cancel(first.game_id, HOST)
    again = await service.create_table("dash", None, ALICE, GUILD, CHANNEL)
    assert (await service.table_for_channel(CHANNEL)).game_id == again.game_id


async def test_running_game_keeps_its_channel(service):
    table = await lobby_with(service, [HOST, ALICE])
    await service.start(table.game_id, HOST)
    with pytest.raises(ChannelBusy):
        await service.create_table("dash", None, BOB, GUILD, CHANNEL)


async def test_join_and_leave(service):
    table = await service.create_table("dash", None, HOST, GUILD, CHANNEL)
    table = await service.join(table.game_id, ALICE)
    assert [s.user_id for s in table.seats] == [HOST, ALICE]
    assert table.is_seated(ALICE)
    with pytest.raises(AlreadyJoined):
        await service.join(table.game_id, ALICE)
    table = await service.leave(table.game_id, ALICE)
    assert [s.user_id for s in table.seats] == [HOST]
    with pytest.raises(NotJoined):
        await service.leave(table.game_id, ALICE)


async def test_game_full(service):
    table = await lobby_with(service, [HOST, ALICE, BOB, CAROL])
    with pytest.raises(GameFull) as info:
        await service.join(table.game_id, STRANGER)
    assert "4 players" in info.value.message
    with pytest.raises(GameFull):
        await service.add_ai(table.game_id, HOST)


async def test_only_the_host_adds_and_removes_ai(service):
    table = await service.create_table("dash", None, HOST, GUILD, CHANNEL)
    with pytest.raises(NotHost) as info:
        await service.add_ai(table.game_id, ALICE)
    assert "host" in info.value.message
    table = await service.add_ai(table.game_id, HOST)
    assert [s.is_ai for s in table.seats] == [False, True]
    with pytest.raises(NotHost):
        await service.remove_ai(table.game_id, ALICE)
    table = await service.remove_ai(table.game_id, HOST)
    assert [s.is_ai for s in table.seats] == [False]
    with pytest.raises(NotJoined):
        await service.remove_ai(table.game_id, HOST)


async def test_start_rules(service, notifier):
    table = await service.create_table("dash", None, HOST, GUILD, CHANNEL)
    with pytest.raises(NotEnoughPlayers) as info:
        await service.start(table.game_id, HOST)
    assert "at least 2" in info.value.message
    await service.join(table.game_id, ALICE)
    with pytest.raises(NotHost):
        await service.start(table.game_id, ALICE)
    result = await service.start(table.game_id, HOST)
    assert result.table.status == TableStatus.ACTIVE
    assert sorted(s.player for s in result.table.seats) == [0, 1]
    for late in (
        service.join(table.game_id, BOB),
        service.leave(table.game_id, ALICE),
        service.add_ai(table.game_id, HOST),
        service.start(table.game_id, HOST),
    ):
        with pytest.raises(AlreadyStarted):
            await late
    posts = notifier.posts_for(table.game_id)
    assert [u.kind for u in posts] == [UpdateKind.STARTED]
    assert [e.kind for e in posts[0].public_events] == ["setup"]  # the game's setup narration, public part
    # every human gets one DM at the start: the prompt of their secret bid, whose panel is their private view
    # (a separate DM of their deal would tell it twice)
    assert notifier.privates == []
    assert sorted(user for _, user, _ in notifier.prompts) == sorted([HOST, ALICE])
    assert [news for _, news in notifier.prompt_news] == [(), ()]


async def test_seat_order_join_order_or_random_from_the_seed(store_url):
    svc = await open_service(store_url)
    try:
        table = await lobby_with(svc, [HOST, ALICE, BOB, CAROL], seed=7)
        result = await svc.start(table.game_id, HOST, join_order=True)
        assert [result.table.user_of(p) for p in range(4)] == [HOST, ALICE, BOB, CAROL]
        orders = set()
        for seed in range(8):
            table = await lobby_with(svc, [HOST, ALICE, BOB, CAROL], seed=seed, channel=5000 + seed)
            result = await svc.start(table.game_id, HOST)
            orders.add(tuple(result.table.user_of(p) for p in range(4)))
        assert len(orders) > 1  # random...
    finally:
        await svc.close()
    other = await open_service(store_url)  # a service started afresh, with the same seeds in other channels
    try:
        same = set()
        for seed in range(8):
            table = await lobby_with(other, [HOST, ALICE, BOB, CAROL], seed=seed, channel=6000 + seed)
            result = await other.start(table.game_id, HOST)
            same.add(tuple(result.table.user_of(p) for p in range(4)))
        assert same == orders  # ...but fixed by the seed
    finally:
        await other.close()


async def test_cancel_rules(service, notifier):
    table = await lobby_with(service, [HOST, ALICE])
    with pytest.raises(NotHost) as info:
        await service.cancel(table.game_id, ALICE)
    assert "cancel" in info.value.message
    cancelled = await service.cancel(table.game_id, ALICE, moderator=True)
    assert cancelled.status == TableStatus.CANCELLED
    assert cancelled.status_reason == "cancelled by a moderator"
    with pytest.raises(GameNotActive):
        await service.cancel(table.game_id, HOST)
    assert notifier.posts == []  # a lobby cancel is shown by the caller

    running = await lobby_with(service, [HOST, ALICE])
    await service.start(running.game_id, HOST)
    done = await service.cancel(running.game_id, HOST)
    assert done.status == TableStatus.CANCELLED
    assert notifier.posts_for(running.game_id)[-1].kind == UpdateKind.CANCELLED
    assert await service.table_for_channel(CHANNEL) is None


async def test_unknown_game_id(service):
    for call in (
        service.get_table(404),
        service.join(404, ALICE),
        service.start(404, HOST),
        service.submit(404, ALICE, "step", 0),
        service.log(404, None),
    ):
        with pytest.raises(GameNotFound) as info:
            await call
        assert "#404" in info.value.message


async def test_multiseat_lets_one_user_hold_several_seats(service):
    table = await service.create_table(
        "dash", None, HOST, GUILD, CHANNEL, settings=TableSettings(multiseat=True), seed=1
    )
    table = await service.join(table.game_id, HOST)
    assert [s.user_id for s in table.seats] == [HOST, HOST]
    result = await service.start(table.game_id, HOST, join_order=True)
    assert result.table.players_of(HOST) == (0, 1)


async def test_settings_host_only_and_checked(service):
    table = await lobby_with(service, [HOST, ALICE])
    with pytest.raises(NotHost):
        await service.update_settings(table.game_id, ALICE, undo=True)
    with pytest.raises(InvalidSettings):
        await service.update_settings(table.game_id, HOST, reminder_delay=-5)
    with pytest.raises(InvalidSettings):
        await service.update_settings(table.game_id, HOST, afk_policy="sleep")
    with pytest.raises(InvalidSettings):
        await service.update_settings(table.game_id, HOST, colour="red")
    updated = await service.update_settings(
        table.game_id, ALICE, moderator=True, afk_policy="ai", afk_after=1, undo=True
    )
    assert updated.settings.afk_policy == AfkPolicy.AI
    assert updated.settings.undo and updated.settings.afk_after == 1
    assert (await service.get_table(table.game_id)).settings == updated.settings


async def test_every_refusal_has_a_message_and_code():
    errors = [
        UnknownGame("x", ["dash"]),
        InvalidOption("bad"),
        ChannelBusy(3),
        GameFull(4),
        AlreadyJoined(),
        NotJoined(),
        AlreadyStarted(),
        NotHost("start the game"),
        NotEnoughPlayers(1, 2),
        GameNotFound(5),
        GameNotActive("finished"),
    ]
    for error in errors:
        assert isinstance(error, HostError)
        assert error.message and error.code.startswith("H_")
        assert str(error) == error.message


async def test_a_tables_language_is_a_language_tag_stored_with_its_settings(service):
    table = await lobby_with(service, [HOST, ALICE])
    assert table.settings.language == "en"
    for bad in ("french", "", "fr_FR; drop", "12"):
        with pytest.raises(InvalidSettings, match="language tag"):
            await service.update_settings(table.game_id, HOST, language=bad)
    updated = await service.update_settings(table.game_id, HOST, language="fr")
    assert (await service.get_table(table.game_id)).settings.language == updated.settings.language == "fr"
    opened = await service.create_table("vendetta", {}, BOB, GUILD, CHANNEL + 1,
                                        settings=TableSettings(language="fr"))
    assert opened.settings.language == "fr"
