"""Hypothesis property tests: random full games for 2-4 players and every variant."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.associates import GAME
from engine.associates import game as game_module
from engine.associates.cards import card_name, is_card_id
from engine.associates.state import State
from engine.core import Action, Rng, public_event, replay
from engine.core.actions import MAX_ID_LEN, MAX_LABEL_LEN
from tests.engine.draft_clear import timeout_ready

# Low weights for the "do nothing" choices so random games actually fight, steal and craft.
LOW = {"end": 0.03, "idle": 0.02, "undo": 0.05, "pass": 0.3, "keepdefault": 0.3, "takemax": 0.3}


def _card_names(obj: Any) -> set[str]:
    """Names of every card shown in a view (card dicts carry "id" and "name")."""
    out: set[str] = set()
    if isinstance(obj, dict):
        if is_card_id(str(obj.get("id", ""))) and "name" in obj:
            out.add(str(obj["name"]))
        for v in obj.values():
            out |= _card_names(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            out |= _card_names(v)
    return out


def _secret_cards(state: State, p: int) -> set[str]:
    """Card ids only seat p may know: hand and the cards chosen so far in the keep-5 choice."""
    pl = state.players[p]
    secret = set(pl.hand)
    if pl.keep:
        secret |= set(pl.keep.kept)
    return secret


def _has_draft_secret(state: State, p: int) -> bool:
    """Whether seat p has an unconfirmed choice: activation draft, window or theft picks, keep-5 choice."""
    active, res, keep = state.active, state.res, state.players[p].keep
    if active is not None and active.player == p and state.draft is not None:
        return True
    if res is not None and res.picks and (res.asked == p or (res.stage == "choose" and res.player == p)):
        return True
    return bool(keep and keep.kept)


def _scrub(state: State, owners: set[int]) -> State:
    """A copy of the state where the unconfirmed choices of `owners` are wiped (drafts, picks, keep)."""
    s = GAME.clone(state)
    for p in owners:
        if s.active is not None and s.active.player == p:
            s.draft = None
        res = s.res
        if res is not None and (res.asked == p or (res.stage == "choose" and res.player == p)):
            res.picks = []
        keep = s.players[p].keep
        if keep:
            keep.kept = []
    return s


def check_secrets(s: State, s2: State, events: list[Any], n: int) -> None:
    """No view but the owner's shows a player's cards or unconfirmed choices; public narration names no hidden card.

    Every view of `s2` by another seat or a spectator must equal the view of the same state with the
    owner's drafts, window picks and keep-5 choice wiped, and must not contain the owner's card ids.
    The text of every public event must name no card that is only in some hand (not public anywhere).
    """
    secrets = {p: _secret_cards(s2, p) for p in range(n)}
    drafting = {p for p in range(n) if _has_draft_secret(s2, p)}
    public = GAME.view(s2, None)
    for viewer in [None, *range(n)]:
        view = public if viewer is None else GAME.view(s2, viewer)
        others = drafting - {viewer}
        if others:
            assert view == GAME.view(_scrub(s2, others), viewer), ("draft leak", sorted(others), viewer)
        # a player's view repeats most of the public one: search the public view once, then what differs
        shown = view if viewer is None else {k: v for k, v in view.items() if k not in public or v != public[k]}
        text = json.dumps(shown)
        for owner in range(n):
            if owner != viewer:
                leaked = [c for c in secrets[owner] if c in text]
                assert not leaked, (owner, viewer, leaked)
    said = [e.text + " " + json.dumps(e.data) for e in events if e.public]
    if not said:
        return
    in_hands = set().union(*(set(s2.players[p].hand) for p in range(n)))
    for line in said:
        assert not [c for c in in_hands if c in line], line
    names = {card_name(c) for c in in_hands}
    named = {m for m in names for line in said if re.search(rf"\b{re.escape(m)}\b", line)}
    if named:  # only then look up which names are public (played, in play, discarded) before or after
        public_names = _card_names(GAME.view(s2, None)) | _card_names(GAME.view(s, None))
        assert not named - public_names, (said, named - public_names)


def pick(rng: Rng, legal: list[Any]) -> Any:
    """A weighted random choice: the "do nothing" ids are rare."""
    weights = [LOW.get(a.id.split(":")[0], 1.0) for a in legal]
    r = rng.randbelow(10**6) / 10**6 * sum(weights)
    acc = 0.0
    for a, w in zip(legal, weights, strict=True):
        acc += w
        if r < acc:
            return a
    return legal[-1]


def play(n: int, seed: int, options: dict) -> tuple[State, list[tuple[int, str]]]:
    """Play one random game, checking every per-move property; returns the final state and the moves.

    Any pending player may act next (simultaneous keep-5 choices interleave), and the hidden
    information checks run after every step.
    """
    s = GAME.new_game(n, seed, options)
    rng = Rng.from_seed(seed + 1)
    moves: list[tuple[int, str]] = []
    steps = 0
    while GAME.pending(s):
        assert steps < 20000, "game did not finish"
        pending = GAME.pending(s)
        p = rng.choice(pending).player
        legal = GAME.legal_actions(s, p)
        assert legal and len(legal) <= 25, [a.id for a in legal]
        assert all(len(a.id) <= MAX_ID_LEN and len(a.label) <= MAX_LABEL_LEN for a in legal)
        assert timeout_ready(GAME, s, p, legal)
        action = pick(rng, legal)
        before = json.dumps(GAME.dump(s), sort_keys=True)
        s2, events = GAME.apply(s, p, action)
        assert json.dumps(GAME.dump(s), sort_keys=True) == before, "apply mutated its input"
        assert GAME.load(json.loads(json.dumps(GAME.dump(s2)))) == s2
        assert GAME.check_invariants(s2) == []
        for q in range(n):
            if q != p:
                assert GAME.legal_actions(s2, q) == [] or GAME.is_pending(s2, q)
        check_secrets(s, s2, events, n)
        moves.append((p, action.id))
        s = s2
        steps += 1
    assert GAME.outcome(s) is not None
    return s, moves


def _in_activation_draft() -> tuple[State, State]:
    """A 2-player state before and after the first seat opens a movement draft and picks a zone."""
    s = GAME.new_game(2, 3, {"first_player": 0})
    s, _ = GAME.apply(s, 0, Action("guild:thieves"))
    s, _ = GAME.apply(s, 1, Action("guild:artisans"))
    while GAME.pending(s)[0].kind != "turn" or s.phase != "activation":
        p = GAME.pending(s)[0].player
        s, _ = GAME.apply(s, p, GAME.timeout_action(s, p))
    p = GAME.pending(s)[0].player
    s, _ = GAME.apply(s, p, GAME.legal_actions(s, p)[0])
    s, _ = GAME.apply(s, p, Action("move"))
    before = s
    step = next(a for a in GAME.legal_actions(s, p) if a.id.startswith("to:"))
    s, _ = GAME.apply(s, p, step)
    return before, s


def test_secret_checker_catches_a_leaked_draft(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checker is not vacuous: a public view that shows the activation draft fails it."""
    before, s = _in_activation_draft()
    assert s.draft and s.draft.steps
    check_secrets(before, s, [], 2)  # the real views keep the draft private
    real = vars(game_module)["public_view"]  # the name game.py calls, patched below
    monkeypatch.setattr(game_module, "public_view", lambda st, pend: {**real(st, pend), "leak": st.draft})
    with pytest.raises(AssertionError, match="draft leak"):
        check_secrets(before, s, [], 2)


