"""The wording contract, for every registered game and player count, along random games.

Nothing a player reads carries an engine identifier (narration, private descriptions, labels, prompts,
final reports); a multi-pick offers valid ids and its one action equals the game's default when the
suggestion is taken; auto steps are private single choices, never a pass, end or confirmation;
shortcuts are accepted; the final report ranks everybody as the outcome does.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine import registry
from engine.core import CONFIRM_ID, UNDO_ID, Game, fill_names, mentioned_players
from engine.core.picks import MAX_PICK_OPTIONS
from tests.engine.wording import NAMES, identifier_problems, play_out

# Every game at every player count; four players and more are opt-in (GNOMEHOST_SLOW=1): those games take
# most of the time and their words are the ones the smaller counts already check.
GAME_COUNTS = [
    pytest.param(name, players, marks=[pytest.mark.slow] if players >= 4 else [])
    for name in registry.names()
    for players in range(registry.get(name).player_range[0], registry.get(name).player_range[1] + 1)
]
NEVER_AUTO = {"pass", "end", "idle", "keepdefault", "auto", "takemax", CONFIRM_ID, UNDO_ID}
SEEDS = (3, 8)


# Zero-value words: "+0", "0 VP (...)", "(0)", "Add a 0 GG bill". A part worth nothing is left out or said in words.
ZERO_VALUE = re.compile(r"[:(]\s*[+-]?0 VP\b|\+0\b|\(0\)|\bAdd an? 0 GG\b")


def _dump(game: Game[Any], state: Any) -> str:
    return json.dumps(game.dump(state), sort_keys=True)


def _check_state(game: Game[Any], state: Any, players: int, problems: list[str]) -> None:
    for p in range(players):
        for line in game.describe_private(state, p):
            problems += identifier_problems(line)
        legal = game.legal_actions(state, p)
        for action in legal:
            problems += identifier_problems(action.label)
            problems += [f"zero value in {action.label!r}"] if ZERO_VALUE.search(action.label) else []
        for action in game.shortcuts(state, p):
            problems += identifier_problems(action.label)
            assert game.parse_action(state, p, action.id) == action
            game.apply(state, p, action)  # accepted whole
        step = game.auto_step(state, p)
        if step is not None:
            assert step.id not in NEVER_AUTO
            assert step in legal, "an auto step is one of the offered choices"
            _, events = game.apply(state, p, step)
            assert not any(e.public for e in events), "an auto step is a private draft step"
        pick = game.multi_pick(state, p)
        if pick is not None:
            ids = pick.option_ids()
            assert len(set(ids)) == len(ids) <= MAX_PICK_OPTIONS
            assert set(pick.suggested) <= set(ids) and pick.min <= len(pick.suggested) <= pick.max
            problems += identifier_problems(pick.prompt)
            for option in pick.options:
                problems += identifier_problems(option.label)
            action = game.pick_action(state, p, pick.suggested)
            assert game.parse_action(state, p, action.id) == action
            by_pick, _ = game.apply(state, p, action)
            by_default, _ = game.apply(state, p, game.timeout_action(state, p))
            assert _dump(game, by_pick) == _dump(game, by_default), "the suggested pick is the default choice"
    for decision in game.pending(state):
        problems += identifier_problems(decision.prompt)


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_player_facing_text_carries_no_identifier(name: str, players: int) -> None:
    game = registry.get(name)
    problems: list[str] = []
    for seed in SEEDS:
        state = None
        for state, events in play_out(game, players, seed):
            for event in events:
                problems += identifier_problems(event.text)
                problems += [f"zero value in {event.text!r}"] if ZERO_VALUE.search(event.text) else []
                assert all(0 <= p < players for p in mentioned_players(event.text))
            _check_state(game, state, players, problems)
            assert (game.final_report(state) is None) == (game.outcome(state) is None)
        assert state is not None and game.outcome(state) is not None, "the random game ended"
        report = game.final_report(state)
        assert report is not None
        outcome = game.outcome(state)
        assert outcome is not None
        assert [r.player for r in report.players] == [p for group in outcome.ranking for p in group]
        for r in report.players:
            assert r.faction == game.player_name(state, r.player) != ""
        for player, factions in game.factions(state).items():
            # Stats name factions as the table does: each one's name is part of its player's side in words.
            for faction in factions:
                name = game.faction_name(faction)
                assert name in game.player_name(state, player), (faction, name)
            assert r.score == outcome.scores[r.player] and r.breakdown
            # No zero-value part in a score's breakdown ("Artefacts: 0 × 3 = 0 GP", "0 objectives completed (0)").
            assert not [line for line in r.breakdown if re.search(r"(?<![\d,.])0 ×|\(0\)", line)], r.breakdown
        for text in [report.reason, *report.secrets, *(line for r in report.players for line in r.breakdown)]:
            problems += identifier_problems(text)
        first = game.rematch_first_player(state)
        assert first is None or 0 <= first < players
    assert not problems, problems[:20]


@pytest.mark.parametrize("name", registry.names())
def test_setup_names_every_player_by_placeholder(name: str) -> None:
    game = registry.get(name)
    lo, hi = game.player_range
    for players in (lo, hi):
        state = game.new_game(players, 11, {})
        events = game.setup_events(state)
        texts = [e.render(NAMES) for e in events]
        assert not [p for t in texts for p in identifier_problems(t)]
        assert all("{p" not in t for t in texts), "render fills every placeholder"
        named = {p for e in events for p in mentioned_players(e.text)}
        assert named and named <= set(range(players))


def test_fill_names_replaces_placeholders_and_names_unknown_players_plainly() -> None:
    text = "{p0} plays Dingleson; {p3} plays McDingle."
    assert fill_names(text, {0: "@ann"}) == "@ann plays Dingleson; a player plays McDingle."
    assert mentioned_players(text) == [0, 3]


def test_identifier_check_catches_the_audited_lines() -> None:
    """The audit's examples are all caught, so a clean run means something."""
    for bad in ("draft: kind: move", "cards: black_1", "keep: c-bri-21-war_cry", "is offered: green_1, n07",
                "player 2 plays Dingleson", "Seat 1 shuffles their deck", "stunned brigands_goblin",
                "**Game over** (round_limit)."):
        assert identifier_problems(bad), bad
    assert identifier_problems("O'Dingle loses 2 gnomes; Grand Gnome Isle → Acorn Grove.") == []
