"""The words of ratings (present/records.py) and of /game export (present/export.py), in English and in French."""

from __future__ import annotations

from host.rating_results import AiStanding, BoardEntry, Leaderboard, RatingChange
from i18n import Locale
from present import export
from present import records as words
from tests.e2e.language_scan import foreign_findings

FR = Locale("fr")
NNBSP = "\u202f"
ME, YOU = 11, 22
NAMES = {ME: "<@11>", YOU: "<@22>"}
CHANGES = (RatingChange(0, ME, None, 1240, 1262, True), RatingChange(1, None, "hard", 1000, 995, True),
           RatingChange(2, None, "hard", 1000, 995, True), RatingChange(3, YOU, None, 1000, 1000, False))


def _board(mine: BoardEntry | None, pages: int = 3) -> Leaderboard:
    entries = (BoardEntry(1, ME, 1240, 12), BoardEntry(2, YOU, 1010, 1))
    return Leaderboard("tribes", 5, 1, pages, entries, mine, 2, (AiStanding("easy", 800, 40),
                                                                AiStanding("hard", 1150, 40)))


def test_rating_changes_in_english_keep_their_wording_and_numbers():
    assert words.rating_change_lines(CHANGES, NAMES) == [
        "<@11> 1,240 \u2192 1,262 (+22)",
        "Hard AI 1,000 \u2192 995 (\u22125)",
        "<@22> was not rated this game (the AI played most of their turns).",
    ]


def test_rating_changes_in_french_use_french_numbers_and_words():
    lines = words.rating_change_lines(CHANGES, NAMES, FR)
    assert lines[0] == f"<@11> 1{NNBSP}240 \u2192 1{NNBSP}262 (+22)"
    assert lines[1] == f"IA difficile 1{NNBSP}000 \u2192 995 (\u22125)"
    assert "classé" in lines[2]
    assert foreign_findings([(f"rating line {i}", line) for i, line in enumerate(lines)], "fr", "en") == []


def test_the_leaderboard_in_english_is_unchanged():
    lines = words.leaderboard_lines(_board(None), NAMES, "Tribes")
    assert lines == ["Tribes leaderboard (page 2 of 3)", "1. <@11> 1,240 (12 rated games)",
                     "2. <@22> 1,010 (1 rated game)", "You are not placed yet: 3 rated games more to go.",
                     "For reference, the AI: Easy AI 800, Hard AI 1,150."]
    placed = words.leaderboard_lines(_board(BoardEntry(1, ME, 1240, 12), pages=1), NAMES, "Tribes")
    assert placed[0] == "Tribes leaderboard" and "Your place: 1 with 1,240." in placed


def test_the_leaderboard_reads_in_french():
    lines = words.leaderboard_lines(_board(None), NAMES, "Tribus de gnomes", FR)
    assert lines[0] == "Tableau d'honneur : Tribus de gnomes (page 2 sur 3)"
    assert f"1. <@11> 1{NNBSP}240 (12 parties classées)" in lines
    assert "2. <@22> 1\u202f010 (1 partie classée)" in lines
    assert f"Pour comparaison, l'IA : IA facile 800, IA difficile 1{NNBSP}150." in lines
    placed = words.leaderboard_lines(_board(BoardEntry(1, ME, 1240, 12), pages=1), NAMES, "Tribus", FR)
    empty = words.leaderboard_lines(Leaderboard("tribes", 5, 0, 1, (), None, 0, ()), {}, "Tribus", FR)
    assert f"Ta place : 1 avec 1{NNBSP}240." in placed
    shown = [(f"board line {i}", line) for i, line in enumerate(lines + placed + empty)]
    assert foreign_findings(shown, "fr", "en") == []


def test_the_export_replies_read_in_french_and_stay_english_by_default():
    assert export.full_sent(7) == ("You played in game #7: I sent you its full record (seed and every move) by DM.")
    assert export.public_reply("Tribes", 7).startswith("The record of game #7 (Tribes) is attached: the options")
    said = [export.public_reply("Tribus de gnomes", 7, FR), export.full_dm("Tribus de gnomes", 7, FR),
            export.full_sent(7, FR), export.full_not_sent(7, FR), export.too_large(7, FR)]
    assert "n° 7" in said[0] and export.REPLAY_COMMAND in said[1] and "/partie exporter" in said[3]
    # The replay command is a shell command, the same in every language: its words are allowed.
    command = frozenset({"python", "engine", "replay", "file"})
    assert foreign_findings([(f"export reply {i}", text) for i, text in enumerate(said)], "fr", "en", command) == []
    assert export.public_file_name(7) == "game-7-record.json"
