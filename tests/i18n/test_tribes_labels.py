"""Gnome Tribes' choices and prompts as catalog phrases: said in English, each is the engine's own label or prompt;
in French, French."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from engine import registry
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.phrases import phrase
from engine.tribes import words
from engine.tribes.phases import FLAK
from i18n import ENGLISH, Locale
from present.phrases import say
from tests.engine.tribes.builders import flak_choice, play, who

FRENCH = Locale("fr")
GAME = "tribes"
# Action ids a keen player avoids most of the time, so that the war, research and espionage menus show up often.
SHY = ("pass", "undo", "back", "none", "clear", "auto", "end", "confirm", ":all:", ":pick:")


def _english_matches(action: Action, said: str) -> bool:
    """Whether `said` is the action's label, or the start of it when the engine cut a long label with "…"."""
    if said == action.label:
        return True
    return action.label.endswith("…") and len(said) >= len(action.label) and said.startswith(action.label[:-1])


def offered(state: Any, player: int) -> list[Action]:
    """Every choice a panel may show `player` now: the menu, the one-tap shortcuts, the step taken for them
    (auto step, timeout) and the action a multi-select answers with."""
    game = registry.get(GAME)
    out = game.legal_actions(state, player) + game.shortcuts(state, player) + [game.timeout_action(state, player)]
    step = game.auto_step(state, player)
    if step is not None:
        out.append(step)
    menu = game.multi_pick(state, player)
    if menu is not None:
        picked = menu.suggested or tuple(o.id for o in menu.options[: max(menu.min, 1)])
        # A card the rules refuse alone (a carrier without an airborne attack) makes no action to say.
        with contextlib.suppress(IllegalAction):
            out.append(game.pick_action(state, player, picked))
    return out


def check_choices(state: Any, names: dict[int, str]) -> tuple[int, int, int]:
    """Check every pending prompt and every choice offered now: English is the engine's own words, French not
    English (prompts) or mostly not (labels, counted by the caller); how many labels, how many of them read alike
    in both languages, how many prompts."""
    game = registry.get(GAME)
    labels = alike = prompts = 0
    for decision in game.pending(state):
        assert decision.phrase is not None, decision.prompt
        assert say(ENGLISH, GAME, decision.phrase, names) == decision.prompt, decision.phrase
        assert say(FRENCH, GAME, decision.phrase, names) != decision.prompt, decision.phrase
        prompts += 1
        for action in offered(state, decision.player):
            assert action.phrase is not None, action
            said = say(ENGLISH, GAME, action.phrase, names)
            assert _english_matches(action, said), (said, action.label, action.phrase)
            labels += 1
            alike += say(FRENCH, GAME, action.phrase, names) == said
    return labels, alike, prompts


def play_and_check(players: int, seed: int, options: dict[str, object], *, keen: bool,
                   steps: int = 6_000) -> tuple[int, int, int]:
    """Play one random game, checking every pending choice and prompt on the way (check_choices); the totals."""
    game = registry.get(GAME)
    state = game.new_game(players, seed, options)
    names = {p: f"<@{p}>" for p in range(players)}
    rng = random.Random(seed)
    labels = alike = prompts = 0
    for _ in range(steps):
        pending = game.pending(state)
        if game.outcome(state) is not None or not pending:
            break
        counts = check_choices(state, names)
        labels, alike, prompts = labels + counts[0], alike + counts[1], prompts + counts[2]
        player = pending[0].player
        legal = game.legal_actions(state, player) + game.shortcuts(state, player)
        eager = [a for a in legal if not any(word in a.id for word in SHY)] or legal
        state, _ = game.apply(state, player, rng.choice(eager if keen and rng.random() < 0.85 else legal))
    return labels, alike, prompts


OPTIONS: list[dict[str, object]] = [{}, {"tribe_pick": "random"}, {"turbo": True},
                                    {"turbo": True, "tribe_pick": "random", "escargnom": True}]
GAMES = [(2 + seed % 3, seed, OPTIONS[seed % 4], seed % 2 == 0) for seed in range(1, 9)]


@pytest.mark.parametrize("players,seed,options,keen", GAMES)
def test_every_tribes_choice_and_prompt_says_in_english_what_the_engine_shows(
        players: int, seed: int, options: dict[str, object], keen: bool) -> None:
    labels, alike, prompts = play_and_check(players, seed, options, keen=keen)
    assert labels > 200 and prompts > 50
    assert alike < labels / 4  # a few read alike ("3 armies (6 GG)" keeps its GG), most do not


def test_a_counted_label_takes_the_french_plural() -> None:
    one = phrase("label.deploy-all", n=1, place=words.place("forest"))
    three = phrase("label.deploy-all", n=3, place=words.place("wheatburg"))
    assert say(ENGLISH, GAME, one, {}) == "All 1 army step to The Forest"
    assert say(FRENCH, GAME, one, {}) == "1 armée marche vers la Forêt"
    assert say(FRENCH, GAME, three, {}) == "Les 3 armées marchent vers Blébourg"
    plan = phrase("label.plan-confirm", n=2)
    assert say(ENGLISH, GAME, plan, {}) == "Confirm the plan (2 attacks)"
    assert say(FRENCH, GAME, plan, {}) == "Confirmer le plan (2 attaques)"


def test_a_terrain_group_is_named_in_the_readers_language() -> None:
    fly = phrase("label.deploy-fly-zone", zone=words.zone("black"))
    assert say(ENGLISH, GAME, fly, {}) == "Fly to a city or the Gnomlab…"
    assert say(FRENCH, GAME, fly, {}) == "Voler vers une ville ou le Gnomlab…"


def test_the_gnomflak_choice_says_its_cards_and_its_counted_prompt() -> None:
    # Random games seldom bring a Gnomflak against flying cards: this one is built.
    s = flak_choice()
    names = {p: f"<@{p}>" for p in range(s.player_count)}
    seen: list[str] = []
    for step in ("flak:gnomballoon#1", "flak:gnomcopter#1"):
        assert s.phase == FLAK
        labels, alike, prompts = check_choices(s, names)
        assert labels and not alike and prompts == 1
        seen += [a.phrase.msgid for a in offered(s, who(s, "P")) if a.phrase is not None]
        s, _ = play(s, "P", step)
    assert s.phase == FLAK
    check_choices(s, names)
    seen += [a.phrase.msgid for a in offered(s, who(s, "P")) if a.phrase is not None]
    assert {"label.flak-card", "label.flak-shoot", "label.flak-auto", "label.undo-choice"} <= set(seen)
    prompt = registry.get(GAME).pending(s)[0].phrase
    assert prompt is not None and prompt.n == 2
    assert say(FRENCH, GAME, prompt, names) == (
        "Ta Gnomflak peut abattre 2 cartes volantes des défenseurs : choisis lesquelles.")
