"""present.attention: reminders, "your turn" DMs and the quiet-hours catch-up, in the reader's language."""

from __future__ import annotations

from host.results import Reminder
from i18n import ENGLISH, Locale
from present import attention

FRENCH = Locale("fr")


def test_a_reminder_says_what_happens_if_the_player_stays_away() -> None:
    said = attention.reminder_text
    assert said("Bid.", Reminder()) == "the game is waiting for you: Bid."
    assert said("Bid", Reminder(rules_due=100.9)) == (
        "the game is waiting for you: Bid. If you have not decided by <t:100:f> (<t:100:R>), the rules' default "
        "will be played for you.")
    assert said("Bid", Reminder(left=0, then="ai")).endswith("at the next deadline, the AI will play for you.")
    assert said("Bid", Reminder(left=1, then="skip")).endswith("after 1 more reminder, your turn will be skipped.")
    assert said("Bid", Reminder(left=3, then="ai")).endswith("after 3 more reminders, the AI will play for you.")
    french = said("Mise", Reminder(left=3, then="skip"), FRENCH)
    assert french == "la partie t'attend : Mise. Si tu es encore absent après 3 rappels de plus, ton tour sera passé."


def test_the_catch_up_names_every_waiting_game_and_counts_the_rest() -> None:
    games = [(f"Game {i}", 100 + i) for i in range(12)]
    english = attention.catch_up(games).splitlines()
    assert english[0] == "Your quiet hours are over: 12 games are waiting for you."
    assert english[1] == "- **Game 0** in <#100>" and english[-1] == "- and 2 more (/games lists them all)"
    assert len(english) == 1 + attention.MAX_CATCH_UP_GAMES + 1
    assert attention.catch_up(games[:1], ENGLISH) == "Your quiet hours are over: a game is waiting for you.\n" \
        "- **Game 0** in <#100>"
    french = attention.catch_up(games, FRENCH).splitlines()
    assert french[0] == "Tes heures calmes sont finies : 12 parties t'attendent."
    assert french[-1] == "- et 2 autres (/parties les liste toutes)"


def test_a_direct_nudge_names_the_game_and_its_channel() -> None:
    assert attention.direct_nudge("Vendetta", 5, attention.your_turn("Move.")) == (
        "**Vendetta** in <#5>: it is your turn: Move.")
    assert attention.direct_nudge("Vendetta", 5, attention.your_turn("Bouge.", FRENCH), FRENCH) == (
        "**Vendetta** dans <#5> : à toi de jouer : Bouge.")
