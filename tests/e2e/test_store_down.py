"""The real bot on a PostgreSQL database that stops taking connections: players are refused plainly.

The test's own database refuses connections for a while (tests/outage.py); the shared server keeps running.
A lobby join and a move made meanwhile get the plain refusal as their private answer (never "Something
went wrong"), the log says once that the store cannot save, and both work once it can again.
The case needs PostgreSQL (`pg_url`): without GNOMEHOST_TEST_DATABASE_URL it is deselected.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import asyncpg
import pytest

from tests.e2e.fakediscord import Harness, LiveBot
from tests.e2e.test_scenarios import (
    FAST_OPTIONS,
    SETTLE,
    finished,
    lobby_button,
    offers,
    open_lobby,
    refusal,
    turn_button,
)
from tests.fixtures.outage import cut_postgres, reconnect_postgres

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120)]

MOVE_REFUSED = "Your move was not made: the bot cannot save games right now. Try again in a while."
CHANGE_REFUSED = "Nothing was done: the bot cannot save games right now. Try again in a while."


async def answered(fake: Harness, rec: Any) -> Any:
    """Wait for a deferred click's edit or followup (the harness does not read this database's outbox)."""
    await fake.server.wait_until(lambda: rec.edits or rec.followups, 20.0, f"the answer to {rec.describe()}")
    return rec


async def test_a_join_and_a_move_while_the_database_is_out_of_reach_get_the_plain_refusal(
        fake: Harness, bot_factory: Callable[..., LiveBot], pg_url: str) -> None:
    # The harness is not told about the database: its own session would be cut with the bot's.
    bot = bot_factory("bot.py", env={"DATABASE_URL": pg_url, "BACKUP_MINUTES": "0"})
    await bot.start(timeout=40.0)
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    game_id, lobby = await open_lobby(fake, alice, "vendetta", FAST_OPTIONS["vendetta"])
    await finished(fake, await fake.click(bob, lobby, lobby_button(lobby, "join"), settle=SETTLE))
    admin = await asyncpg.connect(pg_url)
    try:
        await cut_postgres(admin)
        rec = await fake.click(carol, lobby, lobby_button(lobby, "join"), settle=SETTLE)
        assert await refusal(fake, rec) == CHANGE_REFUSED
        await reconnect_postgres(admin)
        rec = await answered(fake, await fake.click(alice, lobby, lobby_button(lobby, "start"), settle=SETTLE))
        assert rec.original is not None and "started" in rec.original.content, rec.describe()
        table_msg = await fake.wait_for_message(fake.channel.id, lambda m: turn_button(m) is not None)
        user = next(u for u in (alice, bob) if f"<@{u.id}>" in table_msg.content)
        panel = (await fake.click(user, table_msg, turn_button(table_msg) or "", settle=SETTLE)).original
        assert panel is not None and offers(panel), "no panel to move from"
        choice = offers(panel)[0]

        async def choose() -> Any:
            if choice.value is None:
                return await fake.click(user, panel, choice.custom_id, settle=SETTLE)
            return await fake.select(user, panel, choice.custom_id, [choice.value], settle=SETTLE)

        await cut_postgres(admin)
        for _ in range(3):
            rec = await choose()
            assert await refusal(fake, rec) == MOVE_REFUSED
        await reconnect_postgres(admin)
    finally:
        await reconnect_postgres(admin)
        await admin.close()
    rec = await answered(fake, await choose())
    assert rec.original is not None and rec.original.content.startswith("✅"), rec.describe()
    log = bot.log_text()
    assert "Something went wrong" not in log
    assert log.count("the store cannot save") == 2, bot.log_tail()  # once per outage, not per click
    assert game_id > 0
