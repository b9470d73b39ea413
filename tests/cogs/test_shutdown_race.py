"""The stop rule through discord.py's real dispatch: received before the stop signal -> handled; after -> refused.

discord.py parses INTERACTION_CREATE and creates the handler task in one step, but the task starts
later; these tests put the stop signal exactly in that gap (no sleeps, no timing luck).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any, cast

import discord
import pytest
from discord.ext import commands

from app.settings import Settings
from cogs import errors
from cogs.client import GnomehostBot
from cogs.components import DYNAMIC_ITEMS, PLAY_COG
from cogs.custom_ids import ActionId, TableId
from host.results import TableInfo
from tests.cogs.fakes import ServiceStandIn, make_table

if TYPE_CHECKING:
    # discord.types is for type checkers only: imported at run time it hits a circular import in discord.py.
    from discord.types.gateway import InteractionCreateEvent

USER = {"id": "11", "username": "alice", "discriminator": "0", "avatar": None, "global_name": None}


def payload(interaction_id: int, itype: int, data: dict[str, Any], message: dict[str, Any] | None = None
            ) -> dict[str, Any]:
    """An INTERACTION_CREATE as Discord sends it for a DM (no guild needed)."""
    body: dict[str, Any] = {
        "id": str(interaction_id), "application_id": "99", "type": itype, "token": f"token-{interaction_id}",
        "version": 1, "channel_id": "55", "channel": {"id": "55", "type": 1}, "user": USER, "context": 1,
        "data": data, "entitlements": [], "authorizing_integration_owners": {}, "locale": "en-US",
        "attachment_size_limit": 10_000_000,
    }
    if message is not None:
        body["message"] = message
    return body


def click_payload(interaction_id: int) -> dict[str, Any]:
    """A click on a DM prompt's "Pass" button of game 3 at version 7 (user 11 holds seat 0)."""
    custom_id = ActionId(3, 7, 0, "pass").encode()
    button = {"type": 2, "style": 1, "label": "Pass", "custom_id": custom_id}
    message = {
        "id": "77", "channel_id": "55", "author": USER, "content": "", "type": 0, "flags": 0, "tts": False,
        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "mention_everyone": False,
        "mentions": [], "mention_roles": [], "attachments": [], "embeds": [], "pinned": False,
        "components": [{"type": 1, "components": [button]}],
    }
    return payload(interaction_id, 3, {"custom_id": custom_id, "component_type": 2}, message)


def slash_payload(interaction_id: int) -> dict[str, Any]:
    """/probe, a command registered by the fixture."""
    return payload(interaction_id, 2, {"id": "500", "name": "probe", "type": 1})


class TablesStub(ServiceStandIn):
    """Stands in for the table service: game 3, where user 11 (the one clicking) holds seat 0."""

    async def get_table(self, game_id: int) -> TableInfo:
        return make_table(game_id, channel_id=999, seated=(11,))


class Probe:
    """What the handlers saw and what the user was told."""

    def __init__(self) -> None:
        self.handled: list[str] = []
        self.told: list[str] = []
        self.release = asyncio.Event()
        self.release.set()


@pytest.fixture
async def bot(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[GnomehostBot, Probe]]:
    """A bot that is not connected: interactions are fed to discord.py's parser directly."""
    probe = Probe()
    client = GnomehostBot(Settings(token="unused"))
    await client._async_setup_hook()  # what login does before setup_hook: binds the loop
    client.add_dynamic_items(*DYNAMIC_ITEMS)
    client._service = TablesStub()

    class PlayProbe(commands.Cog, name=PLAY_COG):
        async def handle_click(self, interaction: discord.Interaction, cid: TableId, table: TableInfo,
                               values: Any) -> None:
            await probe.release.wait()
            probe.handled.append(f"click {cid.game}")

    await client.add_cog(PlayProbe())

    @client.tree.command(name="probe", description="test")
    async def probe_command(interaction: discord.Interaction) -> None:
        await probe.release.wait()
        probe.handled.append("slash")

    async def tell(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
        probe.told.append(content)

    monkeypatch.setattr(errors, "send_ephemeral", tell)
    yield client, probe
    await client.close()


def receive(client: GnomehostBot, body: dict[str, Any]) -> None:
    """Hand discord.py an INTERACTION_CREATE, as its gateway reader does."""
    # The bodies are built as the JSON the gateway sends; discord.py types that JSON as a TypedDict.
    client._connection.parse_interaction_create(cast("InteractionCreateEvent", body))


async def settle() -> None:
    """Let every task discord.py created run to its end."""
    for _ in range(20):
        await asyncio.sleep(0)


@pytest.mark.parametrize("make", [click_payload, slash_payload])
async def test_received_before_the_stop_signal_is_handled(bot: tuple[GnomehostBot, Probe], make: Any) -> None:
    client, probe = bot
    receive(client, make(1))
    client.inflight.stop_admitting()  # the signal arrives before the handler's task has even started
    await settle()
    assert probe.handled and probe.told == []
    assert client.inflight.count == 0


@pytest.mark.parametrize("make", [click_payload, slash_payload])
async def test_received_after_the_stop_signal_is_refused(bot: tuple[GnomehostBot, Probe], make: Any) -> None:
    client, probe = bot
    client.inflight.stop_admitting()
    receive(client, make(2))
    await settle()
    assert probe.handled == []
    assert probe.told == [errors.RESTARTING.text()]


async def test_drain_waits_for_a_received_click_whose_handler_has_not_started(bot: tuple[GnomehostBot, Probe]
                                                                             ) -> None:
    client, probe = bot
    probe.release.clear()
    receive(client, click_payload(3))
    assert client.inflight.count == 1  # admitted on receipt, before any task ran
    drain = asyncio.create_task(client.inflight.drain(5.0))
    await settle()
    assert not drain.done(), "the drain must wait for the click received before it"
    probe.release.set()
    assert await drain is True
    assert probe.handled == ["click 3"] and probe.told == []


async def test_foreign_components_are_not_admitted(bot: tuple[GnomehostBot, Probe]) -> None:
    client, _probe = bot
    foreign = click_payload(4)
    foreign["data"]["custom_id"] = "someone-else:button"
    receive(client, foreign)
    assert client.inflight.count == 0
    assert await client.inflight.drain(0.01)


class SchedulerProbe(ServiceStandIn):
    """Stands in for the table service: records scheduler starts."""

    def __init__(self) -> None:
        super().__init__()
        self.started = 0

    def start_scheduler(self, interval: float = 5.0) -> None:
        self.started += 1


async def test_ready_after_the_stop_signal_starts_no_scheduler() -> None:
    client = GnomehostBot(Settings(token="unused"))
    service = SchedulerProbe()
    client._service = service
    client.inflight.stop_admitting()  # SIGTERM came before discord.py's delayed on_ready
    await client.on_ready()
    assert service.started == 0
    fresh = GnomehostBot(Settings(token="unused"))
    fresh._service = service
    await fresh.on_ready()
    assert service.started == 1
