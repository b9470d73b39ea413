"""Vendetta's private panel as catalog phrases: every situation line, the 'pick k of n' menu and the refusals a
player meets, said in English, are the engine's own words; in French, mostly French."""

from __future__ import annotations

import random

import pytest

from engine.core.actions import Action
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


def check_refusal(error: IllegalAction, names: dict[int, str]) -> None:
    """A refusal carries its phrase, said in English as its message and otherwise in French."""
    assert error.phrase is not None, error.message
    assert say(ENGLISH, DOMAIN, error.phrase, names) == error.message
    assert say(FRENCH, DOMAIN, error.phrase, names) != error.message


def refused(state: VendettaState, player: int, action_id: str) -> IllegalAction:
    """The refusal of `action_id` by `player`."""
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state, player, Action(action_id))
    return caught.value


def test_refusals_are_phrases() -> None:
    """Refusals met on purpose, in the objective choice and in the movement, read in both languages."""
    state = GAME.new_game(3, 7, {})
    names = names_of(state)
    mine = next(c for c in state.seats if state.owner[c] == 0)
    cards = ",".join(state.offered[mine][: state.objectives_kept])
    check_refusal(refused(state, 1, f"choose:{mine}:{cards}"), names)
    check_refusal(refused(state, 0, "undo"), names)
    for ids in (["no-such-card"], list(state.offered[mine][:1])):
        with pytest.raises(IllegalAction) as caught:
            GAME.pick_action(state, 0, ids)
        check_refusal(caught.value, names)
    for player in range(state.players):
        menu = GAME.multi_pick(state, player)
        assert menu is not None
        state, _events = GAME.apply(state, player, GAME.pick_action(state, player, menu.suggested))
    waiting = [p for p in range(state.players) if p not in {d.player for d in GAME.pending(state)}]
    check_refusal(refused(state, waiting[0], "pass"), names)
    mover = GAME.pending(state)[0].player
    check_refusal(refused(state, mover, "confirm"), names)
    check_refusal(refused(state, mover, "undo"), names)
