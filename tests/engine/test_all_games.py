"""Properties every registered game must keep, whatever its rules.

Random full games for every player count: they end, replay exactly from the seed,
round-trip through dump/load, never mutate their input, keep their invariants,
offer small menus with short ids, and always accept their own timeout default.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import registry
from engine.ai import RandomPlayer
from engine.core import MAX_ID_LEN, MAX_LABEL_LEN, Game, IllegalAction, replay
from tests.engine.draft_clear import timeout_ready

GAME_COUNTS = [
    (name, players)
    for name in registry.names()
    for players in range(registry.get(name).player_range[0], registry.get(name).player_range[1] + 1)
]
MAX_MOVES = 20_000
MENU_LIMIT = 25


def _dumped(game: Game[Any], state: Any) -> str:
    return json.dumps(game.dump(state), sort_keys=True)


def _play(game: Game[Any], players: int, seed: int) -> tuple[Any, list[tuple[int, str]]]:
    state = game.new_game(players, seed, {})
    bots = [RandomPlayer(seed * 31 + p) for p in range(players)]
    moves: list[tuple[int, str]] = []
    while game.pending(state) and len(moves) < MAX_MOVES:
        decision = game.pending(state)[len(moves) % len(game.pending(state))]
        legal = game.legal_actions(state, decision.player)
        assert legal, f"pending player {decision.player} has no legal action"
        # Every step fits one Discord select menu, draft controls included.
        assert len(legal) <= MENU_LIMIT, f"{len(legal)} choices in one step: {[a.id for a in legal][:30]}"
        assert all(len(a.id) <= MAX_ID_LEN and len(a.label) <= MAX_LABEL_LEN for a in legal)
        assert timeout_ready(game, state, decision.player, legal)
        before = _dumped(game, state)
        action = bots[decision.player].choose(game, state, decision.player)
        new_state, events = game.apply(state, decision.player, action)
        assert _dumped(game, state) == before, "apply mutated its input"
        assert game.load(json.loads(_dumped(game, new_state))) == new_state
        assert game.check_invariants(new_state) == []
        for event in events:
            json.dumps(event.to_json())
        moves.append((decision.player, action.id))
        state = new_state
    return state, moves


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_random_full_game_ends_and_replays(name: str, players: int) -> None:
    game = registry.get(name)
    state, moves = _play(game, players, seed=1000 + players)
    outcome = game.outcome(state)
    assert outcome is not None, f"{name} did not finish in {MAX_MOVES} moves"
    assert game.pending(state) == []
    assert sorted(p for group in outcome.ranking for p in group) == list(range(players))
    again, _ = replay(game, players, 1000 + players, {}, moves)
    assert _dumped(game, again) == _dumped(game, state)
    public = game.view(state, None)
    json.dumps(public)
    # The keys the front end reads without knowing the game.
    assert {"game", "players", "round", "pending", "factions"} <= set(public)
    assert sorted(int(p) for p in public["factions"]) == list(range(players))
    assert all(isinstance(name, str) and name for name in public["factions"].values())


@pytest.mark.parametrize("name", registry.names())
@settings(max_examples=5)
@given(seed=st.integers(min_value=0, max_value=2**62))
def test_any_seed_gives_a_valid_start(name: str, seed: int) -> None:
    game = registry.get(name)
    low, high = game.player_range
    for players in (low, high):
        state = game.new_game(players, seed, {})
        assert game.pending(state), "a new game waits for someone"
        assert game.check_invariants(state) == []
        assert game.load(json.loads(_dumped(game, state))) == state
        assert "schema" in game.dump(state)


@pytest.mark.parametrize("name", registry.names())
def test_bad_player_counts_and_options_are_refused(name: str) -> None:
    game = registry.get(name)
    low, high = game.player_range
    for players in (low - 1, high + 1):
        with pytest.raises(IllegalAction):
            game.new_game(players, 1, {})
    with pytest.raises(IllegalAction) as err:
        game.new_game(low, 1, {"no_such_option": 1})
    assert err.value.message


@pytest.mark.parametrize("name", registry.names())
def test_non_pending_player_is_refused_without_change(name: str) -> None:
    game = registry.get(name)
    state = game.new_game(game.player_range[1], 3, {})
    pending = {d.player for d in game.pending(state)}
    idle = [p for p in range(game.player_range[1]) if p not in pending]
    if not idle:
        # Everyone decides at once at the start: step until someone is idle.
        bot = RandomPlayer(9)
        while not idle and game.pending(state):
            d = game.pending(state)[0]
            state, _ = game.apply(state, d.player, bot.choose(game, state, d.player))
            pending = {x.player for x in game.pending(state)}
            idle = [p for p in range(game.player_range[1]) if p not in pending]
    assert idle
    before = _dumped(game, state)
    any_pending = game.pending(state)[0].player
    action = game.legal_actions(state, any_pending)[0]
    with pytest.raises(IllegalAction) as err:
        game.apply(state, idle[0], action)
    assert err.value.code and err.value.message
    assert game.legal_actions(state, idle[0]) == []
    assert _dumped(game, state) == before
