"""The words of /game stats (present/stats.py): plain lines, no tables, the balance report beside the figures."""

from __future__ import annotations

from host.stat_results import FactionRate, GameRecord, PlayerStats, Rate, ServerStats, TurnSpeed
from i18n import ENGLISH, Locale
from present import stats as words
from present.fit import split_message
from tests.e2e.language_scan import foreign_findings

ME, YOU = 11, 22


def _rate(wins: int, games: int, low: float = 0.2, high: float = 0.8, fair: float = 0.5) -> Rate:
    return Rate(games, wins, low, high, fair)


def test_a_players_card_lists_each_figure_on_its_own_line():
    factions = (FactionRate("black", "Von Dingle", _rate(2, 3)),
                FactionRate("white", "Westdingledongleson", _rate(1, 2)))
    found = PlayerStats(ME, None, "vendetta", _rate(3, 5), factions, 2, 3, TurnSpeed(ME, 37, 125.0, 45.0), YOU, 4)
    lines = words.player_lines(found, "<@11>", {YOU: "<@22>"}, "Garden Gnomes: Violent Vendetta")
    assert lines[0] == "**<@11>'s stats in Garden Gnomes: Violent Vendetta** (on every server)"
    assert "- Games played: 5, won 3 (60%)" in lines
    assert "- Won by faction: Von Dingle 2 of 3, Westdingledongleson 1 of 2" in lines
    assert "- Current streak: 2 wins; best streak: 3 wins" in lines
    assert "- Time to take a turn: 2 min on average, median 45 s (over 37 turns)" in lines
    assert "- Most often at the table with: <@22> (4 games together)" in lines
    assert not any("|" in line for line in lines)


def test_a_player_without_games_is_told_so_and_no_empty_figures_are_listed():
    found = PlayerStats(ME, 5, None, _rate(0, 0), (), 0, 0, None, None, 0)
    assert words.player_lines(found, "<@11>", {}, None) == ["**<@11>'s stats** (on this server)",
                                                            "- No finished games yet."]


def test_a_servers_stats_put_the_balance_reports_figures_beside_its_own():
    marsh = FactionRate("marsh", "Marsh Gnomes", _rate(3, 6, 0.19, 0.81))
    record = GameRecord("tribes", 6, (marsh,), ((0, _rate(4, 6, 0.3, 0.9)),), 21.5, 2.25)
    found = ServerStats(5, None, (record, GameRecord("vendetta", 0, (), (), None, None)),
                        (TurnSpeed(ME, 9, 7200.0, 3600.0),), (TurnSpeed(YOU, 6, 20.0, 12.0),))
    text = words.server_text(found, {ME: "<@11>", YOU: "<@22>"}, {"tribes": "Tribes", "vendetta": "Vendetta"})
    lines = text.split("\n")
    assert "**Tribes**: 6 games, 21.5 rounds and 2.2 days on average" in lines
    assert "- Marsh Gnomes won 3 of 6 (50%, 19\u201381%; balance report 36%, 26\u201346%)" in lines
    assert "- Seat 1 won 4 of 6 (67%, 30\u201390%; fair share 50%)" in lines
    assert "- The balance report's first player won 37% (27\u201347%)" in lines
    assert "Games: Tribes 6" in lines and "Vendetta" not in text
    assert "- <@11>: 2 h on average, median 1 h (over 9 turns)" in lines
    assert "- <@22>: 20 s on average, median 12 s (over 6 turns)" in lines
    assert "/me stats hidden:True" in text and "|" not in text


def test_a_server_without_games_says_so():
    text = words.server_text(ServerStats(5, "tribes", (GameRecord("tribes", 0, (), (), None, None),), (), ()), {}, {})
    assert text.split("\n")[1] == "No finished games on this server yet."


