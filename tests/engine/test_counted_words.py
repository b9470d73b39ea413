"""What a player reads counts things in plain words: never "action(s)", never "bills of 0 GG".

Along seeded random games of every registered game, every prompt, every choice's label, every refusal of an
illegal try and every private description is read as a player would read it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import registry
from engine.ai import RandomPlayer
from engine.core import Game, IllegalAction
from engine.core.words import counted, each_once

MOVES = 400
# "(s)" glued to a word, and a count of things worth nothing ("3 bills of 0 GG").
CLUMSY = re.compile(r"\w\(s\)|\bof 0 GG\b")
# One name listed twice running ("discard Shield, Root, Root"): copies are counted ("Root ×2").
REPEATED = re.compile(r"(?:^|[:,] )([A-Z][\w' -]+)(?:, \1)+(?=[,.;]|$| and)")


def _read(game: Game[Any], state: Any) -> list[str]:
    """Everything the pending players read at this moment."""
    shown: list[str] = []
    for decision in game.pending(state):
        shown.append(decision.prompt)
        shown += [action.label for action in game.legal_actions(state, decision.player)]
        shown += game.describe_private(state, decision.player)
        try:  # an id no game offers: its refusal is read too
            game.apply(state, decision.player, game.parse_action(state, decision.player, "no-such-choice"))
        except IllegalAction as refused:
            shown.append(refused.message)
    return shown


@pytest.mark.parametrize("name", registry.names())
def test_counts_read_as_words(name: str) -> None:
    game = registry.get(name)
    low, high = game.player_range
    for players, seed in ((low, 3), (high, 4)):
        state = game.new_game(players, seed, {})
        bots = [RandomPlayer(seed * 17 + p) for p in range(players)]
        for turn in range(MOVES):
            pending = game.pending(state)
            if not pending:
                break
            for text in _read(game, state):
                assert not CLUMSY.search(text), f"{name}: {text!r}"
                assert not REPEATED.search(text), f"{name}: {text!r}"
            decision = pending[turn % len(pending)]
            state, _ = game.apply(state, decision.player, bots[decision.player].choose(game, state, decision.player))


def test_each_once_counts_copies_in_order_of_first_appearance() -> None:
    assert each_once(["Root", "Shield", "Root", "Root"]) == ["Root ×3", "Shield"]
    assert each_once([]) == [] and each_once(["Trap"]) == ["Trap"]
    assert REPEATED.search("The Artisans keep 5 cards and discard Shield, Second Wind, Root, Root.")
    assert not REPEATED.search("The Artisans keep 5 cards and discard Shield, Second Wind, Root ×2.")


def test_counted_puts_the_word_in_the_number_it_needs() -> None:
    assert [counted(n, "zone") for n in (0, 1, 2)] == ["0 zones", "1 zone", "2 zones"]
    assert counted(3, "army", "armies") == "3 armies"
