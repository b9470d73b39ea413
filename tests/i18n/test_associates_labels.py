"""Gnomes & Associates gives every choice a player sees, and every decision's prompt, as a catalog phrase: in
English exactly its label (or prompt), in French mostly other words (present.phrases over
engine/associates/locales)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from engine import registry
from engine.ai.basic import is_passive
from engine.core.actions import Action
from engine.core.names import fill_names
from i18n import ENGLISH, Locale
from present.phrases import say
from tests.i18n.random_play import played

FRENCH = Locale("fr")
GAME = "associates"
ELLIPSIS = "…"


@dataclass
class Seen:
    """What one game showed: each labelled choice and each prompt, with how many read the same in French."""

    labels: int = 0
    prompts: int = 0
    alike: int = 0
    unworded: list[str] = field(default_factory=list)


def check_label(action: Action, people: dict[int, str], seen: Seen) -> None:
    """`action`'s phrase says its label in English (up to the "…" of a label Action cut to its length)."""
    if action.label == action.id:  # no label of its own: the choice is never read as words
        return
    if action.phrase is None:
        seen.unworded.append(action.label)
        return
    english = say(ENGLISH, GAME, action.phrase, people)
    label = fill_names(action.label, people)
    if label.endswith(ELLIPSIS) and english != label:
        assert english.startswith(label[:-1]), (action.phrase, label)
    else:
        assert english == label, action.phrase
    seen.labels += 1
    seen.alike += say(FRENCH, GAME, action.phrase, people) == english


def check_step(game: Any, state: Any, people: dict[int, str], seen: Seen, rng: random.Random) -> None:
    """Every prompt of the pending decisions and every choice their players see now (with shortcuts, the typed
    pick, suggested and random, and the timeout's move) is worded."""
    for decision in game.pending(state):
        assert decision.phrase is not None, decision.prompt
        english = say(ENGLISH, GAME, decision.phrase, people)
        assert english == fill_names(decision.prompt, people), decision.phrase
        seen.prompts += 1
        seen.alike += say(FRENCH, GAME, decision.phrase, people) == english
        player = decision.player
        shown = [*game.legal_actions(state, player), *game.shortcuts(state, player),
                 game.timeout_action(state, player)]
        pick = game.multi_pick(state, player)
        if pick is not None:
            chosen = rng.sample([o.id for o in pick.options], pick.max)
            shown += [game.pick_action(state, player, pick.suggested), game.pick_action(state, player, chosen)]
        for action in shown:
            check_label(action, people, seen)


def play(players: int, seed: int, options: dict[str, Any], steps: int = 1500) -> Seen:
    """One game of random legal moves that mostly do something (a uniform choice ends most activations at
    once), every step checked."""
    game = registry.get(GAME)
    people = {p: f"<@{p}>" for p in range(players)}
    rng = random.Random(seed)  # the checks' own draws: the moves are played's
    seen = Seen()
    for state, _ in played(GAME, players, seed, options, prefer=lambda a: not is_passive(a), keen=0.85,
                           steps=steps):
        if game.outcome(state) is None and game.pending(state):
            check_step(game, state, people, seen, rng)
    return seen


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {}), (2, 4, {"figurines": 4}), (3, 5, {"mode": "simplified"}),
    (4, 6, {"figurines": 4}), (2, 7, {"first_player": 1, "neutral_lair": "always"}), (3, 8, {"mode": "even_simpler"}),
])
def test_every_label_and_prompt_of_a_game_says_its_english_and_mostly_other_french(
        players: int, seed: int, options: dict[str, Any]) -> None:
    seen = play(players, seed, options)
    assert seen.unworded == []
    assert seen.labels > 100 and seen.prompts > 20
    # A few words are the same in both languages ("Combat", a card or a zone's name alone); most are not.
    assert seen.alike < (seen.labels + seen.prompts) // 10
