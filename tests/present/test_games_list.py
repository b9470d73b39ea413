"""present.games_list: /games lines in words, with timestamps and links, and a count beyond the listed."""

from __future__ import annotations

from i18n import Locale
from present.games_list import MAX_LISTED, GameLine, button_label, games_text, line_text

MINE = GameLine(game_id=7, title="Gnome Tribes", server="Tavern", channel="games",
                prompts=("Choose your secret objectives.",), others="", since=1_800_000_000.7,
                link="https://discord.com/channels/1/2/3")
THEIRS = GameLine(game_id=8, title="Gnome Tribes", server="Cellar", channel="play", prompts=(),
                  others="<@5>", since=1_800_000_100.0, link=None)


def test_a_line_says_where_what_since_when_and_links_the_table():
    assert line_text(MINE) == ("• Gnome Tribes (game 7) in Tavern, #games: waiting for you since <t:1800000000:R>: "
                               "Choose your secret objectives. https://discord.com/channels/1/2/3")
    assert line_text(THEIRS) == "• Gnome Tribes (game 8) in Cellar, #play: waiting for <@5>."
    assert button_label(MINE) == "Take my turn: Gnome Tribes (game 7)"


def test_the_list_counts_waiting_games_and_what_does_not_fit():
    assert games_text([MINE, THEIRS]).splitlines()[0] == "Your open games: 2; 1 waiting for you."
    many = games_text([THEIRS] * (MAX_LISTED + 3))
    assert "none is waiting for you" in many and many.endswith("…and 3 more.")
    assert "no open games" in games_text([])


def test_the_list_reads_in_the_readers_language() -> None:
    french = Locale("fr")
    assert line_text(THEIRS, french) == "• Gnome Tribes (partie 8) sur Cellar, #play : on attend <@5>."
    assert button_label(MINE, french) == "Jouer mon tour : Gnome Tribes (partie 7)"
    lines = games_text([MINE, THEIRS, THEIRS], french).splitlines()
    assert lines[0] == "Tes parties en cours : 3 ; 1 t'attend."
    assert "t'attend depuis <t:1800000000:R> : " in lines[1]
    assert games_text([THEIRS] * (MAX_LISTED + 3), french).endswith("…et 3 autres.")
    assert games_text([], french).startswith("Tu n'as aucune partie en cours.")
