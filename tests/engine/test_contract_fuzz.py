"""Every registered game accepts exactly what it offers, and refuses anything else cleanly.

Two properties, for every game in engine.registry and every player count:

* junk in: arbitrary unicode ids, unicode digits, very long strings and mutations of legal ids
  given to `parse_action` or `apply` either raise the engine's IllegalAction and leave the state
  unchanged, or the id was one of the offered legal ids (or a whole typed order the game
  documents, `Game.is_typed_order`);
* exact offer: at states reached by random legal play, `apply` accepts a candidate id for a
  player iff `legal_actions` offers it to that player (typed orders aside).

Default runs stay short; GNOMEHOST_SLOW=1 samples many more states and examples.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from engine.core import MAX_ID_LEN, Action, Game, IllegalAction, Rng
from engine.core.phases import PhasedGame

SLOW = bool(os.environ.get("GNOMEHOST_SLOW"))
# States kept per (game, player count), and hypothesis examples per game.
STATES_PER_TABLE = 40 if SLOW else 12
FUZZ_EXAMPLES = 2000 if SLOW else 250
WALKS_PER_TABLE = 3 if SLOW else 2
MAX_WALK = 5000

TABLES = [
    (name, players)
    for name in registry.names()
    for players in range(registry.get(name).player_range[0], registry.get(name).player_range[1] + 1)
]

# Characters that look like digits to str.isdigit()/int() but are not ASCII: superscripts,
# circled numbers, Arabic-Indic, Devanagari, fullwidth and mathematical digits.
UNICODE_DIGITS = "²³¹①⑤⑳٣١۷५０９𝟙𝟠"
ODD_CHARS = UNICODE_DIGITS + " \t\n:,>*-_.+0123456789aZé\u200b\u0301\x00🙂"


@dataclass(frozen=True)
class Sample:
    """One reachable state of a table, with what each player is offered there."""

    state: Any = field(repr=False)
    offered: tuple[frozenset[str], ...]


@dataclass(frozen=True)
class Table:
    """Sampled states of one game at one player count, and every id offered along the walks."""

    game: Game[Any]
    players: int
    samples: tuple[Sample, ...]
    seen_ids: tuple[str, ...]
    tokens: tuple[str, ...]


def _dumped(game: Game[Any], state: Any) -> str:
    return json.dumps(game.dump(state), sort_keys=True)


def _signature(offered: tuple[frozenset[str], ...]) -> frozenset[str]:
    # The kinds of menu on show (id heads): sampling one state per kind reaches every draft step.
    return frozenset(i.split(":", 1)[0] for ids in offered for i in ids)


def _walk(game: Game[Any], players: int, seed: int, rng: Rng) -> Iterator[Sample]:
    state = game.new_game(players, seed, {})
    for _ in range(MAX_WALK):
        pending = game.pending(state)
        if not pending:
            return
        offered = tuple(frozenset(a.id for a in game.legal_actions(state, p)) for p in range(players))
        yield Sample(state, offered)
        player = rng.choice(pending).player
        state, _ = game.apply(state, player, rng.choice(game.legal_actions(state, player)))


@cache
def table(name: str, players: int) -> Table:
    """Random legal play from setup (seeded): one state per menu kind, then random others."""
    game = registry.get(name)
    rng = Rng.from_seed(players * 7919 + len(name))
    by_kind: dict[frozenset[str], Sample] = {}
    others: list[Sample] = []
    seen: set[str] = set()
    for walk in range(WALKS_PER_TABLE):
        for index, sample in enumerate(_walk(game, players, 100 + walk, rng)):
            for ids in sample.offered:
                seen |= ids
            kind = _signature(sample.offered)
            if kind not in by_kind or rng.randbelow(4) == 0:
                by_kind[kind] = sample
            elif len(others) < STATES_PER_TABLE:
                others.append(sample)
            elif rng.randbelow(index + 1) < STATES_PER_TABLE:
                others[rng.randbelow(STATES_PER_TABLE)] = sample
    kinds = list(by_kind.values())
    rng.shuffle(kinds)
    samples = tuple(kinds[: 2 * STATES_PER_TABLE] + others[:STATES_PER_TABLE])
    tokens = sorted({part for i in seen for part in i.split(":")} - {""})
    return Table(game, players, samples, tuple(sorted(seen)), tuple(tokens))


def mutations(action_id: str, tokens: tuple[str, ...], rng: Rng) -> set[str]:
    """Near misses of a legal id: a segment added, dropped or swapped, a character added or
    changed, ASCII digits turned into unicode digits, leading zeros, blanks, doubled separators."""
    parts = action_id.split(":")
    out = {
        action_id + rng.choice(ODD_CHARS),
        rng.choice(ODD_CHARS) + action_id,
        action_id + ":" + rng.choice(tokens),
        action_id + ":all",
        action_id + ",",
        action_id + " ",
        action_id.upper(),
        ":".join(parts[:-1]),
        action_id.replace(":", "::", 1),
        action_id.replace(":", ": ", 1),
    }
    if len(parts) > 1:
        swapped = list(parts)
        swapped[rng.randbelow(len(parts) - 1) + 1] = rng.choice(tokens)
        out.add(":".join(swapped))
    position = rng.randbelow(len(action_id))
    out.add(action_id[:position] + rng.choice(ODD_CHARS) + action_id[position + 1:])
    digits = [i for i, ch in enumerate(action_id) if ch.isascii() and ch.isdigit()]
    if digits:
        i = rng.choice(digits)
        for ch in ("²", "①", "٣", "０", "𝟙", rng.choice(UNICODE_DIGITS)):
            out.add(action_id[:i] + ch + action_id[i + 1:])
        out.add(action_id[:i] + "0" + action_id[i:])
        out.add(action_id[:i] + "9" * 30 + action_id[i + 1:])
    return {m for m in out if m}


def _accepts(game: Game[Any], state: Any, player: int, action_id: str) -> bool:
    """Whether apply takes the id; any other exception than IllegalAction fails the test.

    The caller compares dumps around it: one dump per candidate would cost most of the run.
    """
    try:
        new_state, _events = game.apply(state, player, Action(action_id))
    except IllegalAction as exc:
        assert exc.code.startswith("E_") and exc.message, repr(exc)
        return False
    assert game.check_invariants(new_state) == [], action_id
    return True


def _kept_for_replay(game: Any, state: Any, player: int) -> set[str]:
    """The ids a built draft leaves out of the menu (they would drop it) but the phase still accepts (R-T46)."""
    rules = game.rules(state) if isinstance(game, PhasedGame) else None
    if rules is None or rules.discards is None:
        return set()
    return {a.id for a in rules.legal(state, player) if rules.discards(state, player, a)}


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_apply_accepts_exactly_the_offered_ids(name: str, players: int) -> None:
    t = table(name, players)
    game = t.game
    rng = Rng.from_seed(players)
    for sample in t.samples:
        here = sorted(set().union(*sample.offered))
        pool = set(here)
        pool.update(rng.choice(t.seen_ids) for _ in range(30))
        for action_id in here:
            pool |= mutations(action_id, t.tokens, rng)
        pool = {i for i in pool if len(i) <= MAX_ID_LEN}
        before = _dumped(game, sample.state)
        for player in range(players):
            offered = sample.offered[player]
            for action_id in sorted(pool):
                accepted = _accepts(game, sample.state, player, action_id)
                if action_id in offered:
                    assert accepted, f"{name}: offered {action_id!r} refused for player {player}"
                elif not game.is_typed_order(action_id) and action_id not in _kept_for_replay(game, sample.state,
                                                                                                 player):
                    assert not accepted, f"{name}: {action_id!r} accepted for player {player} but not offered"
        assert _dumped(game, sample.state) == before, "apply changed its input"


def _candidate(data: st.DataObject, t: Table, sample: Sample) -> str:
    here = sorted(set().union(*sample.offered)) or list(t.seen_ids)
    kind = data.draw(st.sampled_from(["text", "digits", "long", "mutated", "spliced"]))
    if kind == "text":
        return data.draw(st.text(min_size=0, max_size=40))
    if kind == "digits":
        # Ids that carry a number first: their digits are the ones a parser turns into an int.
        numbered = [i for i in here if any(ch in "0123456789" for ch in i)] or here
        base = data.draw(st.sampled_from(numbered))
        digits = data.draw(st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=6))
        at = max((i for i, ch in enumerate(base) if ch in "0123456789"), default=len(base) - 1)
        return base[:at] + digits + base[at + 1:]
    if kind == "long":
        return data.draw(st.sampled_from(here)) + data.draw(st.text(min_size=MAX_ID_LEN, max_size=400))
    base = data.draw(st.sampled_from(here))
    if kind == "spliced":
        at = data.draw(st.integers(0, len(base)))
        return base[:at] + data.draw(st.text(min_size=1, max_size=5)) + base[at:]
    near = sorted(mutations(base, t.tokens, Rng.from_seed(data.draw(st.integers(0, 2**32)))))
    return near[data.draw(st.integers(0, len(near) - 1))]


@pytest.mark.parametrize("name", registry.names())
@settings(max_examples=FUZZ_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_junk_ids_are_refused_cleanly_or_were_offered(name: str, data: st.DataObject) -> None:
    low, high = registry.get(name).player_range
    t = table(name, data.draw(st.integers(low, high), label="players"))
    game = t.game
    sample = data.draw(st.sampled_from(t.samples), label="state")
    player = data.draw(st.integers(-1, t.players), label="player")
    action_id = _candidate(data, t, sample)
    offered = sample.offered[player] if 0 <= player < t.players else frozenset()
    allowed = action_id in offered or game.is_typed_order(action_id)
    before = _dumped(game, sample.state)
    try:
        parsed = game.parse_action(sample.state, player, action_id)
    except IllegalAction as exc:
        assert exc.code.startswith("E_") and exc.message
    else:
        assert parsed.id == action_id and allowed, f"parse_action took {action_id!r}"
    assert _dumped(game, sample.state) == before
    if not 0 < len(action_id) <= MAX_ID_LEN:
        return  # an Action cannot carry it: only parse_action ever sees such text
    accepted = _accepts(game, sample.state, player, action_id)
    assert allowed or not accepted, f"apply took {action_id!r} for player {player}"
    assert _dumped(game, sample.state) == before
