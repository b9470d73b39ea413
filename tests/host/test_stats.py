"""/game stats sums (host/stats.py): a person's record and a server's, from stored games and turn times."""

from __future__ import annotations

import pytest

from db.rows import SeatRow
from db.stat_rows import StatsFilter, StatsGame, TurnTime
from engine.core.rng import Rng
from host import stats
from host.service import TableService
from tests.host import toygame
from tests.host.conftest import ALICE, BOB, GUILD, HOST, FakeClock, play_one, started

CAROL = 1004


def _game(game_id: int, users: list[int | None], first: list[int], *, guild: int = GUILD) -> StatsGame:
    """A finished toy game: users[i] holds player i (None: an AI seat); `first` shares first place."""
    seats = tuple(SeatRow(game_id, i, u, i, "normal") for i, u in enumerate(users))
    return StatsGame(game_id, guild, "dash", {"ranking": [first]}, None, seats, 100.0 * game_id, 100.0 * game_id + 50)


def test_streaks_count_sole_and_shared_first_places_in_the_order_games_ended():
    games = [
        _game(1, [HOST, ALICE], [0]),
        _game(2, [HOST, ALICE], [1]),
        _game(3, [ALICE, HOST], [0, 1]),  # a shared first place is a win
        _game(4, [HOST, None], [0]),
        _game(5, [BOB, HOST], [1]),
        _game(6, [ALICE, BOB], [0]),  # HOST did not play: not counted
    ]
    found = stats.player_stats(HOST, StatsFilter(GUILD, user_id=HOST), list(reversed(games)), [], toygame.resolve)
    assert (found.record.games, found.record.wins) == (5, 4)
    assert (found.current_streak, found.best_streak) == (3, 3)
    # ALICE sat with HOST three times, BOB once; the AI seat is nobody's favourite opponent.
    assert (found.opponent, found.opponent_games) == (ALICE, 3)
    assert found.speed is None and found.factions == ()


def test_a_lost_last_game_ends_the_current_streak_and_ties_go_to_the_opponent_met_last():
    games = [_game(1, [HOST, ALICE], [0]), _game(2, [HOST, BOB], [0]), _game(3, [HOST, BOB], [1])]
    found = stats.player_stats(HOST, StatsFilter(user_id=HOST), games, [], toygame.resolve)
    assert (found.current_streak, found.best_streak, found.opponent) == (0, 2, BOB)


def test_turn_speed_is_the_mean_and_median_of_the_timed_turns():
    times = [TurnTime(HOST, "dash", s) for s in (10.0, 20.0, 90.0)] + [TurnTime(ALICE, "dash", 5.0)]
    found = stats.player_stats(HOST, StatsFilter(user_id=HOST), [], times, toygame.resolve)
    assert found.speed == stats.TurnSpeed(HOST, 3, 40.0, 20.0)
    assert found.record.games == 0 and found.opponent is None


def test_the_slowest_and_fastest_leave_out_the_hidden_and_those_with_few_turns():
    times = [TurnTime(u, "dash", s) for u, s, n in ((HOST, 60.0, 5), (ALICE, 5.0, 5), (BOB, 30.0, 6), (CAROL, 1.0, 4))
             for _ in range(n)]
    slowest, fastest = stats.speeds(times, hidden=set())
    assert [s.user_id for s in slowest] == [HOST, BOB, ALICE] and fastest == ()
    slowest, fastest = stats.speeds(times, hidden={HOST}, listed=1)
    assert [s.user_id for s in slowest] == [BOB] and [s.user_id for s in fastest] == [ALICE]


def test_wilson_intervals_match_the_balance_reports():
    # docs/balance/tribes.md: marsh 32 of 90 is 26%-46%; associates' thieves 1 of 24 is 1%-20%.
    low, high = stats.wilson(32, 90)
    assert (round(low * 100), round(high * 100)) == (26, 46)
    low, high = stats.wilson(1, 24)
    assert (round(low * 100), round(high * 100)) == (1, 20)
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_a_game_record_has_rates_by_seat_and_faction_with_the_fair_share():
    games = [_game(1, [HOST, ALICE], [0]), _game(2, [HOST, ALICE, BOB], [0, 2]), _game(3, [ALICE, BOB], [1])]
    record = stats.game_record("dash", games, toygame.resolve)
    seats = {p: (r.games, r.wins, round(r.fair, 3)) for p, r in record.seats}
    assert seats == {0: (3, 2, round((0.5 + 2 / 3 + 0.5) / 3, 3)), 1: (3, 1, round((0.5 + 2 / 3 + 0.5) / 3, 3)),
                     2: (1, 1, round(2 / 3, 3))}
    # No stored final state: no factions and no rounds, but the days come from the moves' times.
    assert record.factions == () and record.mean_rounds is None
    assert record.mean_days == pytest.approx(50 / stats.DAY)


async def _play_out(service: TableService, clock: FakeClock, game_id: int, rng: Rng, seconds: float) -> None:
    while True:
        clock.advance(seconds)
        result = await play_one(service, game_id, rng)
        if result is None or result.ended:
            return


async def test_stats_of_played_games_read_turn_times_from_the_clock(service, clock):
    rng = Rng.from_seed(1)
    for channel in (11, 12):
        game_id = (await started(service, [HOST, ALICE], options={"target": 3}, channel=channel)).game_id
        await _play_out(service, clock, game_id, rng, 10.0)
    unfinished = (await started(service, [HOST, BOB], options={"target": 3}, channel=13)).game_id
    clock.advance(70.0)
    await play_one(service, unfinished, rng)  # HOST bids 70 s after the start: the turn counts, the game not yet

    mine = await service.stats.player(HOST, GUILD)
    assert mine.record.games == 2 and mine.opponent == ALICE and mine.opponent_games == 2
    assert mine.speed is not None and mine.speed.turns >= 3
    # Every finished-game turn of HOST took 10 s on the fake clock, the unfinished game's bid 70 s.
    assert mine.speed.median == 10.0
    assert mine.speed.mean == pytest.approx((10.0 * (mine.speed.turns - 1) + 70.0) / mine.speed.turns)
    assert {f.faction for f in mine.factions} <= {"player0", "player1"} and mine.factions
    # Each faction is named by the game (a game without factions of its own: by seat), never by its id.
    assert {f.name for f in mine.factions} <= {"Seat 1", "Seat 2"}
    # Elsewhere nobody played: an empty record, not an error.
    assert (await service.stats.player(HOST, GUILD + 1)).record.games == 0

    server = await service.stats.server(GUILD)
    (dash,) = server.games
    assert dash.game_name == "dash" and dash.games == 2
    assert sum(r.wins for _, r in dash.seats) >= 2 and {p for p, _ in dash.seats} == {0, 1}
    assert {(f.faction, f.name) for f in dash.factions} == {("player0", "Seat 1"), ("player1", "Seat 2")}
    assert dash.mean_days is not None
    assert HOST in {s.user_id for s in server.slowest + server.fastest}

    # The opt-out: HOST's turn times leave the server's lists, and their own stats keep them.
    row = await service.players.set_stats_hidden(HOST, True)
    assert row.stats_hidden
    server = await service.stats.server(GUILD)
    assert HOST not in {s.user_id for s in server.slowest + server.fastest}
    assert (await service.stats.player(HOST, GUILD)).speed == mine.speed
