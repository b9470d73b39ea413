"""Shared helpers for the table service tests: a fake clock, a service on the test's store, a player loop.

Every service here is opened on `store_url` (tests/conftest.py): each test runs once per store.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from engine.core.rng import Rng
from host.notifier import RecordingNotifier
from host.results import MoveResult, TableInfo, TableSettings
from host.service import TableService
from tests.host import toygame

START = 1_800_000_000.0
HOST = 1001
ALICE = 1002
BOB = 1003
CAROL = 1004
STRANGER = 9999
GUILD = 42
CHANNEL = 777


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


class DeliveringService(TableService):
    """The real service, which after every call that may store messages delivers the outbox through the notifier.

    In the bot the sender delivers in the background; here each call returns only once its messages went out,
    so a test can assert what the channel got right after the call.
    """


def _delivering(name: str) -> Any:
    method = getattr(TableService, name)

    async def call(self: TableService, *args: Any, **kwargs: Any) -> Any:
        try:
            return await method(self, *args, **kwargs)
        finally:
            if not self._closed:
                await self.deliver()

    call.__name__ = name
    call.__doc__ = method.__doc__
    return call


for _name in (
    "create_table", "start", "cancel", "submit", "undo", "replace_player", "update_settings", "set_auto_pass",
    "run_due_deadlines", "recover", "join", "leave", "add_ai", "remove_ai", "get_table",
):
    setattr(DeliveringService, _name, _delivering(_name))


async def open_service(
    url: str | Path,
    notifier: RecordingNotifier | None = None,
    clock: FakeClock | None = None,
    **kwargs: Any,
) -> TableService:
    """A service over the store at `url` that knows the toy game as well as the registry, delivering after every
    call."""
    kwargs.setdefault("synchronous", "NORMAL")
    return await DeliveringService.open(
        url,
        notifier if notifier is not None else RecordingNotifier(),
        clock=clock,
        games=toygame.resolve,
        game_names=toygame.names,
        seed_source=lambda: 12345,
        **kwargs,
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def notifier() -> RecordingNotifier:
    return RecordingNotifier()


@pytest.fixture
async def service(store_url: str, notifier: RecordingNotifier, clock: FakeClock) -> AsyncIterator[TableService]:
    svc = await open_service(store_url, notifier, clock)
    yield svc
    await svc.close()


async def lobby_with(
    svc: TableService,
    users: list[int],
    ais: int = 0,
    *,
    game: str = "dash",
    options: dict[str, Any] | None = None,
    channel: int = CHANNEL,
    seed: int = 2024,
    settings: TableSettings | None = None,
) -> TableInfo:
    """A lobby hosted by users[0] with the other users joined and `ais` AI seats."""
    table = await svc.create_table(game, options, users[0], GUILD, channel, seed=seed, settings=settings)
    for user in users[1:]:
        table = await svc.join(table.game_id, user)
    for _ in range(ais):
        table = await svc.add_ai(table.game_id, users[0])
    return table


async def started(svc: TableService, users: list[int], ais: int = 0, **kwargs: Any) -> MoveResult:
    """A started game (seats in join order, so users[i] is player i)."""
    table = await lobby_with(svc, users, ais, **kwargs)
    return await svc.start(table.game_id, users[0], join_order=True)


async def play_one(svc: TableService, game_id: int, rng: Rng) -> MoveResult | None:
    """One move by the first pending human, chosen by `rng`; None when no human is pending."""
    table = await svc.get_table(game_id)
    for pending in table.pending:
        if pending.user_id is not None:
            step = await svc.legal_actions_for(game_id, pending.user_id, player=pending.player)
            choice = rng.choice(list(step.actions))
            return await svc.submit(game_id, pending.user_id, choice.id, step.version, player=pending.player)
    return None


async def play_until(svc: TableService, game_id: int, rng: Rng, moves: int | None = None) -> MoveResult | None:
    """Human moves (chosen by `rng`) until the game ends or `moves` were made; the last result."""
    last = None
    made = 0
    while moves is None or made < moves:
        result = await play_one(svc, game_id, rng)
        if result is None:
            break
        last = result
        made += 1
        if result.ended:
            break
    return last
