"""The rating change of each seat at a game's end, as the service reports it and present/records.py words it."""

from __future__ import annotations

from host.rating_results import RatingChange
from present.records import rating_change_lines
from tests.host.conftest import ALICE, HOST, started
from tests.host.test_ratings_games import QUICK, _play_out


async def test_the_service_reports_each_seats_displayed_change(service, clock):
    game_id = (await started(service, [HOST, ALICE], ais=1, options=QUICK)).game_id
    assert await service.rating_changes(game_id) == []
    await _play_out(service, clock, game_id)
    changes = await service.rating_changes(game_id)
    assert [(c.player, c.user_id, c.ai_level, c.rated) for c in changes] == [
        (0, HOST, None, True),
        (1, ALICE, None, True),
        (2, None, "normal", True),
    ]
    # A newcomer starts at the displayed 1,000 (the conservative estimate of the starting rating).
    assert {c.before for c in changes} == {1000}
    assert sum(c.delta > 0 for c in changes) >= 1 and sum(c.delta < 0 for c in changes) >= 1


def test_lines_name_people_and_ai_levels_and_say_who_was_not_rated():
    changes = [
        RatingChange(0, HOST, None, 1240, 1262, True),
        RatingChange(1, ALICE, None, 1100, 1100, False),
        RatingChange(2, None, "hard", 1500, 1488, True),
        RatingChange(3, None, "hard", 1500, 1488, True),
    ]
    assert rating_change_lines(changes, {HOST: "Mira"}) == [
        "Mira 1,240 \u2192 1,262 (+22)",
        "A player was not rated this game (the AI played most of their turns).",
        "Hard AI 1,500 \u2192 1,488 (\u221212)",
    ]
    assert rating_change_lines([], {}) == []
