"""present.me: a player's settings in words, with times as Discord timestamps."""

from __future__ import annotations

from i18n import Locale
from present import me


def test_settings_show_every_setting_in_words():
    text = me.settings_text(timezone="Europe/Paris", quiet_from=23 * 60, quiet_to=8 * 60 + 30, notify="both",
                            away_until=2_000_000_000.5, now=1_900_000_000)
    assert "Time zone: Europe/Paris" in text
    assert "from 23:00 to 08:30 your time" in text
    assert "in the table's channel and by direct message" in text
    assert "away until <t:2000000000:f>" in text


def test_defaults_and_a_past_vacation_read_as_none():
    text = me.settings_text(timezone=None, quiet_from=None, quiet_to=None, notify="channel",
                            away_until=1_000.0, now=2_000.0)
    assert "not chosen (UTC is used)" in text
    assert "Quiet hours: none" in text
    assert "Vacation: not away" in text
    assert "Server stats: your turn times may be listed" in text
    hidden = me.settings_text(timezone=None, quiet_from=None, quiet_to=None, notify="channel", away_until=None,
                              now=0.0, stats_hidden=True)
    assert "Server stats: your turn times are not listed" in hidden and "/me stats" in hidden
    assert me.quiet_set(None, None) == "Quiet hours are off."
    assert me.away_set(1234.9) == "You are away until <t:1234:f>. Use /me back when you return earlier."


def test_the_away_line_names_each_away_player_with_a_timestamp():
    assert me.away_line({}) is None
    assert me.away_line({9: 2_000.0, 3: 1_000.5}) == "Away: <@3> until <t:1000:f>, <@9> until <t:2000:f>."


def test_settings_read_in_french_with_the_same_timestamps():
    fr = Locale("fr")
    text = me.settings_text(timezone=None, quiet_from=23 * 60, quiet_to=8 * 60, notify="dm",
                            away_until=2_000_000_000.5, now=1_900_000_000, locale=fr)
    assert text.splitlines()[0] == "Tes réglages (les mêmes sur tous les serveurs) :", text
    assert "Fuseau horaire : pas choisi" in text and "de 23:00 à 08:00" in text and "par message privé" in text
    assert "absent jusqu'au <t:2000000000:f>" in text and "/moi calme" in text  # the French name of /me quiet
    assert me.quiet_set(None, None, fr) == "Les heures calmes sont désactivées."
    assert me.away_line({9: 2_000.0, 3: 1_000.5}, fr) == (
        "Absents : <@3> jusqu'au <t:1000:f> et <@9> jusqu'au <t:2000:f>.")
