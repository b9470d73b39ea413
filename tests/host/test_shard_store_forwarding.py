"""host.store_forwarding / host.shard_store: every Store member reaches the wrapped store through ShardedStore,
and exactly the five work-handing reads are narrowed to the games the process owns.

The fake store below answers every Store member from the protocol's own list, so a member added to the
protocol is checked here without an edit.
"""

from __future__ import annotations

import inspect
from types import SimpleNamespace
from typing import Any, cast

import pytest

from db.store import RecoveryScan, Store
from host.shard_store import ShardedStore, ShardScope
from host.shards import ShardSet
from host.store_forwarding import ForwardingStore, store_members

NARROWED = ("queue_heads", "next_in_queue", "due_deadlines", "next_due_at", "recovery_scan")
# Members the sharded view answers itself while still calling the wrapped store (it learns games' guilds,
# runs its close steps, adds the shards to the description).
OWN = ("description", "close", "load_game", "get_game", "create_game")


class Recording:
    """A stand-in store: each Store method records its call and returns a marker naming itself."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    @property
    def description(self) -> str:
        return "recording"

    def __getattr__(self, name: str) -> Any:
        if name not in store_members():
            raise AttributeError(name)

        async def call(*args: Any, **kwargs: Any) -> Any:
            self.calls.append((name, args, kwargs))
            return f"from {name}"

        return call


def _arguments(name: str) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """One marker argument for each parameter of the protocol's method (keyword-only ones by keyword)."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for param in list(inspect.signature(getattr(Store, name)).parameters.values())[1:]:
        if param.kind is inspect.Parameter.KEYWORD_ONLY:
            kwargs[param.name] = f"<{param.name}>"
        else:
            args.append(f"<{param.name}>")
    return tuple(args), kwargs


def test_the_protocol_lists_the_members_the_wrappers_forward():
    members = store_members()
    assert "description" in members and "commit_move" in members and "drop_deadlines" in members
    assert len(members) == len(set(members)) >= 33
    assert all(hasattr(ForwardingStore, name) for name in members)


@pytest.mark.parametrize("name", [m for m in store_members() if m not in (*NARROWED, *OWN)])
async def test_every_other_store_method_passes_its_arguments_and_its_answer_through(name: str):
    inner = Recording()
    view = ShardedStore.over(cast(Store, inner), ShardScope(ShardSet.of(2, [0])))
    args, kwargs = _arguments(name)
    assert await getattr(view, name)(*args, **kwargs) == f"from {name}"
    assert inner.calls == [(name, args, kwargs)]
    assert name not in vars(ShardedStore)  # derived from the protocol, not written out again


def test_the_sharded_view_defines_only_the_narrowed_reads_and_its_own_additions():
    defined = {name for name in vars(ShardedStore) if name in store_members()}
    assert defined == {*NARROWED, *OWN}


async def test_the_five_narrowed_reads_hide_the_games_of_shards_not_held():
    row = SimpleNamespace(game_id=7, due_at=5.0)

    class Busy(Recording):
        async def queue_heads(self, exclude: Any = ()) -> list[Any]:
            return [row]

        async def next_in_queue(self, queue: str) -> Any:
            return row

        async def due_deadlines(self, now: float, limit: int) -> list[Any]:
            return [row]

        async def recovery_scan(self) -> RecoveryScan:
            return RecoveryScan(running=[7], ai_pending=[7], unannounced=[7], running_moves=3)

        async def get_game(self, game_id: int) -> Any:
            return SimpleNamespace(id=game_id, guild_id=None)  # outside a guild: shard 0

    inner = cast(Store, Busy())
    mine = ShardedStore.over(inner, ShardScope(ShardSet.of(2, [0])))
    theirs = ShardedStore.over(inner, ShardScope(ShardSet.of(2, [1])))
    assert await mine.queue_heads() == [row]
    assert await theirs.queue_heads() == []
    assert await mine.next_in_queue("q") is row
    assert await theirs.next_in_queue("q") is None
    assert await mine.due_deadlines(10.0, 1) == [row]
    assert await theirs.due_deadlines(10.0, 1) == []
    assert await mine.next_due_at() == 5.0
    assert await theirs.next_due_at() is None
    assert await mine.recovery_scan() == RecoveryScan(running=[7], ai_pending=[7], unannounced=[7], running_moves=3)
    assert await theirs.recovery_scan() == RecoveryScan(running=[], ai_pending=[], unannounced=[], running_moves=3)


def test_the_description_property_is_forwarded_as_a_property():
    class Plain(ForwardingStore):
        def __init__(self, inner: Store) -> None:
            self.inner = inner

        @classmethod
        def over(cls, inner: Store) -> Plain:
            return cls(inner)

    assert Plain.over(cast(Store, Recording())).description == "recording"