def test_every_game_with_every_faction_fits_in_a_few_messages_cut_at_line_breaks():
    records = tuple(
        GameRecord(name, 120, tuple(FactionRate(f, f.title(), _rate(20, 60)) for f in words.BALANCE_FACTIONS[name]),
                   tuple((p, _rate(24, 120)) for p in range(5)), 27.25, 3.5)
        for name in words.BALANCE_FACTIONS
    )
    people = tuple(TurnSpeed(10**17 + n, 40, 3600.0 * n, 60.0 * n) for n in range(3))
    text = words.server_text(ServerStats(5, None, records, people, people), {}, {})
    chunks = split_message(text)
    assert len(text) > 2000 and 1 < len(chunks) <= 4 and all(len(c) <= 2000 for c in chunks)
    assert all(line in text.split("\n") for c in chunks for line in c.split("\n"))  # no line cut in two


FR = Locale("fr")
NNBSP = "\u202f"


def _french_server() -> ServerStats:
    marsh = FactionRate("marsh", "Marsh Gnomes", _rate(3, 6, 0.19, 0.81))
    record = GameRecord("tribes", 6, (marsh,), ((0, _rate(4, 6, 0.3, 0.9)),), 21.5, 2.25)
    return ServerStats(5, None, (record, GameRecord("vendetta", 0, (), (), None, None)),
                       (TurnSpeed(ME, 9, 7200.0, 3600.0),), (TurnSpeed(YOU, 6, 20.0, 0.2),))


def test_a_players_card_reads_in_french_without_an_english_word():
    factions = (FactionRate("black", "Von Dingle", _rate(2, 3)),)
    found = PlayerStats(ME, None, "vendetta", _rate(3, 5), factions, 1, 3, TurnSpeed(ME, 37, 125.0, 45.0), YOU, 4)
    lines = words.player_lines(found, "<@11>", {YOU: "<@22>"}, "Vendetta", FR)
    assert lines[0] == "**Stats de <@11> pour Vendetta** (sur tous les serveurs)"
    assert f"- Parties jouées : 5, gagnées : 3 (60{NNBSP}%)" in lines
    assert "- Série en cours : 1 victoire ; meilleure série : 3 victoires" in lines
    assert "- Temps pour jouer un tour : 2 min en moyenne, médiane 45 s (sur 37 tours)" in lines
    assert "- Le plus souvent à table avec : <@22> (4 parties ensemble)" in lines
    empty = words.player_lines(PlayerStats(ME, 5, None, _rate(0, 0), (), 0, 0, None, None, 0), "<@11>", {}, None, FR)
    assert foreign_findings([(f"card line {i}", line) for i, line in enumerate(lines + empty)], "fr", "en") == []


def test_a_servers_stats_read_in_french_with_french_numbers():
    text = words.server_text(_french_server(), {ME: "<@11>", YOU: "<@22>"},
                             {"tribes": "Tribus de gnomes", "vendetta": "Vendetta"}, FR)
    lines = text.split("\n")
    assert "**Tribus de gnomes** : 6 parties, 21,5 manches et 2,2 jours en moyenne" in lines
    assert f"- La place 1 a gagné 4 fois sur 6 (67{NNBSP}%, 30\u201390{NNBSP}% ; à chances égales 50{NNBSP}%)" in lines
    assert "- <@22> : 20 s en moyenne, médiane moins d'une seconde (sur 6 tours)" in lines
    assert "/moi stats caché:True" in text
    assert foreign_findings([(f"server line {i}", line) for i, line in enumerate(lines)], "fr", "en") == []
    empty = words.server_text(ServerStats(5, "tribes", (GameRecord("tribes", 0, (), (), None, None),), (), ()), {},
                              {}, FR)
    assert foreign_findings([("no games", empty)], "fr", "en") == []


def test_english_is_still_the_default_of_every_screen():
    assert words.server_text(_french_server(), {}, {}) == words.server_text(_french_server(), {}, {}, ENGLISH)
    assert words.percent(0.47) == "47%" and words.turn_time(0.2) == "under a second"
