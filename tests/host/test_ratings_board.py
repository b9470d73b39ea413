"""The leaderboard (host/ratings.py leaderboard_of) and its words (present/records.py)."""

from __future__ import annotations

from db.rating_rows import SkillRow, Subject
from host.ratings import PAGE_SIZE, display_of, leaderboard_of
from present.records import leaderboard_lines

GUILD = 7


def _row(subject: Subject, mu: float, games: int) -> SkillRow:
    return SkillRow(GUILD, "dash", subject, mu, 5.0, games, 0.0)


def test_people_with_enough_games_are_placed_best_first_and_the_ai_levels_aside():
    rows = [
        _row(Subject(user_id=1), 30.0, 5),
        _row(Subject(user_id=2), 35.0, 2),
        _row(Subject(user_id=3), 40.0, 1),  # one game: not placed yet
        _row(Subject(ai_level="hard"), 33.0, 9),
    ]
    board = leaderboard_of("dash", rows, user_id=3)
    assert [(e.place, e.user_id) for e in board.entries] == [(1, 2), (2, 1)]
    assert board.entries[0].rating == display_of(35.0, 5.0) == 1400
    assert board.mine is None and board.my_games == 1
    assert [(a.level, a.rating) for a in board.ai_levels] == [("hard", display_of(33.0, 5.0))]
    lines = leaderboard_lines(board, {1: "Ann", 2: "Bo"}, "Gnome Dash")
    assert lines == [
        "Gnome Dash leaderboard",
        "1. Bo 1,400 (2 rated games)",
        "2. Ann 1,300 (5 rated games)",
        "You are not placed yet: 1 rated game more to go.",
        "For reference, the AI: Hard AI 1,360.",
    ]


def test_pages_of_ten_and_the_callers_own_place_beyond_them():
    rows = [_row(Subject(user_id=100 + n), 40.0 - n, 3) for n in range(PAGE_SIZE + 3)]
    first = leaderboard_of("dash", rows, user_id=100 + PAGE_SIZE + 2)
    assert (first.page, first.pages, len(first.entries)) == (0, 2, PAGE_SIZE)
    assert first.mine is not None and first.mine.place == PAGE_SIZE + 3
    second = leaderboard_of("dash", rows, user_id=100, page=5)  # clamped to the last page
    assert second.page == 1 and [e.place for e in second.entries] == [11, 12, 13]
    lines = leaderboard_lines(second, {}, "Gnome Dash")
    assert lines[0] == "Gnome Dash leaderboard (page 2 of 2)" and lines[-1] == "Your place: 1 with 1,500."


def test_an_empty_board_says_when_people_are_placed():
    board = leaderboard_of("dash", [], user_id=1)
    assert leaderboard_lines(board, {}, "Gnome Dash") == [
        "Gnome Dash leaderboard",
        "Nobody is placed yet: a player is placed after 2 rated games.",
        "You are not placed yet: 2 rated games more to go.",
    ]
