"""engine.core.state_tree: the clone/dump/load every game's state goes through (the state template)."""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import registry
from engine.core import state_tree


@dataclass
class Leaf:
    """A nested dataclass with an optional field."""

    count: int
    label: str | None = None


@dataclass
class Root:
    """A root with every kind of field the template allows."""

    number: int
    flag: bool
    ratio: float
    items: list[int]
    by_name: dict[str, Leaf]
    by_player: dict[int, list[str]]
    maybe: Leaf | None
    pair: tuple[int, int]
    free: Any = None
    setup: list[str] = field(default_factory=list, metadata=state_tree.SHARED)


def sample(**changes: Any) -> Root:
    base = Root(3, True, 0.5, [1, 2], {"a": Leaf(1, "x")}, {0: ["p"], 2: []}, None, (4, 5),
                {"k": [1, {"z": 2}]}, ["s1", "s2"])
    for name, value in changes.items():
        setattr(base, name, value)
    return base


def test_clone_is_deep_except_shared_fields() -> None:
    root = sample()
    copy = state_tree.clone(root)
    assert copy == root
    copy.items.append(9)
    copy.by_name["a"].count = 7
    copy.by_player[0].append("q")
    copy.free["k"][1]["z"] = 3
    assert root.items == [1, 2] and root.by_name["a"].count == 1 and root.by_player[0] == ["p"]
    assert root.free == {"k": [1, {"z": 2}]}
    assert copy.setup is root.setup  # SHARED: never copied, only ever replaced whole


def test_dump_is_json_and_load_restores_types() -> None:
    root = sample(maybe=Leaf(2))
    data = json.loads(json.dumps(state_tree.dump(root)))
    assert data["by_player"] == {"0": ["p"], "2": []}  # int keys travel as text
    back = state_tree.load(Root, data)
    assert back == root
    assert isinstance(back.by_name["a"], Leaf) and isinstance(back.maybe, Leaf)
    assert set(back.by_player) == {0, 2} and back.pair == (4, 5)


@pytest.mark.parametrize("broken", [
    {"number": "3"},  # wrong leaf type
    {"items": {"a": 1}},  # a dict where a list belongs
    {"maybe": {"label": "no count"}},  # a nested dataclass missing a field
])
def test_load_refuses_data_that_does_not_fit(broken: dict[str, Any]) -> None:
    data = state_tree.dump(sample())
    data.update(broken)
    with pytest.raises(ValueError):
        state_tree.load(Root, data)


def test_load_refuses_a_missing_field() -> None:
    data = state_tree.dump(sample())
    del data["flag"]
    with pytest.raises(ValueError, match="flag"):
        state_tree.load(Root, data)


def test_a_foreign_object_cannot_live_in_a_tree() -> None:
    with pytest.raises(TypeError):
        state_tree.clone(sample(free={1, 2}))
    with pytest.raises(TypeError):
        state_tree.dump(sample(free=object()))


@given(st.lists(st.integers()), st.dictionaries(st.text(max_size=5), st.integers(), max_size=4),
       st.dictionaries(st.integers(-5, 5), st.lists(st.text(max_size=3), max_size=3), max_size=3))
def test_round_trip_and_clone_agree_for_any_content(items: list[int], counts: dict[str, int],
                                                    lists: dict[int, list[str]]) -> None:
    root = sample(items=items, by_name={k: Leaf(v) for k, v in counts.items()}, by_player=lists)
    assert state_tree.load(Root, json.loads(json.dumps(state_tree.dump(root)))) == root
    assert state_tree.clone(root) == root


def test_a_snapshot_carries_its_schema_and_another_schema_is_refused() -> None:
    from engine.core.errors import IllegalAction

    data = state_tree.dump_snapshot(sample(), 3)
    assert data["schema"] == 3
    assert state_tree.load_snapshot(Root, json.loads(json.dumps(data)), 3) == sample()
    with pytest.raises(IllegalAction) as refused:
        state_tree.load_snapshot(Root, data, 4)
    assert refused.value.code == "E_SCHEMA"
    del data["flag"]
    with pytest.raises(IllegalAction, match="does not fit"):
        state_tree.load_snapshot(Root, data, 3)


def _mutable_ids(tree: Any) -> set[int]:
    """The ids of every list, dict and dataclass instance reachable from `tree`, SHARED fields left out."""
    found: set[int] = set()
    stack = [tree]
    while stack:
        value = stack.pop()
        if isinstance(value, (list, dict)) or dataclasses.is_dataclass(value):
            found.add(id(value))
        if isinstance(value, list | tuple):
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            stack.extend(getattr(value, f.name) for f in dataclasses.fields(value)
                         if not f.metadata.get("state_tree.shared"))
    return found


@pytest.mark.parametrize("name", registry.names())
def test_the_typed_clone_of_every_games_states_equals_the_generic_copy_and_shares_nothing_mutable(name: str) -> None:
    """The clone read from each class's type hints copies what the generic walk copies: over the states of a
    random whole game, the two clones are equal (and equal to the state), and no list, dict or dataclass of the
    clone is one of the original's (except the SHARED fields, shared by design)."""
    game = registry.get(name)
    rng = random.Random(7)
    state = game.new_game(3, 11, {})
    for _ in range(400):
        typed = state_tree.clone(state)
        generic = state_tree._clone(state)
        assert typed == generic == state
        assert not _mutable_ids(typed) & _mutable_ids(state)
        pending = game.pending(state)
        if not pending:
            break
        player = pending[0].player
        state, _ = game.apply(state, player, rng.choice(game.legal_actions(state, player)))