def test_secret_checker_catches_a_named_hand_card() -> None:
    """A public event naming a card that sits only in a hand fails the checker."""
    before, s = _in_activation_draft()
    hidden = next(c for c in s.players[1].hand
                  if card_name(c) not in {card_name(x) for x in s.played + s.players[0].discard
                                          + s.players[1].discard})
    with pytest.raises(AssertionError):
        check_secrets(before, s, [public_event(f"Seat 1 holds {card_name(hidden)}.")], 2)


def test_interleaved_keep_choices_are_played() -> None:
    """The driver really lets every pending player act: some keep-5 phase sees a non-first player act first."""
    seen_other = False
    for seed in range(40):
        s = GAME.new_game(3, seed, {"turn_cap": 10, "figurines": 4})
        rng = Rng.from_seed(seed + 1)
        while GAME.pending(s) and s.turn == 1:
            pending = GAME.pending(s)
            p = rng.choice(pending).player
            if len(pending) > 1 and p != pending[0].player:
                seen_other = True
                break
            s, _ = GAME.apply(s, p, pick(rng, GAME.legal_actions(s, p)))
        if seen_other:
            break
    assert seen_other


CONFIGS = [
    (2, {}), (3, {}), (4, {}),
    (2, {"mode": "simplified"}), (3, {"mode": "even_simpler"}), (4, {"figurines": 4}),
    (2, {"neutral_lair": "always", "mode": "simplified"}), (2, {"neutral_lair": "never"}),
]


# The two longest whole games run in slow runs only: the other configurations cover three and four players.
SLOW_CONFIGS = [(3, {}), (4, {"figurines": 4})]


@pytest.mark.parametrize(
    ("n", "variant"),
    [pytest.param(n, v, marks=pytest.mark.slow) if (n, v) in SLOW_CONFIGS else (n, v) for n, v in CONFIGS],
    ids=[f"{n}p-{v}" for n, v in CONFIGS],
)
# One example per configuration: every step checks every view, which costs most of the time.
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    outcome = GAME.outcome(s)
    assert outcome is not None and outcome.reason == "turn_cap"
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
        before = json.dumps(GAME.dump(s), sort_keys=True)
        for _ in range(2):
            cand = rng.choice(seen) + ("x" if rng.randbelow(2) else "")
            for who in range(n):
                try:
                    s2, _ = GAME.apply(s, who, Action(cand))
                    assert GAME.check_invariants(s2) == []
                except IllegalAction as exc:
                    assert exc.code.startswith("E_") and exc.message
            assert json.dumps(GAME.dump(s), sort_keys=True) == before
        s, _ = GAME.apply(s, p, rng.choice(legal))
        steps += 1
