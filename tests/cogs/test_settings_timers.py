"""/game settings shows the rules' timers of the table's game, with the range a host may set."""

from __future__ import annotations

import dataclasses

from cogs.lobby import timers_text
from host.results import TableSettings
from tests.cogs.fakes import make_table
from tests.e2e.language_scan import foreign_findings


def test_associates_settings_show_both_rules_timers_with_their_ranges():
    text = timers_text(dataclasses.replace(make_table(), game_name="associates"))
    assert "Reaction window: an unanswered window closes as a pass after 30 minutes" in text
    assert "(allowed: 1 minute to 24 hours)" in text
    assert "Decision timer: the rules' default is played for a pending decision after 24 hours" in text


def test_vendetta_settings_show_the_turn_timer_off_by_default_and_as_set():
    table = make_table()
    assert timers_text(table) == "Turn timer: off (allowed: 1 minute to 7 days, or 0 for off)."
    timed = dataclasses.replace(table, settings=TableSettings(decision_timeout=5400))
    assert "Turn timer: the rules' default is played for a pending decision after 90 minutes" in timers_text(timed)


def test_a_stored_value_outside_the_range_is_shown_as_clamped():
    table = dataclasses.replace(make_table(), game_name="associates", settings=TableSettings(reaction_timeout=0))
    assert "closes as a pass after 24 hours" in timers_text(table)


def test_the_settings_answer_reads_in_the_readers_language() -> None:
    from host.results import AfkPolicy, AiLevel
    from i18n import Locale
    from present.settings_words import settings_text

    base = dataclasses.replace(make_table(), game_name="associates")
    table = dataclasses.replace(base, settings=dataclasses.replace(
        base.settings, afk_policy=AfkPolicy.AI, afk_after=2, afk_level=AiLevel.HARD, reminder_delay=3600.0))
    french = settings_text(table, timers_text(table, Locale("fr")), Locale("fr"))
    assert f"Réglages de la partie n° {table.game_id} :" in french
    assert "l'IA difficile joue pour un joueur absent après 2 rappels" in french
    assert "Fenêtre de réaction : une fenêtre sans réponse se ferme comme un passe après 30 minutes" in french
    assert "(permis : de 1 minute à 24 heures)" in french
    assert foreign_findings([("settings", french)], "fr", "en") == []
    english = settings_text(table, timers_text(table))
    assert english.startswith(f"Game #{table.game_id} settings: undo ") and "the hard AI plays for an absent " \
        "player after 2 reminders" in english and "reminders every 60 min" in english
    assert english.endswith("after 24 hours (allowed: 1 minute to 7 days, or 0 for off).")
