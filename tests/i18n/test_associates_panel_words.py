"""What a Gnomes & Associates player reads on their private panel comes as catalog phrases: each line of their
situation (`describe_said`, line for line with `describe_private`) and the keep-five menu say in English exactly
the English text, and mostly other words in French (present.phrases over engine/associates/locales)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine import registry
from engine.ai.basic import is_passive
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.names import fill_names
from engine.core.phrases import Phrase
from i18n import ENGLISH, Locale
from present.phrases import say
from tests.i18n.random_play import played

FRENCH = Locale("fr")
GAME = "associates"
LABEL_CHARS = 100  # what a Discord select option holds (engine.associates.describe.multi_pick cuts there)


@dataclass
class Seen:
    """What one game showed: how many lines and menu words were checked, how many read the same in French."""

    lines: int = 0
    picks: int = 0
    alike: int = 0
    kinds: set[str] = field(default_factory=set)
    refusals: set[str] = field(default_factory=set)


# Orders a player may type that are wrong at most moments: each is refused with a message (and its phrase).
WRONG = ("nonsense", "pass", "undo", "confirm", "to:atlantis", "guild:goblins", "activate:nobody", "end",
         "keep:c-art-99-root", "steal:gold", "craft:crown", "tgt:l:nowhere")


def check_said(english: str, said: Phrase, people: dict[int, str], seen: Seen) -> None:
    """`said` says `english` in English, and is counted alike when French says the same."""
    assert say(ENGLISH, GAME, said, people) == fill_names(english, people), said
    seen.alike += say(FRENCH, GAME, said, people) == say(ENGLISH, GAME, said, people)
    seen.kinds.add(said.msgid)


def check_step(game: Any, state: Any, people: dict[int, str], seen: Seen) -> None:
    """Every pending player's panel lines and keep-five menu are worded, line for line."""
    for decision in game.pending(state):
        player = decision.player
        lines = game.describe_private(state, player)
        said = game.describe_said(state, player)
        assert len(said) == len(lines), (lines, said)
        for line, phrase in zip(lines, said, strict=True):
            check_said(line, phrase, people, seen)
            seen.lines += 1
        pick = game.multi_pick(state, player)
        if pick is None:
            continue
        assert pick.prompt_phrase is not None, pick.prompt
        check_said(pick.prompt, pick.prompt_phrase, people, seen)
        for option in pick.options:
            assert option.phrase is not None, option.label
            english = say(ENGLISH, GAME, option.phrase, people)
            # The label is cut to what a Discord option holds; the phrase says the whole of it.
            assert english[:LABEL_CHARS] == option.label, option.phrase
            seen.alike += say(FRENCH, GAME, option.phrase, people) == english
            seen.picks += 1


def check_refusals(game: Any, state: Any, player: int, people: dict[int, str], seen: Seen) -> None:
    """Wrong orders are refused with a phrase that says the message in English and other words in French."""
    for order in WRONG:
        try:
            game.apply(state, player, Action(order))
        except IllegalAction as refusal:
            if refusal.phrase is None:
                continue
            english = say(ENGLISH, GAME, refusal.phrase, people)
            assert english == refusal.message, refusal.phrase
            assert say(FRENCH, GAME, refusal.phrase, people) != english, refusal.phrase
            seen.refusals.add(refusal.phrase.msgid)


def play(players: int, seed: int, options: dict[str, Any], steps: int = 1200) -> Seen:
    """One game of random legal moves that mostly do something, every step checked."""
    game = registry.get(GAME)
    people = {p: f"<@{p}>" for p in range(players)}
    rng = random.Random(seed)  # when to try wrong orders: the moves are played's
    seen = Seen()
    for state, _ in played(GAME, players, seed, options, prefer=lambda a: not is_passive(a), keen=0.85,
                           steps=steps):
        pending = game.pending(state)
        if game.outcome(state) is not None or not pending:
            continue
        check_step(game, state, people, seen)
        if rng.random() < 0.05:
            check_refusals(game, state, pending[0].player, people, seen)
    return seen


@pytest.mark.parametrize("players,seed,options", [
    (2, 11, {}), (3, 12, {}), (4, 13, {}), (2, 14, {"figurines": 4}), (3, 15, {"mode": "simplified"}),
    (4, 16, {"figurines": 4}),
])
def test_every_panel_line_of_a_game_says_its_english_and_mostly_other_french(
        players: int, seed: int, options: dict[str, Any]) -> None:
    seen = play(players, seed, options)
    assert seen.lines > 100 and seen.picks > 20
    assert len(seen.kinds) >= 8
    assert len(seen.refusals) >= 10, seen.refusals
    # A line may read alike ("Combat" alone); most do not.
    assert seen.alike < (seen.lines + seen.picks) // 10


def refusal_of(attempt: Callable[[], object]) -> IllegalAction:
    """The refusal `attempt` raises (it must raise one)."""
    with pytest.raises(IllegalAction) as caught:
        attempt()
    return caught.value


def test_refusals_raised_on_purpose_say_their_message_in_english_and_other_words_in_french() -> None:
    game = registry.get(GAME)
    people = {p: f"<@{p}>" for p in range(3)}
    state = game.new_game(3, 1, {"first_player": 0})
    refusals = [refusal_of(lambda: game.new_game(5, 1)), refusal_of(lambda: game.new_game(2, 1, {"first_player": 3}))]
    state, _ = game.apply(state, 0, Action("guild:thieves"))
    refusals.append(refusal_of(lambda: game.apply(state, 1, Action("guild:thieves"))))
    rng = random.Random(1)
    while game.multi_pick(state, game.pending(state)[0].player) is None:
        player = game.pending(state)[0].player
        state, _ = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
    player = game.pending(state)[0].player
    pick = game.multi_pick(state, player)
    assert pick is not None
    refusals.append(refusal_of(lambda: game.pick_action(state, player, [o.id for o in pick.options[:2]])))
    assert [r.code for r in refusals] == ["E_PLAYER_COUNT", "E_OPTION", "E_GUILD_TAKEN", "E_BAD_PICK"]
    for refusal in refusals:
        assert refusal.phrase is not None, refusal.message
        assert say(ENGLISH, GAME, refusal.phrase, people) == refusal.message
        assert say(FRENCH, GAME, refusal.phrase, people) != refusal.message
