"""What a Tribes player reads on their panel as catalog phrases: said in English, each is the engine's own line;
in French, mostly French."""

from __future__ import annotations

import random

import pytest

from engine import registry
from engine.core.names import fill_names
from engine.core.phrases import Phrase
from engine.tribes.game import GAME as TRIBES
from engine.tribes.state import TribesState
from i18n import ENGLISH, Locale
from present.phrases import say

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
    """`player`'s panel lines, each said as its English."""
    lines = TRIBES.describe_private(state, player)
    phrases = TRIBES.describe_said(state, player)
    assert len(phrases) == len(lines), (lines, phrases)
    for text, line in zip(lines, phrases, strict=True):
        said.check(text, line)


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
