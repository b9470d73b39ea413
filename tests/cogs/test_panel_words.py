"""present.panel_words and the choices of a panel: the reader's language, the game's catalog for a choice the
engine gives as a phrase, and its own label for one it gives as words only."""

from __future__ import annotations

from cogs.panels import as_choices, panel_text
from engine.core.actions import Action
from engine.core.decisions import Decision, DecisionKind
from engine.core.phrases import name, phrase
from host.results import ActionChoice, TableStatus
from i18n import Locale
from present import panel_words

FRENCH = Locale("fr")


def test_a_choice_with_a_phrase_reads_in_the_readers_language_and_one_without_as_the_engine_wrote_it() -> None:
    passes = ActionChoice("pass", "McDingle passes.", phrase("move.pass", clan=name("clan", "yellow")))
    plain = ActionChoice("undo", "Undo the last move")
    french = as_choices(1, (passes, plain), "vendetta", FRENCH)
    assert [(c.seat, c.action_id, c.label) for c in french] == [(1, "pass", "McDingle passe."),
                                                                 (1, "undo", "Undo the last move")]
    assert [c.label for c in as_choices(1, (passes, plain), "vendetta")] == ["McDingle passes.", "Undo the last move"]


def test_the_panels_own_words_are_french_for_a_french_reader() -> None:
    assert panel_words.panel_headline("Vendetta", 3, "Dingleson", FRENCH) == (
        "**Vendetta** — partie n° 3 · ton camp : Dingleson")
    assert panel_words.panel_headline("Vendetta", 3, None) == "**Vendetta** — game #3"
    assert panel_words.your_choice("", FRENCH) == "**Ton choix :**"
    assert panel_words.finished_line("Vendetta", 3, TableStatus.CANCELLED, FRENCH) == (
        "**Vendetta** — la partie n° 3 est annulée.")
    text = panel_text(["head"], ["", panel_words.private_heading(FRENCH), *("x" * 500 for _ in range(6))],
                      limit=1200, locale=FRENCH)
    assert text.endswith(panel_words.more_in_picture(FRENCH)) and "/main" in text


def test_an_action_and_a_decision_keep_their_phrase_through_json_and_compare_by_id() -> None:
    said = phrase("move.pass", clan=name("clan", "red"))
    action = Action("pass", "Dingleson passes.", said)
    again = Action.from_json(action.to_json())
    assert again.phrase == said and again == Action("pass") and Action.from_json({"id": "x"}).phrase is None
    assert Decision(0, DecisionKind.TURN, "Move").phrase is None


def test_an_engine_refusal_with_a_phrase_is_said_in_the_readers_language_and_one_without_in_english() -> None:
    from cogs.refusals import refusal_text
    from engine.core.errors import IllegalAction
    from host.errors import IllegalMove

    said = IllegalMove(IllegalAction("Dingleson passes.", "E_X", phrase("move.pass", clan=name("clan", "red"))),
                       "vendetta")
    assert refusal_text(said, FRENCH).startswith("Dingleson passe.")
    assert refusal_text(said).startswith("Dingleson passes.")
    plain = IllegalMove(IllegalAction("Not now.", "E_X"), "vendetta")
    assert refusal_text(plain, FRENCH).startswith("Not now.")


def test_a_pick_menu_and_the_private_lines_read_in_the_readers_language_where_the_engine_gave_phrases() -> None:
    from cogs.panels import situation_lines
    from engine.core.picks import MultiPick, PickOption
    from host.results import PanelDetails

    pick = MultiPick("Keep 1.", (PickOption("a", "Dingleson passes.", phrase("move.pass", clan=name("clan", "red"))),
                                 PickOption("b", "Plain")), 1, 1, prompt_phrase=phrase("prompt.objectives"))
    worded = panel_words.worded_pick(pick, "vendetta", FRENCH)
    assert worded is not None and worded.prompt == "Choisis tes objectifs secrets."
    assert [o.label for o in worded.options] == ["Dingleson passe.", "Plain"]
    assert panel_words.worded_pick(None, "vendetta", FRENCH) is None
    details = PanelDetails(0, 1, ("Dingleson passes.", "Only English."), {},
                           situation_said=(phrase("move.pass", clan=name("clan", "red")),
                                           phrase("prompt.objectives")))
    assert situation_lines(details, FRENCH, "vendetta")[2:] == ["Dingleson passe.", "Choisis tes objectifs secrets."]
    assert situation_lines(details)[2:] == ["Dingleson passes.", "Only English."]


def test_the_bots_own_refusals_reach_each_reader_in_their_language() -> None:
    from cogs.errors import user_message
    from cogs.lobby import no_game_here, unknown_game_name
    from cogs.scope import unknown_game

    assert user_message(no_game_here()) == "There is no open game in this channel. Start one with `/game new`."
    assert user_message(no_game_here(), FRENCH) == (
        "Il n'y a pas de partie ouverte dans ce salon. Lances-en une avec `/partie nouvelle`.")
    assert user_message(unknown_game(12), FRENCH) == (
        "Il n'y a pas de partie n° 12 ici. `/partie état` montre la partie de ce salon.")
    french = user_message(unknown_game_name("chess"), FRENCH)
    assert french is not None and french.startswith("Il n'y a pas de jeu nommé « chess ». Jeux : ")
    assert unknown_game_name("chess").message.startswith("There is no game called “chess”.")
