"""Random full games for every player count and scoring: the engine contract holds after every move."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.ai import make_player
from engine.core.actions import MAX_ID_LEN, MAX_LABEL_LEN
from engine.core.game import replay
from engine.core.rng import Rng
from engine.vendetta import GAME
from engine.vendetta import game as vendetta_game
from engine.vendetta.state import VendettaState
from engine.vendetta.view import public_view
from tests.engine.draft_clear import timeout_ready

CONFIGS = [
    (2, {"clans_per_player": 2}),
    (2, {"clans_per_player": 3}),
    (3, {}),
    (4, {}),
    (5, {}),
    (6, {}),
]
MAX_MENU = 25


def secrets_of(state: VendettaState, player: int) -> set[str]:
    """Quoted card ids that only `player` may see while the game goes on."""
    return {f'"{cid}"' for c in state.seats if state.owner[c] == player for cid in state.offered[c]}


def without_drafts(state: VendettaState, keep_player: int | None) -> VendettaState:
    """The same state with every unconfirmed draft wiped except those of `keep_player`'s clans."""
    kept = {c: d for c, d in state.drafts.items() if state.owner[c] == keep_player}
    return dataclasses.replace(state, drafts=kept)


def check_drafts_secret(state: VendettaState) -> set[str]:
    """Neither the public view nor another player's view depends on a player's unconfirmed draft.

    Objective, movement and combat drafts alike: each view must equal the view of the same state
    with every other player's drafts wiped. Returns the kinds of the drafts that were open.
    """
    if not state.drafts:
        return set()
    for viewer in [None, *range(state.players)]:
        if any(state.owner[c] != viewer for c in state.drafts):
            assert GAME.view(state, viewer) == GAME.view(without_drafts(state, viewer), viewer), (
                "draft leak", viewer, sorted(state.drafts))
    return {str(d.get("kind")) for d in state.drafts.values()}


def check_step(state: VendettaState, new: VendettaState, events: list, before: str) -> set[str]:
    """The contract and hidden-information checks after one move; returns the kinds of open drafts."""
    assert json.dumps(GAME.dump(state), sort_keys=True) == before, "apply mutated its input"
    assert GAME.check_invariants(new) == []
    finished = GAME.outcome(new) is not None
    secrets = {p: secrets_of(new, p) for p in range(new.players)}
    everything = set().union(*secrets.values())
    public_text = json.dumps(GAME.view(new, None))
    if not finished:
        assert not any(s in public_text for s in everything), "public view leaks a card"
        for p in range(new.players):
            view = GAME.view(new, p)
            assert view["me"]["player"] == p
            text = json.dumps(view)
            others = everything - secrets[p]
            assert not any(s in text for s in others), f"player {p}'s view leaks another player's card"
    assert "me" not in GAME.view(new, None)
    for event in events:
        text = json.dumps(event.to_json())
        if event.public and not (finished and event.kind == "reveal"):
            assert not any(s in text for s in everything), f"public event leaks a card: {event.text}"
        elif not event.public:
            owners = event.visible_to or frozenset()
            assert not any(s in text for p in range(new.players) if p not in owners for s in secrets[p])
    return check_drafts_secret(new)


def play_random_game(players: int, seed: int, options: dict[str, Any], deep: bool = True,
                     drafts_seen: set[str] | None = None, ai: str = "random") -> tuple[
        VendettaState, list[tuple[int, str]]]:
    """A full game of computer players of kind `ai` (engine.ai: random or busy); checks the contract
    after each move; returns the final state and the move list.

    The kinds of the drafts that were open at some point are added to `drafts_seen`.
    """
    state = GAME.new_game(players, seed, options)
    bots = [make_player(ai, seed * 31 + p) for p in range(players)]
    picker = Rng.from_seed(seed)
    moves: list[tuple[int, str]] = []
    for _ in range(20_000):
        pending = GAME.pending(state)
        if not pending:
            break
        player = pending[picker.randbelow(len(pending))].player
        legal = GAME.legal_actions(state, player)
        assert 1 <= len(legal) <= MAX_MENU
        assert len({a.id for a in legal}) == len(legal)
        assert all(len(a.id) <= MAX_ID_LEN and 0 < len(a.label) <= MAX_LABEL_LEN for a in legal)
        assert timeout_ready(GAME, state, player, legal)
        for other in range(players):
            if other not in {d.player for d in pending}:
                assert GAME.legal_actions(state, other) == []
        action = bots[player].choose(GAME, state, player)
        before = json.dumps(GAME.dump(state), sort_keys=True) if deep else ""
        new, events = GAME.apply(state, player, action)
        if deep:
            kinds = check_step(state, new, events, before)
            if drafts_seen is not None:
                drafts_seen |= kinds
        moves.append((player, action.id))
        state = new
    return state, moves


def check_finished(players: int, seed: int, options: dict[str, Any], state: VendettaState,
                   moves: list[tuple[int, str]]) -> None:
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.reason in ("objectives", "round_limit")
    assert sorted(p for group in outcome.ranking for p in group) == list(range(players))
    assert set(outcome.scores) == set(range(players))
    replayed, _ = replay(GAME, players, seed, options, moves)
    assert GAME.dump(replayed) == GAME.dump(state)
    assert GAME.load(json.loads(json.dumps(GAME.dump(state)))) == state
    public = GAME.view(state, None)
    assert public["phase"] == "finished" and public["outcome"] is not None
    assert all("chosen" in seat for seat in public["seats"])


@pytest.mark.parametrize("scoring", ["basic", "advanced"])
@pytest.mark.parametrize(("players", "extra"), CONFIGS, ids=["2x2", "2x3", "3", "4", "5", "6"])
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31), ai=st.sampled_from(["random", "busy"]))
def test_random_games_keep_the_contract(players: int, extra: dict[str, Any], scoring: str, seed: int,
                                        ai: str) -> None:
    options = {"scoring": scoring, "round_limit": 10, **extra}
    drafts_seen: set[str] = set()
    state, moves = play_random_game(players, seed, options, drafts_seen=drafts_seen, ai=ai)
    check_finished(players, seed, options, state, moves)
    assert "move" in drafts_seen  # the draft secrecy check really ran on movement drafts
    if players == 2:
        assert state.scoring == "advanced"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_full_length_random_game_finishes(players: int) -> None:
    state, moves = play_random_game(players, 1000 + players, {}, deep=False)
    check_finished(players, 1000 + players, {}, state, moves)
    assert GAME.check_invariants(state) == []
    assert state.round <= 30


def test_combat_drafts_are_checked_and_the_check_bites(monkeypatch: pytest.MonkeyPatch) -> None:
    """Busy players' games open combat drafts; a view that shows drafts to everyone fails the check."""
    kinds: set[str] = set()
    for seed in range(6):
        play_random_game(3, seed, {"round_limit": 10}, drafts_seen=kinds, ai="busy")
        if "combat" in kinds:
            break
    assert {"move", "combat"} <= kinds
    state = GAME.new_game(2, 4, {})
    while GAME.pending(state):
        player = GAME.pending(state)[0].player
        state, _ = GAME.apply(state, player, GAME.legal_actions(state, player)[0])
        if any(d.get("kind") == "move" for d in state.drafts.values()):
            break
    assert state.drafts
    check_drafts_secret(state)
    real = public_view
    monkeypatch.setattr(vendetta_game, "public_view", lambda st: {**real(st), "leak": st.drafts})
    with pytest.raises(AssertionError, match="draft leak"):
        check_drafts_secret(state)
