"""What a Tribes player reads on their panel as catalog phrases: said in English, each is the engine's own line;
in French, mostly French."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.names import fill_names
from engine.core.phrases import Phrase
from engine.tribes.game import GAME as TRIBES
from engine.tribes.state import TribesState
from i18n import ENGLISH, Locale
from present.phrases import say
from tests.engine.tribes.builders import flak_choice, play, who

FRENCH = Locale("fr")
GAME = "tribes"
# Action ids a keen player avoids most of the time, so that wars, research and votes happen often.
SHY = ("pass", "undo", "back", "none", "clear")


class Said:
    """Every English line checked against its phrase, and how many of them French says otherwise."""

    def __init__(self, players: int) -> None:
        self.people = {p: f"<@{p}>" for p in range(players)}
        self.lines = 0
        self.french = 0

    def check(self, text: str, said: Phrase | None) -> None:
        """`said` is `text` in English; counted when French says it otherwise."""
        assert said is not None, text
        english = say(ENGLISH, GAME, said, self.people)
        assert english == fill_names(text, self.people), said
        self.lines += 1
        self.french += english != say(FRENCH, GAME, said, self.people)


def check_panel(state: TribesState, player: int, said: Said) -> None:
    """`player`'s panel lines and pick menu, each said as its English."""
    lines = TRIBES.describe_private(state, player)
    phrases = TRIBES.describe_said(state, player)
    assert len(phrases) == len(lines), (lines, phrases)
    for text, line in zip(lines, phrases, strict=True):
        said.check(text, line)
    pick = TRIBES.multi_pick(state, player)
    if pick is not None:
        said.check(pick.prompt, pick.prompt_phrase)
        for option in pick.options:
            said.check(option.label, option.phrase)


OPTIONS: list[dict[str, object]] = [{}, {"tribe_pick": "random"}, {"turbo": True},
                                    {"turbo": True, "tribe_pick": "random", "escargnom": True, "gnompax_cap": 20}]
GAMES = [(2 + seed % 3, seed, OPTIONS[seed % 4]) for seed in range(1, 9)]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_every_panel_line_is_said_as_its_english(players: int, seed: int, options: dict[str, object]) -> None:
    """At every step of a random whole game each pending player's panel reads the same from its phrases."""
    game = registry.get(GAME)
    state = game.new_game(players, seed, options)
    rng = random.Random(seed)
    said = Said(players)
    for _ in range(20_000):
        pending = game.pending(state)
        if game.outcome(state) is not None or not pending:
            break
        for decision in pending:
            check_panel(state, decision.player, said)
        player = pending[0].player
        legal = game.legal_actions(state, player)
        eager = [a for a in legal if not any(word in a.id for word in SHY)] or legal
        state, _ = game.apply(state, player, rng.choice(eager if rng.random() < 0.8 else legal))
    assert said.lines > 0
    # Numbers and names alone ("Golden Fields") may read alike; the sentences around them do not.
    assert said.french > said.lines * 0.9




def test_the_gnomflak_menu_and_its_draft_are_said_as_their_english() -> None:
    """The Flak 'pick 2 of 3' menu, prompt and options, and the choice so far read the same from their phrases."""
    s = flak_choice()
    player = who(s, "P")
    said = Said(s.player_count)
    pick = TRIBES.multi_pick(s, player)
    assert pick is not None and len(pick.options) == 3
    check_panel(s, player, said)
    s, _ = play(s, "P", "flak:gnomballoon#1")
    check_panel(s, player, said)
    assert "Chosen to shoot down: Gnomballoon." in TRIBES.describe_private(s, player)
    # Every line here is a sentence, or a card French names otherwise (Gnomballoon: Gnomballon).
    assert said.french == said.lines


def refusal(state: TribesState, player: int, action_id: str) -> IllegalAction:
    """The refusal `apply` raises for `action_id`."""
    with pytest.raises(IllegalAction) as refused:
        TRIBES.apply(state, player, Action(action_id, ""))
    return refused.value


def check_refusal(refused: IllegalAction, players: int) -> None:
    """The refusal's phrase says its message in English, and otherwise in French."""
    people = {p: f"<@{p}>" for p in range(players)}
    assert refused.phrase is not None, refused.message
    english = say(ENGLISH, GAME, refused.phrase, people)
    assert english == refused.message
    assert say(FRENCH, GAME, refused.phrase, people) != english


def test_investment_refusals_are_said_as_their_english() -> None:
    """An empty order confirmed, nothing to take back, too many recruits, none at all, an unknown choice."""
    s = TRIBES.new_game(2, 3, {"tribe_pick": "random"})
    player = TRIBES.pending(s)[0].player
    for action_id in ("confirm", "undo", "rec:at:nowhere"):
        check_refusal(refusal(s, player, action_id), s.player_count)
    s, _ = TRIBES.apply(s, player, Action("inv:at:wheatburg", ""))
    for action_id in ("inv:n:9", "inv:n:0"):
        check_refusal(refusal(s, player, action_id), s.player_count)


def test_gnomflak_refusals_are_said_as_their_english() -> None:
    """Confirming too soon, a card chosen twice, one card too many, nothing to undo and an unknown card."""
    s = flak_choice()
    player = who(s, "P")
    check_refusal(refusal(s, player, "confirm"), s.player_count)
    check_refusal(refusal(s, player, "undo"), s.player_count)
    check_refusal(refusal(s, player, "flak:nothing#9"), s.player_count)
    s, _ = play(s, "P", "flak:gnomballoon#1")
    check_refusal(refusal(s, player, "flak:gnomballoon#1"), s.player_count)
    s, _ = play(s, "P", "flak:gnomcopter#1")
    check_refusal(refusal(s, player, "flak:gnomglider#1"), s.player_count)
