"""The rating math: winners gain, ties are even, AFK-played seats are left out, shared seats merge."""

from __future__ import annotations

from db.rating_rows import Subject, TurnCount
from host.ratings import RatedSeat, Skill, counted, display_of, rate

MIRA, OLAF = Subject(user_id=11), Subject(user_id=12)
HARD = Subject(ai_level="hard")


def test_a_newcomer_shows_one_thousand():
    assert Skill().display == 1000
    assert display_of(25.0 + 3.0, 1.0) == 1000 + 20 * 25


def test_the_winner_gains_and_the_loser_loses():
    after, seats = rate([[0], [1]], [RatedSeat(0, MIRA), RatedSeat(1, OLAF)], {})
    assert after[MIRA].mu > after[OLAF].mu
    assert after[MIRA].games == after[OLAF].games == 1
    assert [s.rated for s in seats] == [True, True]
    assert seats[0].mu_after > seats[0].mu_before


def test_a_shared_place_is_a_tie():
    after, _ = rate([[0, 1]], [RatedSeat(0, MIRA), RatedSeat(1, OLAF)], {})
    assert after[MIRA].mu == after[OLAF].mu


def test_one_human_against_an_ai_is_rated_and_rates_the_ai():
    after, _ = rate([[1], [0]], [RatedSeat(0, MIRA), RatedSeat(1, HARD)], {HARD: Skill(30.0, 4.0, 9)})
    assert after[HARD].games == 10 and after[HARD].mu > 30.0
    assert after[MIRA].mu < 25.0


def test_a_seat_mostly_played_by_the_afk_policy_is_left_out():
    assert counted(TurnCount(own=5, stood_in=5))
    assert not counted(TurnCount(own=4, stood_in=5))
    after, seats = rate(
        [[0], [1], [2]], [RatedSeat(0, MIRA), RatedSeat(1, OLAF, counted=False), RatedSeat(2, HARD)], {}
    )
    assert OLAF not in after and MIRA in after and HARD in after
    olaf = seats[1]
    assert not olaf.rated and olaf.mu_after == olaf.mu_before


def test_fewer_than_two_counted_seats_rate_nobody():
    after, seats = rate([[0], [1]], [RatedSeat(0, MIRA), RatedSeat(1, OLAF, counted=False)], {})
    assert after == {} and not any(s.rated for s in seats)


def test_one_ai_level_in_two_seats_gets_one_merged_result():
    after, _ = rate([[0], [1], [2]], [RatedSeat(0, MIRA), RatedSeat(1, HARD), RatedSeat(2, HARD)], {})
    assert after[HARD].games == 1
    alone, _ = rate([[0], [1]], [RatedSeat(0, MIRA), RatedSeat(1, HARD)], {})
    assert after[HARD].mu != alone[HARD].mu
