"""host.my_games through the service: a user's open games, waiting-for-them first and longest waiting first,
with the time they began waiting (a fake clock), their table message, and only the user's own seats."""

from __future__ import annotations

from host.service import TableService
from tests.host.conftest import ALICE, BOB, CAROL, CHANNEL, STRANGER, FakeClock, lobby_with, started


async def bid(svc: TableService, game_id: int, user: int) -> None:
    step = await svc.legal_actions_for(game_id, user)
    await svc.submit(game_id, user, "bid:1", step.version)


async def test_waiting_games_come_first_longest_waiting_first(service: TableService, clock: FakeClock):
    first = (await started(service, [ALICE, BOB])).table.game_id
    clock.advance(100)
    second = (await started(service, [BOB, ALICE], channel=CHANNEL + 1)).table.game_id
    clock.advance(100)
    lobby = (await lobby_with(service, [CAROL, ALICE], channel=CHANNEL + 2)).game_id
    clock.advance(100)
    await bid(service, first, ALICE)  # the first game now waits for Bob only
    games = await service.games_of_user(ALICE)
    # Then the others, the most recently changed first (the first game moved after the lobby opened).
    assert [g.table.game_id for g in games] == [second, first, lobby]
    assert games[0].since == clock.now - 200 and [p.prompt for p in games[0].mine] == ["Choose your secret head start"]
    assert games[1].mine == () and games[2].mine == ()
    assert games[0].message is not None and games[0].message.channel_id == CHANNEL + 1

    clock.advance(100)
    await bid(service, first, BOB)  # the race begins: the first game waits for Alice from this move on
    moved_at = clock.now
    clock.advance(100)
    games = await service.games_of_user(ALICE)
    assert [g.table.game_id for g in games][:2] == [second, first]
    assert games[1].since == moved_at


async def test_a_user_sees_only_games_where_they_hold_a_seat(service: TableService, clock: FakeClock):
    game = (await started(service, [ALICE, BOB])).table.game_id
    assert [g.table.game_id for g in await service.games_of_user(BOB)] == [game]
    assert await service.games_of_user(STRANGER) == []
    for g in await service.games_of_user(BOB):
        assert all(p.user_id == BOB for p in g.mine)
