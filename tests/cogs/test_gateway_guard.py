"""cogs.gateway_guard: a malformed gateway event is logged and skipped; the bot's parser never raises.

Payloads go through discord.py's real parser table of a real (unconnected) GnomehostBot.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest

from app.settings import Settings
from cogs.client import GnomehostBot
from cogs.gateway_guard import interaction_problem
from tests.cogs.test_shutdown_race import click_payload, payload


@pytest.fixture
async def client() -> AsyncIterator[GnomehostBot]:
    bot = GnomehostBot(Settings(token="unused"))
    await bot._async_setup_hook()
    yield bot
    await bot.close()


def without(body: dict[str, Any], *path: str) -> dict[str, Any]:
    target = body
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return body


MALFORMED = {
    "command without data": lambda: without(payload(1, 2, {"id": "5", "name": "game", "type": 1}), "data"),
    "component without data": lambda: without(click_payload(2), "data"),
    "component without custom_id": lambda: without(click_payload(3), "data", "custom_id"),
    "component without component_type": lambda: without(click_payload(4), "data", "component_type"),
    "modal without components": lambda: payload(5, 5, {"custom_id": "m"}),
    "autocomplete whose data is a list": lambda: payload(6, 4, []),  # type: ignore[arg-type]  # malformed on purpose
    "no token": lambda: without(click_payload(7), "token"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
async def test_malformed_interaction_is_logged_and_skipped(client: GnomehostBot, name: str,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cogs.gateway_guard")
    body = MALFORMED[name]()
    assert interaction_problem(body) is not None
    client._connection.parsers["INTERACTION_CREATE"](body)  # must not raise
    assert any("malformed interaction" in r.getMessage() for r in caplog.records), name
    assert client.inflight.count == 0  # nothing was admitted for it


async def test_a_well_formed_click_has_no_problem() -> None:
    assert interaction_problem(click_payload(8)) is None


async def test_a_parser_failing_on_any_other_event_is_logged_not_raised(client: GnomehostBot,
                                                                        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cogs.gateway_guard")
    client._connection.parsers["CHANNEL_CREATE"]({"nonsense": True})
    client._connection.parsers["MESSAGE_CREATE"]("not even an object")
    failures = [r for r in caplog.records if "could not read" in r.getMessage()]
    assert len(failures) == 2 and all(r.exc_info for r in failures)


async def test_session_events_are_left_to_discord_py(client: GnomehostBot) -> None:
    """READY failing means the session is broken: discord.py must see it and reconnect."""
    with pytest.raises(KeyError):
        client._connection.parsers["READY"]({})
