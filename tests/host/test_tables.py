"""Who the AFK policy plays for: kept by the tables per game, until the player acts or their decision closes."""

from __future__ import annotations

from host.tables import Absence


def test_an_absent_player_is_marked_once_and_stops_being_absent_when_they_act() -> None:
    absence = Absence()
    assert absence.mark(7, 1) is True
    assert absence.mark(7, 1) is False  # already played for: no second "takes over" line
    assert absence.mark(7, 2) is True
    assert absence.of(7) == {1, 2}
    assert absence.of(8) == frozenset()
    absence.returned(7, 1)
    assert absence.of(7) == {2}
    absence.returned(9, 1)  # a game nobody is absent in stays empty
    assert absence.of(9) == frozenset()


def test_absent_players_whose_decision_closed_are_forgotten() -> None:
    absence = Absence()
    absence.mark(3, 0)
    absence.mark(3, 2)
    absence.keep_pending(3, [2, 4])
    assert absence.of(3) == {2}
    absence.keep_pending(3, [])
    assert absence.of(3) == frozenset()
    assert absence.mark(3, 2) is True  # forgotten, so a later absence is new again


def test_clearing_a_game_leaves_the_others_absent_players() -> None:
    absence = Absence()
    absence.mark(1, 0)
    absence.mark(2, 0)
    absence.clear(1)
    assert absence.of(1) == frozenset()
    assert absence.of(2) == {0}
