"""Vendetta's private panel as catalog phrases: every situation line, the 'pick k of n' menu and the refusals a
player meets, said in English, are the engine's own words; in French, mostly French."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.vendetta import GAME
from engine.vendetta.state import VendettaState
from i18n import ENGLISH, Locale
from present.phrases import say

FRENCH = Locale("fr")
DOMAIN = "vendetta"
CONFIGS = [
    (2, {"clans_per_player": 2}, 1),
    (2, {"clans_per_player": 3}, 2),
    (3, {}, 3),
    (4, {}, 4),
    (5, {}, 5),
    (6, {}, 6),
]
MAX_STEPS = 1500


def names_of(state: VendettaState) -> dict[int, str]:
    """Each seat named by its clans, as the panel names them."""
    return {p: GAME.player_name(state, p) for p in range(state.players)}


def check_panel(state: VendettaState, player: int, names: dict[int, str]) -> tuple[int, int]:
    """The panel of `player` line for line: English is the line, French is checked by the caller; (lines, alike)."""
    lines = GAME.describe_private(state, player)
    said = GAME.describe_said(state, player)
    assert len(said) == len(lines), (lines, said)
    alike = 0
    for line, words in zip(lines, said, strict=True):
        assert say(ENGLISH, DOMAIN, words, names) == line, words
        alike += say(FRENCH, DOMAIN, words, names) == line
    return len(lines), alike


def check_menu(state: VendettaState, player: int, names: dict[int, str]) -> int:
    """The 'pick k of n' menu of `player`, when offered: its prompt and options said as they read; how many."""
    menu = GAME.multi_pick(state, player)
    if menu is None:
        return 0
    assert menu.prompt_phrase is not None, menu.prompt
    assert say(ENGLISH, DOMAIN, menu.prompt_phrase, names) == menu.prompt
    assert say(FRENCH, DOMAIN, menu.prompt_phrase, names) != menu.prompt
    for option in menu.options:
        assert option.phrase is not None, option.label
        assert say(ENGLISH, DOMAIN, option.phrase, names) == option.label
    return 1


@pytest.mark.parametrize(("players", "options", "seed"), CONFIGS)
def test_panel_lines_are_phrases(players: int, options: dict[str, int], seed: int) -> None:
    """Random whole games: at every step each pending player's panel and menu read the same in English through
    phrases."""
    rng = random.Random(seed)
    state = GAME.new_game(players, seed, dict(options))
    names = names_of(state)
    total = alike = menus = 0
    for _ in range(MAX_STEPS):
        pending = GAME.pending(state)
        if not pending:
            break
        for decision in pending:
            lines, same = check_panel(state, decision.player, names)
            total, alike = total + lines, alike + same
            menus += check_menu(state, decision.player, names)
        player = rng.choice(pending).player
        action = rng.choice(GAME.legal_actions(state, player))
        state, _events = GAME.apply(state, player, action)
    assert total > 0 and menus > 0
    # Names (a card, a place) may read alike; whole lines seldom do.
    assert alike * 4 < total, (alike, total)


def refused(state: VendettaState, player: int, action_id: str) -> IllegalAction:
    """The refusal of `action_id` by `player`, which must come with its phrase."""
    action = next((a for a in GAME.legal_actions(state, player) if a.id == action_id), None)
    with pytest.raises(IllegalAction) as caught:
        if action is None:
            from engine.core.actions import Action
            action = Action(action_id, action_id)
        GAME.apply(state, player, action)
    assert caught.value.phrase is not None, caught.value.message
    return caught.value
