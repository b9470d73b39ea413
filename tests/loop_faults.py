"""Helpers for the tests that break the dependency of a background loop: a flaky call and the log check."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

import pytest

from db import steady

T = TypeVar("T")


class InternalClientError(Exception):
    """Stands in for asyncpg's InternalClientError ("another operation is in progress") where the driver may
    not be imported: a loop must survive an exception type it has never heard of."""


def failures() -> list[Exception]:
    """What the dependency raises, in turn, before it works again."""
    return [InternalClientError("cannot perform operation: another operation is in progress"), RuntimeError("boom")]


class Flaky(Generic[T]):
    """An async callable raising each of `errors` in turn, then calling `call`; `worked` counts the calls
    that went through."""

    def __init__(self, call: Callable[..., Awaitable[T]], errors: list[Exception]) -> None:
        self.call = call
        self.errors = list(errors)
        self.worked = 0

    async def __call__(self, *args: Any, **kwargs: Any) -> T:
        if self.errors:
            raise self.errors.pop(0)
        self.worked += 1
        return await self.call(*args, **kwargs)


def shorten_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Back off for hundredths of a second instead of seconds."""
    monkeypatch.setattr(steady, "FIRST_PAUSE", 0.01)
    monkeypatch.setattr(steady, "MAX_PAUSE", 0.04)


async def eventually(check: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait until `check()` holds; fails the test after `seconds`."""
    async def poll() -> None:
        while not check():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), seconds)


def assert_logged_once(caplog: pytest.LogCaptureFixture, logger: str, what: str,
                       first: type[Exception] = InternalClientError) -> None:
    """The failures of `what` (`first`, then a RuntimeError) were logged once with a traceback, then in one
    line, then its recovery."""
    records = [r for r in caplog.records if r.name == logger and r.getMessage().startswith(what)]
    lines = [r.getMessage() for r in records]
    assert len(lines) == 3, lines
    assert lines[0].startswith(f"{what} failed; trying again in")
    assert records[0].exc_info is not None and records[0].exc_info[0] is first
    assert "still fails (2 times in a row): RuntimeError: boom" in lines[1] and not records[1].exc_info
    assert lines[2] == f"{what} works again after 2 failure(s)"
