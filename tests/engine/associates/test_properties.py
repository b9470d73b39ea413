"""Hypothesis property tests: random full games for 2-4 players and every variant."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.associates import GAME
from engine.core import Rng, replay
from engine.core.actions import MAX_ID_LEN, MAX_LABEL_LEN

# Low weights for the "do nothing" choices so random games actually fight, steal and craft.
LOW = {"end": 0.03, "idle": 0.02, "undo": 0.05, "pass": 0.3, "keepdefault": 0.3, "takemax": 0.3}


def _strings(obj: Any) -> set[str]:
    out: set[str] = set()
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out.add(str(k))
            out |= _strings(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            out |= _strings(v)
    return out


def _secrets(state: dict, p: int) -> set[str]:
    pl = state["players"][p]
    secret = set(pl["hand"])
    if pl["keep"]:
        secret |= set(pl["keep"]["kept"])
    return secret


def play(n: int, seed: int, options: dict, view_every: int = 7) -> tuple[dict, list[tuple[int, str]]]:
    """Play one random game, checking every per-move property; returns the final state and the moves."""
    s = GAME.new_game(n, seed, options)
    rng = Rng.from_seed(seed + 1)
    moves: list[tuple[int, str]] = []
    steps = 0
    while GAME.pending(s):
        assert steps < 20000, "game did not finish"
        p = GAME.pending(s)[0].player
        legal = GAME.legal_actions(s, p)
        assert legal and len(legal) <= 25, [a.id for a in legal]
        assert all(len(a.id) <= MAX_ID_LEN and len(a.label) <= MAX_LABEL_LEN for a in legal)
        assert GAME.timeout_action(s, p) in legal
        weights = [LOW.get(a.id.split(":")[0], 1.0) for a in legal]
        r = rng.randbelow(10**6) / 10**6 * sum(weights)
        acc = 0.0
        action = legal[-1]
        for a, w in zip(legal, weights, strict=True):
            acc += w
            if r < acc:
                action = a
                break
        before = json.dumps(GAME.dump(s), sort_keys=True)
        s2, _ = GAME.apply(s, p, action)
        assert json.dumps(GAME.dump(s), sort_keys=True) == before, "apply mutated its input"
        assert GAME.load(json.loads(json.dumps(GAME.dump(s2)))) == s2
        assert GAME.check_invariants(s2) == []
        for q in range(n):
            if q != p:
                assert GAME.legal_actions(s2, q) == [] or GAME.is_pending(s2, q)
        if steps % view_every == 0:
            for owner in range(n):
                secret = _secrets(s2, owner)
                for viewer in [None, *range(n)]:
                    if viewer != owner:
                        assert not (secret & _strings(GAME.view(s2, viewer))), (owner, viewer)
        moves.append((p, action.id))
        s = s2
        steps += 1
    assert GAME.outcome(s) is not None
    return s, moves


CONFIGS = [
    (2, {}), (3, {}), (4, {}),
    (2, {"mode": "simplified"}), (3, {"mode": "even_simpler"}), (4, {"figurines": 4}),
    (2, {"neutral_lair": "always", "mode": "simplified"}), (2, {"neutral_lair": "never"}),
]


@pytest.mark.parametrize(("n", "variant"), CONFIGS, ids=[f"{n}p-{v}" for n, v in CONFIGS])
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_random_games_finish_and_replay(n: int, variant: dict, seed: int) -> None:
    options = {"turn_cap": 10, **variant}
    final, moves = play(n, seed, options)
    out = GAME.outcome(final)
    assert out is not None and set(out.scores) == set(range(n))
    assert sorted(p for group in out.ranking for p in group) == list(range(n))
    again, _ = replay(GAME, n, seed, options, moves)
    assert GAME.dump(again) == GAME.dump(final)
    assert GAME.pending(final) == [] and GAME.legal_actions(final, 0) == []
    assert GAME.view(final, None)["outcome"]["reason"] in ("mission", "turn_cap")


@settings(max_examples=6, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_timeout_only_games_finish(n: int, seed: int) -> None:
    """A table where every decision times out still reaches the end (12.4 defaults always legal)."""
    s = GAME.new_game(n, seed, {"turn_cap": 10})
    steps = 0
    while GAME.pending(s):
        p = GAME.pending(s)[0].player
        s, _ = GAME.apply(s, p, GAME.timeout_action(s, p))
        steps += 1
        assert steps < 5000
    assert GAME.outcome(s).reason == "turn_cap"
    assert GAME.check_invariants(s) == []


JUNK = ["pass", "confirm", "undo", "end", "idle", "auto", "keepdefault", "takemax", "move", "transfer", "combat",
        "theft", "to:", "to:nowhere", "t:loose", "t:x:gold", "d:", "give:", "mode:x", "tgt:f:", "tgt:l:", "tgt:x:y",
        "steal:", "malin:", "r:", "keep:", "rfig:", "rzone:", "designate:", "guild:", "row:9", "row:x", "z:", "f:",
        "recipe:", "do:", "do:fly", "craft:", "play:", "play:c-art-01-sprint", "sprint:", "activate:", ":::", "x"]


@settings(max_examples=4, deadline=None)
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_junk_input_is_rejected_cleanly(n: int, seed: int) -> None:
    """Any id at any moment either applies or raises IllegalAction (E_*) leaving the state unchanged."""
    from engine.core import Action, IllegalAction

    s = GAME.new_game(n, seed, {"turn_cap": 10})
    rng = Rng.from_seed(seed)
    seen = list(JUNK)
    steps = 0
    while GAME.pending(s) and steps < 400:
        p = GAME.pending(s)[0].player
        legal = GAME.legal_actions(s, p)
        seen += [a.id for a in legal]
        before = json.dumps(s, sort_keys=True)
        for _ in range(2):
            cand = rng.choice(seen) + ("x" if rng.randbelow(2) else "")
            for who in range(n):
                try:
                    s2, _ = GAME.apply(s, who, Action(cand))
                    assert GAME.check_invariants(s2) == []
                except IllegalAction as exc:
                    assert exc.code.startswith("E_") and exc.message
            assert json.dumps(s, sort_keys=True) == before
        s, _ = GAME.apply(s, p, rng.choice(legal))
        steps += 1
