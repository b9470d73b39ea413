"""Ratings written at a game's end (host/commit.py): in the last move's transaction, once, AFK seats left out."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from db.errors import VersionConflict
from db.rating_rows import Subject
from db.store import Store
from engine.core.actions import Action
from engine.core.rng import Rng
from host.commit import Committer
from host.live import LiveGame
from host.results import MoveSource
from host.service import TableService
from tests.host import toygame
from tests.host.conftest import ALICE, BOB, GUILD, HOST, FakeClock, play_one, started

QUICK = {"target": 3}


async def _live(svc: TableService, game_id: int) -> LiveGame:
    stored = await svc.store.load_game(game_id, with_actions=False)
    assert stored is not None
    live = LiveGame.from_rows(stored.game, stored.seats, toygame.resolve(stored.game.game_name))
    live.load_state()
    return live


def _committer(svc: TableService, clock: FakeClock) -> Committer:
    return Committer(svc.store, clock, lambda _: None, lambda: None)


def _user_of(live: LiveGame, player: int) -> int | None:
    seat = live.seat_of_player(player)
    return seat.user_id if seat is not None else None


async def _play_out(svc: TableService, clock: FakeClock, game_id: int, afk: frozenset[int] = frozenset()) -> None:
    """Play the game to its end through the committer: a step (or the first action) for everyone, the seats of
    `afk` (players) by the AFK policy (source timeout), the others by their own hand."""
    committer = _committer(svc, clock)
    for _ in range(500):
        live = await _live(svc, game_id)
        if live.game.outcome(live.state) is not None:
            return
        decision = live.decisions[0]
        legal = live.game.legal_actions(live.state, decision.player)
        action = next((a for a in legal if a.id == "step"), legal[0])  # stepping always gets there
        own = decision.player not in afk and _user_of(live, decision.player) is not None
        source = MoveSource.HUMAN if own else (MoveSource.AI if _user_of(live, decision.player) is None
                                              else MoveSource.TIMEOUT)
        await committer.commit_move(live, decision.player, action, source, _user_of(live, decision.player) if own
                                    else None)
        clock.advance(1)
    raise AssertionError("the game did not end")


async def test_a_finished_game_rates_its_players_once(service, clock):
    game_id = (await started(service, [HOST, ALICE], options=QUICK)).game_id
    await _play_out(service, clock, game_id)
    seats = await service.store.seat_ratings(game_id)
    assert [(s.player, s.subject, s.rated) for s in seats] == [
        (0, Subject(user_id=HOST), True),
        (1, Subject(user_id=ALICE), True),
    ]
    assert {s.mu_after > s.mu_before for s in seats} == {True, False}  # one won, one lost
    board = await service.store.rating_board(GUILD, "dash")
    assert sorted(r.games for r in board) == [1, 1]


async def test_an_ai_level_is_rated_and_a_mostly_afk_player_is_not(service, clock):
    game_id = (await started(service, [HOST, ALICE], ais=1, options=QUICK)).game_id
    await _play_out(service, clock, game_id, afk=frozenset({1}))
    seats = {s.player: s for s in await service.store.seat_ratings(game_id)}
    assert seats[2].subject == Subject(ai_level="normal") and seats[2].rated
    assert seats[0].rated and not seats[1].rated
    assert (seats[1].mu_before, seats[1].sigma_before) == (seats[1].mu_after, seats[1].sigma_after)
    board = {r.subject for r in await service.store.rating_board(GUILD, "dash")}
    assert board == {Subject(user_id=HOST), Subject(ai_level="normal")}


async def test_a_game_ended_twice_by_a_race_is_rated_once(service, clock):
    game_id = (await started(service, [HOST, BOB], options=QUICK)).game_id
    rng = Rng.from_seed(3)
    player, action = None, None
    for _ in range(500):
        live = await _live(service, game_id)
        player, action = _ending_move(live)
        if player is not None:
            break
        await play_one(service, game_id, rng)
    assert player is not None and action is not None
    first, second = await _live(service, game_id), await _live(service, game_id)
    user = _user_of(first, player)
    results = await asyncio.gather(
        _committer(service, clock).commit_move(first, player, action, MoveSource.HUMAN, user),
        _committer(service, clock).commit_move(second, player, action, MoveSource.HUMAN, user),
        return_exceptions=True,
    )
    assert sum(isinstance(r, VersionConflict) for r in results) == 1
    assert len(await service.store.seat_ratings(game_id)) == 2
    assert sorted(r.games for r in await service.store.rating_board(GUILD, "dash")) == [1, 1]


def _ending_move(live: LiveGame) -> tuple[int | None, Action | None]:
    """A pending player's action that ends the game now, if there is one."""
    for decision in live.decisions:
        for action in live.game.legal_actions(live.state, decision.player):
            state, _ = live.game.apply(live.state, decision.player, action)
            if live.game.outcome(state) is not None:
                return decision.player, action
    return None, None


class _StaleOnce:
    """The service's store, except that the first rating read misses what another game's end just wrote."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.stale_reads = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def ratings_of(self, *args: Any) -> Any:
        if self.stale_reads == 0:
            self.stale_reads += 1
            return []
        return await self.inner.ratings_of(*args)


async def test_a_rating_moved_on_meanwhile_is_read_again_and_the_game_rated(service, clock):
    first = (await started(service, [HOST, ALICE], options=QUICK)).game_id
    await _play_out(service, clock, first)
    second = (await started(service, [HOST, ALICE], options=QUICK, channel=2)).game_id
    rng = Rng.from_seed(4)
    for _ in range(500):
        live = await _live(service, second)
        player, action = _ending_move(live)
        if player is not None and action is not None:
            break
        await play_one(service, second, rng)
    assert player is not None and action is not None
    stale = _StaleOnce(service.store)
    committer = Committer(cast(Store, stale), clock, lambda _: None, lambda: None)
    await committer.commit_move(live, player, action, MoveSource.HUMAN, _user_of(live, player))
    assert stale.stale_reads == 1
    assert sorted(r.games for r in await service.store.rating_board(GUILD, "dash")) == [2, 2]
    assert len(await service.store.seat_ratings(second)) == 2
