"""Fixtures for the end-to-end tests: a loopback fake Discord and the real bot process.

- ``fake``: a started :class:`Harness` with users alice, bob, carol (plain members) and mod
  (Manage Channels). More users: ``fake.add_user(...)`` (before the bot starts, so GUILD_CREATE lists
  them). Close DMs any time with ``fake.set_dms_closed(user)``.
- ``bot``: ``python bot.py`` (cwd = repo root) started against ``fake`` with DISCORD_TOKEN=fake-token,
  DISCORD_API_BASE, DISCORD_GATEWAY_URL, DATABASE_PATH=<tmp>/gnomehost.db, LOG_LEVEL=DEBUG; stdout and
  stderr go to <tmp>/bot.log. The fixture waits until the bot is ready and yields a :class:`LiveBot`
  (``await bot.kill()``, ``await bot.restart()``, ``await bot.stop()``, ``bot.log_tail()``).
- ``bot_factory``: build a LiveBot yourself (another script, extra env, not started).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from tests.e2e.fakediscord import BotProcess, Harness, LiveBot

DEFAULT_USERS = ("alice", "bob", "carol")


@pytest.fixture
async def fake() -> AsyncIterator[Harness]:
    """A running fake Discord with users alice, bob, carol and mod (Manage Channels)."""
    h = Harness()
    for name in DEFAULT_USERS:
        h.add_user(name)
    h.add_user("mod", manage_channels=True)
    await h.start()
    try:
        yield h
    finally:
        await h.stop()
        # Shown by pytest when the test fails.
        print(f"--- fake discord: {h.server.summary()}\n{h.timing_report()}")
        if h.unknown_requests:
            print("unknown routes:", [str(q) for q in h.unknown_requests])


@pytest.fixture
def bot_factory(fake: Harness, tmp_path: Path) -> Iterator[Callable[..., LiveBot]]:
    """Return ``make(script="bot.py", env=None, log_name="bot.log") -> LiveBot`` (not started)."""
    made: list[LiveBot] = []

    def make(script: str | Path = "bot.py", env: dict[str, str] | None = None,
             log_name: str = "bot.log") -> LiveBot:
        full_env = fake.env(tmp_path)
        full_env.update(env or {})
        live = LiveBot(fake, BotProcess(full_env, tmp_path / log_name, script=script))
        made.append(live)
        return live

    yield make
    for live in made:
        live.process.kill()
        print(f"--- {live.process.script} log ({live.process.log_path}) tail ---\n{live.log_tail(40)}")


@pytest.fixture
async def bot(fake: Harness, bot_factory: Callable[..., LiveBot]) -> AsyncIterator[LiveBot]:
    """The real ``python bot.py`` connected to ``fake`` and ready (commands synced)."""
    live = bot_factory("bot.py")
    await live.start(timeout=30.0)
    try:
        yield live
    finally:
        await live.stop()
