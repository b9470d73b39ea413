"""The real bot on PostgreSQL lives through a restart of its database server.

The server is a private one started for the test (tests/db/private_postgres.py): the shared server of the
other tests keeps running. After the restart cuts every connection, the bot's change feed listens again (the
metrics endpoint says so), no background task dies ("Task exception was never retrieved" never appears),
and the table goes on. Where CI has no PostgreSQL, or this machine no server binaries, the case is
deselected (tests/conftest.py deselects every test that asks for `private_postgres`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import pytest

from tests.db.private_postgres import PrivateServer
from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_metrics import free_port, scrape
from tests.e2e.test_scenarios import FAST_OPTIONS, SETTLE, lobby_button, open_lobby
from tests.e2e.test_store_down import answered

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

FEED = ("gnomehost_change_feed_listening", ())



async def feed_listening(port: int, timeout: float = 20.0) -> bool:
    """Whether the bot's change feed reports listening within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (await scrape(port)).get(FEED) == 1.0:
            return True
        await asyncio.sleep(0.2)
    return False


async def test_the_bot_listens_again_and_plays_on_after_its_postgresql_server_restarts(
        fake: Harness, bot_factory: Callable[..., LiveBot], private_postgres: PrivateServer) -> None:
    port = free_port()
    bot = bot_factory("bot.py", env={"DATABASE_URL": private_postgres.url, "BACKUP_MINUTES": "0",
                                     "METRICS_PORT": str(port)})
    await bot.start(timeout=40.0)
    assert await feed_listening(port), bot.log_tail()
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    _game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await answered(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))

    await asyncio.to_thread(private_postgres.restart)

    deadline = time.monotonic() + 20.0
    while "listening again" not in bot.log_text() and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    assert "listening again" in bot.log_text(), bot.log_tail()
    assert await feed_listening(port), bot.log_tail()
    rec = await answered(fake, await fake.click(carol, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    assert rec.original is None or "Something went wrong" not in rec.original.content, rec.describe()
    # The lobby names the player who joined after the restart: the join was stored and announced.
    await fake.wait_for_message(
        fake.channel.id, lambda m: m.id == lobby.id and (f"<@{carol.id}>" in m.content or carol.name in m.content),
        timeout=20.0)
    assert "Task exception was never retrieved" not in bot.log_text(), bot.log_tail()
    assert bot.process.running, "the bot stopped after the restart"
