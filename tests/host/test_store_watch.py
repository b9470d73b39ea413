"""WatchedStore's table of reads and writes covers the Store protocol, and each kind fails as it should."""

from __future__ import annotations

import logging
from typing import Any, cast

import pytest

from db.errors import StoreDown
from db.store import Store
from host.errors import CannotSave
from host.store_forwarding import store_members
from host.store_watch import ACCESS, Access, WatchedStore


class _Failing:
    """A stand-in store whose every call fails as a store that cannot save does, until `healed`."""

    description = "a test store"

    def __init__(self) -> None:
        self.healed = False
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        async def call(*args: object, **kwargs: object) -> str:
            self.calls.append(name)
            if not self.healed:
                raise StoreDown("disk full")
            return name

        return call


def _watched() -> tuple[WatchedStore, _Failing]:
    inner = _Failing()
    return WatchedStore.over(cast(Store, inner)), inner


def test_every_store_method_is_classified_as_a_read_a_write_or_a_move() -> None:
    coroutines = {name for name in store_members() if name not in ("description", "close")}
    assert set(ACCESS) == coroutines
    assert [name for name, access in ACCESS.items() if access is Access.MOVE] == ["commit_move"]


@pytest.mark.parametrize("name", sorted(ACCESS))
async def test_each_method_reaches_the_wrapped_store(name: str) -> None:
    watched, inner = _watched()
    inner.healed = True
    assert await getattr(watched, name)(1, 2) == name
    assert inner.calls == [name]


async def test_a_failing_move_is_refused_as_a_move_and_a_failing_read_as_a_change() -> None:
    watched, _ = _watched()
    with pytest.raises(CannotSave) as move:
        await watched.commit_move(cast(Any, None))
    with pytest.raises(CannotSave) as read:
        await watched.get_game(1)
    assert move.value.message != read.value.message
    assert "move" in move.value.message.lower()


async def test_only_a_working_write_ends_the_outage(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="host.store_watch")
    watched, inner = _watched()
    for _ in range(3):
        with pytest.raises(CannotSave):
            await watched.set_settings(cast(Any, None))
    assert watched.failing
    inner.healed = True
    await watched.get_game(1)
    assert watched.failing, "a read that works proves nothing about saving"
    await watched.prune(0.0)
    assert not watched.failing
    levels = [r.levelno for r in caplog.records if r.name == "host.store_watch"]
    assert levels == [logging.ERROR, logging.WARNING]
