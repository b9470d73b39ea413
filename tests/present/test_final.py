"""The outcome-only end words: reason codes as sentences, scores as points, and when scores are not points."""

from __future__ import annotations

from engine.core.outcome import Outcome
from host import final as host_final
from i18n import ENGLISH, Locale
from present.final import fallback_report, reason_in_words, scored_in_points


def test_known_and_unknown_reasons_read_as_sentences() -> None:
    assert reason_in_words("round_limit") == "The round limit was reached."
    assert reason_in_words("last_gnome_standing") == "The game ended: last gnome standing."
    assert reason_in_words("") == "The game ended: the game's end condition."


def test_a_games_own_reason_code_is_said_from_its_catalog_in_the_readers_language() -> None:
    assert reason_in_words("cap", ENGLISH, "tribes").startswith("Gnompax was forced out at the turn limit")
    assert reason_in_words("cap", Locale("fr"), "tribes").startswith("Gnompax a été forcé à sortir")
    # Without the game, or for a game whose catalog lacks the code, the bot's words still say it.
    assert reason_in_words("cap") == "The game ended: cap."
    assert reason_in_words("round_limit", ENGLISH, "vendetta") == "The round limit was reached."


def test_the_fallback_report_ranks_players_and_shows_each_score_in_points() -> None:
    outcome = Outcome(ranking=((1,), (0,)), scores={0: 1.0, 1: 12.5}, reason="turn_cap")
    report = fallback_report(outcome, {0: "Red"})
    assert report.reason == "The turn limit was reached."
    assert [(p.player, p.faction, p.breakdown) for p in report.players] == [
        (1, "", ("Score: 12.5 points",)), (0, "Red", ("Score: 1 point",)),
    ]


def test_a_basic_vendetta_win_is_not_in_points() -> None:
    flags = Outcome(ranking=((0,), (1,)), scores={0: 1.0, 1: 0.0}, reason="objectives",
                    details={"scoring": "basic"})
    assert not scored_in_points(flags)
    assert scored_in_points(Outcome(ranking=((0,), (1,)), scores={0: 1.0, 1: 0.0}, reason="objectives"))


def test_the_host_still_answers_with_the_same_words() -> None:
    assert host_final.reason_in_words is reason_in_words and host_final.scored_in_points is scored_in_points
