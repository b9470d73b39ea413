"""The two-player pairing advice (R-A28) is said once, in the guild choice's prompt, as the choice stands."""

from __future__ import annotations

from engine.associates import GAME
from engine.associates.state import State
from engine.core.phrases import Phrase

from .helpers import act


def _prompt(s: State) -> tuple[str, Phrase | None]:
    (decision,) = GAME.pending(s)
    return decision.prompt, decision.phrase


def test_the_first_of_two_hears_that_exactly_one_of_them_should_play_thieves_or_brigands() -> None:
    s = GAME.new_game(2, 3, {"first_player": 0})
    text, said = _prompt(s)
    assert "exactly one of you" in text and said is not None and said.msgid == "prompt.guild-duel-one-of-you"
    assert all(a.label == f"Play the {a.id.split(':')[1].title()}" for a in GAME.legal_actions(s, 0))


def test_after_the_artisans_the_second_is_advised_to_take_thieves_or_brigands() -> None:
    s, _ = act(GAME.new_game(2, 3, {"first_player": 0}), 0, "guild:artisans")
    text, said = _prompt(s)
    assert "you take the Thieves or the Brigands" in text and said is not None
    assert said.msgid == "prompt.guild-duel-take-one"


def test_after_the_brigands_the_second_is_advised_against_the_thieves() -> None:
    s, _ = act(GAME.new_game(2, 3, {"first_player": 0}), 0, "guild:brigands")
    text, said = _prompt(s)
    assert text.endswith("The Brigands are in play: with two players the rules advise against also taking the Thieves.")
    assert said is not None and said.msgid == "prompt.guild-duel-not-both"
    # Advice only: the Thieves stay a legal choice.
    assert "guild:thieves" in {a.id for a in GAME.legal_actions(s, 1)}


def test_three_players_hear_no_pairing_advice() -> None:
    text, said = _prompt(GAME.new_game(3, 3, {"first_player": 0}))
    assert text == "Choose your guild." and said is not None and said.msgid == "prompt.guild"
